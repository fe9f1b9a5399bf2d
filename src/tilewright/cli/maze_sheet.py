"""``tilewright maze sheet``: mazes to print, a few to a page, then their answers, as one
vector PDF (see ``tilewright.cli.sheets``)."""

import click

from tilewright.cli.options import (
    SIZE,
    announce_seed,
    maze_algorithm_option,
    maze_parameter_options,
    seed_option,
)
from tilewright.cli.sheets import check_output, pages_drawn, seeds, sheet_options, write_sheet
from tilewright.core.sheets import MOST_PER_PAGE_CHOSEN


@click.command("sheet")
@click.argument("size", type=SIZE)
@maze_algorithm_option("Generation algorithm; tilewright maze --list shows them all.")
@seed_option("The first maze's seed: the mazes take S, S+1, ... (default: random, printed).")
@maze_parameter_options
@sheet_options("mazes")
def maze_sheet(size, algorithm, seed, count, paper, per_page, output, **params) -> None:
    """Printable mazes of SIZE cells (WIDTHxHEIGHT), a few to a page, then their
    answers: one PDF.

    Each maze is as large as fits its share of the page, opens at its start (top-left)
    and goal (bottom-right), and is captioned with its number, algorithm and seed; the
    answer pages repeat the layout and the captions, with each maze's path drawn. --seed S
    gives the mazes of tilewright maze SIZE -a NAME --seed S, S+1, ...
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.mazes.generation import prepare
    from tilewright.mazes.sheets import sheet_layout, sheet_pdf
    from tilewright.mazes.warm import COLD_SECONDS, used_kernels

    width, height = size
    chosen = {name: value for name, value in params.items() if value is not None}
    # without a count, one page full
    layout = sheet_layout(
        width, height, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page
    )
    count = count or layout.per_page
    make = prepare(width, height, algorithm, **chosen)
    check_output(output)
    first = announce_seed(seed)
    announce_if_cold("the maze kernels", used_kernels(algorithm, solve=True), COLD_SECONDS)
    mazes = [make(each) for each in seeds(first, count, "maze")]
    write_sheet(output, sheet_pdf(mazes, layout, pages_drawn))
