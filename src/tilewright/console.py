"""The console script ``tilewright``: signal handling first, then the command line.

Handlers go in before NumPy, Numba and click are imported, so a Ctrl-C, SIGTERM or SIGHUP
in the first half second ends the run as cleanly as one an hour in (only the interpreter's
own start, some 30 ms, comes before them). The run also ends with them in place: once the
command is done the streams are flushed and the process exits at once, because the
interpreter's shutdown would first put the default handlers back, under which a late
SIGTERM kills the process with no word.
"""

import os
import sys


def main() -> None:
    """Run the ``tilewright`` command with this process's arguments."""
    from tilewright.core.interrupts import end_on_signals

    end_on_signals()
    from tilewright.cli import main as run

    try:
        run()
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else int(ended.code is not None)
    for stream in (sys.stdout, sys.stderr):
        if stream is None or stream.closed:
            continue  # closed on purpose (a reader that went away)
        try:
            stream.flush()
        except OSError:
            status = status or 2
    os._exit(status)
