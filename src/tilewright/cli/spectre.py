"""``tilewright spectre``: patches of the aperiodic Spectre tiling."""

import math

import click
from click.core import ParameterSource

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
from tilewright.core.extras import require_extra
from tilewright.core.numbers import quoted

# the library's names, repeated here so that ``--help`` needs no import of the library;
# a test checks that they agree
FORMATS = ("svg", "png", "pdf", "jsonl", "csv", "geojson")
# what --cut writes (the library's CUT_FORMATS); dxf is written as a cut only, so implies it
CUT_FORMATS = ("svg", "pdf", "dxf")
# written by the datasets package, band by band, to a folder of parts or one FILE.parquet
DATASET_FORMATS = ("parquet",)
COLOURINGS = ("type", "orientation", "four")
METHODS = ("line", "bfs")
# what --threads makes (the library's writers.TEXT_FORMATS), and on at most how many
# threads (threaded.MAX_THREADS)
TEXT_FORMATS = ("csv", "jsonl")
MAX_THREADS = 256
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


def method_option(line: str):
    """``--method line|bfs``, as the Spectre's and the hat's commands take it; ``line``
    says how the line method goes through the region."""
    return click.option(
        "--method",
        type=NameChoice(METHODS),
        default="line",
        show_default=True,
        help=f"line: {line} in bounded memory; bfs: breadth first, all in memory.",
    )


@click.command(cls=RenamingCommand, renamed={"--scale": Renamed(("--cell",))})
@click.argument("region", type=RegionType())
@seed_option("Reproduce a tiling (default: random, printed as 'seed: N').")
@click.option(
    "--origin", type=PointType(), default="0,0", help="Lower-left corner X,Y of the region."
)
@format_option(
    (*FORMATS, "dxf", *DATASET_FORMATS),
    "Default: svg, or the -o suffix. dxf: the --cut outline. parquet: -o a folder of parts "
    "or FILE.parquet.",
)
@click.option(
    "--colour",
    type=NameChoice(COLOURINGS),
    default="type",
    show_default=True,
    help="Pictures: by metatile type, by turn, or a proper four-colouring.",
)
@click.option("--plain", is_flag=True, help="svg/pdf: one closed path per tile (laser cutters).")
@click.option(
    "--curved",
    is_flag=True,
    help="svg/pdf/png: the strictly chiral Spectre, each edge one S-curve.",
)
@click.option(
    "--cut",
    is_flag=True,
    help="svg/pdf/dxf: every edge once, cut at the region, unfilled hairlines (laser cutters).",
)
@method_option("band by band")
@click.option(
    "--cell",
    type=Real(0.01, 1000),
    help="Pictures: pixels a tile edge (default: the picture's long side 800-1000 px, "
    "within --max-side).",
)
@max_side_option
@paper_option
@output_option
@click.option(
    "--bands",
    type=Whole(1, 2**31 - 1),
    help="parquet: bands (parts) of whole 256-edge block rows (default: about 262k tiles each).",
)
@click.option(
    "--workers", type=Whole(1, 1024), help="parquet: make bands on a local Dask cluster of N."
)
@click.option(
    "--neighbours",
    is_flag=True,
    help="csv/jsonl/parquet: each row ends with the ids of the tiles across its 14 edges.",
)
@click.option(
    "--threads",
    type=Whole(1, MAX_THREADS),
    help="csv/jsonl: make the tiles and rows on N threads at once (the same bytes).",
)
@click.option(
    "--scheduler", metavar="ADDRESS", help="parquet: make bands on the Dask cluster at ADDRESS."
)
def spectre(
    region, seed, origin, fmt, colour, plain, curved, cut, method, cell, max_side, paper, output,
    bands, workers, neighbours, threads, scheduler,
) -> None:  # fmt: skip
    """Every tile of a Spectre tiling that meets the REGION WxH (tile edges) at --origin.

    The tiling is fixed by the seed (without --seed, the one drawn is printed on stderr
    and recorded in the output where it has room: SVG, PNG, PDF, GeoJSON, Parquet); each
    tile comes with a stable id (its address in the substitution hierarchy), its metatile
    type Γ..Ψ, its index (1: the second Spectre of a Γ) and 14 vertices, y up.

    --cut (and -f dxf) draws the tiling for a laser: each edge once, cut at the region's
    sides, joined into long polylines, with the region's rectangle last. --curved draws
    each edge as one S-curve: the Spectre that no mirror image of itself can tile with.

    -f parquet cuts the region into bands, one part each, made here, on --workers
    processes or on a Dask cluster (--scheduler); every tile is written once, and the
    parts in order hold the tiles of -f csv in its order. Rerunning the same command keeps
    the parts already made.

    --threads N makes -f csv and -f jsonl on N threads of this process (line method):
    blocks of the region are searched side by side and their rows written in order.
    --neighbours ends each csv, jsonl or parquet row with the ids of the tiles across its
    edges 0-13 (edge k runs from vertex k to vertex k+1): the tiling's adjacency as data.
    """
    from tilewright.aperiodic import SUFFIXES, check_region, generate, picture_scale, warm
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination, open_output

    suffixes = {**SUFFIXES, ".dxf": "dxf", ".parquet": "parquet"}
    fmt = output_format(output, fmt, suffixes, "svg")
    cut = cut or fmt == "dxf"
    if cut:
        _refuse_with_cut(fmt, plain)
    if curved and fmt not in ("svg", "pdf", "png", "dxf"):
        raise click.UsageError(f"--curved draws svg, pdf, png or (with --cut) dxf, not -f {fmt}")
    if neighbours and fmt not in (*TEXT_FORMATS, *DATASET_FORMATS):
        raise click.UsageError(f"--neighbours is for -f csv, -f jsonl and -f parquet, not -f {fmt}")
    if threads is not None and (fmt not in TEXT_FORMATS or method != "line"):
        raise click.UsageError("--threads is for -f csv and -f jsonl by the line method only")
    if fmt in DATASET_FORMATS:
        _write_dataset(region, seed, origin, method, output, bands, workers, scheduler, neighbours)
        return
    refuse_dataset_options(fmt, bands, workers, scheduler)
    refuse_terminal(fmt, output)
    refuse_paper(paper, None if cut else fmt)  # a cut keeps its true size
    width, height = region
    width, height, origin = check_region(width, height, origin, whole=method == "bfs")
    if fmt in ("svg", "png", "pdf"):
        picture_scale(width, height, cell, max_side)  # refused now; the writer sizes it
    check_destination(output)
    patch = generate(width, height, announce_seed(seed), origin, method)
    kernels = warm.kernel_modules(method, fmt, neighbours)
    if cut:  # imported only for a cut: the laser's module loads the hat's too
        from tilewright.aperiodic.cut import KERNEL_MODULES as CUT_KERNEL_MODULES
        from tilewright.aperiodic.cut import write_cut

        kernels += CUT_KERNEL_MODULES
    aside = warm.SPECTRE_TEXT_ASIDE if fmt in TEXT_FORMATS else None  # beside the search
    announce_if_cold("the Spectre kernels", kernels, aside)
    if cut:
        with open_output(output) as sink:
            write_cut(
                patch,
                sink,
                fmt,
                cell,
                max_side,
                lambda parts: progress(parts, patch.approximate_count, "tile", PROGRESS_FROM),
                curved=curved,
            )
        return
    with open_output(output) as sink:
        patch.write(
            sink,
            fmt,
            colour,
            plain,
            cell,
            max_side,
            lambda parts: progress(parts, patch.approximate_count, "tile", PROGRESS_FROM),
            threads=threads or 1,
            neighbours=neighbours,
            curved=curved,
            paper=pdf_paper(paper, fmt),
        )


