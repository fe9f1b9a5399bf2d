"""``tilewright dataset``: many items written as Parquet, here or on a Dask cluster."""

import sys

import click

from tilewright.cli.options import (
    SIZE,
    SuggestingGroup,
    Whole,
    announce_seed,
    maze_algorithm_option,
    maze_parameter_options,
    seed_option,
)


@click.group(cls=SuggestingGroup)
def dataset() -> None:
    """Datasets of many items as Parquet: `tilewright dataset mazes --help`."""


@dataset.command()
@click.option("--size", type=SIZE, required=True, help="Each maze's WIDTHxHEIGHT, e.g. 15x15.")
@maze_algorithm_option("Generation algorithm (tilewright maze --list shows them).")
@click.option("--count", type=Whole(1, 2**48), required=True, help="How many mazes.")
@seed_option("The dataset's seed (default: random, printed); each maze's own seed derives from it.")
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="PATH",
    help="A folder of parts and a manifest, or one FILE.parquet.",
)
@click.option(
    "--endpoints",
    type=click.Choice(["corners", "random"]),
    default="corners",
    show_default=True,
    help="Origin and target: the far corners, or two cells drawn per maze.",
)
@click.option(
    "--part-size",
    type=Whole(1, 10_000_000),
    default=100_000,
    show_default=True,
    help="Mazes per part file (and per row group).",
)
@click.option(
    "--workers", type=Whole(1, 1024), help="Make parts on a local Dask cluster of N processes."
)
@click.option("--scheduler", metavar="ADDRESS", help="Make parts on the Dask cluster at ADDRESS.")
@maze_parameter_options
def mazes(size, algorithm, count, seed, output, endpoints, part_size, workers, scheduler, **params):
    """Write COUNT solved mazes of one size and algorithm as Parquet.

    Each row holds the maze's index and own seed (`tilewright maze WxH -a ALGORITHM -s SEED`
    makes it again alone), its bit-packed connection list, origin, target, solution path
    and metrics. A folder gets one part file per --part-size mazes and a manifest written
    last: rerunning the same command after an interruption keeps the finished parts.
    The output is the same byte for byte whatever --workers or --scheduler.
    """
    from tilewright.datasets import MazeConfig, generate
    from tilewright.datasets.writing import check_output

    width, height = size
    params = {key: value for key, value in params.items() if value is not None}
    config = MazeConfig(width, height, algorithm, params, endpoints)
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers or --scheduler, not both")
    check_output(output)
    seed = announce_seed(seed)
    summary = generate(
        config,
        count,
        seed,
        output,
        part_size=part_size,
        workers=workers,
        scheduler=scheduler,
        progress=sys.stderr is not None and sys.stderr.isatty(),
    )
    click.echo(f"tilewright: {summary.line()}", err=True)
