"""``tilewright maze-stats``: texture metrics of a saved maze (.npz or JSON)."""

import json
from typing import Any

import click

from tilewright.cli.options import CELL, NameChoice, Renamed, RenamingCommand
from tilewright.core.errors import TilewrightError

# Memory the metrics take per cell beside the maze itself: degrees and the masks made from
# them, breadth-first distances and queue (int32 each), the union-find of is_perfect.
STATS_BYTES_PER_CELL = 24


@click.command(
    "maze-stats",
    cls=RenamingCommand,
    renamed={"--json": Renamed(("-f", "json"), flag=True)},
)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--start", type=CELL, help="Start cell ROW,COL from 0 (default 0,0).")
@click.option("--goal", type=CELL, help="Goal cell ROW,COL (default: bottom-right).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=NameChoice(["table", "json"]),
    default="table",
    show_default=True,
    metavar="FORMAT",
    help="table or json, as tilewright maze --stats prints them.",
)
def maze_stats(file, start, goal, fmt) -> None:
    """Measure the maze saved in FILE (.npz or .json, as written by tilewright maze, on
    any grid).

    Dead ends, corridors and junctions as shares of all cells; straight corridors; the
    east-west share of passages; the solution's length and turns; and the river factor (the
    mean length of a passage between branchings). Definitions: tilewright.mazes.metrics.

    Only regular files are read, and a maze that would not fit in memory together with the
    work of measuring it is refused before it is inflated.
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.mazes import read_maze
    from tilewright.mazes.grid_formats import is_grid_maze_file, read_grid_maze
    from tilewright.mazes.warm import used_kernels

    maze: Any
    if is_grid_maze_file(file):  # a maze on another grid (tilewright maze --grid ...)
        maze = read_grid_maze(file)
        if start is not None or goal is not None:
            raise TilewrightError(
                "--start and --goal of maze-stats read ROW,COL: square mazes only"
            )
    else:
        maze = read_maze(file, work_bytes_per_cell=STATS_BYTES_PER_CELL)
    announce_if_cold("the maze kernels", used_kernels(None, stats=True))
    print_stats(maze, fmt, start, goal)


def print_stats(maze, style: str, start, goal) -> None:
    """Print the maze's metrics as an aligned table or as one JSON object."""
    from tilewright.mazes import maze_stats as measure

    values = measure(maze, start, goal).as_dict()
    if style == "json":
        click.echo(json.dumps(values))
        return
    width = max(len(key) for key in values)
    for key, value in values.items():
        shown = f"{value:.4f}" if isinstance(value, float) else str(value).lower()
        click.echo(f"{key.replace('_', ' '):<{width}}  {shown}")
