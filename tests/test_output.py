"""Output files are all or nothing."""

import os
import stat
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
