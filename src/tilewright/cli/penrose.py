"""``tilewright penrose``: patches of Penrose tilings, kites and darts (P2) or rhombs (P3).

One command with ``--tiling`` rather than one a tiling: P2 and P3 share every option,
writer and check, and one search (the same Robinson-triangle coordinates) finds both, as
the collection's ``penrose_grid(which=...)`` takes them.
"""

import click

from tilewright.cli import aperiodic
from tilewright.cli.options import NameChoice, announce_seed

# the library's names, repeated so that ``--help`` imports nothing; a test checks they agree
COLOURINGS = ("type", "orientation", "four")
TILINGS = ("p3", "p2")
# the descent first, the default, as for the Spectre and the hat
METHODS = ("line", "bfs")


@aperiodic.tiling_command(
    "seed origin tiling format colour cut method cell max_side paper output neighbours "
    "threads bands workers scheduler",
    COLOURINGS,
    {
        "colour": "Pictures: by tile (kite/dart, thick/thin), by turn as well, or four colours "
        "no two tiles across an edge share.",
        "cell": "Pictures: pixels an edge (default: the picture's long side 800-1000 px, "
        "within --max-side).",
        "neighbours": "csv/jsonl: each row ends with the ids of the tiles across its 4 edges.",
        "threads": "csv/jsonl: format the rows on N threads at once (the same bytes).",
        "bands": "parquet: bands (parts) of whole rows, an edge high (default: about 262k "
        "tiles each).",
    },
    {
        "tiling": click.option(
            "--tiling",
            type=NameChoice(TILINGS),
            default=TILINGS[0],
            show_default=True,
            help="p3: thick and thin rhombs; p2: kites and darts.",
        ),
        "method": click.option(
            "--method",
            type=NameChoice(METHODS),
            default=METHODS[0],
            show_default=True,
            help="line: down the substitution hierarchy, csv/jsonl/geojson written batch by "
            "batch in bounded memory, pictures and --neighbours in memory for the tiles (any "
            "region within 2^30 edges); bfs: breadth first from the tiling's centre (memory "
            "grows with the distance to 0,0).",
        ),
    },
)
def penrose(
    region, seed, origin, tiling, fmt, colour, cut, method, cell, max_side, paper, output,
    neighbours, threads, bands, workers, scheduler,
) -> None:  # fmt: skip
    """Every tile of a Penrose tiling that meets the REGION WxH (edges) at --origin.

    Units are a rhomb's edge, or a kite's and dart's long edge (their short edge is
    1/φ ≈ 0.618). The tiling is fixed by the seed (without --seed, the one drawn is
    printed on stderr and recorded in the output where it has room: SVG, PNG, PDF,
    GeoJSON, with the start as a Loopy grid description); each tile comes with a stable id
    (the same in any region of one tiling), its type (kite, dart, thick, thin), its turn
    in tenths and 4 vertices, y up; -f jsonl adds each corner's exact integers.

    --method line (the default) descends the substitution hierarchy from a triangle as
    large as the way from the centre to the region: a region 10^9 edges away comes in a
    millisecond. It writes csv, jsonl and geojson batch by batch as it finds them, in
    bounded memory whatever the region's size; pictures and --neighbours hold the
    region's tiles (one too large is refused). --method bfs searches breadth
    first from the tiling's centre, as the puzzle collection does, so a region far from
    0,0 costs memory for the whole way there (one too large is refused). The same tiles
    and ids; line writes each large triangle's together, bfs in the search's order.

    --neighbours ends each csv or jsonl row with the ids of the tiles across its edges
    0-3 (edge k runs from vertex k to vertex k+1): the tiling's adjacency as data.

    --threads N formats the -f csv and -f jsonl rows of the line method on N threads of
    this process while the descent finds the next tiles, and writes them in order.

    -f parquet cuts the region into bands of rows an edge high, one part each, made here,
    on --workers processes or on a Dask cluster (--scheduler): each tile is written once,
    by the band holding its lowest corner, with its exact corners; the tiles of -f csv.

    --cut (and -f dxf) draws the tiling for a laser: each edge once, cut at the region's
    sides, joined into long polylines, with the region's rectangle last.
    """
    from tilewright.aperiodic.penrose.tiling import (
        KERNEL_MODULES,
        STREAMED,
        TEXT_KERNELS,
        check_penrose_region,
        generate_penrose,
    )
    from tilewright.aperiodic.tiling_patch import SUFFIXES
    from tilewright.core.compilation import announce_if_cold
    from tilewright.core.output import check_destination

    fmt = aperiodic.command_format(output, fmt, SUFFIXES)
    cut = cut or fmt == "dxf"
    if neighbours and fmt not in aperiodic.TEXT_FORMATS:
        raise click.UsageError(f"--neighbours is for -f csv and -f jsonl, not -f {fmt}")
    aperiodic.refuse_misplaced_threads(fmt, method, threads)
    if cut:
        aperiodic.refuse_with_cut(fmt, False)
    if fmt in aperiodic.DATASET_FORMATS:
        _write_dataset(region, seed, origin, tiling, method, output, bands, workers, scheduler)
        return
    aperiodic.refuse_outside_dataset(fmt, output, paper, cut, bands, workers, scheduler)
    width, height = region
    # csv, jsonl and geojson by the descent are written batch by batch, none held
    held = method == "bfs" or fmt not in STREAMED or neighbours or cut
    width, height, origin = check_penrose_region(width, height, origin, tiling, method, held)
    if fmt in ("svg", "png", "pdf"):
        from tilewright.aperiodic.writers import picture_scale

        picture_scale(width, height, cell, max_side)  # refused now; the writer sizes it
    check_destination(output)
    patch = generate_penrose(width, height, announce_seed(seed), origin, tiling, method)
    kernels: tuple[str, ...] = KERNEL_MODULES[method]
    if fmt in aperiodic.TEXT_FORMATS:
        kernels += (TEXT_KERNELS,)
    if cut:  # imported only for a cut
        from tilewright.aperiodic.penrose import laser

        kernels += laser.KERNEL_MODULES
    announce_if_cold("the Penrose kernels", kernels)
    aperiodic.write_patch(patch, fmt, cut, "tile")


def _write_dataset(region, seed, origin, tiling, method, output, bands, workers, scheduler) -> None:
    """``-f parquet``: the region's bands of rows as the parts of a dataset."""

    def shards():
        from tilewright.datasets.penrose_shards import PENROSE_SHARDS

        return PENROSE_SHARDS[tiling]

    def announce_kernels() -> None:
        from tilewright.aperiodic.penrose.tiling import KERNEL_MODULES
        from tilewright.core.compilation import announce_if_cold

        announce_if_cold("the Penrose kernels", KERNEL_MODULES["line"])

    aperiodic.write_dataset(
        shards, region, seed, origin, method, output, bands, workers, scheduler, False,
        announce_kernels,
    )  # fmt: skip
