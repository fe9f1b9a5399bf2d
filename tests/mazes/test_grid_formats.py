"""Saving mazes on grids: JSON and npz round trips on every grid, GeoJSON that loads with
json (a feature per cell, every closed wall once), pictures by suffix, and files from
anywhere refused in one clear line."""

import io
import itertools
import json
import os
import zipfile
from collections import Counter

import numpy as np
import pytest

from tilewright import TilewrightError
from tilewright.aperiodic import spectre_grid
from tilewright.core import grids
from tilewright.core.polygon_grid import restrict, square_grid
from tilewright.mazes.grid_formats import (
    format_of,
    geojson_chunks,
    npz_bytes,
    read_grid_maze,
    save_grid_maze,
)
from tilewright.mazes.grid_maze import generate_on
from tilewright.mazes.grid_pictures import closed_walls


def oval(width: int, height: int):
    grid = square_grid(width, height)
    x, y = (grid.centres - [width / 2, height / 2]).T
    return restrict(grid, (x / (width / 2)) ** 2 + (y / (height / 2)) ** 2 < 1)


def weave_maze():
    from tilewright.mazes.weaving import weave

    return weave(7, 6, "kruskal", seed=4, crossings=0.3)


MAZES = {
    "square": lambda: generate_on(square_grid(5, 3), "prim", seed=1),
    "hex": lambda: generate_on(grids.hex_grid(6, 4, flat=True), "wilson", seed=2),
    "hexagon": lambda: generate_on(grids.hexagon_grid(2), "backtracker", seed=3),
    "triangle": lambda: generate_on(grids.triangle_grid(7, 3), "kruskal", seed=4),
    "polar": lambda: generate_on(grids.polar_grid(3), "aldous-broder", seed=5),
    "upsilon": lambda: generate_on(grids.upsilon_grid(3, 3), "hunt-and-kill", seed=6),
    "masked": lambda: generate_on(oval(8, 6), "growing-tree", seed=7, strategy="random"),
    "weave": weave_maze,
    "spectre": lambda: generate_on(spectre_grid(9, 7, seed=2), "wilson", seed=8),
}


@pytest.fixture(scope="module", params=sorted(MAZES))
def maze(request):
    return MAZES[request.param]()


@pytest.mark.parametrize("suffix", [".json", ".npz"])
def test_data_files_round_trip(maze, suffix, tmp_path):
    path = tmp_path / f"maze{suffix}"
    save_grid_maze(maze, path)
    back = read_grid_maze(path)
    assert back == maze
    assert (back.algorithm, back.seed, back.params) == (maze.algorithm, maze.seed, maze.params)
    assert np.array_equal(back.grid.walls, maze.grid.walls)
    assert np.array_equal(back.grid.wall_slot, maze.grid.wall_slot)
    assert np.allclose(back.grid.centres, maze.grid.centres)
    assert back.grid.params == maze.grid.params and back.grid.kind == maze.grid.kind


def test_compressed_npz_round_trips(tmp_path):
    maze = MAZES["polar"]()
    save_grid_maze(maze, tmp_path / "maze.npz", compress=True)
    assert read_grid_maze(tmp_path / "maze.npz") == maze
    plain = npz_bytes(maze)
    assert os.path.getsize(tmp_path / "maze.npz") < len(plain)


def test_json_holds_cells_walls_and_passages(tmp_path):
    maze = MAZES["triangle"]()
    save_grid_maze(maze, tmp_path / "maze.json")
    data = json.loads((tmp_path / "maze.json").read_text())
    grid = maze.grid
    assert data["record"]["seed"] == 4 and data["record"]["software"].startswith("tilewright")
    assert len(data["cells"]) == grid.num_cells and all(len(c) == 3 for c in data["cells"])
    assert len(data["walls"]) == len(grid.walls) == len(data["wall_open"])
    assert sum(data["open"]) == grid.num_cells - 1
    # a wall is open exactly when its passage is
    for passage, is_open in zip(data["wall_passage"], data["wall_open"], strict=True):
        assert is_open == (passage >= 0 and data["open"][passage])


