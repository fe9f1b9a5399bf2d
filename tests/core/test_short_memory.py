"""Short of memory, a command exits 2 with one line that says so, whatever ran short:
never OpenBLAS's exit 1 (``rect solve``'s "no solution"), never LLVM's abort, never a
library blamed as missing or an output blamed as unwritable."""

import errno
import resource
import subprocess
import sys

import pytest

from tilewright import cli
from tilewright.core.errors import TilewrightError

COMMANDS = (
    ("maze", "5x5", "-s", "1"),
    ("rect", "solve", "2x2:2b2"),
    ("tromino", "tile", "8x8", "-s", "1"),
    ("spectre", "3x3", "-s", "1", "-f", "csv"),
)
# what may come before the error line: the seed, and the note that kernels compile
NOTES = ("seed: ", "tilewright: compiling ")


def _capped(megabytes: int) -> None:
    limit = megabytes << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("megabytes", [200, 300, 500])
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_command_short_of_memory_exits_2_saying_so(argv, megabytes):
    run = subprocess.run(
        [sys.executable, "-m", "tilewright", *argv],
        capture_output=True,
        text=True,
        preexec_fn=lambda: _capped(megabytes),
        timeout=300,
    )
    lines = [line for line in run.stderr.splitlines() if not line.startswith(NOTES)]
    # rect solve's 2x2:2b2 has two solutions: status 1, its answer, when it fits
    fitted = (0, 1) if argv[0] == "rect" else (0,)
    if run.returncode in fitted:
        assert lines == []
    else:
        assert run.returncode == 2, run.stderr
        assert len(lines) == 1 and lines[0].startswith("tilewright: error: "), run.stderr
        assert "memory" in lines[0]


def test_the_smallest_limit_is_refused_before_numpy_loads():
    run = subprocess.run(
        [sys.executable, "-m", "tilewright", "--version"],
        capture_output=True,
        text=True,
        preexec_fn=lambda: _capped(200),
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("tilewright: error: not enough memory: loading NumPy")
    assert run.stderr.endswith("ulimit -v allows 200.0 MiB\n")


def _unmapped() -> OSError:
    """What Numba's loading of LLVM raises when the library does not fit: an OSError that
    blames the library, raised while handling the loader's own."""
    try:
        raise OSError("libllvmlite.so: failed to map segment from shared object")
    except OSError:
        try:
            raise OSError("Could not find/load shared object file 'libllvmlite.so'") from None
        except OSError as error:
            return error


def _wrapped_by_a_writer() -> TilewrightError:
    try:
        raise _unmapped()
    except OSError as error:
        try:
            raise TilewrightError(f"cannot write x.svg: {error}") from None
        except TilewrightError as wrapped:
            return wrapped


@pytest.mark.parametrize(
    "error",
    [
        MemoryError(),
        OSError(errno.ENOMEM, "Cannot allocate memory"),
        ImportError("_socket.cpython-311-x86_64-linux-gnu.so: failed to map segment from ..."),
        _unmapped(),
        _wrapped_by_a_writer(),
        RuntimeError("can't start new thread"),
    ],
    ids=[
        "MemoryError",
        "ENOMEM",
        "an extension module",
        "LLVM",
        "LLVM while writing",
        "a thread's stack",
    ],
)
def test_a_lack_of_memory_is_named_whatever_it_was_reported_as(error, monkeypatch, capsys):
    monkeypatch.setattr(cli, "_invoke", lambda args: _raise(error))
    with pytest.raises(SystemExit) as ended:
        cli.main([])
    assert ended.value.code == 2
    message = "tilewright: error: not enough memory: ask for something smaller, or allow more\n"
    assert capsys.readouterr().err == message


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (OSError("Could not find/load shared object file 'libllvmlite.so'"), "Could not find"),
        (_picture_too_large := TilewrightError("the picture needs 3 GiB of memory"), "3 GiB"),
    ],
    ids=["a missing library", "a message of ours"],
)
def test_other_failures_keep_their_own_message(error, message, monkeypatch, capsys):
    if error is _picture_too_large:
        error.__context__ = MemoryError()
    monkeypatch.setattr(cli, "_invoke", lambda args: _raise(error))
    with pytest.raises(SystemExit) as ended:
        cli.main([])
    assert ended.value.code == 2
    assert message in capsys.readouterr().err


def _raise(error: BaseException) -> None:
    raise error
