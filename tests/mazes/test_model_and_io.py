"""The maze model, its checks, and its .npz / JSON files."""

import io
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.mazes import Maze, generate
from tilewright.mazes.io import json_chunks, read_json, read_npz, write_npz


def test_connection_list_layout_matches_maze_dataset():
    # A 2x2 maze: (0,0) down to (1,0), (1,0) right to (1,1), (0,0) right to (0,1).
    connections = np.zeros((2, 2, 2), dtype=bool)
    connections[0, 0, 0] = True
    connections[1, 1, 0] = True
    connections[1, 0, 0] = True
    maze = Maze.from_connection_list(connections)
    assert maze.width == 2 and maze.height == 2
    assert maze.south[0, 0] and maze.east[1, 0] and maze.east[0, 0]
    assert maze.is_perfect()
    assert maze.degrees().tolist() == [[2, 1], [2, 1]]
    assert maze.dead_end_share() == 0.5


def test_loops_and_islands_are_not_perfect():
    loop = np.zeros((2, 2, 2), dtype=bool)
    loop[0, 0, :] = True
    loop[1, :, 0] = True
    assert not Maze(loop).is_perfect()  # four passages round a 2x2 block
    island = np.zeros((2, 1, 3), dtype=bool)
    island[1, 0, 0] = True
    assert not Maze(island).is_perfect()  # two passages short: cell 2 is cut off


@pytest.mark.parametrize(
    ("shape", "where", "message"),
    [
        ((2, 3, 3), (0, 2, 1), "down out of the last row"),
        ((2, 3, 3), (1, 1, 2), "right out of the last column"),
        ((3, 3, 3), None, "shape"),
    ],
)
def test_invalid_connection_lists_are_rejected(shape, where, message):
    connections = np.zeros(shape, dtype=bool)
    if where:
        connections[where] = True
    with pytest.raises(TilewrightError, match=message):
        Maze(connections)


@given(
    size=st.tuples(st.integers(1, 20), st.integers(1, 20)),
    seed=st.integers(0, 10**6),
    name=st.sampled_from(["kruskal", "eller", "growing-tree"]),
)
def test_npz_and_json_round_trip(size, seed, name):
    maze = generate(*size, name, seed=seed)
    buffer = io.BytesIO()
    write_npz(maze, buffer)
    buffer.seek(0)
    from_npz = read_npz(buffer)
    from_json = read_json(b"".join(json_chunks(maze)))
    for loaded in (from_npz, from_json):
        assert loaded == maze
        assert (loaded.algorithm, loaded.seed, loaded.params) == (name, seed, maze.params)


def test_json_fields():
    maze = generate(4, 3, "wilson", seed=11)
    data = json.loads(b"".join(json_chunks(maze)))
    assert (data["width"], data["height"], data["algorithm"], data["seed"]) == (4, 3, "wilson", 11)
    assert np.array_equal(np.array(data["connection_list"]), maze.connections)


def test_corrupt_files_give_clear_errors():
    with pytest.raises(TilewrightError, match="npz"):
        read_npz(io.BytesIO(b"not a zip file"))
    with pytest.raises(TilewrightError, match="JSON"):
        read_json(b"{")
    with pytest.raises(TilewrightError, match="shape"):
        read_json(json.dumps({"connection_list": [[True]]}))


def test_maze_dataset_round_trip():
    pytest.importorskip("maze_dataset")
    maze = generate(7, 5, "wilson", seed=3)
    lattice = maze.to_maze_dataset()
    assert lattice.grid_shape == (5, 7)
    assert Maze.from_maze_dataset(lattice) == maze


def test_read_maze_tells_npz_from_json(tmp_path):
    from tilewright.mazes.io import read_maze

    maze = generate(6, 4, "eller", seed=8)
    npz, js = tmp_path / "m.bin", tmp_path / "m.txt"
    with open(npz, "wb") as stream:
        write_npz(maze, stream)
    js.write_bytes(b"".join(json_chunks(maze)))
    assert read_maze(str(npz)) == maze and read_maze(str(js)) == maze
    with pytest.raises(TilewrightError, match="cannot read"):
        read_maze(str(tmp_path / "missing.npz"))
