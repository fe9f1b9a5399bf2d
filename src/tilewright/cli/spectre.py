"""``tilewright spectre``: patches of the aperiodic Spectre tiling."""

import click

from tilewright.cli import aperiodic
from tilewright.cli.options import announce_seed

# the library's colourings, repeated here so that ``--help`` needs no import of the
# library; a test checks that they agree
COLOURINGS = ("type", "orientation", "four")


@aperiodic.tiling_command(
    "seed origin format colour plain curved cut method cell max_side paper output bands "
    "workers neighbours threads scheduler",
    COLOURINGS,
    {
        "colour": "Pictures: by metatile type, by turn, or a proper four-colouring.",
        "plain": "svg/pdf: one closed path per tile (laser cutters).",
        "method": "band by band",
        "cell": "Pictures: pixels a tile edge (default: the picture's long side 800-1000 px, "
        "within --max-side).",
        "bands": "parquet: bands (parts) of whole 256-edge block rows (default: about 262k "
        "tiles each).",
        "neighbours": "csv/jsonl/parquet: each row ends with the ids of the tiles across its "
        "14 edges.",
        "threads": "csv/jsonl: make the tiles and rows on N threads at once (the same bytes).",
    },
    {
        "curved": click.option(
            "--curved",
            is_flag=True,
            help="svg/pdf/png: the strictly chiral Spectre, each edge one S-curve.",
        ),
    },
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
    from tilewright.core.output import check_destination

    fmt = aperiodic.command_format(output, fmt, SUFFIXES)
    cut = cut or fmt == "dxf"
    if cut:
        aperiodic.refuse_with_cut(fmt, plain)
    if curved and fmt not in ("svg", "pdf", "png", "dxf"):
        raise click.UsageError(f"--curved draws svg, pdf, png or (with --cut) dxf, not -f {fmt}")
    if neighbours and fmt not in (*aperiodic.TEXT_FORMATS, *aperiodic.DATASET_FORMATS):
        raise click.UsageError(f"--neighbours is for -f csv, -f jsonl and -f parquet, not -f {fmt}")
    aperiodic.refuse_misplaced_threads(fmt, method, threads)
    if fmt in aperiodic.DATASET_FORMATS:
        _write_dataset(region, seed, origin, method, output, bands, workers, scheduler, neighbours)
        return
    aperiodic.refuse_outside_dataset(fmt, output, paper, cut, bands, workers, scheduler)
    width, height = region
    width, height, origin = check_region(width, height, origin, whole=method == "bfs")
    if fmt in ("svg", "png", "pdf"):
        picture_scale(width, height, cell, max_side)  # refused now; the writer sizes it
    check_destination(output)
    patch = generate(width, height, announce_seed(seed), origin, method)
    kernels = warm.kernel_modules(method, fmt, neighbours)
    if cut:  # imported only for a cut
        from tilewright.aperiodic.spectre.laser import KERNEL_MODULES as CUT_KERNEL_MODULES

        kernels += CUT_KERNEL_MODULES
    aside = warm.SPECTRE_TEXT_ASIDE if fmt in aperiodic.TEXT_FORMATS else None  # beside the search
    announce_if_cold("the Spectre kernels", kernels, aside)
    aperiodic.write_patch(patch, fmt, cut, "tile")


def _write_dataset(
    region, seed, origin, method, output, bands, workers, scheduler, neighbours
) -> None:
    """``-f parquet``: the region's bands as the parts of a dataset."""

    def shards():
        from tilewright.datasets.tile_shards import SPECTRE_SHARDS

        return SPECTRE_SHARDS

    def announce_kernels() -> None:
        from tilewright.aperiodic import warm
        from tilewright.core.compilation import announce_if_cold

        announce_if_cold("the Spectre kernels", warm.kernel_modules("line", "parquet", neighbours))

    aperiodic.write_dataset(
        shards, region, seed, origin, method, output, bands, workers, scheduler, neighbours,
        announce_kernels,
    )  # fmt: skip
