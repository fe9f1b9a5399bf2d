"""``tilewright tromino``: L-tromino tilings of boards missing one square."""

import sys
from typing import NamedTuple

import click

from tilewright.cli.options import (
    CELL,
    MAX_SIDE,
    SIZE,
    NameChoice,
    Renamed,
    RenamingCommand,
    Whole,
    format_option,
    max_side_option,
    output_format,
    output_option,
    paper_option,
    parse_whole,
    pdf_paper,
    refuse_paper,
    refuse_terminal,
    report,
    seed_option,
    stderr_is_terminal,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.extras import require_extra

# the library's names, repeated here so that ``--help`` needs no import of the library;
# a test checks that they agree
FORMATS = ("text", "npy", "png", "svg", "pdf")
METHODS = ("construct", "random")
SUFFIXES = {".txt": "text", ".npy": "npy", ".png": "png", ".svg": "svg", ".pdf": "pdf"}
# --colour: by tromino number (a repeating palette), or a proper colouring with 3 or 4
COLOURINGS = {"number": None, "three": 3, "four": 4}
# the options' names before they were the same in every command
OLD_NAMES = {"--colours": Renamed(("--colour",), {"3": "three", "4": "four"})}
# written by the datasets package, band by band, to a folder: huge boards on many processes
ARRAY_FORMATS = ("zarr",)


@click.group()
def tromino() -> None:
    """L-tromino tilings of boards missing one square."""


def _output_options(function):
    for option in reversed(
        [
            format_option(
                FORMATS + ARRAY_FORMATS,
                "text, npy, png, svg, pdf or zarr (default: the -o suffix, or text).",
            ),
            output_option,
            click.option(
                "--colour",
                "colours",
                type=NameChoice(COLOURINGS),
                default="number",
                show_default=True,
                metavar="NAME",
                help="Pictures: by tromino number, or a proper colouring, three or four.",
            ),
            click.option(
                "--cell",
                type=Whole(1, 2**31 - 1),
                help="Pictures: pixels a cell (default: the picture's long side 800-1000 "
                "px, within --max-side).",
            ),
            max_side_option,
            paper_option,
            click.option(
                "--workers",
                type=Whole(1, 1024),
                help="zarr: make bands of rows on a local Dask cluster of N processes.",
            ),
            click.option(
                "--scheduler",
                metavar="ADDRESS",
                help="zarr: make bands on the Dask cluster at ADDRESS (-o on a shared disk).",
            ),
        ]
    ):
        function = option(function)
    return function


@tromino.command(cls=RenamingCommand, renamed=OLD_NAMES)
@click.argument("numbers", nargs=-1)
@_output_options
def classic(numbers, fmt, output, colours, cell, max_side, paper, workers, scheduler) -> None:
    """The textbook program: M x y, or the line "M x y" on standard input.

    Prints the 2^k board M wide with the special square at row x, column y covered by
    trominoes numbered in the textbook's order, "%2d " per cell, byte for byte the
    textbook's output, for any power of two M. x and y count from 1, as the textbook's
    do: the one place where tilewright counts rows and columns from 1 (tromino tile
    --missing counts from 0, as everything else).
    """
    from tilewright.tromino import classic as textbook

    if not numbers:
        if sys.stdin is None:
            raise TilewrightError("classic needs M x y, as arguments or on standard input")
        numbers = sys.stdin.read(4096).split()
    if len(numbers) != 3:
        raise TilewrightError("classic needs three numbers: M x y (for example 8 2 3)")
    size, row, col = (parse_whole(n, "M, x and y", 1, MAX_SIDE) for n in numbers)
    fmt = _format(fmt, output, workers, scheduler)
    look = _Look(COLOURINGS[colours], cell, max_side, paper)
    _write(textbook(size, row, col), fmt, output, look, workers, scheduler)


@tromino.command(cls=RenamingCommand, renamed=OLD_NAMES)
@click.argument("size", type=SIZE)
@click.option(
    "--missing",
    type=CELL,
    help="The missing square ROW,COL from 0 (0,0: top-left); default: drawn from the "
    "seed among the squares that leave a board with a tiling.",
)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    default="construct",
    show_default=True,
    help="construct: the one tiling built for the board and square (any size, streamed); "
    "random: a tiling drawn from the seed, every tiling of the board equally likely.",
)
@click.option(
    "--sweeps",
    type=Whole(1, 10_000),
    help="random, boards wider than 10: passes of the Markov chain (default 10).",
)
@seed_option(
    "Draws the missing square when --missing is not given, and a random tiling "
    "(default: random, printed)."
)
@_output_options
def tile(
    size,
    missing,
    method,
    sweeps,
    seed,
    fmt,
    output,
    colours,
    cell,
    max_side,
    paper,
    workers,
    scheduler,
) -> None:
    """Tile a WIDTHxHEIGHT board missing one square, or say which theorem forbids it.

    --method construct (the default): 2^k boards use the textbook divide and conquer; any
    other board that can be tiled is built from 2x3 blocks around a small core solved
    exactly, so huge boards stream. --method random: a uniformly random tiling, exact on
    boards with a side of at most 10, by a Markov chain of strip re-tilings on wider ones,
    up to 32768x32768. -o BOARD.zarr writes the labels as a chunked Zarr array, one band
    of rows a task, here, on --workers processes or on a Dask cluster (--scheduler).
    """
    from tilewright.tromino import generate

    width, height = size
    fmt = _format(fmt, output, workers, scheduler)
    if sweeps is not None and method != "random":
        raise click.UsageError("--sweeps is for --method random")
    if method == "random" and (workers is not None or scheduler is not None):
        raise click.UsageError(
            "a random tiling is drawn in one process: drop --workers and --scheduler"
        )
    # draws a seed when the square or the random tiling needs one and none is given
    tiling = generate(width, height, missing, seed, method=method, sweeps=sweeps)
    drawn = seed is None and tiling.seed is not None
    look = _Look(COLOURINGS[colours], cell, max_side, paper)
    _write(tiling, fmt, output, look, workers, scheduler, drawn)


