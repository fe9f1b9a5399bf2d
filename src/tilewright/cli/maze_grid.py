"""``tilewright maze --grid ...``: mazes on hexagons, triangles, rings, octagons, masks,
weaves and Spectre tilings.

Square mazes without a mask or a weave stay on their own path (``cli/maze.py``): it
streams rows and offers the row-based algorithms and the text drawings. Everything else is
a :class:`~tilewright.mazes.grid_maze.GridMaze` on a polygon grid, written by suffix as
SVG, PNG, PDF, JSON, npz or GeoJSON.
"""

import sys
from typing import Any

import click
import numpy as np

from tilewright.cli.options import NameChoice, pdf_paper, refuse_paper
from tilewright.core.errors import TilewrightError

# a grid that is not square has no text drawing, so standard output takes SVG
GRID_DEFAULT_FORMAT = "svg"


# the names without importing the grids (``maze --help`` and option parsing need only them)
GRID_NAMES = (
    "square", "hex", "hex-flat", "honeycomb", "hexagon", "triangle", "polar", "upsilon",
    "octagonal", "kagome", "triangular", "snub-square", "cairo", "great-hexagonal", "kites",
    "floret", "dodecagonal", "great-dodecagonal", "great-great-dodecagonal",
    "compass-dodecagonal", "spectre", "hat", "penrose-p2", "penrose-p3", "hats", "spectres",
)  # fmt: skip


def grid_option(help_text: str):
    """``--grid NAME``, one of ``GRID_NAMES`` (square by default), for ``tilewright maze``
    and its sheets alike."""
    return click.option(
        "--grid",
        type=NameChoice(GRID_NAMES),
        default="square",
        show_default=True,
        metavar="NAME",
        help=help_text,
    )


def grid_description_option(function):
    """``--grid-description DESC``: the patch of a random grid, as a Loopy game ID names it."""
    return click.option(
        "--grid-description",
        metavar="DESC",
        help="penrose-p2, penrose-p3, hats, spectres: build on the patch this grid "
        "description names (a Loopy game ID's part before _), not one drawn from the seed.",
    )(function)


def run_grid_maze(
    kind: str,
    size: str,
    algorithm: str,
    seed: int | None,
    params: dict[str, Any],
    braid: float | None,
    fmt: str | None,
    output: str | None,
    stats: str | None,
    options: dict[str, Any],
) -> None:
    """Check everything, make the grid and the maze, then write and measure it."""
    from tilewright.cli.options import announce_seed, answer_format, output_format, refuse_terminal
    from tilewright.core.output import check_destination
    from tilewright.mazes import ALGORITHMS
    from tilewright.mazes.grid_formats import PICTURES, SUFFIXES

    info = ALGORITHMS[algorithm]
    if info.kind != "graph":
        usable = ", ".join(name for name, each in ALGORITHMS.items() if each.kind == "graph")
        where = "a weave" if options["weave"] else f"a {kind} grid"
        raise TilewrightError(
            f"{info.name} works row by row on plain square grids only; on {where} use one "
            f"of: {usable}"
        )
    if fmt in ("text", "ascii"):
        raise TilewrightError(
            f"a maze on {_grid_words(kind, options)} has no text drawing: write svg, png, pdf, "
            "json, npz or geojson"
        )
    if fmt is None and output in (None, "-") and stats is None and sys.stdout.isatty():
        raise TilewrightError(
            f"a maze on {_grid_words(kind, options)} is a picture or data: give -o FILE "
            "(.svg .png .pdf .json .npz .geojson) or pipe the output"
        )
    fmt = output_format(output, fmt, SUFFIXES, GRID_DEFAULT_FORMAT)
    answer_fmt = answer_format(
        options["answer"], output, options["solve"], SUFFIXES, (*PICTURES, "geojson"), "svg"
    )
    _check_options(kind, fmt, answer_fmt, stats, options)
    if stats is None or output is not None:
        refuse_terminal(fmt, output)
    if answer_fmt is not None:
        refuse_terminal(answer_fmt, options["answer"], "--answer")
    check_destination(output)
    check_destination(options["answer"])
    from tilewright.mazes.grid_maze import graph_algorithm

    _, params = graph_algorithm(algorithm, _grid_words(kind, options), **params)
    from tilewright.registry import grid_kinds

    grid_kind = grid_kinds()[kind]
    numbers = grid_kind.parse(size)
    # a grid the seed does not choose is built and every option checked on it before the
    # seed is drawn and printed; a Spectre patch and a weave's crossings need the seed,
    # a random grid with its description does not
    described = options["grid_description"] is not None
    fixed = described or not (grid_kind.seeded or options["weave"])
    grid = chosen_grid(grid_kind, numbers, None, options) if fixed else None
    ends = _checked_cells(grid, (fmt, answer_fmt), options) if grid is not None else None
    seed = announce_seed(seed)
    _announce_compiling(kind, algorithm, fmt, options)
    maze = _make(grid_kind, numbers, grid, algorithm, seed, params, options)
    if ends is None:
        ends = _checked_cells(maze.grid, (fmt, answer_fmt), options)
    if braid is not None:
        from tilewright.mazes import braid as add_loops

        maze = add_loops(maze, braid)
    if not described and output not in (None, "-"):
        _announce_description(maze.grid)
    start, goal = ends
    if stats is None or output is not None:
        _save(maze, output, fmt, start, goal, options)
    if answer_fmt is not None:
        solved = {**options, "solve": True, "heatmap": False}
        _save(maze, options["answer"], answer_fmt, start, goal, solved)
    if stats is not None:
        from tilewright.cli.maze_stats import print_stats

        print_stats(maze, stats, start, goal)


