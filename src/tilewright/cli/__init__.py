"""The ``tilewright`` command: a thin layer over the library.

Every subcommand turns its arguments into library calls and hands the results to writers.
Bad input of any kind ends the same way: one line ``tilewright: error: …`` on stderr and
exit status 2, never a traceback and never a half-written file.
"""

import contextlib
import errno
import os
import sys

import click

from tilewright import __version__
from tilewright.cli.options import SuggestingGroup, imported_command
from tilewright.core.errors import TilewrightError

USAGE_ERROR = 2
INTERNAL_ERROR = 70  # EX_SOFTWARE
# an error line quotes what the user gave; beyond this it is cut
_LONGEST_MESSAGE = 300
_OUT_OF_MEMORY = "not enough memory: ask for something smaller, or allow more"
# how the loader says a shared library did not fit (Numba loads LLVM's on first use,
# Python its extension modules on import): an OSError or ImportError with no errno
_UNMAPPED = "failed to map segment"
# how Python says a thread's stack could not be mapped (Dask's client and cluster start
# threads of their own, each with a stack of several MiB of address space)
_NO_THREAD = "can't start new thread"


# each subcommand's module is imported only when that command runs, so that a command
# never pays for another family's imports
COMMANDS = {
    "dataset": "tilewright.cli.dataset:dataset",
    "hat": "tilewright.cli.hat:hat",
    "loopy": "tilewright.cli.loopy:loopy",
    "maze": "tilewright.cli.maze:maze_commands",
    "maze-stats": "tilewright.cli.maze_stats:maze_stats",
    "penrose": "tilewright.cli.penrose:penrose",
    "rect": "tilewright.cli.rect:rect",
    "spectre": "tilewright.cli.spectre:spectre",
    "tromino": "tilewright.cli.tromino:tromino",
    "warm": "tilewright.cli.warm:warm",
}


class _Commands(SuggestingGroup):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        return imported_command(COMMANDS[cmd_name])


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tilewright")
def cli() -> None:
    """Mazes, tilings and grid puzzles at any size, reproducible from a seed."""


def main(argv: list[str] | None = None) -> None:
    """Run the command line on ``argv`` (default: this process's arguments).

    The console script (``tilewright.console``) first makes SIGINT, SIGTERM and SIGHUP end
    the run cleanly; called in-process, this keeps the caller's handlers. Every failure
    ends in one line on stderr: exit 2 for anything the user can change (bad input, a full
    disk, too little memory), 70 for a fault of tilewright's own.
    """
    try:
        _invoke(sys.argv[1:] if argv is None else list(argv))
    except BrokenPipeError:
        # The reader went away (``tilewright maze ... | head``): not an error of ours.
        _silence_stdout()
        sys.stderr.close()
        sys.exit(0)
    except click.exceptions.NoArgsIsHelpError as asked:
        click.echo(asked.ctx.get_help() if asked.ctx else asked.format_message())
        sys.exit(0)
    except click.exceptions.Abort:
        _fail("interrupted", 130)
    except RecursionError:
        _fail("error: the input is nested too deeply", USAGE_ERROR)
    except Exception as error:
        # a lack of memory, whatever it was reported as on its way up (a message of ours
        # that already says so, such as a picture too large, is the more precise)
        ours = isinstance(error, TilewrightError) and "memory" in str(error)
        if _ran_short_of_memory(error) and not ours:
            _fail(f"error: {_OUT_OF_MEMORY}", USAGE_ERROR)
        if isinstance(error, TilewrightError | click.ClickException):
            message = error.format_message() if isinstance(error, click.ClickException) else error
            _fail(f"error: {message}", USAGE_ERROR)
        if isinstance(error, OSError):
            where = f"{error.filename}: " if error.filename else ""
            _fail(f"error: {where}{error.strerror or error}", USAGE_ERROR)
        # a bug: still one line, and the traceback on request
        if os.environ.get("TILEWRIGHT_DEBUG"):
            raise
        name = type(error).__name__
        _fail(f"internal error: {name}: {error} (TILEWRIGHT_DEBUG=1 shows where)", INTERNAL_ERROR)


def _ran_short_of_memory(error: BaseException) -> bool:
    """Whether ``error``, or an error it was raised while handling, is a lack of memory.

    Libraries report one in their own words: Numba's loading of LLVM raises an OSError
    that blames a missing library, naming the loader's message only in the error it
    replaced; a writer may wrap it again ("cannot write ...").
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:  # a chain can loop
        seen.add(id(current))
        if isinstance(current, MemoryError):
            return True
        if isinstance(current, OSError) and current.errno == errno.ENOMEM:
            return True
        if isinstance(current, OSError | ImportError) and _UNMAPPED in str(current):
            return True
        if isinstance(current, RuntimeError) and _NO_THREAD in str(current):
            return True
        current = current.__cause__ or current.__context__
    return False


def _invoke(args: list[str]) -> None:
    # one notice of compiling a command, however many commands run in this process
    compilation = sys.modules.get("tilewright.core.compilation")
    if compilation is not None:
        compilation.new_command()
    # click's own main() would answer a closed pipe with exit 1 itself; invoked this way,
    # every exception reaches main() and gets the one answer it should
    try:
        with cli.make_context("tilewright", args) as context:
            cli.invoke(context)
    except click.exceptions.Exit as done:  # --help, --version
        sys.exit(done.exit_code)


def _fail(message: str, status: int) -> None:
    _silence_stdout()
    text = " ".join(str(message).split())  # one line, whatever the message held
    if len(text) > _LONGEST_MESSAGE:
        text = text[: _LONGEST_MESSAGE - 3] + "..."
    click.echo(f"tilewright: {text}", err=True)
    sys.exit(status)


def _silence_stdout() -> None:
    """Flush standard output now; if it cannot take the bytes (a full disk, a closed
    pipe), point it at /dev/null so the interpreter's last flush adds no second message."""
    if sys.stdout is None:  # started with standard output closed (>&-)
        return
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
