"""The cold-cache notice: a kernel module is cold until its kernels are in Numba's cache,
warm after, and cold again once its source changes.

Each check runs in a fresh interpreter with its own empty cache folder: Numba reads the
folder once, when it is imported.
"""

import os
import subprocess
import sys
import textwrap

KERNELS = textwrap.dedent(
    """
    from numba import njit

    from math import floor  # imported, not this module's: never listed


    @njit(cache=True)
    def add(a, b):
        return a + b


    @njit(cache=True)
    def twice(a):
        return 2 * a


    @njit  # not cached: nothing to say about it
    def negate(a):
        return -a
    """
)

CHECK = textwrap.dedent(
    """
    import sys

    from tilewright.core.compilation import announce_if_cold, cold_kernels

    print("before", cold_kernels(["tiny_kernels"]))
    print("announced", announce_if_cold("the tiny kernels", ["tiny_kernels"], 3))
    import tiny_kernels

    tiny_kernels.add(1, 2)
    print("after add", cold_kernels([tiny_kernels]))
    print("announced", announce_if_cold("the tiny kernels", ["tiny_kernels"], 3))
    """
)


def run_check(folder, cache):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(folder)}
    done = subprocess.run(
        [sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines(), done.stderr


def test_cold_until_cached_then_warm(tmp_path):
    (tmp_path / "tiny_kernels.py").write_text(KERNELS)
    lines, stderr = run_check(tmp_path, tmp_path / "cache")
    assert lines == [
        "before ['tiny_kernels.add', 'tiny_kernels.twice']",
        "announced True",
        # one kernel cached: the module is warm (a kernel called only by others never is)
        "after add []",
        "announced False",
    ]
    assert stderr == (
        "tilewright: compiling the tiny kernels once, about 3 s (later runs start at once; "
        "`tilewright warm` compiles every kernel ahead)\n"
    )
    # a later process finds everything cached
    lines, stderr = run_check(tmp_path, tmp_path / "cache")
    assert lines[0] == "before []" and stderr == ""


def test_a_changed_source_is_cold_again(tmp_path):
    source = tmp_path / "tiny_kernels.py"
    source.write_text(KERNELS)
    run_check(tmp_path, tmp_path / "cache")
    source.write_text(KERNELS.replace("2 * a", "3 * a"))
    stamp = source.stat().st_mtime + 10  # Numba compares the file's time stamp
    os.utime(source, (stamp, stamp))
    lines, _ = run_check(tmp_path, tmp_path / "cache")
    assert lines[0] == "before ['tiny_kernels.add', 'tiny_kernels.twice']"


def test_nothing_to_check_is_warm():
    from tilewright.core.compilation import announce_if_cold, cold_kernels

    assert cold_kernels([]) == []
    assert announce_if_cold("nothing", [], 1) is False
