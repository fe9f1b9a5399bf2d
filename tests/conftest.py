import hashlib
import os
import tempfile
from pathlib import Path

from hypothesis import settings


def _kernel_cache_folder() -> Path:
    """A Numba cache folder named by a hash of the whole package's source.

    Numba checks a cached kernel against its own file's time stamp only, so a change to a
    kernel it calls from another module can leave a stale machine code in place. Keyed by
    every source file, the cache is fresh after any change and reused when nothing changed.
    """
    package = Path(__file__).resolve().parents[1] / "src" / "tilewright"
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return Path(tempfile.gettempdir()) / f"tilewright-tests-numba-{digest.hexdigest()[:16]}"


# before any test module imports Numba; the CLI's subprocesses inherit it
os.environ["NUMBA_CACHE_DIR"] = str(_kernel_cache_folder())

# Kernels compile on their first call; a per-example deadline would time that, not the code.
settings.register_profile("tilewright", deadline=None, max_examples=40)
settings.load_profile("tilewright")
