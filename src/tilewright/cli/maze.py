"""``tilewright maze``: generate a maze and write it as text, .npz, JSON, SVG, PNG, PDF or
Zarr."""

import click

from tilewright.cli.maze_grid import GRID_NAMES, grid_description_option, grid_option
from tilewright.cli.options import (
    CELL_OR_ID,
    PROBABILITY,
    SIZE,
    CommandWithSubcommands,
    NameChoice,
    Whole,
    announce_seed,
    answer_format,
    format_option,
    mask_and_weave_options,
    max_side_option,
    maze_algorithm_option,
    maze_parameter_options,
    output_format,
    output_option,
    paper_option,
    pdf_paper,
    progress,
    refuse_paper,
    refuse_terminal,
    report,
    seed_option,
    stderr_is_terminal,
)
from tilewright.core.compilation import announce_if_cold
from tilewright.core.errors import TilewrightError
from tilewright.core.extras import require_extra
from tilewright.core.output import check_destination, open_output
from tilewright.mazes import ALGORITHMS, DEFAULT_ALGORITHM
from tilewright.mazes import braid as add_loops
from tilewright.mazes.formats import FORMATS, PICTURES, SUFFIXES, TEXT, write, write_bands
from tilewright.mazes.generation import prepare, prepare_bands
from tilewright.mazes.model import TEXT_CELLS
from tilewright.mazes.solve import check_cell, distances, shortest_path
from tilewright.mazes.warm import used_kernels

# Streams larger than this many cells show a progress bar (when stderr is a terminal).
_PROGRESS_CELLS = 5_000_000
# written by the datasets package, band by band: huge square mazes as a chunked array
ARRAY_FORMATS = ("zarr",)
# .txt is the text drawing by default, and takes the ascii one when -f asks for it.
_ALL_SUFFIXES = {**SUFFIXES, ".zarr": "zarr"}
_ASCII_SUFFIXES = {**_ALL_SUFFIXES, ".txt": "ascii"}
# what --answer FILE writes: the formats that draw a path (text: the Unicode drawing's
# roomier layout, its path through the cells)
ANSWER_FORMATS = (*PICTURES, "geojson", "text")


