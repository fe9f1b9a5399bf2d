"""``tilewright hat``: patches of the aperiodic hat tiling."""

import math

import click

from tilewright.cli.options import (
    NameChoice,
    Real,
    Renamed,
    RenamingCommand,
    Whole,
    announce_seed,
    format_option,
    max_side_option,
    output_format,
    output_option,
    paper_option,
    parse_real,
    pdf_paper,
    progress,
    refuse_paper,
    refuse_terminal,
    report,
    seed_option,
    stderr_is_terminal,
)
from tilewright.cli.spectre import (
    MAX_THREADS,
    TEXT_FORMATS,
    PointType,
    RegionType,
    _refuse_with_cut,
    method_option,
    refuse_bad_dataset,
    refuse_dataset_method,
    refuse_dataset_options,
)
from tilewright.core.extras import require_extra
from tilewright.core.numbers import quoted

# the library's names, repeated so that ``--help`` imports nothing; a test checks they agree
FORMATS = ("svg", "png", "pdf", "jsonl", "csv", "geojson")
COLOURINGS = ("type", "orientation", "four", "reflected")
SHAPE_SHORTEST, SHAPE_LONGEST = 0.1, 1000.0  # hat_shapes': Tile(a, b)'s sides
# shapes people know by name (Smith, Myers, Kaplan and Goodman-Strauss 2023, figure 6.1)
NAMED_SHAPES = {
    "chevron": (0.0, 1.0),
    "hat": (1.0, math.sqrt(3)),
    "spectre": (1.0, 1.0),
    "turtle": (math.sqrt(3), 1.0),
    "comet": (1.0, 0.0),
}
PROGRESS_FROM = 20_000


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


