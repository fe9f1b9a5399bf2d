"""The mazes package's one shape: generate → Maze → validate → solve → save, with a short
repr, a record of what made each maze in every file, and a reference for each algorithm."""

import io
import json
import zipfile

import numpy as np
import pytest
from PIL import Image

import tilewright.mazes as mazes
from tilewright import TilewrightError
from tilewright.mazes import (
    ALGORITHMS,
    Maze,
    braid,
    generate,
    read_maze,
    shortest_path,
    stream_bands,
    validate,
)
from tilewright.mazes.generation import prepare, prepare_bands
from tilewright.mazes.io import write_npz
from tilewright.mazes.warm import KERNEL_MODULES, used_kernels

MAZE = generate(12, 7, "wilson", seed=5)


def test_repr_is_one_short_line():
    assert repr(MAZE) == "<Maze 12x7 wilson seed=5>"
    assert repr(braid(MAZE, 0.5)) == "<Maze 12x7 wilson seed=5 braid=0.5>"
    assert repr(Maze(MAZE.connections)) == "<Maze 12x7>"
    assert len(repr(generate(4000, 4000, "binary-tree", seed=2**63 - 1))) < 80


def test_notebook_picture_stays_capped():
    assert MAZE._repr_svg_().startswith("<?xml")
    assert generate(300, 300, "binary-tree", seed=1)._repr_svg_() is None


def test_package_names_are_public_and_load_lazily():
    assert set(mazes.__all__) <= set(dir(mazes))
    for name in mazes.__all__:
        assert getattr(mazes, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        mazes.nothing  # noqa: B018


# --- braid records its own seed -----------------------------------------------------------


def test_braid_records_its_share_and_seed_and_is_made_again_from_them():
    own = braid(MAZE, 0.5)
    assert own.params == {"braid": 0.5, "braid_seed": 5}
    assert (own.algorithm, own.seed) == ("wilson", 5)
    other = braid(MAZE, 0.5, seed=77)
    assert other.params == {"braid": 0.5, "braid_seed": 77}
    again = braid(generate(12, 7, own.algorithm, seed=own.seed), 0.5, seed=77)
    assert again == other and other != own


def test_a_fresh_braid_seed_is_recorded():
    unseeded = Maze(MAZE.connections)
    braided = braid(unseeded, 1.0)
    seed = braided.params["braid_seed"]
    assert isinstance(seed, int) and braid(unseeded, 1.0, seed=seed) == braided


def test_braiding_twice_is_refused():
    with pytest.raises(TilewrightError, match="braided already"):
        braid(braid(MAZE, 0.2), 0.2)


def test_braid_record_survives_files(tmp_path):
    braided = braid(MAZE, 0.5, seed=9)
    for name in ("b.json", "b.npz"):
        braided.save(tmp_path / name)
        back = read_maze(tmp_path / name)
        assert back == braided and back.params == {"braid": 0.5, "braid_seed": 9}


# --- validate -----------------------------------------------------------------------------


def test_validate_passes_every_generated_maze():
    for name in ALGORITHMS:
        maze = generate(9, 6, name, seed=3)
        assert validate(maze) is None
        assert validate(braid(maze, 1.0)) is None  # braided: loops are its point


def test_validate_names_what_is_wrong():
    assert validate(None) == "not a Maze but a NoneType"
    broken = generate(5, 5, "kruskal", seed=1)
    broken.connections[1, 2, -1] = True  # edited after it was made
    assert validate(broken) == "a passage leads right out of the last column"
    looped = generate(5, 5, "kruskal", seed=1)
    looped.connections[:, :-1, :-1] = True  # every inner passage open
    assert "must be perfect" in validate(looped)
    assert validate(Maze(looped.connections)) is None  # no algorithm claimed: may loop
    seeded = generate(5, 5, seed=1)
    seeded.seed = -3
    assert "seed" in validate(seeded)


# --- save by suffix -----------------------------------------------------------------------


def test_save_writes_each_format_by_its_suffix(tmp_path):
    MAZE.save(tmp_path / "m.txt")
    assert (tmp_path / "m.txt").read_text(encoding="utf-8").startswith("┌")
    for name in ("m.npz", "m.json", "M.NPZ"):
        MAZE.save(tmp_path / name)
        back = read_maze(tmp_path / name)
        assert back == MAZE and (back.algorithm, back.seed) == ("wilson", 5)
    MAZE.save(str(tmp_path / "m.svg"), solution=True, heat=True)
    svg = (tmp_path / "m.svg").read_text()
    assert "<polyline" in svg and '"seed":5' in svg
    MAZE.save(tmp_path / "m.png", cell=9, wall=3)
    assert Image.open(tmp_path / "m.png").size == (12 * 9 + 3, 7 * 9 + 3)
    MAZE.save(tmp_path / "m.pdf", solution=shortest_path(MAZE, (0, 0), (3, 3)))
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("name", "kwargs", "words"),
    [
        ("m.gif", {}, "cannot write .gif files: a maze is saved as .geojson, .json, .npz"),
        ("maze", {}, "cannot write a file without a suffix"),
        ("m.npz", {"cell": 8}, "cell: for pictures only"),
        ("m.json", {"solution": True}, "solution: for pictures only"),
        ("m.svg", {"compress": True}, "compress applies to .npz files"),
        ("m.png", {"cell": 900}, "past the 8192-pixel budget"),
    ],
)
def test_save_refuses_what_it_cannot_write_and_leaves_no_file(tmp_path, name, kwargs, words):
    with pytest.raises(TilewrightError, match=words):
        MAZE.save(tmp_path / name, **kwargs)
    assert list(tmp_path.iterdir()) == []


