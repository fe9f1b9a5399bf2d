"""``tilewright rect sheet``: Rectangles puzzles to print, a few to a page, then their
answers, as one vector PDF (see ``tilewright.cli.sheets``)."""

import click

from tilewright.cli.options import Whole, announce_seed, seed_option
from tilewright.cli.sheets import check_output, pages_drawn, seeds, sheet_options, write_sheet
from tilewright.core.sheets import MOST_PER_PAGE_CHOSEN


@click.command("sheet")
@click.argument("params", metavar="WxH[eF][a]")
@seed_option("The first puzzle's seed: the puzzles take S, S+1, ... (default: random, printed).")
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@sheet_options("puzzles")
def rect_sheet(params, seed, max_area, singles, count, paper, per_page, output) -> None:
    """Printable puzzles, a few to a page, then their answers: one PDF.

    WxH[eF][a] as for rect generate. Each puzzle is as large as fits its share of the page
    and captioned with its number, seed and game ID; the answer pages repeat the layout
    and the captions. --seed S gives the puzzles of rect generate --seed S --count N.
    """
    from dataclasses import replace

    from tilewright.core.compilation import announce_if_cold
    from tilewright.rectangles import generate, parse_params
    from tilewright.rectangles.generator import check_room
    from tilewright.rectangles.sheets import sheet_layout, sheet_pdf
    from tilewright.rectangles.warm import GENERATE_SECONDS, compile_on_two_cores, used_kernels

    settings = replace(parse_params(params), max_area=max_area, singles=singles)
    # without a count, one page full
    layout = sheet_layout(settings, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page)
    count = count or layout.per_page
    check_room(settings)
    check_output(output)
    first = announce_seed(seed)
    expanded = settings.expansion > 0
    kernels = used_kernels("generate", expansion=expanded, unique=settings.unique)
    if announce_if_cold("the Rectangles generator", kernels, GENERATE_SECONDS):
        compile_on_two_cores(expansion=expanded, unique=settings.unique)
    puzzles = [generate(settings, seed=each) for each in seeds(first, count, "puzzle")]
    write_sheet(output, sheet_pdf(puzzles, layout, pages_drawn))
