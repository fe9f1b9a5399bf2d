"""The console script ``tilewright``: signal handling first, then the command line.

Handlers go in before NumPy, Numba and click are imported, so a Ctrl-C, SIGTERM or SIGHUP
in the first half second ends the run as cleanly as one an hour in.
"""


def main() -> None:
    """Run the ``tilewright`` command with this process's arguments."""
    from tilewright.core.interrupts import end_on_signals

    end_on_signals()
    from tilewright.cli import main as run

    run()