def test_save_draws_large_mazes_within_the_budget(tmp_path):
    big = generate(2000, 100, "binary-tree", seed=1)
    big.save(tmp_path / "big.png", max_side=4001)
    assert Image.open(tmp_path / "big.png").size == (4001, 201)  # cell 2, wall 1


# --- npz: stored by default, deflated on request ------------------------------------------


@pytest.mark.parametrize("compress", [False, True])
def test_npz_is_numpys_own_archive_stored_or_deflated(tmp_path, compress):
    path = tmp_path / "m.npz"
    MAZE.save(path, compress=compress)
    methods = {info.compress_type for info in zipfile.ZipFile(path).infolist()}
    assert methods == {zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED}
    with np.load(path) as archive:
        assert np.array_equal(archive["connection_list"], MAZE.connections)
        assert (int(archive["seed"]), str(archive["algorithm"])) == (5, "wilson")
        assert set(archive.files) == {
            "connection_list",
            "width",
            "height",
            "algorithm",
            "seed",
            "params",
        }
    assert read_maze(path) == MAZE


def test_npz_streams_to_an_unseekable_writer():
    class Pipe(io.RawIOBase):
        def __init__(self) -> None:
            self.data = bytearray()

        def writable(self) -> bool:
            return True

        def write(self, chunk) -> int:
            self.data += chunk
            return len(chunk)

    for compress in (False, True):
        pipe = Pipe()
        write_npz(MAZE, pipe, compress)
        assert read_maze_bytes(bytes(pipe.data)) == MAZE


def read_maze_bytes(data: bytes) -> Maze:
    from tilewright.mazes.io import read_npz

    return read_npz(io.BytesIO(data))


# --- checks before work -------------------------------------------------------------------


def test_prepare_checks_first_and_makes_the_same_maze():
    with pytest.raises(TilewrightError, match="does not take"):
        prepare(5, 5, "wilson", join=0.5)
    with pytest.raises(TilewrightError, match="needs about"):
        prepare(10**6, 10**6, "kruskal")
    assert prepare(20, 10, "eller", join=0.3)(4) == generate(20, 10, "eller", 4, join=0.3)
    streamed = [band.south.copy() for band in prepare_bands(20, 10, "eller", 3)(4)]
    direct = [band.south.copy() for band in stream_bands(20, 10, "eller", 4, 3)]
    assert all(np.array_equal(a, b) for a, b in zip(streamed, direct, strict=True))
    with pytest.raises(TypeError, match="seed"):
        prepare(5, 5)("1")


# --- references and kernels ---------------------------------------------------------------


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_each_algorithm_carries_its_reference_into_help(name):
    info = ALGORITHMS[name]
    assert info.reference and info.reference in str(info)
    assert name in generate.__doc__.split("References")[1]
    year = [word for word in info.reference.replace(",", " ").split() if word.isdigit()]
    assert year, info.reference  # a book or a paper, with its year


def test_used_kernels_are_the_ones_a_command_runs():
    views = used_kernels("eller", braid=True, stats=True)
    named = {
        view.__name__: sorted(key for key in vars(view) if not key.startswith("_"))
        for view in views
    }
    assert named == {
        "tilewright.mazes._row_kernels": ["eller_band"],
        "tilewright.mazes._solve_kernels": ["bfs_distances", "braid", "trace_back"],
        "tilewright.mazes._checks": ["component_count"],
    }
    assert set(named) <= set(KERNEL_MODULES)
    for name in ALGORITHMS:
        (view,) = used_kernels(name)
        assert view.__name__ in KERNEL_MODULES


def test_json_record_is_the_maze_info():
    data = json.loads(b"".join(_json(MAZE)))
    info = MAZE.info
    assert info.pop("family") == "maze"
    assert {key: data[key] for key in info} == info


def _json(maze: Maze):
    from tilewright.mazes.io import json_chunks

    return json_chunks(maze)
