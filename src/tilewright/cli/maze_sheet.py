"""``tilewright maze sheet``: mazes to print, a few to a page, then their answers, as one
vector PDF (see ``tilewright.cli.sheets``)."""

from typing import NamedTuple

import click

from tilewright.cli.maze_grid import chosen_grid, grid_description_option, grid_option
from tilewright.cli.options import (
    PROBABILITY,
    SIZE,
    announce_seed,
    mask_and_weave_options,
    maze_algorithm_option,
    maze_parameter_options,
    seed_option,
)
from tilewright.cli.sheets import check_output, pages_drawn, seeds, sheet_options, write_sheet
from tilewright.core.sheets import MOST_PER_PAGE_CHOSEN


@click.command("sheet")
@click.argument("size")
@grid_option(
    "Cells, as for tilewright maze (--grids there says what SIZE counts for each); "
    "not spectre or hat, whose tiling each seed draws anew, and penrose-p2, penrose-p3, "
    "hats and spectres only with --grid-description."
)
@grid_description_option
@mask_and_weave_options
@maze_algorithm_option("Generation algorithm; tilewright maze --list shows them all.")
@seed_option("The first maze's seed: the mazes take S, S+1, ... (default: random, printed).")
@maze_parameter_options
@click.option("--braid", type=PROBABILITY, help="Remove this share (0-1) of dead ends: adds loops.")
@sheet_options("mazes")
def maze_sheet(
    size, grid, grid_description, mask, largest, weave, crossings, algorithm, seed, braid, count,
    paper, per_page, output, **params,
) -> None:  # fmt: skip
    """Printable mazes of SIZE cells (WIDTHxHEIGHT; other grids as tilewright maze
    --grid counts them), a few to a page, then their answers: one PDF.

    Each maze is as large as fits its share of the page, opens at its start (top-left)
    and goal (bottom-right), and is captioned with its number, algorithm and seed; the
    answer pages repeat the layout and the captions, with each maze's path drawn. --seed S
    gives the mazes of tilewright maze SIZE -a NAME --seed S, S+1, ... (with --grid,
    --grid-description, --mask, --weave and --braid as well).

    A random grid (penrose-p2, penrose-p3, hats, spectres) is drawn anew for each seed, so
    its mazes share a sheet only on one patch: --grid-description DESC names it (tilewright
    maze --grid NAME -o FILE prints the description of the patch it drew).
    """
    chosen = {name: value for name, value in params.items() if value is not None}
    if crossings is not None:
        weave = True
    if grid != "square" or grid_description is not None or mask is not None or weave:
        shape = _Shape(size, grid, grid_description, mask, largest, weave, crossings)
        _grid_sheet(shape, algorithm, seed, braid, chosen, count, paper, per_page, output)
        return
    if largest:
        raise click.UsageError("--largest goes with --mask")
    from tilewright.core.compilation import announce_if_cold
    from tilewright.mazes import braid as add_loops
    from tilewright.mazes.generation import prepare
    from tilewright.mazes.sheets import sheet_layout, sheet_pdf
    from tilewright.mazes.warm import used_kernels

    width, height = SIZE.convert(size, None, click.get_current_context())
    # without a count, one page full
    layout = sheet_layout(
        width, height, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page
    )
    count = count or layout.per_page
    make = prepare(width, height, algorithm, **chosen)
    check_output(output)
    first = announce_seed(seed)
    kernels = used_kernels(algorithm, braid=braid is not None, solve=True)
    announce_if_cold("the maze kernels", kernels)
    mazes = [make(each) for each in seeds(first, count, "maze")]
    if braid is not None:
        mazes = [add_loops(maze, braid) for maze in mazes]
    write_sheet(output, sheet_pdf(mazes, layout, pages_drawn))


class _Shape(NamedTuple):
    """What the mazes of a sheet on a polygon grid are drawn on, as the options say."""

    size: str
    kind: str
    description: str | None
    mask: str | None
    largest: bool
    weave: bool
    crossings: float | None


def _grid_sheet(shape, algorithm, seed, braid, params, count, paper, per_page, output) -> None:
    """A sheet of mazes on one polygon grid (or on weaves of one size), its layout planned
    from the grid before any maze is made."""
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.errors import TilewrightError
    from tilewright.mazes import braid as add_loops
    from tilewright.mazes.generation import KERNELS
    from tilewright.mazes.grid_maze import generate_on, graph_algorithm
    from tilewright.mazes.grid_sheets import grid_sheet_layout, grid_sheet_pdf
    from tilewright.registry import DESCRIBED, grid_kinds

    size, kind = shape.size, shape.kind
    grid_kind = grid_kinds()[kind]
    if grid_kind.seeded and shape.description is None:
        one_patch = " or name one patch with --grid-description DESC" if kind in DESCRIBED else ""
        raise TilewrightError(
            f"a {kind} tiling is drawn anew for each seed, so its mazes share no sheet: "
            f"use tilewright maze --grid for one at a time{one_patch}"
        )
    if shape.weave and (kind != "square" or shape.mask is not None):
        raise TilewrightError("--weave makes square mazes without a mask only")
    if shape.largest and shape.mask is None:
        raise click.UsageError("--largest goes with --mask")
    label = f"{'weave' if shape.weave else kind} {size}"
    label += " masked" if shape.mask is not None else ""
    # the caption says all that makes a maze again: the patch too
    label += f" patch {shape.description}" if shape.description is not None else ""
    where = "a weave" if shape.weave else f"a {kind} grid"
    algorithm, params = graph_algorithm(algorithm, where, **params)
    numbers = grid_kind.parse(size)
    # a weave's outline: its crossings come with each seed
    chosen = {"grid_description": shape.description, "mask": shape.mask, "largest": shape.largest}
    grid = chosen_grid(grid_kind, numbers, None, chosen)
    # without a count, one page full
    layout = grid_sheet_layout(
        grid, label, count or MOST_PER_PAGE_CHOSEN, paper=paper, per_page=per_page
    )
    count = count or layout.per_page
    check_output(output)
    first = announce_seed(seed)
    announce_if_cold(
        "the maze kernels",
        [
            f"tilewright.mazes.{KERNELS[algorithm][0]}",
            "tilewright.core._polygon_kernels",
            "tilewright.mazes._graph_solve_kernels",
            "tilewright.core._polyline_kernels",
            *(["tilewright.mazes._weave_kernels"] if shape.weave else []),
        ],
    )
    if shape.weave:
        from tilewright.mazes.weaving import DEFAULT_CROSSINGS, weave

        share = DEFAULT_CROSSINGS if shape.crossings is None else shape.crossings
        width, height = numbers
        mazes = [
            weave(width, height, algorithm, seed=each, crossings=share, **params)
            for each in seeds(first, count, "maze")
        ]
    else:
        mazes = [
            generate_on(grid, algorithm, seed=each, **params)
            for each in seeds(first, count, "maze")
        ]
    if braid is not None:
        mazes = [add_loops(maze, braid) for maze in mazes]
    write_sheet(output, grid_sheet_pdf(mazes, layout, label, pages_drawn))
