"""``tilewright rect``: Rectangles (Shikaku) puzzles."""

import contextlib
import os
import sys

import click

from tilewright.cli.options import (
    NameChoice,
    Whole,
    announce_seed,
    format_option,
    max_side_option,
    output_format,
    output_option,
    progress,
    refuse_binary_terminal,
    seed_option,
)
from tilewright.cli.rect_sheet import rect_sheet
from tilewright.core.errors import TilewrightError

NO_SOLUTION = 1
AMBIGUOUS = 1
GAVE_UP = 3
# rect solve's guess budget: several seconds when each guess settles a few squares
MAX_GUESSES = 1_000_000
# the library's names (tilewright.rectangles.formats), repeated here so that ``--help``
# needs no import of the library; a test checks that they agree
FORMATS = ("id", "text", "json", "svg", "png", "pdf")
SUFFIXES = {
    ".id": "id",
    ".txt": "text",
    ".json": "json",
    ".jsonl": "json",
    ".svg": "svg",
    ".png": "png",
    ".pdf": "pdf",
}
PICTURES = ("svg", "png", "pdf")
BINARY = ("png", "pdf")
# the library's difficulty levels (tilewright.rectangles.difficulty.LEVELS), likewise
LEVELS = ("easy", "medium", "hard", "fiendish")
# below this many puzzles a progress bar only flickers
PROGRESS_FROM = 20


@click.group()
def rect() -> None:
    """Rectangles (Shikaku) puzzles in the public puzzle collection's game-ID format."""


rect.add_command(rect_sheet)


@rect.command()
@click.argument("params", metavar="WxH[eF][a]")
@seed_option(
    "Reproduce a puzzle (default: random, printed as 'seed: N'); with --count, the seeds "
    "S, S+1, S+2, ..."
)
@click.option(
    "--count",
    type=Whole(1, 10**12),
    default=1,
    show_default=True,
    help="How many puzzles (id, text and json: one after another).",
)
@format_option(FORMATS, "Default: id, or what the -o FILE suffix says.")
@click.option("--solution", is_flag=True, help="Show the solution (thick borders / regions).")
@click.option(
    "--answer",
    metavar="FILE",
    help="Also write each puzzle's solution to FILE (format from its suffix).",
)
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@click.option(
    "--difficulty",
    type=NameChoice(LEVELS),
    metavar="LEVEL",
    help="Only puzzles of this level (easy, medium, hard, fiendish): the seeds S, S+1, ... "
    "are tried until one makes such a puzzle (-f json records its seed).",
)
@click.option(
    "--cell",
    type=Whole(4, 1024),
    help="Pictures: pixels a square (default: 32, or less to fit --max-side).",
)
@max_side_option
@output_option
def generate(
    params, seed, count, fmt, solution, answer, max_area, singles, difficulty, cell, max_side,
    output,
) -> None:  # fmt: skip
    """Generate puzzles with exactly one solution, proven by deduction.

    WxH[eF][a] is the public puzzle collection's form: 15x15, 30x20e0.5 (expansion 0.5:
    fewer, larger rectangles), 10x10a (ambiguous puzzles allowed). Game IDs (the default
    output) paste into the collection's Rectangles. Pictures (svg, png, pdf) and json
    record the seed and parameters; --answer writes the solution of the same puzzle to a
    second file in the same run. --difficulty LEVEL keeps to puzzles of that level (json
    records each puzzle's rating); the puzzles of --count then search on from the seed
    after the last one found.
    """
    from dataclasses import replace

    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination, open_output
    from tilewright.rectangles import parse_params
    from tilewright.rectangles.formats import RATED_SQUARES, encode, picture_cell
    from tilewright.rectangles.generator import check_room
    from tilewright.rectangles.pictures import check_png_size
    from tilewright.rectangles.warm import GENERATE_SECONDS, compile_on_two_cores, used_kernels

    settings = replace(parse_params(params), max_area=max_area, singles=singles)
    _refuse_many_pictures(count, (fmt,))  # -f as given, before any -o suffix is looked at
    fmt = output_format(output, fmt, SUFFIXES, "id")
    answer_fmt = _answer_format(answer, output, solution)
    formats = (fmt,) if answer_fmt is None else (fmt, answer_fmt)
    _refuse_many_pictures(count, formats)
    if solution and fmt == "id":
        raise TilewrightError("--solution needs -f text, json, svg, png or pdf")
    refuse_binary_terminal(fmt, output, BINARY)
    if answer_fmt is not None:
        refuse_binary_terminal(answer_fmt, answer, BINARY)
    if any(kind in PICTURES for kind in formats):
        cell = picture_cell(settings.width, settings.height, cell, max_side)
        if "png" in formats:
            check_png_size(settings.width, settings.height, cell)
    check_destination(output)
    check_destination(answer)
    check_room(settings)
    first = announce_seed(seed)
    expanded = settings.expansion > 0
    kernels = used_kernels("generate", expansion=expanded, unique=settings.unique)
    rated = difficulty is not None or (
        "json" in formats and settings.unique and settings.width * settings.height <= RATED_SQUARES
    )
    if rated:
        kernels += used_kernels("rate")
    if announce_if_cold("the Rectangles generator", kernels, GENERATE_SECONDS):
        compile_on_two_cores(expansion=expanded, unique=settings.unique, rated=rated)
    answers = open_output(answer) if answer_fmt else contextlib.nullcontext(None)
    puzzles = _generated(settings, first, difficulty)
    with open_output(output) as stream, answers as answer_stream:
        for _ in progress(range(count), count, "puzzle", PROGRESS_FROM):
            made, rating = next(puzzles)
            shown = made.regions if solution else None
            stream.write(encode(fmt, made.puzzle, shown, made, cell, rating))
            if answer_stream is not None and answer_fmt:
                answer_stream.write(
                    encode(answer_fmt, made.puzzle, made.regions, made, cell, rating)
                )


