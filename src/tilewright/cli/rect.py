"""``tilewright rect``: Rectangles (Shikaku) puzzles."""

import contextlib
import sys

import click

from tilewright.cli.options import (
    AMBIGUOUS,
    GAVE_UP,
    NO_SOLUTION,
    Renamed,
    RenamingCommand,
    Whole,
    announce_seed,
    answer_format,
    format_option,
    max_side_option,
    output_format,
    output_option,
    paper_option,
    pdf_paper,
    progress,
    refuse_paper,
    refuse_terminal,
    seed_option,
    solve_input_options,
    solve_lines,
)
from tilewright.cli.rect_sheet import difficulty_option, puzzles_from, rect_sheet
from tilewright.core.errors import TilewrightError

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
# what --answer FILE writes: every format but the game ID, which has no room for a solution
ANSWER_FORMATS = ("text", "json", *PICTURES)
# below this many puzzles a progress bar only flickers
PROGRESS_FROM = 20


@click.group()
def rect() -> None:
    """Rectangles (Shikaku) puzzles in the public puzzle collection's game-ID format."""


rect.add_command(rect_sheet)


@rect.command(cls=RenamingCommand, renamed={"--solution": Renamed(("--solve",), flag=True)})
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
@click.option("--solve", is_flag=True, help="Show the solution (thick borders / regions).")
@click.option(
    "--answer",
    metavar="FILE",
    help="Also write each puzzle's solution to FILE (format from its suffix).",
)
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@difficulty_option("-f json records its seed")
@click.option(
    "--cell",
    type=Whole(4, 1024),
    help="Pictures: pixels a square (default: the picture's long side 800-1000 px, within "
    "--max-side).",
)
@max_side_option
@paper_option
@output_option
def generate(
    params, seed, count, fmt, solve, answer, max_area, singles, difficulty, cell, max_side,
    paper, output,
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

    from tilewright.core.output import check_destination, open_output
    from tilewright.rectangles import parse_params
    from tilewright.rectangles.formats import RATED_SQUARES, encode, picture_cell
    from tilewright.rectangles.generator import check_room
    from tilewright.rectangles.pictures import check_png_size
    from tilewright.rectangles.warm import compile_first_run, used_kernels

    settings = replace(parse_params(params), max_area=max_area, singles=singles)
    _refuse_many_pictures(count, (fmt,))  # -f as given, before any -o suffix is looked at
    fmt = output_format(output, fmt, SUFFIXES, "id")
    answer_fmt = answer_format(answer, output, solve, SUFFIXES, ANSWER_FORMATS, "text")
    formats = (fmt,) if answer_fmt is None else (fmt, answer_fmt)
    _refuse_many_pictures(count, formats)
    if solve and fmt == "id":
        raise TilewrightError("--solve needs -f text, json, svg, png or pdf")
    refuse_paper(paper, *formats)
    refuse_terminal(fmt, output)
    if answer_fmt is not None:
        refuse_terminal(answer_fmt, answer, "--answer")
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
    compile_first_run(kernels, expansion=expanded, unique=settings.unique, rated=rated)
    answers = open_output(answer) if answer_fmt else contextlib.nullcontext(None)
    puzzles = puzzles_from(settings, first, difficulty)
    with open_output(output) as stream, answers as answer_stream:
        for _ in progress(range(count), count, "puzzle", PROGRESS_FROM):
            made, rating = next(puzzles)
            shown = made.regions if solve else None
            page = pdf_paper(paper, fmt)
            stream.write(encode(fmt, made.puzzle, shown, made, cell, rating, paper=page))
            if answer_stream is not None and answer_fmt:
                page = pdf_paper(paper, answer_fmt)
                answer_stream.write(
                    encode(answer_fmt, made.puzzle, made.regions, made, cell, rating, paper=page)
                )


def _refuse_many_pictures(count: int, formats) -> None:
    if count > 1 and any(kind in PICTURES for kind in formats):
        raise TilewrightError("a picture holds one puzzle; use --count with id, text or json")


@rect.command()
@solve_input_options(0, MAX_GUESSES, "Give up after this many guesses (0: deduction only).")
@click.option(
    "--explain",
    is_flag=True,
    help="First print the steps a person would take, numbered, each by the easiest rule "
    "that makes progress, and the puzzle's difficulty.",
)
def solve(game_id: str | None, path: str | None, max_guesses: int, explain: bool) -> None:
    """Solve GAME_ID (for example 7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f) completely.

    GAME_ID - reads game IDs from standard input, one a line, and --file PATH from a
    file (a large puzzle's ID is longer than a command line may be); blank lines are
    skipped, and the solutions follow one another with a blank line between.

    \b
    Exit status:
      0  solved: the one solution is printed (every one, for several IDs)
      1  "no solution", or "more than one solution" and two that differ
      2  a malformed ID (one line on stderr, naming its line in a file)
      3  gave up after --max-guesses guesses (one line on stderr): some
         puzzles need exponentially many, and the answer is then unknown
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.rectangles import parse_game_id
    from tilewright.rectangles.warm import used_kernels

    if (game_id is None) == (path is None):
        raise click.UsageError("give GAME_ID (- for standard input) or --file PATH")
    # --explain rates too: one notice for both
    solver = used_kernels("solve") + (used_kernels("rate") if explain else [])
    if game_id is not None and game_id != "-":
        puzzle = parse_game_id(game_id)
        announce_if_cold("the Rectangles solver", solver)
        sys.exit(_solve_one(puzzle, max_guesses, explain, ""))
    sys.exit(
        solve_lines(
            path,
            parse_game_id,
            lambda puzzle, where: _solve_one(puzzle, max_guesses, explain, where),
            "the Rectangles solver",
            solver,
        )
    )


def _solve_one(puzzle, max_guesses: int, explain: bool, where: str) -> int:
    """Print the puzzle's solution (with ``explain``, after the steps to it) or why there
    is none, and return the exit status it calls for; ``where`` begins a message about it
    on stderr (its line in a file)."""
    from tilewright.rectangles import GuessBudgetExceeded
    from tilewright.rectangles import solve as find

    try:
        solutions = find(puzzle, limit=2, max_guesses=max_guesses)
    except GuessBudgetExceeded as error:
        # not "error:": the ID is fine, the search was only cut short
        click.echo(f"tilewright: {where}{error}", err=True)
        return GAVE_UP
    if not solutions:
        click.echo("no solution")
        return NO_SOLUTION
    if len(solutions) > 1:
        click.echo("more than one solution; two of them:")
        for regions in solutions:
            click.echo(puzzle.to_text(regions))
        return AMBIGUOUS
    if explain:
        _print_steps(puzzle)
    click.echo(puzzle.to_text(solutions[0]), nl=False)
    return 0


def _print_steps(puzzle) -> None:
    """The steps of ``explain``, one a numbered line, then the rating in one line."""
    from tilewright.core.compilation import announce_if_cold
    from tilewright.rectangles import explain, rate
    from tilewright.rectangles.warm import used_kernels

    announce_if_cold("the Rectangles difficulty rating", used_kernels("rate"))
    steps = explain(puzzle)
    digits = len(str(len(steps)))
    for number, step in enumerate(steps, 1):
        click.echo(f"{number:>{digits}}. {step.text}")
    rating = rate(puzzle)
    used = ", ".join(f"{count} {rule}" for rule, count in rating.counts.items() if count)
    click.echo(f"difficulty: {rating.level} ({rating.steps} steps: {used})")
