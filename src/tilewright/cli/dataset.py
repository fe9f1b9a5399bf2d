"""``tilewright dataset``: many items written as Parquet, here or on a Dask cluster."""

import math
import re

import click

from tilewright.cli.options import (
    SIZE,
    NameChoice,
    Renamed,
    RenamingCommand,
    SuggestingGroup,
    Whole,
    announce_seed,
    maze_algorithm_option,
    maze_parameter_options,
    need_sizes,
    parse_real,
    report,
    seed_option,
    stderr_is_terminal,
)
from tilewright.core.extras import require_extra

# the sizes were --size S, once each, before every command took its size as an argument
OLD_NAMES = {"--size": Renamed(())}


@click.group(cls=SuggestingGroup)
def dataset() -> None:
    """Datasets of many mazes, puzzles or tilings as Parquet: `tilewright dataset mazes --help`."""


def _run_options(unit: str, example: str | None, part_size: int = 100_000):
    """The options every kind of dataset takes: how many, the seed, where to, mixtures'
    weights, filters (when the items have number columns worth filtering on, ``example``
    showing one), duplicates, parts (``part_size`` items each by default) and the Dask
    cluster."""

    def decorate(function):
        options = [
            click.option("--count", type=Whole(1, 2**48), required=True, help=f"How many {unit}."),
            seed_option(
                "The dataset's seed (default: random, printed); each item's own seed derives "
                "from it."
            ),
            click.option(
                "-o",
                "--output",
                required=True,
                metavar="PATH",
                help="A folder of parts and a manifest, or one FILE.parquet.",
            ),
            click.option(
                "--weights",
                metavar="W,W,...",
                help="Proportions of the mixed configurations, in the order the SIZE "
                "values (each with each -a for mazes, --grid and --difficulty for Loopy) "
                "are given; default: equal.",
            ),
            *(
                []
                if example is None
                else [
                    click.option(
                        "--where",
                        "conditions",
                        multiple=True,
                        metavar="COLUMN>=N",
                        help=f"Keep only {unit} with a number column in range, e.g. "
                        f"{example!r} (repeatable); a refused item is drawn again from its "
                        "next seed.",
                    )
                ]
            ),
            click.option(
                "--unique", is_flag=True, help=f"No two {unit} alike (a duplicate is drawn again)."
            ),
            click.option(
                "--part-size",
                type=Whole(1, 10_000_000),
                default=part_size,
                show_default=True,
                help=f"{unit.capitalize()} per part file (and per row group).",
            ),
            click.option(
                "--workers",
                type=Whole(1, 1024),
                # measured by benchmarks/dask_crossover.py on 2 cores (whole commands)
                help="Make parts on a local Dask cluster of N processes. Starting it takes "
                "seconds, and each worker needs parts of its own (--part-size): on 2 cores, "
                "2 workers beat one process only past about 15 to 30 s of work, some "
                "2,000,000 15x15 or 100,000 100x100 mazes.",
            ),
            click.option(
                "--scheduler", metavar="ADDRESS", help="Make parts on the Dask cluster at ADDRESS."
            ),
        ]
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


@dataset.command(cls=RenamingCommand, renamed=OLD_NAMES)
@click.argument("size", nargs=-1, type=SIZE, metavar="SIZE...")
@maze_algorithm_option(
    "Generation algorithm (tilewright maze --list shows them); give it again to mix them.",
    multiple=True,
)
@click.option(
    "--endpoints",
    type=click.Choice(["corners", "random"]),
    default="corners",
    show_default=True,
    help="Origin and target: the far corners, or two cells drawn per maze.",
)
@_run_options("mazes", "solution_length>=30")
@maze_parameter_options
def mazes(size, algorithm, endpoints, **options):
    """Write COUNT solved mazes of SIZE (WIDTHxHEIGHT, such as 15x15; several sizes mix)
    as Parquet: one size and algorithm, or a mixture.

    Each row holds the maze's index and own seed (`tilewright maze WxH -a ALGORITHM -s SEED`
    makes it again alone), its bit-packed connection list, origin, target, solution path
    and metrics. A folder gets one part file per --part-size mazes and a manifest written
    last: rerunning the same command after an interruption keeps the finished parts.
    The output is the same byte for byte whatever --workers or --scheduler.
    """
    require_extra("datasets", "Parquet output")
    from tilewright.datasets import MazeConfig

    params = {key: options.pop(key) for key in _MAZE_PARAMETERS}
    params = {key: value for key, value in params.items() if value is not None}
    configs = [
        MazeConfig(width, height, name, _taken(name, params, algorithm), endpoints)
        for width, height in dict.fromkeys(need_sizes(size))
        for name in dict.fromkeys(algorithm)
    ]
    _write(configs, **options)


