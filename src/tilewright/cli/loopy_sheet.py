"""``tilewright loopy sheet``: Loopy puzzles to print, a few to a page, then their
answers, as one vector PDF (see ``tilewright.cli.sheets``)."""

from typing import Any

import click

from tilewright.cli.options import announce_seed, seed_option
from tilewright.cli.sheets import check_output, pages_drawn, seeds, sheet_options, write_sheet
from tilewright.core.sheets import MOST_PER_PAGE_CHOSEN

# the library's levels (tilewright.loopy.DIFFICULTIES), repeated so that ``--help`` needs
# no import of the library; a test checks that they agree
LEVELS = ("easy", "normal", "tricky", "hard")


@click.command("sheet")
@click.argument("params", metavar="PARAMS")
@click.option("--grid", metavar="NAME", help="The grid, by the collection's name.")
@click.option(
    "--difficulty",
    type=click.Choice(LEVELS),
    help="How hard: the collection's levels (default: PARAMS's dD, else easy).",
)
@seed_option("The first puzzle's seed: the puzzles take S, S+1, ... (default: random, printed).")
@sheet_options("puzzles")
def loopy_sheet(params, grid, difficulty, seed, count, paper, per_page, output) -> None:
    """Printable Loopy puzzles, a few to a page, then their answers: one PDF.

    PARAMS, --grid and --difficulty as for loopy generate. Each puzzle is as large as
    fits its share of the page while its smallest clues stay readable, and is captioned
    with its number, parameters, seed and game ID; the answer pages repeat the layout
    and the captions with each loop drawn. --seed S gives the puzzles of loopy generate
    --seed S --count N.
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.loopy import generate
    from tilewright.loopy.sheets import sheet_layout, sheet_pdf
    from tilewright.loopy.warm import KERNEL_MODULES

    settings = _settings(params, grid, difficulty)
    # without a count, one page full
    layout = sheet_layout(settings, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page)
    count = count or layout.per_page
    check_output(output)
    first = announce_seed(seed)
    announce_if_cold("the Loopy generator", KERNEL_MODULES)
    puzzles = [generate(settings, seed=each) for each in seeds(first, count, "puzzle")]
    write_sheet(output, sheet_pdf(puzzles, layout, pages_drawn))


def _settings(text: str, grid: str | None, difficulty: str | None):
    """PARAMS with the grid and the level the options name in place of its own, checked
    for that grid's least size."""
    from dataclasses import replace

    from tilewright.core.errors import TilewrightError
    from tilewright.loopy import parse_params
    from tilewright.registry import LOOPY_TYPES

    names = [name for name, _, _ in LOOPY_TYPES]
    if grid is not None and grid not in names:
        raise TilewrightError(f"--grid is one of {', '.join(names)}, not {grid[:40]!r}")
    asked: dict[str, Any] = {"grid": grid, "difficulty": difficulty}
    chosen = replace(parse_params(text), **{key: value for key, value in asked.items() if value})
    return parse_params(chosen.text)
