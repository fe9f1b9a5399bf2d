"""``tilewright tromino``: L-tromino tilings of boards missing one square."""

import sys

import click

from tilewright.cli.options import (
    MAX_SIDE,
    SIZE,
    Whole,
    format_from_suffix,
    parse_whole,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.output import check_destination, open_output

FORMATS = ("text", "npy", "png", "svg")
_SUFFIX_FORMATS = {".npy": "npy", ".png": "png", ".svg": "svg"}


@click.group()
def tromino() -> None:
    """L-tromino tilings of boards missing one square."""


def _output_options(function):
    for option in reversed(
        [
            click.option(
                "-f", "--format", "fmt", type=click.Choice(FORMATS), help="Default: text."
            ),
            click.option("-o", "--output", metavar="FILE", help="Write here, not to stdout."),
            click.option("--colours", type=Whole(3, 4), help="Proper colouring with 3 or 4."),
            click.option("--cell", type=Whole(1, 256), help="png/svg: pixels a cell."),
        ]
    ):
        function = option(function)
    return function


@tromino.command(context_settings={"ignore_unknown_options": True})
@click.argument("numbers", nargs=-1)
@_output_options
def classic(numbers, fmt, output, colours, cell) -> None:
    """The textbook program: M x y, or the line "M x y" on standard input.

    Prints the 2^k board M wide with the special square at row x, column y (from 1) covered
    by trominoes numbered in the textbook's order, "%2d " per cell, byte for byte the
    textbook's output, for any power of two M.
    """
    from tilewright.tromino.tiling import classic_plan

    if not numbers:
        if sys.stdin is None:
            raise TilewrightError("classic needs M x y, as arguments or on standard input")
        numbers = sys.stdin.read(4096).split()
    if len(numbers) != 3:
        raise TilewrightError("classic needs three numbers: M x y (for example 8 2 3)")
    try:
        size, row, col = (parse_whole(n, "M, x and y", 1, MAX_SIDE) for n in numbers)
    except ValueError as error:
        raise TilewrightError(str(error)) from None
    plan = classic_plan(size, row, col)
    _write(plan, fmt, output, colours, cell, number_width=2)


@tromino.command(context_settings={"ignore_unknown_options": True})
@click.argument("size", type=SIZE)
@click.option(
    "--missing",
    required=True,
    metavar="ROW,COL",
    help="The missing square, from 1 (1,1: top-left).",
)
@_output_options
def tile(size, missing, fmt, output, colours, cell) -> None:
    """Tile a WIDTHxHEIGHT board missing one square, or say which theorem forbids it.

    2^k boards use the textbook divide and conquer; any other board that can be tiled is
    built from 2x3 blocks around a small core solved exactly, so huge boards stream.
    """
    from tilewright.tromino.construct import plan_tiling

    width, height = size
    parts = missing.split(",")
    try:
        if len(parts) != 2:
            raise ValueError("two numbers are needed")
        row, col = (parse_whole(part, "a row or column", 1, MAX_SIDE) for part in parts)
    except ValueError:
        raise TilewrightError(
            f"--missing is ROW,COL counted from 1, got {quoted(missing)}"
        ) from None
    plan = plan_tiling(width, height, row - 1, col - 1)
    _write(plan, fmt, output, colours, cell, number_width=len(str(plan.trominoes)))


def _write(plan, fmt, output, colours, cell, number_width: int) -> None:
    from tilewright.tromino import pictures, writers
    from tilewright.tromino.tiling import tile_rows

    fmt = fmt or format_from_suffix(output, _SUFFIX_FORMATS, "text")
    if colours and fmt not in ("png", "svg"):
        raise TilewrightError("--colours colours pictures: use -f png or -f svg")
    check_destination(output)
    width, height, missing = plan.width, plan.height, (plan.row, plan.col)
    cell = cell or pictures.default_cell(width, height)
    if fmt in ("npy", "png") and output in (None, "-") and sys.stdout.isatty():
        raise TilewrightError(f"{fmt} is binary: give -o FILE.{fmt} or redirect standard output")
    if fmt in ("png", "svg"):
        pictures.check_picture_size(width, height, cell, fmt, coloured=bool(colours))
    if fmt == "svg" or colours:
        bands = [_coloured_board(width, height, missing, colours)]
    else:
        bands = ((band, None) for band in tile_rows(width, height, missing))
    if fmt == "svg":
        labels, shades = bands[0]
        text = pictures.svg_text(labels, shades, cell)
    with open_output(output) as stream:
        if fmt == "svg":
            stream.write(text.encode())
        elif fmt == "png":
            pixels = pictures.png_rows(bands, width, cell)
            pictures.write_png(stream, pixels, width, height, cell)
        elif fmt == "npy":
            labels = (band for band, _ in bands)
            writers.write_npy(stream, labels, width, height, plan.trominoes)
        else:
            writers.write_text(stream, (band for band, _ in bands), number_width)


def _coloured_board(width, height, missing, colours):
    from tilewright.tromino.tiling import tile

    labels = tile(width, height, missing)
    if not colours:
        return labels, None
    from tilewright.tromino.colour import colour_grid

    return labels, colour_grid(labels, colours)
