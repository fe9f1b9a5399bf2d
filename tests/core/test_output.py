"""Output files are all or nothing."""

import os
import stat
import subprocess
import sys
import threading

import pytest

from tilewright import TilewrightError
from tilewright.core.output import check_destination, open_output


def test_complete_write_lands(tmp_path):
    path = tmp_path / "out.txt"
    with open_output(str(path)) as stream:
        stream.write(b"abc")
        assert not path.exists()  # nothing at the destination until the writer finished
    assert path.read_bytes() == b"abc"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask  # as open() would have made it


def test_failed_write_leaves_nothing(tmp_path):
    path = tmp_path / "out.txt"
    with pytest.raises(RuntimeError), open_output(str(path)) as stream:
        stream.write(b"half of it")
        raise RuntimeError("writer failed")
    assert list(tmp_path.iterdir()) == []


def test_destination_checks(tmp_path):
    with pytest.raises(TilewrightError, match="directory"):
        check_destination(str(tmp_path))
    with pytest.raises(TilewrightError, match="does not exist"):
        check_destination(str(tmp_path / "missing" / "x.txt"))


def test_devices_and_pipes_are_written_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    with open_output(str(fifo)) as stream:
        stream.write(b"through the pipe")
    reader.join(timeout=10)
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode), "the pipe was replaced by a file"
    with open_output("/dev/null") as stream:
        stream.write(b"gone")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_link_is_written_through_and_stays_a_link(tmp_path):
    target = tmp_path / "real.txt"
    target.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with open_output(str(link)) as stream:
        stream.write(b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_link_to_a_missing_file_creates_the_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "made.txt")
    with open_output(str(link)) as stream:
        stream.write(b"made")
    assert link.is_symlink() and (tmp_path / "made.txt").read_bytes() == b"made"


def test_a_failed_write_through_a_link_changes_nothing(tmp_path):
    target = tmp_path / "real.txt"
    target.write_bytes(b"old")
    (tmp_path / "link.txt").symlink_to(target)
    with pytest.raises(RuntimeError), open_output(str(tmp_path / "link.txt")) as stream:
        stream.write(b"half")
        raise RuntimeError("writer failed")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_an_existing_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_bytes(b"old")
    path.chmod(0o600)
    with open_output(str(path)) as stream:
        stream.write(b"new")
    assert path.stat().st_mode & 0o7777 == 0o600 and path.read_bytes() == b"new"


def test_hard_links_all_see_the_new_contents(tmp_path):
    first = tmp_path / "a.txt"
    first.write_bytes(b"old contents")
    second = tmp_path / "b.txt"
    os.link(first, second)
    with open_output(str(second)) as stream:
        stream.write(b"new")
    assert first.read_bytes() == second.read_bytes() == b"new"
    assert first.stat().st_ino == second.stat().st_ino


@pytest.mark.parametrize("name", ["/proc/self/fd/1", "/dev/fd/1", "/dev/stdout"])
def test_a_link_to_an_open_descriptor_writes_to_that_descriptor(tmp_path, name):
    # -o /dev/stdout, /proc/self/fd/1 or a link to them: the shell's redirection is honoured
    # (here an append), and neither the link nor the file is replaced
    log = tmp_path / "log.txt"
    log.write_bytes(b"before\n")
    link = tmp_path / "out-link"
    link.symlink_to(name)
    code = (
        "from tilewright.core.output import open_output\n"
        "import sys\n"
        "with open_output(sys.argv[1]) as s:\n"
        "    s.write(b'after\\n')\n"
    )
    with open(log, "ab") as appended:
        done = subprocess.run([sys.executable, "-c", code, str(link)], stdout=appended)
    assert done.returncode == 0
    assert log.read_bytes() == b"before\nafter\n"
    assert link.is_symlink() and os.readlink(link) == name


def test_a_full_disk_is_one_clear_error(tmp_path):
    with pytest.raises(TilewrightError, match="No space left"), open_output("/dev/full") as s:
        s.write(b"x" * 100_000)
        s.flush()


def test_a_full_disk_from_the_command_line_is_one_line_and_exit_2(tmp_path):
    for target in (["-o", "/dev/full"], []):
        with open("/dev/full", "wb") as full:
            done = subprocess.run(
                [sys.executable, "-m", "tilewright", "maze", "300x300", "-s", "1", *target],
                stdout=full,
                stderr=subprocess.PIPE,
                timeout=120,
            )
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2, done.stderr
        assert len(lines) == 1 and "No space left on device" in lines[0], lines