def _format(fmt: str | None, output: str | None, workers, scheduler) -> str:
    fmt = output_format(output, fmt, {**SUFFIXES, ".zarr": "zarr"}, "text")
    if fmt in ARRAY_FORMATS:
        if output in (None, "-"):
            raise click.UsageError("-f zarr writes a folder: give -o BOARD.zarr")
        if workers is not None and scheduler is not None:
            raise click.UsageError("give --workers or --scheduler, not both")
    else:
        for name, value in (("--workers", workers), ("--scheduler", scheduler)):
            if value is not None:
                raise click.UsageError(f"{name} is for -f zarr only, not -f {fmt}")
    refuse_terminal(fmt, output)
    return fmt


class _Look(NamedTuple):
    """How a picture is drawn: ``colours`` 3, 4 or None (by number), the rest as the
    library's writers take them (``paper`` None: their default)."""

    colours: int | None
    cell: int | None
    max_side: int
    paper: str | None


def _write(tiling, fmt, output, look: _Look, workers, scheduler, drawn=False) -> None:
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination, open_output
    from tilewright.tromino import warm

    if fmt in ARRAY_FORMATS:
        _write_array(tiling, output, look, workers, scheduler, drawn)
        return
    refuse_paper(look.paper, fmt)
    tiling.check(fmt, look.colours, look.cell, look.max_side)
    check_destination(output)
    # The drawn seed, as announce_seed prints it, but only once nothing the seed does not
    # decide can refuse the command, so that a refusal stays one line; a failure the seed
    # decides (no 3-colouring of the tiling it drew) follows it, and can be made again.
    if drawn:
        click.echo(f"seed: {tiling.seed}", err=True)
    modules = warm.kernel_modules(tiling.width, tiling.height, fmt, look.colours, tiling.method)
    announce_if_cold("the tromino kernels", modules)
    with open_output(output) as sink:
        tiling.write(
            sink,
            fmt,
            colours=look.colours,
            cell=look.cell,
            max_side=look.max_side,
            paper=pdf_paper(look.paper, fmt),
        )


def _write_array(tiling, output, look: _Look, workers, scheduler, drawn) -> None:
    """``-f zarr``: the labels as a chunked array, band by band (``datasets.tiling_arrays``)."""
    require_extra("datasets", "Zarr output")
    from tilewright.datasets.dask_runs import checked_cluster
    from tilewright.datasets.tiling_arrays import write_tiling_zarr
    from tilewright.datasets.zarr_output import check_array_output

    if look.colours is not None or look.cell is not None or look.paper is not None:
        raise click.UsageError("-f zarr holds the labels only: drop --colour, --cell and --paper")
    check_array_output(output)
    checked_cluster(workers, scheduler)  # a bad address refused before the seed is shown
    if drawn:
        click.echo(f"seed: {tiling.seed}", err=True)
    summary = write_tiling_zarr(
        tiling,
        output,
        workers=workers,
        scheduler=scheduler,
        progress=stderr_is_terminal(),
    )
    report(summary)
