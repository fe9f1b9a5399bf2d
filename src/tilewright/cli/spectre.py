"""``tilewright spectre``: patches of the aperiodic Spectre tiling."""

import math

import click

from tilewright.cli.options import (
    NameChoice,
    Real,
    announce_seed,
    format_option,
    max_side_option,
    output_format,
    output_option,
    parse_real,
    progress,
    refuse_binary_terminal,
    seed_option,
)
from tilewright.core.numbers import quoted

# the library's names, repeated here so that ``--help`` needs no import of the library;
# a test checks that they agree
FORMATS = ("svg", "png", "pdf", "jsonl", "csv", "geojson")
COLOURINGS = ("type", "orientation", "four")
METHODS = ("line", "bfs")
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
            x, y = (parse_real(part, "X or Y", -math.inf, math.inf) for part in parts)
        except ValueError:
            self.fail(f"--origin is X,Y (for example 100,-20), got {quoted(value)}")
        return x, y


@click.command()
@click.argument("region", type=RegionType())
@seed_option("Reproduce a tiling (default: random, printed as 'seed: N').")
@click.option(
    "--origin", type=PointType(), default="0,0", help="Lower-left corner X,Y of the region."
)
@format_option(FORMATS, "Default: svg, or the -o suffix.")
@click.option(
    "--colour",
    type=NameChoice(COLOURINGS),
    default="type",
    show_default=True,
    help="Pictures: by metatile type, by turn, or a proper four-colouring.",
)
@click.option("--plain", is_flag=True, help="svg/pdf: one closed path per tile (laser cutters).")
@click.option(
    "--method",
    type=NameChoice(METHODS),
    default="line",
    show_default=True,
    help="line: band by band in bounded memory; bfs: breadth first, all in memory.",
)
@click.option(
    "--scale",
    type=Real(0.01, 1000),
    help="Pictures: pixels a tile edge (default: 10, or less to fit --max-side).",
)
@max_side_option
@output_option
def spectre(region, seed, origin, fmt, colour, plain, method, scale, max_side, output) -> None:
    """Every tile of a Spectre tiling that meets the REGION WxH (tile edges) at --origin.

    The tiling is fixed by the seed (without --seed, the one drawn is printed on stderr
    and recorded in the output where it has room: SVG, PNG, PDF, GeoJSON); each tile
    comes with a stable id (its address in the substitution hierarchy), its metatile type
    Γ..Ψ, its index (1: the second Spectre of a Γ) and 14 vertices, y up.
    """
    from tilewright.aperiodic import SUFFIXES, check_region, generate, picture_scale, warm
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination, open_output

    fmt = output_format(output, fmt, SUFFIXES, "svg")
    refuse_binary_terminal(fmt, output, ("png", "pdf"))
    width, height = region
    width, height, origin = check_region(width, height, origin, whole=method == "bfs")
    if fmt in ("svg", "png", "pdf"):
        scale = picture_scale(width, height, scale, max_side)
    check_destination(output)
    patch = generate(width, height, announce_seed(seed), origin, method)
    announce_if_cold("the Spectre kernels", warm.kernel_modules(method, fmt), warm.COLD_SECONDS)
    with open_output(output) as sink:
        patch.write(
            sink,
            fmt,
            colour,
            plain,
            scale,
            max_side,
            lambda parts: progress(parts, patch.approximate_count, "tile", PROGRESS_FROM),
        )