def test_geojson_has_a_polygon_per_cell_and_every_closed_wall_once(maze, tmp_path):
    path = tmp_path / "maze.geojson"
    save_grid_maze(maze, path, solution=True, heat=True, openings=True)
    collection = json.loads(path.read_text())
    assert collection["type"] == "FeatureCollection"
    features = collection["features"]
    cells = [f for f in features if f["geometry"]["type"] == "Polygon"]
    grid = maze.grid
    assert len(cells) == grid.num_cells
    assert sorted(f["id"] for f in cells) == list(range(grid.num_cells))
    first = cells[0]["geometry"]["coordinates"][0]
    assert first[0] == first[-1] and len(first) == np.diff(grid.polygon_ptr)[0] + 1
    assert all("distance" in f["properties"] for f in cells)
    # the wall lines, read back to vertex ids, are the closed walls less the openings
    vertex_of = {tuple(np.round(v, 6)): i for i, v in enumerate(grid.vertices.tolist())}
    drawn: Counter = Counter()
    for f in features:
        if f["properties"]["kind"] == "wall":
            ids = [vertex_of[tuple(np.round(p, 6))] for p in f["geometry"]["coordinates"]]
            drawn.update(tuple(sorted(pair)) for pair in itertools.pairwise(ids))
    from tilewright.mazes.grid_maze import default_endpoints
    from tilewright.mazes.grid_pictures import opening_walls

    gaps = opening_walls(grid, *default_endpoints(grid))
    expected = Counter(tuple(sorted(w)) for w in grid.walls[closed_walls(maze, gaps)].tolist())
    assert drawn == expected
    assert [f["properties"]["kind"] for f in features].count("solution") == 1


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_pictures_by_suffix(suffix, tmp_path):
    maze = MAZES["hex"]()
    path = tmp_path / f"maze{suffix}"
    save_grid_maze(maze, path, solution=True, heat=True, openings=True, cell=9, wall=1.5)
    head = path.read_bytes()[:8]
    assert head.startswith({".svg": b"<?xml", ".png": b"\x89PNG", ".pdf": b"%PDF-"}[suffix])


def test_save_goes_through_the_maze(tmp_path):
    maze = MAZES["square"]()
    maze.save(tmp_path / "maze.json")
    assert read_grid_maze(tmp_path / "maze.json") == maze


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("maze.txt", {}, "cannot write .txt"),
        ("maze.json", {"solution": True}, "for pictures and GeoJSON only"),
        ("maze.npz", {"cell": 5}, "for pictures only"),
        ("maze.geojson", {"max_side": 100}, "for pictures only"),
        ("maze.svg", {"compress": True}, "compress applies"),
        ("maze.svg", {"openings": True, "start": 7}, "no wall on the outer boundary"),
    ],
)
def test_save_refusals(name, options, message, tmp_path):
    maze = MAZES["square"]()
    with pytest.raises(TilewrightError, match=message):
        save_grid_maze(maze, tmp_path / name, **options)
    assert not (tmp_path / name).exists()


def test_format_names():
    assert format_of("a.GEOJSON") == "geojson"


# --- hostile files ------------------------------------------------------------------------


def good_json(maze) -> dict:
    buffer = io.BytesIO()
    from tilewright.mazes.grid_formats import json_chunks

    buffer.write(b"".join(json_chunks(maze)))
    return json.loads(buffer.getvalue())


def _tampered(change) -> dict:
    data = good_json(MAZES["hex"]())
    change(data)
    return data


def _set(key, value):
    return lambda data: data.__setitem__(key, value)


JSON_CASES = [
    ("not a format", _set("format", "something else"), 'no "format"'),
    ("a later version", _set("version", 2), "version"),
    ("no cells", _set("cells", []), "cells must be a non-empty list"),
    ("cells of strings", _set("cells", [["a", "b", "c"]]), "whole numbers"),
    ("a vertex past the end", lambda d: d["cells"][0].__setitem__(0, 10**6), "vertices outside"),
    ("a cell of two corners", lambda d: d["cells"].__setitem__(0, [0, 1]), "at least 3"),
    ("overlapping cells", lambda d: d["cells"].append(d["cells"][0]), "overlap"),
    ("a wall moved", lambda d: d["walls"].__setitem__(0, [0, 5]), "walls"),
    ("a flipped open flag", lambda d: d["wall_open"].__setitem__(0, True), "wall_open"),
    ("an extra passage", lambda d: d["open"].append(True), "one entry per passage"),
    ("passages to nowhere", lambda d: d["passages"].__setitem__(0, [0, 10**5]), "nodes"),
    ("a loop passage", lambda d: d["passages"].__setitem__(0, [0, 0]), "itself"),
    ("ragged vertices", lambda d: d["vertices"].__setitem__(0, [1]), "regular"),
    ("infinite vertices", lambda d: d["vertices"].__setitem__(0, [1e400, 0]), "finite"),
    ("a bad seed", _set("seed", -3), "seed"),
    ("a long kind", _set("kind", "x" * 100), "kind"),
    ("params not an object", _set("params", [1]), "params"),
    ("a vertex too far", lambda d: d["vertices"].__setitem__(0, [1e308, 0]), "within"),
    (
        "cells of no area",
        lambda d: d["vertices"].__setitem__(slice(None), [[0, 0]] * len(d["vertices"])),
        "area",
    ),
    ("a crossing that is no weave", _set("under", [0]), "only a weave"),
]


