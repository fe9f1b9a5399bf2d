"""``tilewright maze``: generate a maze and write it as text, .npz, JSON, SVG or PNG."""

import sys

import click
from tqdm import tqdm

from tilewright.cli.maze_stats import print_stats
from tilewright.cli.options import CELL, PROBABILITY, SEED, SIZE, Whole, format_from_suffix
from tilewright.core.errors import TilewrightError
from tilewright.core.output import check_destination, open_output
from tilewright.core.seeds import resolve_seed
from tilewright.mazes.algorithms import ALGORITHMS, DEFAULT_ALGORITHM, ROWS, get_algorithm

TEXT = ("unicode", "ascii")
PICTURES = ("svg", "png")
FORMATS = (*TEXT, "npz", "json", *PICTURES)
_SUFFIX_FORMATS = {".npz": "npz", ".json": "json", ".svg": "svg", ".png": "png"}
# Streams larger than this many cells show a progress bar (when stderr is a terminal).
_PROGRESS_CELLS = 5_000_000


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("size", type=SIZE, required=False)
@click.option(
    "-a",
    "--algorithm",
    default=DEFAULT_ALGORITHM,
    show_default=True,
    metavar="NAME",
    help="Generation algorithm; --list shows them all.",
)
@click.option("-s", "--seed", type=SEED, help="Seed for a reproducible maze (default: random).")
@click.option("--strategy", help="growing-tree: newest, random, oldest, middle or a mix.")
@click.option(
    "--join", type=PROBABILITY, help="eller: probability of joining east-west neighbours."
)
@click.option("--down", type=PROBABILITY, help="eller: probability of extra passages down.")
@click.option("--bias", type=PROBABILITY, help="binary-tree, sidewinder: probability of north.")
@click.option("--braid", type=PROBABILITY, help="Remove this share (0-1) of dead ends: adds loops.")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format (default: unicode, or npz/json/svg/png from the -o suffix).",
)
@click.option("-o", "--output", metavar="FILE", help="Write here instead of standard output.")
@click.option("--solve", is_flag=True, help="svg, png: draw the shortest path start to goal.")
@click.option("--heatmap", is_flag=True, help="svg, png: colour cells by distance from start.")
@click.option("--start", type=CELL, help="Start cell ROW,COL from 0 (default 0,0).")
@click.option("--goal", type=CELL, help="Goal cell ROW,COL (default: bottom-right).")
@click.option(
    "--stats",
    type=click.Choice(["table", "json"]),
    is_flag=False,
    flag_value="table",
    help="Print texture metrics (table or json) instead of the maze, or beside -o FILE.",
)
@click.option(
    "--cell", type=Whole(1, 10_000), default=12, show_default=True, help="svg, png: cell size."
)
@click.option(
    "--wall", type=Whole(0, 10_000), default=2, show_default=True, help="svg, png: wall width."
)
@click.option("--wall-colour", default="black", show_default=True, help="svg, png.")
@click.option("--background", default="white", show_default=True, help="svg, png.")
@click.option("--path-colour", default="#e4572e", show_default=True, help="svg, png.")
@click.option("--list", "list_", is_flag=True, help="List the algorithms and exit.")
def maze(size, algorithm, seed, braid, fmt, output, stats, list_, **options) -> None:
    """Generate a perfect maze of SIZE cells (WIDTHxHEIGHT, for example 30x15).

    The default algorithm is the recursive backtracker: long winding corridors, the maze most
    people picture. Row-based algorithms (eller, sidewinder, binary-tree) stream text output
    row by row, so the height is unlimited. The seed used is recorded in JSON and .npz output.
    """
    if list_:
        _print_algorithms()
        return
    if size is None:
        raise click.UsageError("missing SIZE (for example: tilewright maze 30x15)")
    width, height = size
    info = get_algorithm(algorithm)
    params = {
        key: options.pop(key)
        for key in ("strategy", "join", "down", "bias")
        if options[key] is not None
    }
    fmt = fmt or format_from_suffix(output, _SUFFIX_FORMATS, "unicode")
    if (options["solve"] or options["heatmap"]) and fmt not in PICTURES:
        raise TilewrightError("--solve and --heatmap draw on pictures: use -f svg or -f png")
    if (options["start"] or options["goal"]) and not (
        options["solve"] or options["heatmap"] or stats
    ):
        raise TilewrightError("--start and --goal go with --solve, --heatmap or --stats")
    style = _style(options)
    if fmt in PICTURES:
        from tilewright.mazes.pictures import check_picture

        check_picture(width, height, style, fmt)  # before the maze is made
    check_destination(output)
    seed = resolve_seed(seed)
    if fmt in TEXT and info.kind == ROWS and braid is None and stats is None:
        _stream_text(width, height, info.name, seed, params, fmt, output)
        return
    from tilewright.mazes import generate
    from tilewright.mazes.braid import braid as add_loops
    from tilewright.mazes.solve import endpoints

    result = generate(width, height, info.name, seed, **params)
    if braid is not None:
        result = add_loops(result, braid)
    endpoints(result, options["start"], options["goal"])  # refuse cells outside, up front
    if stats is None or output is not None:
        _write(result, fmt, output, style, options)
    if stats is not None:
        print_stats(result, stats, options["start"], options["goal"])


