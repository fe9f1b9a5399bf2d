import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import settings


def _kernel_cache_folder() -> Path:
    """A Numba cache folder named by a hash of the whole package's source, where it lies
    and when each file was written.

    Numba checks a cached kernel against its own file's time stamp only, so a change to a
    kernel it calls from another module can leave a stale machine code in place. Keyed by
    every source file, the cache is fresh after any change and reused when nothing changed.
    The place and the time stamps count too: Numba files its cache under the source's path
    and refuses an entry whose file has another time stamp, so a second clone of the same
    source (CI's, beside a developer's) found the first clone's "warmed" mark over kernels
    it could not use, skipped warming, and printed a compile notice into a test of one line.
    """
    package = Path(__file__).resolve().parents[1] / "src" / "tilewright"
    digest = hashlib.sha256(str(package).encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(str(path.stat().st_mtime_ns).encode())
        digest.update(path.read_bytes())
    return Path(tempfile.gettempdir()) / f"tilewright-tests-numba-{digest.hexdigest()[:16]}"


# before any test module imports Numba; the CLI's subprocesses inherit it. A session that
# edits no kernel may name a folder of its own in TILEWRIGHT_TEST_KERNEL_CACHE, so that an
# edit to a picture or a command does not cost a re-warm (Numba's own time-stamp check still
# recompiles a kernel whose file changed; a kernel edit wants the keyed folder).
os.environ["NUMBA_CACHE_DIR"] = os.environ.get("TILEWRIGHT_TEST_KERNEL_CACHE") or str(
    _kernel_cache_folder()
)

# Kernels compile on their first call; a per-example deadline would time that, not the code.
settings.register_profile("tilewright", deadline=None, max_examples=40)
settings.load_profile("tilewright")


# The families' kernels in two groups of about equal compile time, one a core.
_WARM_GROUPS = (("mazes", "datasets", "loopy"), ("aperiodic", "rectangles", "tromino"))
# tests/datasets/ use every family's kernels, so they warm every group
_FAMILIES = frozenset(family for group in _WARM_GROUPS for family in group) - {"datasets"}


def _families_of(items) -> set[str] | None:
    """The families whose kernels the collected tests use, or None for every family: a
    test under ``tests/<family>/`` uses that family's kernels, any other test any family's."""
    tests = Path(__file__).resolve().parent
    families = set()
    for item in items:
        parts = Path(str(item.path)).resolve().relative_to(tests).parts
        if len(parts) < 2 or parts[0] not in _FAMILIES:
            return None
        families.add(parts[0])
    return families


def pytest_collection_finish(session) -> None:
    """Compile the kernels the tests will use before the first test, on both cores at once.

    A fresh clone, or any change to the source, starts from an empty kernel cache, and
    compiling is single-threaded: test by test, minutes of the run went to compiling on one
    core while the other idled. Two ``tilewright warm`` processes fill the cache in about
    half the time. A run of one family's tests warms that family alone (a developer's
    run of a few tests otherwise waited for every family's kernels after each change).
    Tests of cold starts use caches of their own, so they are unaffected.
    """
    families = _families_of(session.items)
    if families is None:
        groups = [list(group) for group in _WARM_GROUPS]
    else:
        groups = [[family] for family in sorted(families)]
    if not groups:
        return
    cache = Path(os.environ["NUMBA_CACHE_DIR"])
    stamp = cache / ("warmed-" + "-".join(sorted(f for group in groups for f in group)))
    if (cache / "warmed").exists() or stamp.exists():
        return
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tilewright", "warm", *group],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for group in groups
    ]
    # a failure here is not the tests' to report: the tests that need a kernel compile it
    codes = [worker.wait() for worker in workers]
    if codes == [0] * len(codes):
        cache.mkdir(parents=True, exist_ok=True)
        (cache / "warmed" if families is None else stamp).touch()
