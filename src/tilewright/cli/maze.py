"""``tilewright maze``: generate a perfect maze and write it as text, .npz or JSON."""

import click
from tqdm import tqdm

from tilewright.cli.options import SIZE
from tilewright.core.errors import TilewrightError
from tilewright.core.output import check_destination, open_output
from tilewright.core.seeds import resolve_seed
from tilewright.mazes.algorithms import ALGORITHMS, DEFAULT_ALGORITHM, ROWS, get_algorithm

FORMATS = ("unicode", "ascii", "npz", "json")
_SUFFIX_FORMATS = {".npz": "npz", ".json": "json"}
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
@click.option("-s", "--seed", type=int, help="Seed for a reproducible maze (default: random).")
@click.option("--strategy", help="growing-tree: newest, random, oldest, middle or a mix.")
@click.option("--join", type=float, help="eller: probability of joining east-west neighbours.")
@click.option("--down", type=float, help="eller: probability of extra passages down.")
@click.option("--bias", type=float, help="binary-tree, sidewinder: probability of north.")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="Output format (default: unicode, or npz/json from the -o suffix).",
)
@click.option("-o", "--output", metavar="FILE", help="Write here instead of standard output.")
@click.option("--list", "list_", is_flag=True, help="List the algorithms and exit.")
def maze(size, algorithm, seed, strategy, join, down, bias, fmt, output, list_) -> None:
    """Generate a perfect maze of SIZE cells (WIDTHxHEIGHT, for example 30x15).

    The default algorithm is the recursive backtracker: long winding corridors, the maze most
    people picture. Row-based algorithms (eller, sidewinder, binary-tree) stream text output
    row by row, so the height is unlimited. The seed used is printed in JSON and .npz output.
    """
    if list_:
        _print_algorithms()
        return
    if size is None:
        raise click.UsageError("missing SIZE (for example: tilewright maze 30x15)")
    width, height = size
    info = get_algorithm(algorithm)
    params = {
        key: value
        for key, value in (("strategy", strategy), ("join", join), ("down", down), ("bias", bias))
        if value is not None
    }
    fmt = fmt or _format_from_suffix(output)
    check_destination(output)
    seed = resolve_seed(seed)
    if fmt in ("ascii", "unicode") and info.kind == ROWS:
        _stream_text(width, height, info.name, seed, params, fmt, output)
        return
    from tilewright.mazes import generate

    result = generate(width, height, info.name, seed, **params)
    _write(result, fmt, output)


def _print_algorithms() -> None:
    width = max(len(name) for name in ALGORITHMS)
    for name, info in ALGORITHMS.items():
        marker = "*" if name == DEFAULT_ALGORITHM else " "
        click.echo(
            f"{marker}{name:<{width}}  {info.summary}. Memory {info.memory}; {info.texture}."
        )


def _format_from_suffix(output: str | None) -> str:
    if output:
        for suffix, fmt in _SUFFIX_FORMATS.items():
            if output.lower().endswith(suffix):
                return fmt
    return "unicode"


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


def _write(result, fmt: str, output: str | None) -> None:
    from tilewright.mazes import io
    from tilewright.mazes.text import render

    if fmt == "npz" and output in (None, "-") and click.get_binary_stream("stdout").isatty():
        raise TilewrightError("npz is binary: give -o FILE.npz or redirect standard output")
    with open_output(output) as stream:
        if fmt == "npz":
            io.write_npz(result, stream)
            return
        chunks = (
            io.json_chunks(result) if fmt == "json" else render(result.bands(), result.width, fmt)
        )
        for chunk in chunks:
            stream.write(chunk)