@click.command(cls=RenamingCommand, renamed={"--scale": Renamed(("--cell",))})
@click.argument("region", type=RegionType())
@seed_option("Reproduce a tiling (default: random, printed as 'seed: N').")
@click.option(
    "--origin", type=PointType(), default="0,0", help="Lower-left corner X,Y of the region."
)
@format_option(
    (*FORMATS, "dxf", "parquet"),
    "Default: svg, or the -o suffix. dxf: the --cut outline. parquet: -o a folder of parts "
    "or FILE.parquet.",
)
@click.option(
    "--colour",
    type=NameChoice(COLOURINGS),
    default="type",
    show_default=True,
    help="Pictures: by metatile H/T/P/F, by turn, a proper four-colouring, or all alike.",
)
@click.option("--plain", is_flag=True, help="svg/pdf: one closed path per hat.")
@click.option(
    "--cut",
    is_flag=True,
    help="svg/pdf/dxf: every edge once, cut at the region, unfilled hairlines (laser cutters).",
)
@method_option("row by row")
@click.option(
    "--shape",
    type=ShapeType(),
    help="Pictures: draw the tiling with Tile(a,b): a,b or chevron, hat, spectre, turtle, comet.",
)
@click.option(
    "--cell",
    type=Real(0.01, 1000),
    help="Pictures: pixels a hat unit (default: the picture's long side 800-1000 px, "
    "within --max-side).",
)
@max_side_option
@paper_option
@output_option
@click.option(
    "--neighbours",
    is_flag=True,
    help="csv/jsonl/parquet: each row ends with the ids of the hats across its 14 edges.",
)
@click.option(
    "--threads",
    type=Whole(1, MAX_THREADS),
    help="csv/jsonl: walk bands of the region on N threads at once (the same bytes).",
)
@click.option(
    "--bands",
    type=Whole(1, 2**31 - 1),
    help="parquet: bands (parts) of whole rows of hexagons (default: about 262k hats each).",
)
@click.option(
    "--workers", type=Whole(1, 1024), help="parquet: make bands on a local Dask cluster of N."
)
@click.option(
    "--scheduler", metavar="ADDRESS", help="parquet: make bands on the Dask cluster at ADDRESS."
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
    from tilewright.aperiodic.hat import SUFFIXES, check_hat_region, generate_hats
    from tilewright.aperiodic.hat_shapes import HAT_SHAPE
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination, open_output

    fmt = output_format(output, fmt, {**SUFFIXES, ".dxf": "dxf", ".parquet": "parquet"}, "svg")
    if threads is not None and fmt not in TEXT_FORMATS:
        raise click.UsageError(f"--threads is for -f csv and -f jsonl only, not -f {fmt}")
    if threads is not None and method != "line":
        raise click.UsageError("--threads walks bands by the line method: drop --method")
    if fmt == "parquet":
        refuse_dataset_method(method)
        _write_dataset(region, seed, origin, output, bands, workers, scheduler, neighbours)
        return
    refuse_dataset_options(fmt, bands, workers, scheduler)
    cut = cut or fmt == "dxf"
    if cut:
        _refuse_with_cut(fmt, plain)  # as the Spectre's: svg, pdf or dxf, unfilled, not plain
        if shape is not None:
            raise click.UsageError("--cut cuts the hats themselves: drop --shape")
    if shape is not None and fmt not in ("svg", "png", "pdf"):
        raise click.UsageError(f"--shape draws svg, png or pdf, not -f {fmt}")
    if neighbours and fmt not in ("csv", "jsonl"):
        raise click.UsageError(f"--neighbours is for -f csv, jsonl and parquet, not -f {fmt}")
    if plain and fmt not in ("svg", "pdf"):
        raise click.UsageError(f"--plain draws svg or pdf, not -f {fmt}")
    refuse_terminal(fmt, output)
    refuse_paper(paper, None if cut else fmt)  # a cut keeps its true size
    width, height = region
    width, height, origin = check_hat_region(width, height, origin)
    if method == "bfs":  # its kernels imported only for it
        from tilewright.aperiodic.hat_bfs import check_memory

        check_memory((*origin, origin[0] + width, origin[1] + height), neighbours)
    if fmt in ("svg", "png", "pdf"):
        from tilewright.aperiodic.writers import picture_scale

        picture_scale(width, height, cell, max_side)  # refused now; the writer sizes it
    check_destination(output)
    patch = generate_hats(width, height, announce_seed(seed), origin, method)
    aside = warm.HAT_TEXT_ASIDE if fmt in TEXT_FORMATS else None  # compiled beside the walk
    announce_if_cold("the hat kernels", warm.hat_kernels(method, fmt), aside)
    with open_output(output) as sink:
        if cut:
            from tilewright.aperiodic.cut import write_cut

            write_cut(patch, sink, fmt, cell, max_side, _progress_of(patch))
        elif fmt in ("svg", "png", "pdf"):
            patch.write(
                sink,
                fmt,
                colour,
                plain,
                cell,
                max_side,
                shape or HAT_SHAPE,
                paper=pdf_paper(paper, fmt),
            )
        else:
            patch.write(
                sink,
                fmt,
                neighbours=neighbours,
                threads=threads or 1,
                progress=_progress_of(patch),
            )


def _write_dataset(region, seed, origin, output, bands, workers, scheduler, neighbours) -> None:
    """``-f parquet``: the region's bands of hexagon rows as the parts of a dataset."""
    require_extra("datasets", "Parquet output")
    from tilewright.aperiodic.hat import check_hat_region
    from tilewright.datasets.hat_shards import hat_bands, write_hat_shards
    from tilewright.datasets.part_files import check_output

    refuse_bad_dataset(output, workers, scheduler)
    width, height = region
    width, height, origin = check_hat_region(width, height, origin)
    check_output(output)
    hat_bands(width, height, 0, origin, bands)  # a bad --bands refused before a seed is drawn
    summary = write_hat_shards(
        width,
        height,
        output,
        seed=announce_seed(seed),
        origin=origin,
        bands=bands,
        workers=workers,
        scheduler=scheduler,
        progress=stderr_is_terminal(),
        neighbours=neighbours,
    )
    report(summary)


def _progress_of(patch):
    """A progress bar over the patch's parts, shown for a large patch (stderr a terminal)."""
    return lambda parts: progress(parts, patch.approximate_count, "hat", PROGRESS_FROM)