def _announce_description(grid: Any) -> None:
    """``grid description: DESC`` on stderr for a random grid drawn from the seed, as the
    seed is announced: the file records it too, but this is what ``--grid-description``
    and a Loopy game ID take to make the same patch again."""
    from tilewright.registry import grid_description

    description = grid_description(grid)
    if description is not None:
        click.echo(f"grid description: {description}", err=True)


def _checked_cells(grid: Any, formats: tuple, options: dict[str, Any]) -> tuple[Any, Any]:
    """``--start`` and ``--goal`` as cell ids of ``grid`` (ROW,COL on square grids, masked
    or woven, as the square cell whose centre it is), and the openings and the picture's
    size checked, all before any maze is made when the grid allows."""
    from tilewright.mazes.grid_formats import PICTURES

    ends = [_cell_id(grid, options[what], what) for what in ("start", "goal")]
    if options["openings"]:
        from tilewright.mazes.grid_maze import default_endpoints
        from tilewright.mazes.grid_pictures import opening_walls

        default = default_endpoints(grid)
        opening_walls(grid, *(d if e is None else e for e, d in zip(ends, default, strict=True)))
    if any(fmt in PICTURES for fmt in formats):
        from tilewright.mazes.grid_pictures import grid_style

        grid_style(grid, **_style_options(options))
    return ends[0], ends[1]


def _cell_id(grid: Any, cell: Any, what: str) -> int | None:
    if cell is None or isinstance(cell, int):
        if cell is not None and not cell < grid.num_cells:
            raise TilewrightError(
                f"--{what} {cell} is not a cell: this grid's cells are 0 to {grid.num_cells - 1}"
            )
        return cell
    if grid.kind not in ("square", "weave"):
        raise TilewrightError(
            f"--{what} on a {grid.kind} grid is a cell number (the cells' ids in the JSON "
            "output), not ROW,COL"
        )
    row, col = cell
    # a square grid's cell (row, col) is the unit square whose centre is (col + ½, row + ½)
    found = np.flatnonzero(
        (np.abs(grid.centres[:, 0] - (col + 0.5)) < 1e-9)
        & (np.abs(grid.centres[:, 1] - (row + 0.5)) < 1e-9)
    )
    if len(found) == 0:
        raise TilewrightError(f"--{what} {row},{col} is not a cell of this grid")
    return int(found[0])


def _announce_compiling(kind: str, algorithm: str, fmt: str, options: dict[str, Any]) -> None:
    """One line before a first run compiles the kernels this command uses (each module's
    as a view holding only them, see ``mazes.warm.grid_kernels``)."""
    from tilewright.core.compilation import announce_if_cold
    from tilewright.mazes.grid_formats import PICTURES
    from tilewright.mazes.warm import grid_kernels

    picture = fmt in PICTURES or fmt == "geojson"
    solve = bool(options.get("solve") or options.get("heatmap") or options.get("answer"))
    modules: list = grid_kernels(algorithm, picture=picture, solve=solve)
    if options["weave"]:
        modules.append("tilewright.mazes._weave_kernels")
    if options["mask"] is not None:
        modules.append("tilewright.core._mask_kernels")
    if kind == "spectre":
        from tilewright.aperiodic.warm import kernel_modules

        modules += [*kernel_modules("bfs", "svg"), "tilewright.aperiodic.spectre._grid_kernels"]
        announce_if_cold("the maze and Spectre kernels", modules)
        return
    if kind == "hat":
        from tilewright.aperiodic.warm import HAT_KERNEL_MODULES

        modules += HAT_KERNEL_MODULES
        announce_if_cold("the maze and hat kernels", modules)
        return
    if kind in ("penrose-p2", "penrose-p3", "hats", "spectres"):
        from tilewright.aperiodic.warm import COLLECTION_KERNEL_MODULES

        modules += COLLECTION_KERNEL_MODULES
    from tilewright.core.grids import LATTICE_GRIDS

    if kind in LATTICE_GRIDS:
        modules.append("tilewright.core._lattice_kernels")
    announce_if_cold("the maze kernels", modules)