@click.command()
@click.argument("size", required=False)
@grid_option("Cells: " + ", ".join(GRID_NAMES) + "; --grids says what SIZE counts for each.")
@grid_description_option
@mask_and_weave_options
@click.option("--openings", is_flag=True, help="Pictures: gaps in the outer wall at start, goal.")
@maze_algorithm_option("Generation algorithm; --list shows them all.")
@seed_option("Seed for a reproducible maze (default: random, printed as seed: N).")
@maze_parameter_options
@click.option("--braid", type=PROBABILITY, help="Remove this share (0-1) of dead ends: adds loops.")
@format_option(
    FORMATS + ARRAY_FORMATS,
    "Output format (default: text, or the one the -o suffix names); zarr: a chunked "
    "array of the connection list, streamed band by band for row-based algorithms.",
    old_names={"unicode": "text"},
)
@output_option
@click.option("--compress", is_flag=True, help="npz: deflate the arrays (smaller, slower).")
@click.option(
    "--solve", is_flag=True, help="Pictures and text: draw the shortest path start to goal."
)
@click.option(
    "--answer",
    metavar="FILE",
    help="Also write the maze with its path drawn to FILE (.txt, .svg, .png, .pdf or .geojson).",
)
@click.option("--heatmap", is_flag=True, help="Pictures: colour cells by distance from start.")
@click.option(
    "--start",
    type=CELL_OR_ID,
    help="Start cell ROW,COL from 0 (default 0,0); on other grids a cell number.",
)
@click.option(
    "--goal",
    type=CELL_OR_ID,
    help="Goal cell ROW,COL (default: bottom-right); on other grids a cell number.",
)
@click.option(
    "--stats",
    type=NameChoice(["table", "json"]),
    is_flag=False,
    flag_value="table",
    help="Print texture metrics (table or json) instead of the maze, or beside -o FILE.",
)
@click.option(
    "--cell",
    type=Whole(1, 10_000),
    help="Pictures: pixels a cell (default: the picture's long side 800-1000 px, within "
    "--max-side).",
)
@click.option(
    "--wall", type=Whole(0, 10_000), help="Pictures: wall width (default a sixth of the cell)."
)
@click.option("--wall-colour", default="black", show_default=True, help="Pictures.")
@click.option("--background", default="white", show_default=True, help="Pictures.")
@click.option("--path-colour", default="#e4572e", show_default=True, help="Pictures.")
@max_side_option
@paper_option
@click.option("--list", "list_", is_flag=True, help="List the algorithms and exit.")
@click.option("--grids", "grids_", is_flag=True, help="List the grids and their sizes and exit.")
@click.pass_context
def maze(ctx, size, grid, algorithm, seed, braid, fmt, output, stats, list_, grids_, **options):
    """Generate a perfect maze of SIZE cells (WIDTHxHEIGHT, for example 30x15).

    Other grids (--grid): hex and hex-flat (honeycomb) WIDTHxHEIGHT hexagons, hexagon RADIUS (a
    hexagon-shaped board), triangle WIDTHxHEIGHT triangles, polar RINGS around a centre
    cell, upsilon (octagonal, in the puzzle collection's order) WIDTHxHEIGHT octagons with
    squares between, the puzzle collection's kagome, triangular, snub-square, cairo,
    great-hexagonal, kites, floret, dodecagonal, great-dodecagonal,
    great-great-dodecagonal and compass-dodecagonal WIDTHxHEIGHT, spectre WIDTHxHEIGHT tile
    edges of an aperiodic Spectre tiling, hat WIDTHxHEIGHT hat units of a hat tiling (the
    seed chooses the tiling too). The collection's random grids (penrose-p2, penrose-p3,
    hats, spectres) are drawn from the seed, their grid description printed as
    grid description: DESC when writing a file, or built on the patch
    --grid-description DESC names (a Loopy game ID's part before _). They take every
    algorithm not tied to rows and are written as SVG, PNG, PDF, JSON, npz or GeoJSON;
    --mask and --weave work the same way on square grids.

    The default algorithm is the recursive backtracker: long winding corridors, the maze most
    people picture. Row-based algorithms (eller, sidewinder, binary-tree) stream text output
    row by row, so the height is unlimited. A seed drawn at random is printed on stderr and
    recorded in every output that can hold it (.npz, JSON, SVG, PNG, PDF).

    tilewright maze sheet SIZE writes printable sheets: several mazes to a page, then
    their answers (see tilewright maze sheet --help).
    """
    if list_:
        _print_algorithms()
        return
    if grids_:
        from tilewright.cli.maze_grid import echo_grid_list

        echo_grid_list()
        return
    if size is None:
        raise click.UsageError("missing SIZE (for example: tilewright maze 30x15)")
    params = {
        key: options.pop(key)
        for key in ("strategy", "join", "down", "bias")
        if options[key] is not None
    }
    if options["crossings"] is not None:
        options["weave"] = True
    described = options["grid_description"] is not None
    if grid != "square" or options["mask"] is not None or options["weave"] or described:
        from tilewright.cli.maze_grid import run_grid_maze

        run_grid_maze(grid, size, algorithm, seed, params, braid, fmt, output, stats, options)
        return
    if options["largest"]:
        raise TilewrightError("--largest goes with --mask")
    width, height = SIZE.convert(size, ctx.command.params[0], ctx)
    info = ALGORITHMS[algorithm]
    suffixes = _ASCII_SUFFIXES if fmt == "ascii" else _ALL_SUFFIXES
    fmt = output_format(output, fmt, suffixes, "text")
    answer_fmt = answer_format(
        options["answer"], output, options["solve"], SUFFIXES, ANSWER_FORMATS, "svg"
    )
    drawing = options["solve"] or options["heatmap"]
    _check_combinations(fmt, drawing, stats, options, width, height)
    pictured = [kind for kind in (fmt, answer_fmt) if kind in PICTURES]
    style = _style(width, height, pictured, options) if pictured else None
    if stats is None or output is not None:
        refuse_terminal(fmt, output)
    if answer_fmt is not None:
        refuse_terminal(answer_fmt, options["answer"], "--answer")
    for what in ("start", "goal"):
        if options[what] is not None:
            check_cell(width, height, options[what], what)
    if options["openings"]:
        from tilewright.mazes.pictures import opening_sides

        # checked now: a start inside the maze has no outer wall to open
        options["openings"] = opening_sides(width, height, options["start"], options["goal"])
    if fmt in ARRAY_FORMATS:
        _check_array_output(output)
    else:
        check_destination(output)
    check_destination(options["answer"])
    streaming = (
        (fmt in TEXT or fmt in ARRAY_FORMATS)
        and info.kind == "rows"
        and braid is None
        and stats is None
        and answer_fmt is None
        and not options["solve"]
    )
    # every check first: a seed is printed, and kernels compiled, only for work that runs
    if streaming:
        rows = _array_rows(width) if fmt in ARRAY_FORMATS else None
        bands = prepare_bands(width, height, info.name, rows, **params)
    else:
        make = prepare(width, height, info.name, **params)
    seed = announce_seed(seed)
    _announce_compiling(info.name, braid, stats, options)
    if streaming and fmt in ARRAY_FORMATS:
        record = _streamed_info(width, height, info.name, seed, params)
        _write_array(bands(seed), width, height, output, record)
        return
    if streaming:
        _stream_text(bands(seed), width, height, fmt, output)
        return
    result = make(seed)
    if braid is not None:
        result = add_loops(result, braid)
    if fmt in ARRAY_FORMATS:
        _write_array(result.bands(_array_rows(width)), width, height, output, result.info)
    elif stats is None or output is not None:
        _write(result, fmt, output, style, options)
    if answer_fmt is not None:
        solved = {**options, "solve": True, "heatmap": False}
        _write(result, answer_fmt, options["answer"], style, solved)
    if stats is not None:
        from tilewright.cli.maze_stats import print_stats

        print_stats(result, stats, options["start"], options["goal"])


