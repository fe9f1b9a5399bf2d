"""The console script ``tilewright``: signal handling first, then the command line.

Handlers go in before NumPy, Numba and click are imported, so a Ctrl-C, SIGTERM or SIGHUP
in the first half second ends the run as cleanly as one an hour in (only the interpreter's
own start, some 30 ms, comes before them). The run also ends with them in place: once the
command is done the streams are flushed and the process exits at once, because the
interpreter's shutdown would first put the default handlers back, under which a late
SIGTERM kills the process with no word.

Memory is made sure of next, still before NumPy and Numba. Under a tight ``ulimit -v`` they
do not raise what Python could answer: OpenBLAS (inside NumPy) prints its own message and
exits with status 1 when it cannot map its buffer, at import or at its first product, and
status 1 means "no solution" to ``rect solve``; LLVM (inside Numba) aborts. So the room they
take is checked first, OpenBLAS runs one thread (tilewright's few products are tiny) and
maps its buffer at once, and what still runs short later is a ``MemoryError`` or a failed
mapping that the command line reports as memory.
"""

import os
import sys

# written when even an exception could not be made: the command line's words for it
_NO_MEMORY_LEFT = (
    b"tilewright: error: not enough memory: ask for something smaller, or allow more\n"
)


def main() -> None:
    """Run the ``tilewright`` command with this process's arguments."""
    from tilewright.core.interrupts import end_on_signals

    end_on_signals()
    _make_room()
    from tilewright.cli import main as run

    try:
        run()
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else int(ended.code is not None)
    except BaseException:
        # main() answers every exception, so one that escapes was raised by the answering
        # itself: memory ran out even for that (Python then raises "SystemError: error
        # return without exception set"), and the line is written without allocating
        os.write(2, _NO_MEMORY_LEFT)
        status = 2
    compilation = sys.modules.get("tilewright.core.compilation")
    if compilation is not None:  # helpers compiling beside a first run end with it
        compilation.end_helpers()
    for stream in (sys.stdout, sys.stderr):
        if stream is None or stream.closed:
            continue  # closed on purpose (a reader that went away)
        try:
            stream.flush()
        except OSError:
            status = status or 2
    os._exit(status)


# The address space NumPy, OpenBLAS, Numba and LLVM take to load, with the smallest command
# on top, beyond the interpreter and the signal watchdog (``tilewright maze 5x5`` stopped
# failing at a 390 MiB ``ulimit -v``, with the whole process near 90 MiB when this runs)
STARTING_BYTES = 320 << 20


def _make_room() -> None:
    """End the run with one line when ``ulimit -v`` leaves too little room to start;
    otherwise map OpenBLAS's buffer now, while the room is known to be there."""
    from tilewright.core.errors import TilewrightError
    from tilewright.core.memory import check_address_space

    # each further OpenBLAS thread maps a stack and a buffer when NumPy is imported
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        check_address_space(STARTING_BYTES, "loading NumPy and Numba")
    except TilewrightError as error:
        print(f"tilewright: error: {error}", file=sys.stderr, flush=True)
        os._exit(2)
    import numpy

    # OpenBLAS maps its buffer at the first product and keeps it: mapped here, no later
    # product can fail for want of it
    numpy.ones((2, 2)) @ numpy.ones((2, 2))
