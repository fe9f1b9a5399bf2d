"""``tilewright rect``: Rectangles (Shikaku) puzzles."""

import json
import sys

import click

from tilewright.cli.options import SEED, Whole, format_from_suffix
from tilewright.core.errors import TilewrightError
from tilewright.core.output import check_destination, open_output

NO_SOLUTION = 1
AMBIGUOUS = 1
GAVE_UP = 3
# rect solve's guess budget: several seconds when each guess settles a few squares
MAX_GUESSES = 1_000_000
FORMATS = ("id", "text", "json", "svg", "png")
_SUFFIX_FORMATS = {".png": "png", ".svg": "svg", ".json": "json", ".jsonl": "json", ".txt": "text"}
# below this many puzzles a progress bar only flickers
PROGRESS_FROM = 20


@click.group()
def rect() -> None:
    """Rectangles (Shikaku) puzzles in the public puzzle collection's game-ID format."""


@rect.command()
@click.argument("params", metavar="WxH[eF][a]")
@click.option(
    "-s", "--seed", type=SEED, help="Reproduce a puzzle; with --count, the seeds S, S+1, S+2, ..."
)
@click.option(
    "--count",
    type=Whole(1, 10**12),
    default=1,
    show_default=True,
    help="How many puzzles (id and json formats: one per line).",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Default: id, or what the -o FILE suffix says.",
)
@click.option("--solution", is_flag=True, help="Show the solution (thick borders / regions).")
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@click.option(
    "--cell",
    type=Whole(8, 256),
    default=32,
    show_default=True,
    help="png/svg: pixels a square.",
)
@click.option("-o", "--output", metavar="FILE", help="Write here, not to stdout.")
def generate(params, seed, count, fmt, solution, max_area, singles, cell, output) -> None:
    """Generate puzzles with exactly one solution, proven by deduction.

    WxH[eF][a] is the public puzzle collection's form: 15x15, 30x20e0.5 (expansion 0.5:
    fewer, larger rectangles), 10x10a (ambiguous puzzles allowed). Game IDs (the default
    output) paste into the collection's Rectangles.
    """
    from dataclasses import replace

    from tilewright.core.seeds import MAX_SEED, resolve_seed
    from tilewright.rectangles import generate as make
    from tilewright.rectangles import parse_params

    settings = replace(parse_params(params), max_area=max_area, singles=singles)
    fmt = fmt or format_from_suffix(output, _SUFFIX_FORMATS, "id")
    if count > 1 and fmt in ("svg", "png"):
        raise TilewrightError(f"{fmt} holds one puzzle; use --count with id, text or json")
    if fmt == "png" and output in (None, "-") and sys.stdout.isatty():
        raise TilewrightError("png is binary: give -o FILE.png or redirect standard output")
    if fmt == "png":
        from tilewright.rectangles.pictures import check_png_size

        check_png_size(settings.width, settings.height, cell)
    if solution and fmt == "id":
        raise TilewrightError("--solution needs -f text, json, svg or png")
    check_destination(output)
    first = resolve_seed(seed)
    with open_output(output) as stream:
        for index in _progress(range(count)):
            made = make(settings, seed=(first + index) % (MAX_SEED + 1))
            stream.write(_formatted(made, fmt, solution, cell))


def _progress(numbers: range):
    from tqdm import tqdm

    # tqdm stays silent when stderr is not a terminal (disable=None)
    return tqdm(
        numbers,
        unit="puzzle",
        disable=None if len(numbers) >= PROGRESS_FROM else True,
        file=sys.stderr,
        leave=False,
    )


def _formatted(made, fmt: str, solution: bool, cell: int) -> bytes:
    from tilewright.rectangles import format_game_id

    regions = made.regions if solution else None
    if fmt == "id":
        return (format_game_id(made.puzzle) + "\n").encode()
    if fmt == "json":
        record = {
            "params": str(made.params),
            "max_area": made.params.max_area,
            "singles": made.params.singles,
            "seed": made.seed,
            "game_id": format_game_id(made.puzzle),
            "width": made.puzzle.width,
            "height": made.puzzle.height,
            "clues": made.puzzle.clues.tolist(),
        }
        if solution:
            record["solution"] = made.regions.tolist()
        return (json.dumps(record, separators=(",", ":")) + "\n").encode()
    if fmt == "text":
        from tilewright.rectangles.text import render

        text = f"{format_game_id(made.puzzle)}\n{render(made.puzzle, regions)}\n"
        return text.encode()
    from tilewright.rectangles import pictures

    if fmt == "svg":
        return pictures.svg_text(made.puzzle, regions, cell).encode()
    return pictures.png_bytes(made.puzzle, regions, cell)


@rect.command()
@click.argument("game_id")
@click.option(
    "--max-guesses",
    type=Whole(0, 2**62),
    default=MAX_GUESSES,
    show_default=True,
    help="Give up after this many guesses (0: deduction only).",
)
def solve(game_id: str, max_guesses: int) -> None:
    """Solve GAME_ID (for example 7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f) completely.

    \b
    Exit status:
      0  solved: the one solution is printed
      1  "no solution", or "more than one solution" and two that differ
      2  a malformed ID (one line on stderr)
      3  gave up after --max-guesses guesses (one line on stderr): some
         puzzles need exponentially many, and the answer is then unknown
    """
    from tilewright.rectangles import parse_game_id
    from tilewright.rectangles.solve import GuessBudgetExceeded
    from tilewright.rectangles.solve import solve as find
    from tilewright.rectangles.text import render

    puzzle = parse_game_id(game_id)
    try:
        solutions = find(puzzle, limit=2, max_guesses=max_guesses)
    except GuessBudgetExceeded as error:
        # not "error:": the ID is fine, the search was only cut short
        click.echo(f"tilewright: {error}", err=True)
        sys.exit(GAVE_UP)
    if not solutions:
        click.echo("no solution")
        sys.exit(NO_SOLUTION)
    if len(solutions) > 1:
        click.echo("more than one solution; two of them:")
        for regions in solutions:
            click.echo(render(puzzle, regions))
        sys.exit(AMBIGUOUS)
    click.echo(render(puzzle, solutions[0]), nl=False)