def _generated(settings, first: int, difficulty: str | None):
    """The puzzles in turn, each with its rating when a level is asked for: from the seeds
    ``first``, ``first`` + 1, ...; with a level, each search starts at the seed after the
    puzzle found last, so that no puzzle comes twice."""
    from tilewright.core.seeds import MAX_SEED
    from tilewright.rectangles import generate, generate_rated

    seed = first
    while True:
        if difficulty is None:
            made, rating = generate(settings, seed=seed), None
        else:
            made, rating = generate_rated(settings, difficulty, seed=seed)
        yield made, rating
        seed = (made.seed + 1) % (MAX_SEED + 1)


def _refuse_many_pictures(count: int, formats) -> None:
    if count > 1 and any(kind in PICTURES for kind in formats):
        raise TilewrightError("a picture holds one puzzle; use --count with id, text or json")


def _answer_format(answer: str | None, output: str | None, solution: bool) -> str | None:
    """The format of ``--answer FILE`` (from its suffix; none: text), refusing what cannot
    work: an answer that shows no solution, or one that would land where the puzzle goes."""
    if answer is None:
        return None
    if solution:
        raise TilewrightError("--answer writes the solution; leave out --solution")
    kind = output_format(answer, None, SUFFIXES, "text")
    if kind == "id":
        raise TilewrightError(
            "--answer needs a format that shows the solution: .txt, .json, .svg, .png or .pdf"
        )
    standard = ("-", None)
    if (answer in standard and output in standard) or _same_file(answer, output):
        raise TilewrightError("--answer and the puzzle would be written to the same place")
    return kind


def _same_file(first: str, second: str | None) -> bool:
    if second is None or "-" in (first, second):
        return False
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist yet: compare the names
        return os.path.realpath(first) == os.path.realpath(second)


@rect.command()
@click.argument("game_id")
@click.option(
    "--max-guesses",
    type=Whole(0, 2**62),
    default=MAX_GUESSES,
    show_default=True,
    help="Give up after this many guesses (0: deduction only).",
)
@click.option(
    "--explain",
    is_flag=True,
    help="First print the steps a person would take, numbered, each by the easiest rule "
    "that makes progress, and the puzzle's difficulty.",
)
def solve(game_id: str, max_guesses: int, explain: bool) -> None:
    """Solve GAME_ID (for example 7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f) completely.

    \b
    Exit status:
      0  solved: the one solution is printed
      1  "no solution", or "more than one solution" and two that differ
      2  a malformed ID (one line on stderr)
      3  gave up after --max-guesses guesses (one line on stderr): some
         puzzles need exponentially many, and the answer is then unknown
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.rectangles import GuessBudgetExceeded, parse_game_id
    from tilewright.rectangles import solve as find
    from tilewright.rectangles.warm import SOLVE_SECONDS, used_kernels

    puzzle = parse_game_id(game_id)
    announce_if_cold("the Rectangles solver", used_kernels("solve"), SOLVE_SECONDS)
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
            click.echo(puzzle.to_text(regions))
        sys.exit(AMBIGUOUS)
    if explain:
        _print_steps(puzzle)
    click.echo(puzzle.to_text(solutions[0]), nl=False)


def _print_steps(puzzle) -> None:
    """The steps of ``explain``, one a numbered line, then the rating in one line."""
    from tilewright.core.compilation import announce_if_cold
    from tilewright.rectangles import explain, rate
    from tilewright.rectangles.warm import RATE_SECONDS, used_kernels

    announce_if_cold("the Rectangles difficulty rating", used_kernels("rate"), RATE_SECONDS)
    steps = explain(puzzle)
    digits = len(str(len(steps)))
    for number, step in enumerate(steps, 1):
        click.echo(f"{number:>{digits}}. {step.text}")
    rating = rate(puzzle)
    used = ", ".join(f"{count} {rule}" for rule, count in rating.counts.items() if count)
    click.echo(f"difficulty: {rating.level} ({rating.steps} steps: {used})")
