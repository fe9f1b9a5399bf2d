"""The memory check takes the least of the machine's, the control group's and the address
space's room, so a request is refused before it can fail in any of them."""

import resource
import subprocess
import sys

import pytest

from tilewright import TilewrightError
from tilewright.core import memory


def test_a_cgroup_limit_counts_usage_but_not_droppable_cache(tmp_path, monkeypatch):
    group, parent = tmp_path / "group", tmp_path
    group.mkdir()
    (group / "memory.max").write_text("max\n")  # no limit here ...
    (group / "memory.current").write_text("100\n")
    (parent / "memory.max").write_text(f"{3 << 30}\n")  # ... but one on the parent
    (parent / "memory.current").write_text(f"{2 << 30}\n")
    (parent / "memory.stat").write_text(f"anon 5\ninactive_file {1 << 30}\n")
    names = memory._V2_NAMES
    monkeypatch.setattr(
        memory, "_cgroup_folders", lambda: iter([(str(group), names), (str(parent), names)])
    )
    assert memory._cgroup_room() == 2 << 30  # 3 GiB less 2 GiB used, of which 1 GiB cache
    monkeypatch.setattr(memory, "_machine_available", lambda: 100 << 30)
    with pytest.raises(TilewrightError, match=r"only 2\.0 GiB"):
        memory.check_fits(3 << 30, "this")
    memory.check_fits(1 << 30, "this")


def test_an_address_space_limit_is_honoured():
    limit = 6 << 30
    code = (
        "import resource\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))\n"
        "from tilewright.core.memory import available_bytes\n"
        "print(available_bytes())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert 0 < int(done.stdout) < limit
    assert resource.getrlimit(resource.RLIMIT_AS)[0] != limit  # the test process untouched


def test_nan_and_negative_requests_are_refused_or_free():
    with pytest.raises(TilewrightError):
        memory.check_fits(float("nan"), "nothing")
    with pytest.raises(TilewrightError):
        memory.check_fits(float("inf"), "everything")
    memory.check_fits(0, "nothing")
