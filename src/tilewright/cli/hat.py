"""``tilewright hat``: patches of the aperiodic hat tiling."""

import math

import click

from tilewright.cli import aperiodic
from tilewright.cli.options import announce_seed, parse_real
from tilewright.core.numbers import quoted

# the library's names, repeated so that ``--help`` imports nothing; a test checks they agree
COLOURINGS = ("type", "orientation", "four", "reflected")
SHAPE_SHORTEST, SHAPE_LONGEST = 0.1, 1000.0  # hat.shapes': Tile(a, b)'s sides
# shapes people know by name (Smith, Myers, Kaplan and Goodman-Strauss 2023, figure 6.1)
NAMED_SHAPES = {
    "chevron": (0.0, 1.0),
    "hat": (1.0, math.sqrt(3)),
    "spectre": (1.0, 1.0),
    "turtle": (math.sqrt(3), 1.0),
    "comet": (1.0, 0.0),
}


class ShapeType(click.ParamType):
    """``a,b`` (two side lengths) or a name: chevron, hat, spectre, turtle, comet."""

    name = "A,B"

    def convert(self, value, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        text = str(value).strip().lower()
        if text in NAMED_SHAPES:
            return NAMED_SHAPES[text]
        parts = text.split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            a, b = (parse_real(part, "a side", 0, SHAPE_LONGEST) for part in parts)
        except ValueError:
            self.fail(
                f"--shape is a,b (two side lengths, such as 1,1.732) or one of "
                f"{', '.join(NAMED_SHAPES)}, got {quoted(value)}"
            )
        if max(a, b) < SHAPE_SHORTEST:
            self.fail(f"--shape needs a side longer than 0, at least {SHAPE_SHORTEST:g}")
        return a, b


@aperiodic.tiling_command(
    "seed origin format colour plain cut method shape cell max_side paper output neighbours "
    "threads bands workers scheduler",
    COLOURINGS,
    {
        "colour": "Pictures: by metatile H/T/P/F, by turn, a proper four-colouring, or all alike.",
        "plain": "svg/pdf: one closed path per hat.",
        "method": "row by row",
        "cell": "Pictures: pixels a hat unit (default: the picture's long side 800-1000 px, "
        "within --max-side).",
        "bands": "parquet: bands (parts) of whole rows of hexagons (default: about 262k hats "
        "each).",
        "neighbours": "csv/jsonl/parquet: each row ends with the ids of the hats across its 14 "
        "edges.",
        "threads": "csv/jsonl: walk bands of the region on N threads at once (the same bytes).",
    },
    {
        "shape": click.option(
            "--shape",
            type=ShapeType(),
            help="Pictures: draw the tiling with Tile(a,b): a,b or chevron, hat, spectre, "
            "turtle, comet.",
        ),
    },
)
def hat(
    region, seed, origin, fmt, colour, plain, cut, method, shape, cell, max_side, paper, output,
    neighbours, threads, bands, workers, scheduler,
) -> None:  # fmt: skip
    """Every hat of a hat tiling that meets the REGION WxH at --origin.

    Units are the hat's short side (a hat has area 8√3 ≈ 13.9). The tiling is fixed by
    the seed; each hat comes with a stable id (its kite 0's place on the kite grid), its
    metatile H, T, P or F, its index there (hat 3 of an H is reflected: about one hat in
    7.85), its turn and 14 vertices, y up.

    --shape draws the same tiling with another tile of the hat's family, Tile(a,b): the
    hats keep their neighbours and move, so the picture shows the whole redrawn patch.

    --neighbours ends each csv or jsonl row with the ids of the hats across its edges 0-13
    (edge k runs from vertex k to vertex k+1): the tiling's adjacency as data.

    --threads N makes -f csv and -f jsonl on N threads of this process: bands of hexagon
    rows are walked side by side and their rows written in order, the same bytes.

    --method bfs finds the hats breadth first from the region's first hat, crossing each
    hat's edges, and holds the whole patch: the hats of the line walk, in another order.

    -f parquet cuts the region into bands of hexagon rows, one part each, made here, on
    --workers processes or on a Dask cluster (--scheduler); every hat is written once, the
    hats of -f csv in its order, part after part.

    --cut (and -f dxf) draws the tiling for a laser: each edge once, cut at the region's
    sides, joined into long polylines, with the region's rectangle last.
    """
    from tilewright.aperiodic import warm
    from tilewright.aperiodic.hat.tiling import check_hat_region, generate_hats
    from tilewright.aperiodic.tiling_patch import SUFFIXES
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination

    fmt = aperiodic.command_format(output, fmt, SUFFIXES)
    if threads is not None and fmt not in aperiodic.TEXT_FORMATS:
        raise click.UsageError(f"--threads is for -f csv and -f jsonl only, not -f {fmt}")
    if threads is not None and method != "line":
        raise click.UsageError("--threads walks bands by the line method: drop --method")
    if fmt == "parquet":
        aperiodic.refuse_dataset_method(method)
        _write_dataset(region, seed, origin, output, bands, workers, scheduler, neighbours)
        return
    aperiodic.refuse_dataset_options(fmt, bands, workers, scheduler)
    cut = cut or fmt == "dxf"
    if cut:
        aperiodic.refuse_with_cut(fmt, plain)  # as the Spectre's: svg, pdf or dxf, unfilled
        if shape is not None:
            raise click.UsageError("--cut cuts the hats themselves: drop --shape")
    if shape is not None and fmt not in ("svg", "png", "pdf"):
        raise click.UsageError(f"--shape draws svg, png or pdf, not -f {fmt}")
    if neighbours and fmt not in ("csv", "jsonl"):
        raise click.UsageError(f"--neighbours is for -f csv, jsonl and parquet, not -f {fmt}")
    if plain and fmt not in ("svg", "pdf"):
        raise click.UsageError(f"--plain draws svg or pdf, not -f {fmt}")
    aperiodic.refuse_misplaced(fmt, output, paper, cut)
    width, height = region
    width, height, origin = check_hat_region(width, height, origin)
    if method == "bfs":  # its kernels imported only for it
        from tilewright.aperiodic.hat.bfs import check_memory

        check_memory((*origin, origin[0] + width, origin[1] + height), neighbours)
    if fmt in ("svg", "png", "pdf"):
        from tilewright.aperiodic.writers import picture_scale

        picture_scale(width, height, cell, max_side)  # refused now; the writer sizes it
    check_destination(output)
    patch = generate_hats(width, height, announce_seed(seed), origin, method)
    # compiled beside the walk
    aside = warm.HAT_TEXT_ASIDE if fmt in aperiodic.TEXT_FORMATS else None
    kernels = warm.hat_kernels(method, fmt)
    if cut:  # and core's joining of the edges
        from tilewright.aperiodic.hat.laser import KERNEL_MODULES as CUT_KERNEL_MODULES

        kernels += CUT_KERNEL_MODULES
    announce_if_cold("the hat kernels", kernels, aside)
    aperiodic.write_patch(patch, fmt, cut, "hat")


def _write_dataset(region, seed, origin, output, bands, workers, scheduler, neighbours) -> None:
    """``-f parquet``: the region's bands of hexagon rows as the parts of a dataset."""

    def shards():
        from tilewright.datasets.hat_shards import HAT_SHARDS

        return HAT_SHARDS

    # by the line walk: the command refused any other method before the datasets extra
    aperiodic.write_dataset(
        shards, region, seed, origin, "line", output, bands, workers, scheduler, neighbours
    )