def refuse_dataset_method(method: str) -> None:
    """A usage error for ``-f parquet`` by a method other than the line walk's bands."""
    if method != "line":
        raise click.UsageError("-f parquet is made band by band by the line walk: drop --method")


def refuse_dataset_options(fmt: str, bands, workers, scheduler) -> None:
    """A usage error for the options of ``-f parquet`` given with another format."""
    for name, value in (("--workers", workers), ("--scheduler", scheduler), ("--bands", bands)):
        if value is not None:
            raise click.UsageError(f"{name} is for -f parquet only, not -f {fmt}")


def refuse_bad_dataset(output: str | None, workers, scheduler) -> None:
    """A usage error for ``-f parquet`` with nowhere to write, or two clusters asked for."""
    if output in (None, "-"):
        raise click.UsageError("-f parquet writes a folder or a FILE.parquet: give -o")
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers or --scheduler, not both")


def _refuse_with_cut(fmt: str, plain: bool) -> None:
    """A usage error for what a cut outline cannot be: another format, filled or plain."""
    if fmt not in CUT_FORMATS:
        raise click.UsageError(f"--cut (and dxf) writes svg, pdf or dxf, not -f {fmt}")
    context = click.get_current_context()
    if context.get_parameter_source("colour") is not ParameterSource.DEFAULT:
        raise click.UsageError("--cut (and dxf) draws unfilled outlines: drop --colour")
    if plain:
        raise click.UsageError("--cut and --plain are two drawings for lasers: give one")
    if fmt == "dxf":
        require_extra("laser", "DXF output")  # refused before the tiling is made


def _write_dataset(
    region, seed, origin, method, output, bands, workers, scheduler, neighbours
) -> None:
    """``-f parquet``: the region's bands as the parts of a dataset."""
    require_extra("datasets", "Parquet output")
    from tilewright.aperiodic import check_region, warm
    from tilewright.core.compilation import announce_if_cold
    from tilewright.datasets.part_files import check_output
    from tilewright.datasets.tile_shards import spectre_bands, write_spectre_shards

    refuse_bad_dataset(output, workers, scheduler)
    refuse_dataset_method(method)
    width, height = region
    width, height, origin = check_region(width, height, origin, whole=False)
    check_output(output)
    spectre_bands(width, height, 0, origin, bands)  # a bad --bands refused before a seed is drawn
    seed = announce_seed(seed)
    kernels = warm.kernel_modules("line", "parquet", neighbours)
    announce_if_cold("the Spectre kernels", kernels)
    summary = write_spectre_shards(
        width,
        height,
        output,
        seed=seed,
        origin=origin,
        bands=bands,
        workers=workers,
        scheduler=scheduler,
        progress=stderr_is_terminal(),
        neighbours=neighbours,
    )
    report(summary)