def _grid_words(kind: str, options: dict[str, Any]) -> str:
    if options["weave"]:
        return "a weave"
    if kind == "square":
        return "a masked square grid"
    return f"a {kind} grid"


def _check_options(
    kind: str, fmt: str, answer_fmt: str | None, stats: str | None, options: dict[str, Any]
) -> None:
    from tilewright.mazes.grid_formats import PICTURES

    if options["weave"] and kind != "square":
        raise TilewrightError("--weave makes square mazes only: leave out --grid or use square")
    if options["weave"] and options["mask"] is not None:
        raise TilewrightError("--weave and --mask do not go together yet")
    if options["largest"] and options["mask"] is None:
        raise TilewrightError("--largest goes with --mask")
    drawing = options["solve"] or options["heatmap"] or options["openings"]
    if drawing and fmt not in (*PICTURES, "geojson"):
        raise TilewrightError(
            "--solve, --heatmap and --openings draw on pictures and GeoJSON: use -f svg, png, "
            "pdf or geojson"
        )
    ends_used = drawing or stats or answer_fmt
    if (options["start"] is not None or options["goal"] is not None) and not ends_used:
        raise TilewrightError(
            "--start and --goal go with --solve, --answer, --heatmap, --openings or --stats"
        )
    refuse_paper(options["paper"], fmt, answer_fmt)
    if options["compress"] and fmt != "npz":
        raise TilewrightError("--compress goes with npz output")


def chosen_grid(grid_kind: Any, numbers: tuple[int, ...], seed: int | None, options: dict) -> Any:
    """The grid of ``numbers`` (on the patch ``--grid-description`` names, if given),
    masked if asked: ``options`` holds ``grid_description``, ``mask`` and ``largest``."""
    if options["grid_description"] is None:
        grid = grid_kind.build(numbers, seed=seed)
    else:
        from tilewright.registry import described_grid

        # the described grids are all WIDTHxHEIGHT; a grid of one number refuses it anyway
        width, height = numbers[0], numbers[-1]
        grid = described_grid(grid_kind.name, width, height, options["grid_description"])
    if options["mask"] is not None:
        from tilewright.core.masks import masked

        grid = masked(grid, options["mask"], largest=options["largest"])
    return grid


def _make(
    grid_kind: Any,
    numbers: tuple[int, ...],
    grid: Any,
    algorithm: str,
    seed: int,
    params: dict[str, Any],
    options: dict[str, Any],
) -> Any:
    """A maze on ``grid`` (built now from the seed when it is None), or a weave."""
    if options["weave"]:
        from tilewright.mazes.weaving import DEFAULT_CROSSINGS, weave

        crossings = options["crossings"]
        share = DEFAULT_CROSSINGS if crossings is None else crossings
        width, height = numbers
        return weave(width, height, algorithm, seed=seed, crossings=share, **params)
    from tilewright.mazes.grid_maze import generate_on

    if grid is None:
        grid = chosen_grid(grid_kind, numbers, seed, options)
    return generate_on(grid, algorithm, seed=seed, **params)


def _save(
    maze: Any,
    output: str | None,
    fmt: str,
    start: int | None,
    goal: int | None,
    options: dict[str, Any],
) -> None:
    from tilewright.mazes.grid_formats import PICTURES, save_grid_maze

    drawing: dict[str, Any] = {}
    if fmt in (*PICTURES, "geojson"):
        drawing = {
            "solution": options["solve"] or None,
            "heat": options["heatmap"] or None,
            "openings": options["openings"],
            "start": start,
            "goal": goal,
        }
    style = _style_options(options) if fmt in PICTURES else {}
    save_grid_maze(
        maze,
        output if output is not None else "-",
        fmt=fmt,
        compress=options["compress"],
        **drawing,
        **style,
        paper=pdf_paper(options["paper"], fmt),
    )


def _style_options(options: dict[str, Any]) -> dict[str, Any]:
    """The picture options given, as ``grid_style`` takes them."""
    names = ("max_side", "cell", "wall", "wall_colour", "background", "path_colour")
    return {name: options[name] for name in names if options[name] is not None}


def echo_grid_list() -> None:
    """``maze --grids``: each grid and what its size counts."""
    from tilewright.registry import grid_kinds

    kinds = grid_kinds()
    width = max(len(name) for name in kinds)
    for name, kind in kinds.items():
        click.echo(f"{name:<{width}}  {kind.size} (for example {kind.example})")