@pytest.mark.parametrize(("what", "change", "message"), JSON_CASES, ids=[c[0] for c in JSON_CASES])
def test_tampered_json_is_refused_in_one_line(what, change, message, tmp_path):
    path = tmp_path / "maze.json"
    path.write_text(json.dumps(_tampered(change)))
    with pytest.raises(TilewrightError, match=message) as caught:
        read_grid_maze(path)
    assert "\n" not in str(caught.value)


def test_a_number_too_long_for_a_float_still_shows_in_the_repr(tmp_path):
    path = tmp_path / "maze.json"
    data = good_json(MAZES["hex"]())
    data["grid_params"]["width"] = 10**400  # JSON allows it; nothing may crash on it
    path.write_text(json.dumps(data))
    maze = read_grid_maze(path)
    assert "(401 digits)" in repr(maze)
    maze.save(tmp_path / "maze.svg")


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"[]", b"[" * 100000 + b"]" * 100000, b"\xff\xfe\x00", b"PK\x03\x04broken"],
)
def test_garbage_is_refused_in_one_line(content, tmp_path):
    path = tmp_path / "maze.json"
    path.write_bytes(content)
    with pytest.raises(TilewrightError) as caught:
        read_grid_maze(path)
    assert "\n" not in str(caught.value)


def test_special_files_are_refused(tmp_path):
    for path in ("/dev/zero", tmp_path, tmp_path / "missing.json"):
        with pytest.raises(TilewrightError):
            read_grid_maze(path)
    with pytest.raises(TypeError):
        read_grid_maze(3)


def _npz_with(maze, **replace) -> bytes:
    archive = np.load(io.BytesIO(npz_bytes(maze)))
    arrays = {key: archive[key] for key in archive.files}
    arrays.update(replace)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def test_tampered_npz_is_refused(tmp_path):
    maze = MAZES["hex"]()
    cases = {
        "floats for ids": (_npz_with(maze, polygons=np.zeros(24, dtype=np.float64)), "whole"),
        "objects": (_npz_with(maze, walls=np.array([[None, None]], dtype=object)), "hold"),
        "a wrong shape": (_npz_with(maze, walls=np.zeros((3, 3), dtype=np.int32)), "shape"),
        "another format": (_npz_with(maze, format=np.array("x")), "format"),
        "flags past 1": (
            _npz_with(maze, open=np.full(len(maze.passages), 7, np.uint8).view(bool)),
            "0 and 1",
        ),
    }
    for what, (content, message) in cases.items():
        path = tmp_path / f"{what}.npz"
        path.write_bytes(content)
        with pytest.raises(TilewrightError, match=message):
            read_grid_maze(path)


def test_an_npz_that_claims_too_much_is_refused_before_inflating(tmp_path):
    maze = MAZES["square"]()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in zipfile.ZipFile(io.BytesIO(npz_bytes(maze))).namelist():
            archive.writestr(name, zipfile.ZipFile(io.BytesIO(npz_bytes(maze))).read(name))
        header = b"\x93NUMPY\x01\x00v\x00{'descr': '<f8', 'fortran_order': False, 'shape': "
        header += b"(100000000000, 2), }"
        header += b" " * (118 - len(header)) + b"\n"
    content = buffer.getvalue().replace(b"vertices.npy", b"vertic_0.npy")
    zipped = io.BytesIO(content)
    with zipfile.ZipFile(zipped, "a") as archive:
        archive.writestr("vertices.npy", header)
    path = tmp_path / "huge.npz"
    path.write_bytes(zipped.getvalue())
    with pytest.raises(TilewrightError) as caught:
        read_grid_maze(path)
    assert "\n" not in str(caught.value)


def test_geojson_chunks_refuse_heat_that_does_not_fit():
    maze = MAZES["square"]()
    with pytest.raises(TilewrightError):
        b"".join(geojson_chunks(maze, heat=np.zeros(3, dtype=np.int32)))


def test_a_format_given_writes_any_name_and_standard_output(tmp_path, capsysbinary):
    maze = MAZES["hexagon"]()
    save_grid_maze(maze, tmp_path / "maze", fmt="json")
    assert read_grid_maze(tmp_path / "maze") == maze
    save_grid_maze(maze, "-", fmt="geojson")
    assert json.loads(capsysbinary.readouterr().out)["type"] == "FeatureCollection"
    with pytest.raises(TilewrightError, match="unknown format"):
        save_grid_maze(maze, tmp_path / "maze.svg", fmt="gif")
    with pytest.raises(TilewrightError, match="give the format"):
        save_grid_maze(maze, None)