@dataset.command(cls=RenamingCommand, renamed=OLD_NAMES)
@click.argument("size", nargs=-1, metavar="WxH[eF][a]...")
@click.option("--max-area", type=Whole(1, 2**63 - 1), help="No rectangle larger than this.")
@click.option("--singles", is_flag=True, help="Allow 1x1 rectangles (clue 1).")
@_run_options("puzzles", "rectangles<=20")
def rectangles(size, max_area, singles, **options):
    """Write COUNT Rectangles (Shikaku) puzzles of WxH[eF][a] (the puzzle collection's
    form, such as 15x15 or 10x10e0.5; several mix) with their solutions as Parquet.

    Each row holds the puzzle's index and own seed (`tilewright rect generate WxH -s SEED`
    makes it again alone), its game ID, clues, the solution as one rectangle a clue, and
    what the generator did to prove the solution unique. Parts, manifest, resuming and
    workers as for `tilewright dataset mazes`.
    """
    require_extra("datasets", "Parquet output")
    from tilewright.datasets import RectanglesConfig
    from tilewright.rectangles import parse_params

    configs = []
    for text in dict.fromkeys(need_sizes(size)):
        params = parse_params(text)
        configs.append(
            RectanglesConfig(
                params.width, params.height, params.expansion, params.unique, max_area, singles
            )
        )
    _write(configs, **options)


@dataset.command(
    cls=RenamingCommand,
    renamed={**OLD_NAMES, "--colours": Renamed(("--colour", "four"), flag=True)},
)
@click.argument("size", nargs=-1, type=SIZE, metavar="SIZE...")
@click.option(
    "--colour",
    "colours",
    type=NameChoice(["four"]),
    metavar="NAME",
    help="four: add a proper 4-colouring of each tiling.",
)
@click.option(
    "--method",
    type=click.Choice(("random", "construct")),
    default="random",
    show_default=True,
    help="random: each item a uniformly random tiling; construct: the one tiling built "
    "for its board and square (at most W*H different items a board).",
)
@_run_options("tilings", None)  # a tiling's numbers are its size and square: nothing to filter
def tromino(size, colours, method, **options):
    """Write COUNT L-tromino tilings of SIZE boards (WIDTHxHEIGHT, such as 16x16; several
    mix) missing one square as Parquet.

    Each item's missing square and tiling are drawn from its own seed, every tiling of
    the board equally likely (`tilewright tromino tile WxH -s SEED --method random` makes
    it again alone); rows hold the square, the tiling as one label a cell and, with
    --colour four, a 4-colouring. --unique keeps distinct tilings. Parts, manifest,
    resuming and workers as for `tilewright dataset mazes`.
    """
    require_extra("datasets", "Parquet output")
    from tilewright.datasets import TrominoConfig

    configs = [
        TrominoConfig(width, height, 4 if colours else None, method)
        for width, height in dict.fromkeys(need_sizes(size))
    ]
    _write(configs, **options)


@dataset.command()
@click.argument("size", nargs=-1, metavar="WxH[tT][dD]...")
@click.option(
    "--grid",
    multiple=True,
    metavar="NAME",
    help="The grid, by the collection's name (tilewright maze --grids); give it again to "
    "mix grids. Default: each SIZE's tT, else square.",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "normal", "tricky", "hard"]),
    multiple=True,
    help="The collection's level; give it again to mix levels. Default: each SIZE's dD, else easy.",
)
# a Loopy row holds its puzzle as text, 1 kB on a 10x10 square grid and 18 kB on 10x10
# Spectres (numbered dots, faces and edges): a part of 100,000 would take 2 GB in memory
@_run_options("puzzles", "clue_count<=40", part_size=10_000)
def loopy(size, grid, difficulty, **options):
    """Write COUNT Loopy (Slitherlink) puzzles of WxH[tT][dD] (the puzzle collection's
    form, such as 10x10 or 10x10t17dh: Spectres, Hard; several mix, each with each
    --grid and --difficulty) with their solutions as Parquet.

    Each row holds the puzzle's index and own seed (`tilewright loopy generate WxHtTdD
    -s SEED` makes it again alone), its game ID, one clue a face, the solution as the
    loop's edge numbers, the puzzle as text and what the generator did. A seed that
    makes no puzzle (small grids at the harder levels) is drawn again from the item's
    next seed. Parts, manifest, resuming and workers as for `tilewright dataset mazes`.
    """
    require_extra("datasets", "Parquet output")
    from tilewright.datasets import LoopyConfig
    from tilewright.loopy import parse_params

    configs = []
    for text in dict.fromkeys(need_sizes(size)):
        params = parse_params(text)
        for name in dict.fromkeys(grid or (params.grid,)):
            for level in dict.fromkeys(difficulty or (params.difficulty,)):
                configs.append(LoopyConfig(params.width, params.height, name, level))
    _write(list(dict.fromkeys(configs)), **options)