def _print_algorithms() -> None:
    width = max(len(name) for name in ALGORITHMS)
    for name, info in ALGORITHMS.items():
        marker = "*" if name == DEFAULT_ALGORITHM else " "
        click.echo(
            f"{marker}{name:<{width}}  {info.summary}. Memory {info.memory}; {info.texture}."
        )


def _style(options: dict):
    from tilewright.mazes.pictures import Style

    return Style(
        cell=options["cell"],
        wall=options["wall"],
        wall_colour=options["wall_colour"],
        background=options["background"],
        path_colour=options["path_colour"],
    )


def _stream_text(width, height, algorithm, seed, params, style, output) -> None:
    from tilewright.mazes import stream_bands
    from tilewright.mazes.text import render

    bands = stream_bands(width, height, algorithm, seed, **params)
    if width * height > _PROGRESS_CELLS:
        bands = _with_progress(bands, height)
    with open_output(output) as stream:
        for chunk in render(bands, width, style):
            stream.write(chunk)


def _with_progress(bands, height):
    with tqdm(total=height, unit="row", unit_scale=True, disable=None, leave=False) as bar:
        for band in bands:
            yield band
            bar.update(band.rows)


def _write(result, fmt: str, output: str | None, style, options: dict) -> None:
    from tilewright.mazes import io
    from tilewright.mazes.text import render

    if fmt in ("npz", "png") and output in (None, "-") and sys.stdout.isatty():
        raise TilewrightError(f"{fmt} is binary: give -o FILE.{fmt} or redirect standard output")
    chunks = _picture(result, fmt, style, options) if fmt in PICTURES else None
    with open_output(output) as stream:
        if fmt == "npz":
            io.write_npz(result, stream)
        elif fmt == "json":
            stream.writelines(io.json_chunks(result))
        elif fmt in PICTURES:
            stream.write(chunks)
        else:
            stream.writelines(render(result.bands(), result.width, fmt))


def _picture(result, fmt: str, style, options: dict) -> bytes:
    """The picture, made before the output file is opened so a failure leaves no file."""
    from tilewright.mazes.pictures import png_bytes, svg_text
    from tilewright.mazes.solve import distances, shortest_path

    start, goal = options["start"], options["goal"]
    path = shortest_path(result, start, goal) if options["solve"] else None
    heat = distances(result, start or (0, 0)) if options["heatmap"] else None
    if fmt == "png":
        return png_bytes(result, style, path=path, heat=heat)
    return svg_text(result, style, path=path, heat=heat).encode()
