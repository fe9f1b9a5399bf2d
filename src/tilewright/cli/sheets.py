"""What ``tilewright rect sheet`` and ``tilewright maze sheet`` share: their options, the
seeds S, S+1, ..., the checks of the output, and the PDF written all or nothing.

Each sheet command checks everything first (the layout fits the paper legibly, the file
can be written), then draws and prints a seed, makes the puzzles with the seeds S, S+1,
... as the family's other commands do, and writes the PDF. The commands live in
``rect_sheet`` and ``maze_sheet``, so that each family's command line loads only its own
family.
"""

import click

from tilewright.cli.options import NameChoice, Whole, progress, refuse_terminal
from tilewright.core.errors import TilewrightError
from tilewright.core.seeds import MAX_SEED
from tilewright.core.sheets import MOST_PER_PAGE, MOST_PUZZLES, PAPERS

# below this many puzzles, or pages (about 0.1 s each to draw), a progress bar only flickers
PROGRESS_FROM = 50
PAGES_FROM = 20


def sheet_options(noun: str):
    """``--count``, ``--paper``, ``--per-page`` and ``-o``: what every sheet takes, their
    help speaking of ``noun`` (plural)."""
    options = [
        click.option(
            "--count",
            type=Whole(1, MOST_PUZZLES),
            help=f"How many {noun}, 1 to {MOST_PUZZLES} (default: one page full).",
        ),
        click.option(
            "--paper",
            type=NameChoice(PAPERS),
            default="a4",
            metavar="NAME",
            help="The page: " + " or ".join(PAPERS) + " (default a4).",
        ),
        click.option(
            "--per-page",
            type=Whole(1, MOST_PER_PAGE),
            help=f"{noun.capitalize()} a page (default: as many as print comfortably), "
            "each as large as fits.",
        ),
        click.option("-o", "--output", metavar="FILE", help="Write the PDF here, not stdout."),
    ]

    def add(function):
        for option in reversed(options):
            function = option(function)
        return function

    return add


def seeds(first: int, count: int, unit: str):
    """The seeds S, S+1, ..., wrapping past the largest as ``rect generate --count`` does,
    counted on a progress bar of ``unit``s."""
    every = [(first + index) % (MAX_SEED + 1) for index in range(count)]
    return progress(every, count, unit, PROGRESS_FROM)


def pages_drawn(pages: list[str]):
    """The pages passed on as they are drawn, counted on a progress bar."""
    return progress(pages, len(pages), "page", PAGES_FROM)


def check_output(output: str | None) -> None:
    """Refuse, before any work, a name of another format or a file that cannot be
    written, and PDF bytes bound for a terminal."""
    from tilewright.core.output import check_destination

    name = (output or "").rsplit("/", 1)[-1]
    stem, dot, suffix = name.rpartition(".")
    if dot and stem and suffix.lower() != "pdf":
        raise TilewrightError(f"a sheet is a PDF: name the file {stem[:40]}.pdf")
    refuse_terminal("pdf", output)
    check_destination(output)


def write_sheet(output: str | None, pdf: bytes) -> None:
    """The PDF to ``output`` (standard output for None or ``-``), all or nothing."""
    from tilewright.core.output import open_output

    with open_output(output) as stream:
        stream.write(pdf)
