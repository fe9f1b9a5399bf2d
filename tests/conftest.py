import hashlib
import os
import subprocess
import sys
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


# The families' kernels in two groups of about equal compile time, one a core.
_WARM_GROUPS = (("mazes",), ("aperiodic", "rectangles", "tromino"))


def pytest_sessionstart(session) -> None:
    """Compile every kernel before the first test, on both cores at once.

    A fresh clone, or any change to the source, starts from an empty kernel cache, and
    compiling is single-threaded: test by test, minutes of the run went to compiling on one
    core while the other idled. Two ``tilewright warm`` processes fill the cache in about
    half the time. Tests of cold starts use caches of their own, so they are unaffected.
    """
    cache = Path(os.environ["NUMBA_CACHE_DIR"])
    stamp = cache / "warmed"
    if stamp.exists():
        return
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tilewright", "warm", *group],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for group in _WARM_GROUPS
    ]
    # a failure here is not the tests' to report: the tests that need a kernel compile it
    codes = [worker.wait() for worker in workers]
    if codes == [0] * len(codes):
        stamp.touch()