_MAZE_PARAMETERS = ("strategy", "join", "down", "bias")


def _write(
    configs,
    count,
    seed,
    output,
    weights,
    unique,
    part_size,
    workers,
    scheduler,
    conditions=(),
) -> None:
    """One configuration's dataset, or a mixture's when several are given, written after
    every check has passed (the seed is drawn and shown only then)."""
    from tilewright.cli.warm import compile_dataset_kernels
    from tilewright.datasets import Mixture, generate
    from tilewright.datasets.dask_runs import checked_cluster
    from tilewright.datasets.part_files import check_output
    from tilewright.datasets.selection import checked_where
    from tilewright.datasets.writing import checked_plan

    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers or --scheduler, not both")
    if len(configs) > 1:
        config = Mixture(tuple(configs), _weights(weights, len(configs)))
    elif weights is not None:
        raise click.UsageError("--weights needs several configurations to mix")
    else:
        config = configs[0]
    where = _where(conditions)
    checked_where(config.schema(), where)  # refused before a seed is drawn and shown
    check_output(output)
    checked_plan(count, part_size, output)
    checked_cluster(workers, scheduler)
    seed = announce_seed(seed)
    # compiled here, before the run's clock starts: its throughput counts no compiling
    compile_dataset_kernels(config, unique)
    summary = generate(
        config,
        count,
        seed,
        output,
        where=where,
        unique=unique,
        part_size=part_size,
        workers=workers,
        scheduler=scheduler,
        progress=stderr_is_terminal(),
    )
    report(summary)


def _taken(name: str, params: dict, algorithms: tuple[str, ...]) -> dict:
    """The parameters ``name`` takes; all of them when one algorithm is given, so that its
    own check refuses a parameter it does not take."""
    if len(set(algorithms)) == 1:
        return params
    from tilewright.mazes import ALGORITHMS

    taken = ALGORITHMS[name].defaults
    for key in params:
        if not any(key in ALGORITHMS[other].defaults for other in algorithms):
            raise click.UsageError(f"none of the algorithms takes --{key}")
    return {key: value for key, value in params.items() if key in taken}


def _weights(text: str | None, count: int) -> tuple[int, ...]:
    if text is None:
        return ()
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise click.UsageError(f"--weights are whole numbers like 3,1, got {text!r}") from None


_CONDITION = re.compile(r"^\s*([A-Za-z_]+)\s*(>=|<=|=)\s*(\S+)\s*$")


def _where(conditions: tuple[str, ...]) -> dict[str, tuple[float | None, float | None]]:
    """``COLUMN>=N``, ``COLUMN<=N`` and ``COLUMN=N`` as ranges, several on one column
    narrowing its range."""
    ranges: dict[str, list[float | None]] = {}
    for condition in conditions:
        match = _CONDITION.match(condition)
        if match is None:
            raise click.UsageError(
                f"--where looks like solution_length>=30 or dead_ends<=0.3, got {condition!r}"
            )
        name, sign, text = match.groups()
        value = parse_real(text, name, -math.inf, math.inf)
        number = int(text) if text.lstrip("-").isdigit() else value
        low, high = ranges.setdefault(name, [None, None])
        if sign in (">=", "="):
            ranges[name][0] = number if low is None else max(low, number)
        if sign in ("<=", "="):
            ranges[name][1] = number if high is None else min(high, number)
    return {name: (low, high) for name, (low, high) in ranges.items()}
