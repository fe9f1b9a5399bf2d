"""The ``tilewright`` command: a thin layer over the library.

Every subcommand turns its arguments into library calls and hands the results to writers.
Bad input of any kind ends the same way: one line ``tilewright: error: …`` on stderr and
exit status 2, never a traceback and never a half-written file.
"""

import sys

import click

from tilewright import __version__
from tilewright.cli.maze import maze
from tilewright.cli.maze_stats import maze_stats
from tilewright.cli.rect import rect
from tilewright.cli.spectre import spectre
from tilewright.cli.tromino import tromino
from tilewright.core.errors import TilewrightError

USAGE_ERROR = 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tilewright")
def cli() -> None:
    """Mazes, tilings and grid puzzles at any size, reproducible from a seed."""


cli.add_command(maze)
cli.add_command(maze_stats)
cli.add_command(tromino)
cli.add_command(rect)
cli.add_command(spectre)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    try:
        cli.main(args=argv, prog_name="tilewright", standalone_mode=False)
    except (TilewrightError, click.ClickException) as error:
        message = error.format_message() if isinstance(error, click.ClickException) else error
        click.echo(f"tilewright: error: {message}", err=True)
        sys.exit(USAGE_ERROR)
    except click.exceptions.Abort:
        click.echo("tilewright: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        # The reader went away (``tilewright maze ... | head``): not an error of ours.
        sys.stderr.close()
        sys.exit(0)
