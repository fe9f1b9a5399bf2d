"""``tilewright rect sheet``: Rectangles puzzles to print, a few to a page, then their
answers, as one vector PDF (see ``tilewright.cli.sheets``)."""

import click

from tilewright.cli.options import NameChoice, Whole, announce_seed, seed_option
from tilewright.cli.sheets import (
    PROGRESS_FROM,
    check_output,
    pages_drawn,
    sheet_options,
    write_sheet,
)
from tilewright.core.sheets import MOST_PER_PAGE_CHOSEN

# the library's difficulty levels (tilewright.rectangles.difficulty.LEVELS), repeated so
# that ``--help`` needs no import of the library; a test checks that they agree
LEVELS = ("easy", "medium", "hard", "fiendish")


def difficulty_option(recorded: str):
    """``--difficulty LEVEL``, as ``rect generate`` and ``rect sheet`` take it; ``recorded``
    says where the seed each puzzle was found at is kept."""
    return click.option(
        "--difficulty",
        type=NameChoice(LEVELS),
        metavar="LEVEL",
        help="Only puzzles of this level (easy, medium, hard, fiendish): the seeds S, S+1, "
        f"... are tried until one makes such a puzzle ({recorded}).",
    )


def puzzles_from(settings, first: int, difficulty: str | None):
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


@click.command("sheet")
@click.argument("params", metavar="WxH[eF][a]")
@seed_option("The first puzzle's seed: the puzzles take S, S+1, ... (default: random, printed).")
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@difficulty_option("each caption names its seed")
@sheet_options("puzzles")
def rect_sheet(params, seed, max_area, singles, difficulty, count, paper, per_page, output) -> None:
    """Printable puzzles, a few to a page, then their answers: one PDF.

    WxH[eF][a] as for rect generate. Each puzzle is as large as fits its share of the page
    and captioned with its number, seed and game ID; the answer pages repeat the layout
    and the captions. --seed S gives the puzzles of rect generate --seed S --count N, with
    --difficulty LEVEL as well.
    """
    from dataclasses import replace

    from tilewright.cli.options import progress
    from tilewright.rectangles import parse_params
    from tilewright.rectangles.generator import check_room
    from tilewright.rectangles.sheets import sheet_layout, sheet_pdf
    from tilewright.rectangles.warm import compile_first_run, used_kernels

    settings = replace(parse_params(params), max_area=max_area, singles=singles)
    # without a count, one page full
    layout = sheet_layout(settings, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page)
    count = count or layout.per_page
    check_room(settings)
    check_output(output)
    first = announce_seed(seed)
    expanded = settings.expansion > 0
    kernels = used_kernels("generate", expansion=expanded, unique=settings.unique)
    rated = difficulty is not None
    if rated:
        kernels += used_kernels("rate")
    compile_first_run(kernels, expansion=expanded, unique=settings.unique, rated=rated)
    found = puzzles_from(settings, first, difficulty)
    puzzles = [next(found)[0] for _ in progress(range(count), count, "puzzle", PROGRESS_FROM)]
    write_sheet(output, sheet_pdf(puzzles, layout, pages_drawn))
