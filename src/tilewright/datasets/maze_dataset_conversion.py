"""A maze dataset's rows as maze-dataset's ``MazeDataset``, for tools built on maze-dataset.

maze-dataset (Ivanitskiy et al., 2023, arXiv:2309.10498) keeps a maze as a
``connection_list`` in the layout of tilewright's ``connections`` column (``[0]`` passage
down, ``[1]`` passage right) and a solution as (row, column) cells from origin to target,
as ``solution_paths`` decodes the ``solution`` column: the rows convert without
translation.
"""

import importlib.util
import os
from typing import Any

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.extras import MissingExtraError
from tilewright.datasets.maze_rows import connection_lists, solution_paths

# maze-dataset's generators of the algorithms both libraries implement, so that the
# configuration names the right one; its gen_prim is not Prim's algorithm (it warns so).
_GENERATORS = {
    "backtracker": "gen_dfs",
    "wilson": "gen_wilson",
    "kruskal": "gen_kruskal",
    "recursive-division": "gen_recursive_division",
}


def to_maze_dataset(table: pa.Table | str | os.PathLike, name: str = "tilewright") -> Any:
    """The mazes of ``table`` as maze-dataset's ``MazeDataset`` of ``SolvedMaze``.

    Parameters
    ----------
    table : pyarrow.Table, str or path
        Rows of a maze dataset (``tilewright.datasets.load`` or ``maze_items``), all of one
        square size; or a dataset's path, read with ``load`` (each part checked against
        its manifest).
    name : str
        The ``MazeDatasetConfig``'s name (maze-dataset puts it in file names).

    Returns
    -------
    maze_dataset.MazeDataset
        One ``SolvedMaze`` per row, in the table's order: its passages, and the row's
        solution as its path (so its ``start_pos`` is the row's origin, its ``end_pos`` the
        target). Each maze's ``generation_meta`` holds the row's ``algorithm``, ``seed`` and
        ``params``. The configuration's ``grid_n`` is the side, ``n_mazes`` the row count.

    Raises
    ------
    TilewrightError
        When maze-dataset is not installed (``pip install 'tilewright[maze-dataset]'``), the
        dataset at a path does not read (``load``), the table has no maze columns or no
        rows, mixes sizes, or its mazes are not square (maze-dataset sizes a dataset by one
        side, ``grid_n``).

    Notes
    -----
    The configuration's ``maze_ctor`` is maze-dataset's generator of the same algorithm
    when there is one (backtracker, wilson, kruskal, recursive-division) and the table
    holds one algorithm; otherwise it is maze-dataset's default, ``gen_dfs``, which did not
    make these mazes. Its ``endpoint_kwargs`` are maze-dataset's defaults too: the
    configuration does not regenerate the mazes, the seeds in ``generation_meta`` do.

    maze-dataset saves a dataset of 100 mazes or more with its solutions as ``int8``: the
    solutions of mazes wider than 128 cells do not survive its ``serialize`` and ``load``.
    Making a ``MazeDatasetConfig`` seeds Python's ``random`` (with PyTorch installed, also
    NumPy's and PyTorch's, and turns on PyTorch's deterministic algorithms): maze-dataset
    calls muutils' ``set_reproducibility``.

    References
    ----------
    .. [1] M. I. Ivanitskiy et al., "A Configurable Library for Generating and Manipulating
       Maze Datasets", 2023, arXiv:2309.10498.
    """
    if importlib.util.find_spec("maze_dataset") is None:
        raise MissingExtraError("maze-dataset", "to_maze_dataset")
    # Read before maze-dataset is imported: it imports polars, and a process that has
    # polars loaded when pyarrow's reader threads start aborted at exit about one run in
    # four ("terminate called without an active exception"), a damaged part's one-line
    # refusal included; reading first, no run of 48 aborted.
    if isinstance(table, str | os.PathLike):
        from tilewright.datasets.reading import load

        table = load(table)
    connections = connection_lists(table)  # checks the maze columns and that sizes agree
    for column in ("solution", "algorithm", "seed", "params"):
        if column not in table.column_names:
            raise TilewrightError(f"the table has no {column!r} column: not a maze dataset")
    if table.num_rows == 0:
        raise TilewrightError("the table has no mazes: maze-dataset needs at least one")
    try:
        from maze_dataset import LatticeMazeGenerators, MazeDataset, MazeDatasetConfig, SolvedMaze
    except ImportError as error:
        # installed but broken, as maze-dataset 1.4 is beside muutils 0.9
        raise TilewrightError(
            f"maze-dataset does not import: {error} (maze-dataset 1.4 needs muutils<0.9)"
        ) from error
    _, _, height, width = connections.shape
    if height != width:
        raise TilewrightError(
            f"maze-dataset holds square mazes only (one side, grid_n); "
            f"the table's are {width}x{height}"
        )

    # int64, as maze-dataset's own paths are: a SolvedMaze hashes its solution's bytes
    paths = [path.astype(np.int64) for path in solution_paths(table)]
    rows = table.select(["algorithm", "seed", "params"]).to_pylist()
    mazes = [
        SolvedMaze(
            connection_list=connections[k],
            solution=paths[k],
            # fully_connected: a dataset's mazes are perfect (spanning trees); without the flag
            # maze-dataset's generate_random_path asks the metadata for the cells it reached
            generation_meta={"func_name": "tilewright", "fully_connected": True, **row},
        )
        for k, row in enumerate(rows)
    ]

    algorithms = set(table["algorithm"].unique().to_pylist())
    generator = _GENERATORS.get(algorithms.pop()) if len(algorithms) == 1 else None
    config = MazeDatasetConfig(
        name=name,
        grid_n=int(width),
        n_mazes=len(mazes),
        **({"maze_ctor": getattr(LatticeMazeGenerators, generator)} if generator else {}),
    )
    return MazeDataset(cfg=config, mazes=mazes)
