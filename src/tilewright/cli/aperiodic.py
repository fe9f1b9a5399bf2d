"""What ``tilewright spectre``, ``tilewright hat`` and ``tilewright penrose`` share: one
command factory, the region's argument types, the checks of the laser cut and of ``-f
parquet``, and the dataset run; a tiling plugs in its own options, formats, help texts and
library calls."""

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from tilewright.cli.options import (
    NameChoice,
    PairType,
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

if TYPE_CHECKING:  # the datasets extra is imported only for -f parquet
    from tilewright.datasets.tile_shards import ShardTiling

# the library's names, repeated here so that ``--help`` needs no import of the library;
# a test checks that they agree
FORMATS = ("svg", "png", "pdf", "jsonl", "csv", "geojson")
# what --cut writes (the library's CUT_FORMATS); dxf is written as a cut only, so implies it
CUT_FORMATS = ("svg", "pdf", "dxf")
# written by the datasets package, band by band, to a folder of parts or one FILE.parquet
DATASET_FORMATS = ("parquet",)
METHODS = ("line", "bfs")
# what --threads makes (the library's writers.TEXT_FORMATS), and on at most how many
# threads (threaded.MAX_THREADS)
TEXT_FORMATS = ("csv", "jsonl")
MAX_THREADS = 256
# patches with more tiles than this show a progress bar while written (stderr a terminal)
PROGRESS_FROM = 20_000
# the options of a tiling's command that ``TilingPatch.write`` takes by the same name
WRITE_OPTIONS = ("colour", "plain", "shape", "curved", "neighbours")

Decorator = Callable[[Callable], Callable]


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


# the lower-left corner of a region, for example ``100,-20``
POINT = PairType(
    "X,Y",
    lambda part: parse_real(part, "X or Y", -math.inf, math.inf),
    "--origin is X,Y (for example 100,-20)",
)


def tiling_command(
    order: str,
    colourings: tuple[str, ...],
    helps: Mapping[str, str],
    own: Mapping[str, Decorator],
    formats: tuple[str, ...] = (*FORMATS, "dxf", *DATASET_FORMATS),
):
    """The decorator that makes a tiling's command: ``REGION`` and the options named in
    ``order`` (space-separated, as ``--help`` lists them), the shared ones made here and
    the tiling's ``own`` as given.

    Parameters
    ----------
    order : str
        Option names: seed origin format colour plain cut method cell max_side paper output
        bands workers neighbours threads scheduler, and the keys of ``own``.
    colourings : tuple of str
        What ``--colour`` offers, the first its default.
    helps : mapping of str to str
        The help of the options in ``order`` whose words name the tiling's tile: ``colour``,
        ``plain``, ``cell``, ``bands``, ``neighbours`` and ``threads``, and for ``method``
        how the line walk goes through the region ("band by band").
    own : mapping of str to decorator
        The tiling's own options (``--curved``, ``--shape``, ``--tiling``).
    formats : tuple of str
        What ``-f`` offers (default: every picture and text format, dxf and parquet).
    """
    format_help = "Default: svg, or the -o suffix. dxf: the --cut outline." + (
        " parquet: -o a folder of parts or FILE.parquet." if "parquet" in formats else ""
    )
    # made only when named in ``order``: each help is asked for by the options used
    shared: dict[str, Callable[[], Decorator]] = {
        "seed": lambda: seed_option("Reproduce a tiling (default: random, printed as 'seed: N')."),
        "origin": lambda: click.option(
            "--origin", type=POINT, default="0,0", help="Lower-left corner X,Y of the region."
        ),
        "format": lambda: format_option(formats, format_help),
        "colour": lambda: click.option(
            "--colour",
            type=NameChoice(colourings),
            default=colourings[0],
            show_default=True,
            help=helps["colour"],
        ),
        "plain": lambda: click.option("--plain", is_flag=True, help=helps["plain"]),
        "cut": lambda: click.option(
            "--cut",
            is_flag=True,
            help="svg/pdf/dxf: every edge once, cut at the region, unfilled hairlines "
            "(laser cutters).",
        ),
        "method": lambda: click.option(
            "--method",
            type=NameChoice(METHODS),
            default="line",
            show_default=True,
            help=f"line: {helps['method']} in bounded memory; bfs: breadth first, all in memory.",
        ),
        "cell": lambda: click.option("--cell", type=Real(0.01, 1000), help=helps["cell"]),
        "max_side": lambda: max_side_option,
        "paper": lambda: paper_option,
        "output": lambda: output_option,
        "bands": lambda: click.option("--bands", type=Whole(1, 2**31 - 1), help=helps["bands"]),
        "workers": lambda: click.option(
            "--workers",
            type=Whole(1, 1024),
            help="parquet: make bands on a local Dask cluster of N.",
        ),
        "neighbours": lambda: click.option("--neighbours", is_flag=True, help=helps["neighbours"]),
        "threads": lambda: click.option(
            "--threads", type=Whole(1, MAX_THREADS), help=helps["threads"]
        ),
        "scheduler": lambda: click.option(
            "--scheduler",
            metavar="ADDRESS",
            help="parquet: make bands on the Dask cluster at ADDRESS.",
        ),
    }

    def decorate(function: Callable) -> click.Command:
        # click lists the options in the order their decorators are written, so applied
        # last to first
        for name in reversed(order.split()):
            function = (own[name] if name in own else shared[name]())(function)
        function = click.argument("region", type=RegionType())(function)
        command = click.command(cls=RenamingCommand, renamed={"--scale": Renamed(("--cell",))})
        return command(function)

    return decorate


def command_format(output: str | None, fmt: str | None, suffixes: dict[str, str]) -> str:
    """The format asked for: ``-f``, else the ``-o`` suffix (the library's ``suffixes``,
    dxf and parquet), else svg."""
    return output_format(output, fmt, {**suffixes, ".dxf": "dxf", ".parquet": "parquet"}, "svg")


def refuse_misplaced(fmt: str, output: str | None, paper: str | None, cut: bool) -> None:
    """A usage error for a picture to a terminal, or ``--paper`` where no page is laid out."""
    refuse_terminal(fmt, output)
    refuse_paper(paper, None if cut else fmt)  # a cut keeps its true size


def refuse_dataset_method(method: str) -> None:
    """A usage error for ``-f parquet`` by a method other than the line walk's bands."""
    if method != "line":
        raise click.UsageError("-f parquet is made band by band by the line walk: drop --method")


def refuse_dataset_options(fmt: str, bands, workers, scheduler) -> None:
    """A usage error for the options of ``-f parquet`` given with another format."""
    for name, value in (("--workers", workers), ("--scheduler", scheduler), ("--bands", bands)):
        if value is not None:
            raise click.UsageError(f"{name} is for -f parquet only, not -f {fmt}")


def refuse_outside_dataset(
    fmt: str, output: str | None, paper: str | None, cut: bool, bands, workers, scheduler
) -> None:
    """The usage errors of a format other than ``-f parquet``: the options of
    :func:`refuse_dataset_options`, then those of :func:`refuse_misplaced`."""
    refuse_dataset_options(fmt, bands, workers, scheduler)
    refuse_misplaced(fmt, output, paper, cut)


def refuse_misplaced_threads(fmt: str, method: str, threads: int | None) -> None:
    """A usage error for ``--threads`` where they would not be used: they make the csv and
    jsonl rows of the line method."""
    if threads is not None and (fmt not in TEXT_FORMATS or method != "line"):
        raise click.UsageError("--threads is for -f csv and -f jsonl by the line method only")


def refuse_bad_dataset(output: str | None, workers, scheduler) -> None:
    """A usage error for ``-f parquet`` with nowhere to write, or two clusters asked for."""
    if output in (None, "-"):
        raise click.UsageError("-f parquet writes a folder or a FILE.parquet: give -o")
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers or --scheduler, not both")


def refuse_with_cut(fmt: str, plain: bool) -> None:
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


def write_dataset(
    shards: Callable[[], "ShardTiling"],
    region, seed, origin, method, output, bands, workers, scheduler, neighbours,
    before_writing: Callable[[], None] | None = None,
) -> None:  # fmt: skip
    """``-f parquet``: the region's bands as the parts of a dataset.

    ``shards`` imports the tiling's dataset module (only once the datasets extra is known
    to be there) and returns its definition (``tile_shards.ShardTiling``: the region's
    check, its bands and its writer); ``before_writing`` runs once the seed is drawn (the
    kernels announced).
    """
    require_extra("datasets", "Parquet output")
    from tilewright.datasets.part_files import check_output

    tiling = shards()
    refuse_bad_dataset(output, workers, scheduler)
    refuse_dataset_method(method)
    width, height = region
    width, height, origin = tiling.check_region(width, height, origin)
    check_output(output)
    tiling.bands(width, height, 0, origin, bands)  # a bad --bands refused before a seed is drawn
    seed = announce_seed(seed)
    if before_writing is not None:
        before_writing()
    summary = tiling.write(
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


def progress_of(patch, unit: str):
    """A progress bar over the patch's parts, counting ``unit``\\ s, shown for a large
    patch (stderr a terminal)."""
    return lambda parts: progress(parts, patch.approximate_count, unit, PROGRESS_FROM)


def write_patch(patch, fmt: str, cut: bool, unit: str) -> None:
    """Write ``patch`` as the running command asks, to its ``-o`` all or nothing: its laser
    cut (``cut``), or ``fmt`` by ``TilingPatch.write`` with the command's options, through
    a progress bar counting ``unit``\\ s. The options are read from the command's
    parameters (click's), so that each tiling's command passes the same ones the same way:
    the ones ``write`` takes by the same name (those the tiling has), ``--cell`` as the
    scale, ``--paper`` for PDF only and ``--threads`` as 1 when not given."""
    from tilewright.core.output import open_output

    params = click.get_current_context().params
    scale, max_side = params["cell"], params["max_side"]
    with open_output(params["output"]) as sink:
        if cut:
            from tilewright.aperiodic.cut import write_cut

            curved = params.get("curved", False)
            write_cut(patch, sink, fmt, scale, max_side, progress_of(patch, unit), curved)
            return
        options = {name: params[name] for name in WRITE_OPTIONS if name in params}
        options |= {"scale": scale, "max_side": max_side, "threads": params["threads"] or 1}
        paper = pdf_paper(params["paper"], fmt)
        patch.write(sink, fmt, paper=paper, progress=progress_of(patch, unit), **options)
