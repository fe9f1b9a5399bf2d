"""The cold-cache notice: a kernel module is cold until its kernels are in Numba's cache,
warm after, and cold again once its source changes; the notice is said once a command, with
the seconds the table of measured compile times gives.

Each check runs in a fresh interpreter with its own empty cache folder: Numba reads the
folder once, when it is imported.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from tilewright.cli.warm import FAMILIES

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
    print("announced", announce_if_cold("the tiny kernels", ["tiny_kernels"]))
    print("again", announce_if_cold("the tiny kernels", ["tiny_kernels"]))
    import tiny_kernels

    tiny_kernels.add(1, 2)
    print("after add", cold_kernels([tiny_kernels]))
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
        "again False",  # once a command
        # one kernel cached: the module is warm (a kernel called only by others never is)
        "after add []",
    ]
    # kernels the table does not know count as nothing: Numba's start-up, in tenths
    from tilewright.core._compile_seconds import STARTUP_SECONDS

    assert stderr == (
        f"tilewright: compiling the tiny kernels once, about {STARTUP_SECONDS:.1f} s (later "
        "runs start at once; "
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
    assert announce_if_cold("nothing", []) is False


def test_compile_seconds_adds_up_the_callees_not_cached(monkeypatch):
    from tilewright.core import _compile_seconds as table
    from tilewright.core import compilation

    monkeypatch.setattr(table, "STARTUP_SECONDS", 0.5)
    monkeypatch.setattr(table, "KERNEL_SECONDS", {"m.a": 1.0, "m.b": 2.0, "m.c": 4.0})
    monkeypatch.setattr(table, "CALLEES", {"m.a": ("m.b", "m.c"), "m.b": ("m.c",)})
    monkeypatch.setattr(compilation, "_is_cached", lambda name: False)
    assert compilation.compile_seconds(["m.a"]) == 7.5  # c once, though two call it
    assert compilation.compile_seconds(["m.b", "m.x"]) == 6.5  # m.x: not measured
    monkeypatch.setattr(compilation, "_is_cached", lambda name: name == "m.c")
    assert compilation.compile_seconds(["m.a"]) == 3.5


def test_every_kernel_has_a_measured_compile_time():
    """The table is measured again (tools/measure_compile_times.py) when kernels change."""
    import importlib

    from numba.core.caching import NullCache
    from numba.core.registry import CPUDispatcher

    from tilewright.core._compile_seconds import KERNEL_SECONDS

    missing = []
    for family in FAMILIES.values():
        for name in importlib.import_module(family).KERNEL_MODULES:
            module = importlib.import_module(name)
            for attribute, value in vars(module).items():
                if (
                    isinstance(value, CPUDispatcher)
                    and value.__module__ == name
                    and not isinstance(value._cache, NullCache)
                    # inlined into its callers, it has no compile of its own
                    and value.targetoptions.get("inline") != "always"
                    and f"{name}.{attribute}" not in KERNEL_SECONDS
                ):
                    missing.append(f"{name}.{attribute}")
    assert missing == []


@pytest.mark.parametrize("family", list(FAMILIES))
def test_warm_leaves_no_kernel_cold(family):
    """Each family's ``warm()`` caches every kernel of its ``KERNEL_MODULES`` (what
    ``tilewright warm`` promises), checked here once for all of them."""
    import importlib

    from tilewright.core.compilation import cold_kernels
    from tilewright.core.extras import MissingExtraError, require_extra

    if family == "datasets":
        try:
            require_extra("datasets", "the dataset kernels")
        except MissingExtraError:
            pytest.skip("the datasets extra is not installed")
    module = importlib.import_module(FAMILIES[family])
    module.warm()
    assert cold_kernels(module.KERNEL_MODULES) == []


def test_a_dataset_compiles_before_its_clock_starts(capsys, monkeypatch):
    """One notice for a dataset, then one item of each configuration made here, so that
    the run itself (and its throughput) counts no compiling."""
    from tilewright.cli.warm import compile_dataset_kernels
    from tilewright.core import compilation
    from tilewright.datasets import MazeConfig, Mixture

    made = []
    monkeypatch.setattr(compilation, "cold_kernels", lambda modules: ["a kernel"])
    monkeypatch.setattr(MazeConfig, "rows", lambda self, *args: made.append(self.algorithm))
    compilation.new_command()
    mixture = Mixture((MazeConfig(5, 5, "wilson"), MazeConfig(5, 5, "eller")), (1, 1))
    compile_dataset_kernels(mixture)
    assert made == ["wilson", "eller"]
    assert capsys.readouterr().err.startswith(
        "tilewright: compiling the dataset's kernels once, about "
    )


def test_a_helper_compiles_aside_and_ends_with_the_run(tmp_path, monkeypatch):
    from tilewright.core import compilation

    (tmp_path / "tiny_warmer.py").write_text(
        "import os, pathlib, time\n"
        "def mark():\n    pathlib.Path(os.environ['TINY_MARK']).write_text('done')\n"
        "def forever():\n    time.sleep(600)\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv("TINY_MARK", str(tmp_path / "mark"))
    monkeypatch.setattr(compilation, "idle_core", lambda: True)
    assert compilation.compile_aside() is False  # nothing to compile
    assert compilation.compile_aside("tiny_warmer:mark") is True
    assert compilation._helpers[-1].wait(timeout=120) == 0
    assert (tmp_path / "mark").read_text() == "done"
    compilation.compile_aside("tiny_warmer:forever")
    helpers = list(compilation._helpers)
    compilation.end_helpers()  # the run is over: a helper still compiling is stopped
    assert compilation._helpers == [] and helpers[-1].returncode != 0


def test_kernels_compiled_aside_count_as_the_longer_share(capsys, monkeypatch):
    from tilewright.core import compilation

    cold = {"here": ["m.walk"], "there": ["m.rows"]}
    monkeypatch.setattr(
        compilation, "cold_kernels", lambda modules: [name for m in modules for name in cold[m]]
    )
    monkeypatch.setattr(compilation, "compile_seconds", lambda names: 4.0 * len(list(names)))
    monkeypatch.setattr(compilation, "compile_aside", lambda warmer: True)
    compilation.new_command()
    assert compilation.announce_if_cold("the kernels", ["here", "there"], ("w:f", ["there"]))
    assert "about 4 s" in capsys.readouterr().err  # both at once: the longer, not the sum


def test_an_idle_core_is_judged_by_the_processors_now_not_a_minute_ago(monkeypatch):
    """A busy minute that has ended (a load average of 2) leaves the second core idle; a
    core kept busy now by others leaves none."""
    from tilewright.core import compilation

    ticks = iter([[0, 0, 0, 0, 0], [10, 0, 0, 90, 0], [0, 0, 0, 0, 0], [90, 0, 10, 0, 0]])
    monkeypatch.setattr(compilation, "_cpu_times", lambda: next(ticks))
    monkeypatch.setattr(compilation.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(compilation.os, "getloadavg", lambda: (2.0, 2.0, 2.0))
    assert compilation.idle_core() is True  # 0.2 cores busy
    assert compilation.idle_core() is False  # both busy


def test_without_proc_stat_the_load_average_judges(monkeypatch):
    from tilewright.core import compilation

    def unreadable():
        raise OSError("no /proc/stat")

    monkeypatch.setattr(compilation, "_cpu_times", unreadable)
    monkeypatch.setattr(compilation.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(compilation.os, "getloadavg", lambda: (0.3, 0.3, 0.3))
    assert compilation.idle_core() is True
    monkeypatch.setattr(compilation.os, "getloadavg", lambda: (1.6, 1.6, 1.6))
    assert compilation.idle_core() is False