# what ``tilewright maze`` runs: the maze command, or ``tilewright maze sheet``
maze_commands = CommandWithSubcommands(maze, {"sheet": "tilewright.cli.maze_sheet:maze_sheet"})


def _print_algorithms() -> None:
    """Each algorithm in two lines: what it does and costs, and where it comes from."""
    width = max(len(name) for name in ALGORITHMS)
    for name, info in ALGORITHMS.items():
        marker = "*" if name == DEFAULT_ALGORITHM else " "
        click.echo(
            f"{marker}{name:<{width}}  {info.summary}. Memory {info.memory}; {info.texture}."
        )
        click.echo(f" {'':<{width}}  Reference: {info.reference}.")


def _check_combinations(
    fmt: str, drawing: bool, stats: str | None, options: dict, width: int, height: int
) -> None:
    solved_text = fmt == "text" and options["solve"] and not options["heatmap"]
    if (drawing or options["openings"]) and fmt not in (*PICTURES, "geojson") and not solved_text:
        raise TilewrightError(
            "--solve, --heatmap and --openings draw on pictures and GeoJSON (--solve on text "
            "too): use -f svg, png, pdf or geojson"
        )
    if (solved_text or _answer_kind(options) == "text") and width * height > TEXT_CELLS:
        # the drawing with a path is made whole, about 16 bytes a cell
        raise TilewrightError(
            f"a path is drawn in text on mazes of at most {TEXT_CELLS:,} cells: use svg or png"
        )
    ends_used = drawing or stats or options["openings"] or options["answer"]
    if (options["start"] or options["goal"]) and not ends_used:
        raise TilewrightError(
            "--start and --goal go with --solve, --answer, --heatmap, --openings or --stats"
        )
    refuse_paper(options["paper"], fmt, _answer_kind(options))
    for what in ("start", "goal"):
        if isinstance(options[what], int):
            raise TilewrightError(f"--{what} on a square grid is ROW,COL (for example 0,0)")
    if options["compress"] and fmt != "npz":
        raise TilewrightError("--compress goes with npz output")


def _answer_kind(options: dict) -> str | None:
    """The format ``--answer FILE`` names (``answer_format`` checks it)."""
    answer = options["answer"]
    return None if answer is None else output_format(answer, None, SUFFIXES, "svg")


def _style(width: int, height: int, formats: list[str], options: dict):
    """The pictures' style, checked before the maze is made: a picture that cannot be
    drawn is refused at once, not after minutes of generating."""
    from tilewright.mazes.pictures import check_picture, picture_style

    style = picture_style(
        width,
        height,
        cell=options["cell"],
        wall=options["wall"],
        max_side=options["max_side"],
        wall_colour=options["wall_colour"],
        background=options["background"],
        path_colour=options["path_colour"],
    )
    for fmt in formats:
        check_picture(width, height, style, fmt)
    return style


def _announce_compiling(algorithm: str, braid, stats, options: dict) -> None:
    kernels = used_kernels(
        algorithm,
        braid=braid is not None,
        solve=options["solve"] or stats is not None,
        heat=options["heatmap"],
        stats=stats is not None,
    )
    announce_if_cold("the maze kernels", kernels)


def _check_array_output(output: str | None) -> None:
    require_extra("datasets", "Zarr output")
    from tilewright.datasets.zarr_output import check_array_output

    if output in (None, "-"):
        raise click.UsageError("-f zarr writes a folder: give -o MAZE.zarr")
    check_array_output(output)


def _array_rows(width: int) -> int:
    from tilewright.datasets.maze_arrays import chunk_rows

    return chunk_rows(width)


def _streamed_info(width: int, height: int, algorithm: str, seed: int, params: dict) -> dict:
    """What ``Maze.info`` records, for a maze that is never whole in memory."""
    from tilewright.mazes.algorithms import get_algorithm, resolve_params

    return {
        "family": "maze",
        "width": width,
        "height": height,
        "algorithm": algorithm,
        "seed": seed,
        "params": resolve_params(get_algorithm(algorithm), dict(params)),
    }


def _write_array(bands, width: int, height: int, output: str, info: dict) -> None:
    from tilewright.datasets.maze_arrays import write_maze_zarr

    report(write_maze_zarr(bands, width, height, output, info=info, progress=stderr_is_terminal()))


def _stream_text(bands, width: int, height: int, fmt: str, output: str | None) -> None:
    with open_output(output) as stream:
        write_bands(progress(bands, height, "row", _PROGRESS_CELLS / width), width, fmt, stream)


def _write(result, fmt: str, output: str | None, style, options: dict) -> None:
    start, goal = options["start"], options["goal"]
    path = shortest_path(result, start, goal) if options["solve"] else None
    heat = distances(result, start or (0, 0)) if options["heatmap"] else None
    gaps = options["openings"] or None  # the sides opening_sides chose
    write(
        result,
        output,
        fmt,
        style=style,
        solution=path,
        heat=heat,
        compress=options["compress"],
        openings=gaps,
        paper=pdf_paper(options["paper"], fmt),
    )
