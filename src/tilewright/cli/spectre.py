"""``tilewright spectre``: patches of the aperiodic Spectre tiling."""

import math
import sys

import click

from tilewright.cli.options import SEED, Real, format_from_suffix, parse_real
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.output import check_destination, open_output

FORMATS = ("svg", "png", "jsonl", "csv", "geojson")
_SUFFIX_FORMATS = {
    ".svg": "svg",
    ".png": "png",
    ".jsonl": "jsonl",
    ".csv": "csv",
    ".geojson": "geojson",
    ".json": "geojson",
}
# patches with more tiles than this show a progress bar while written (stderr a terminal)
PROGRESS_FROM = 20_000


class RegionType(click.ParamType):
    """``WxH`` in tile edges; fractions allowed (``12.5x8``)."""

    name = "WxH"

    def convert(self, value, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        parts = str(value).lower().split("x")
        if len(parts) != 2:
            self.fail(f"a region looks like 40x30 (tile edges), got {quoted(value)}")
        try:
            width, height = (parse_real(part, "a side", -math.inf, math.inf) for part in parts)
        except ValueError as error:
            self.fail(f"a region looks like 40x30 (tile edges): {error}")
        if not (width > 0 and height > 0):
            self.fail(f"a region needs a positive width and height, got {quoted(value)}")
        return width, height


class PointType(click.ParamType):
    name = "X,Y"

    def convert(self, value, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            if len(parts) != 2:
                raise ValueError("two numbers are needed")
            x, y = (parse_real(part, "X or Y", -float("inf"), float("inf")) for part in parts)
        except ValueError:
            self.fail(f"--origin is X,Y (for example 100,-20), got {quoted(value)}")
        return x, y


@click.command()
@click.argument("region", type=RegionType())
@click.option("-s", "--seed", type=SEED, help="Reproduce a tiling (default: random).")
@click.option(
    "--origin", type=PointType(), default="0,0", help="Lower-left corner X,Y of the region."
)
@click.option(
    "-f", "--format", "fmt", type=click.Choice(FORMATS), help="Default: svg, or the -o suffix."
)
@click.option(
    "--colour",
    type=click.Choice(("type", "orientation", "four")),
    default="type",
    show_default=True,
    help="svg/png: by metatile type, by turn, or a proper four-colouring.",
)
@click.option("--plain", is_flag=True, help="svg: one closed path per tile (laser cutters).")
@click.option(
    "--method",
    type=click.Choice(("line", "bfs")),
    default="line",
    show_default=True,
    help="line: band by band in bounded memory; bfs: breadth first, all in memory.",
)
@click.option(
    "--scale",
    type=Real(0.5, 1000),
    default=10,
    show_default=True,
    help="svg/png: pixels a tile edge.",
)
@click.option("-o", "--output", metavar="FILE", help="Write here, not to stdout.")
def spectre(region, seed, origin, fmt, colour, plain, scale, method, output) -> None:
    """Every tile of a Spectre tiling that meets the REGION WxH (tile edges) at --origin.

    The tiling is fixed by the seed (without --seed, the one drawn is printed on stderr);
    each tile comes with a stable id (its address in the substitution hierarchy), its
    metatile type Γ..Ψ, its index (1: the second Spectre of a Γ) and 14 vertices, y up.
    """
    from tilewright.aperiodic import writers
    from tilewright.aperiodic.patch import TILE_AREA, check_region, chunks, patch_arrays
    from tilewright.aperiodic.stream import stream
    from tilewright.core.seeds import resolve_seed

    width, height = region
    fmt = fmt or format_from_suffix(output, _SUFFIX_FORMATS, "svg")
    if fmt == "png" and output in (None, "-") and sys.stdout.isatty():
        raise TilewrightError("png is binary: give -o FILE.png or redirect standard output")
    width, height, origin = check_region(width, height, origin, whole=method == "bfs")
    box = (origin[0], origin[1], origin[0] + width, origin[1] + height)
    if fmt == "png":
        writers.check_png_size(box, scale)
    check_destination(output)
    if seed is None:
        seed = resolve_seed(None)
        click.echo(f"tilewright: tiling seed {seed}", err=True)
    if method == "bfs":
        tiling, found = patch_arrays(width, height, seed, origin)
        tiles = _progress(chunks(tiling, found), len(found.turns))
    else:
        tiles = _progress(stream(width, height, seed, origin)[1], width * height / TILE_AREA)
    with open_output(output) as sink:
        if fmt == "png":
            sink.write(writers.png(tiles, box, colour, scale))
        elif fmt == "svg":
            sink.writelines(writers.svg(tiles, box, colour, plain, scale))
        else:
            sink.writelines(getattr(writers, fmt)(tiles))


def _progress(parts, total: float):
    """Chunks of tiles, counted on a progress bar for large patches."""
    from tqdm import tqdm

    with tqdm(
        total=round(total),
        unit="tile",
        unit_scale=True,
        leave=False,
        disable=None if total >= PROGRESS_FROM else True,
    ) as bar:
        for part in parts:
            yield part
            bar.update(len(part))
