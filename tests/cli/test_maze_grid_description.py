"""``tilewright maze --grid-description``: a random grid (Penrose, hats, Spectres) on the
patch a Loopy grid description names, the description of a patch drawn from the seed
announced and recorded, and what a seed makes without the option unchanged."""

import hashlib
import json
import re
import time

import numpy as np
import pytest

from tests.cli.test_maze_cli import run
from tilewright import __version__
from tilewright.mazes.grid_formats import read_grid_maze
from tilewright.registry import (
    DESCRIBED,
    collection_grid,
    described_grid,
    grid_description,
    grid_kinds,
)

# each random grid's description for 8x8 and seed 3 (the seed's patch, pinned below too)
DRAWN = {
    "penrose-p2": "30BBBAVBBBUABBBUAVBUUAA",
    "penrose-p3": "30DYYXYCXYYXYXYYXY",
    "hats": "7,0,8,12,0,F",
    "spectres": "204273G",
}
# SHA-256 of `tilewright maze 8x8 --grid NAME -s 3 -o FILE` made before --grid-description
# existed, by tilewright 0.1.0 (a later version's record is read as that one's)
GOLDEN = {
    ("penrose-p2", "json"): "150e4856abbb18346c286d980082bca4bfffb105e87bd04ed8e11cc75cde6ecd",
    ("penrose-p2", "svg"): "fa8e3370abb8a80b171ab387e3b8348085071e0d66a441f46d8f201efe648579",
    ("penrose-p3", "json"): "dbd271e2c7e3f5196b913f120d0a4d1530e097e2a0dfd20fc8ac9f7bab8a91f7",
    ("penrose-p3", "svg"): "1282d8439fbb6d4d771f794d2fc4b8055c6d6fe22e74b2704a0a3855cb4ef711",
    ("hats", "json"): "8a481a09bbc758b3c07e3c17f24676617187b20d8a58b14f3e2bfee0d5bd38fe",
    ("hats", "svg"): "0272bb2d04ae8c47d139e61d89c8fb7fdc33ed8d8b7aeea3d9e52e7423ed91a5",
    ("spectres", "json"): "cb1c714603e6e643db76d73d030d4df2df6f342a0c24e2c29ce5f30268cab7a0",
    ("spectres", "svg"): "5577651c0790031d76f018e61ac14f9d2f65daafc91ae13ea592895b0915b813",
}


def announced(err: str) -> list[str]:
    """The descriptions in ``grid description: DESC`` lines of ``err``."""
    return re.findall(r"^grid description: (\S+)$", err, re.MULTILINE)


def faces(grid) -> list[np.ndarray]:
    """Each face's corners in order, as places: what "the same patch" means."""
    ptr = grid.polygon_ptr
    return [grid.vertices[grid.polygons[ptr[i] : ptr[i + 1]]] for i in range(len(ptr) - 1)]


def same_faces(one, other) -> bool:
    ours, theirs = faces(one), faces(other)
    return len(ours) == len(theirs) and all(
        np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True)
    )


@pytest.mark.parametrize("kind", DESCRIBED)
def test_a_drawn_patch_is_announced_recorded_and_made_again_from_its_description(
    capsysbinary, tmp_path, kind
):
    drawn, again = tmp_path / "drawn.json", tmp_path / "again.json"
    status, _, err = run(capsysbinary, "8x8", "--grid", kind, "-s", "3", "-o", str(drawn))
    assert status == 0, err
    assert announced(err) == [DRAWN[kind]]
    recorded = json.loads(drawn.read_text())
    assert recorded["grid_params"]["description"] == DRAWN[kind]
    assert recorded["record"]["grid_params"]["description"] == DRAWN[kind]
    args = ["8x8", "--grid", kind, "-s", "3", "--grid-description", DRAWN[kind]]
    status, _, err = run(capsysbinary, *args, "-o", str(again))
    assert status == 0, err
    assert announced(err) == []  # the user gave it
    first, second = read_grid_maze(drawn), read_grid_maze(again)
    assert same_faces(first.grid, second.grid)
    assert same_faces(second.grid, collection_grid(kind, 8, 8, DRAWN[kind]))
    # the maze still comes from -s: the same seed on the same patch is the same maze
    assert np.array_equal(first.passages, second.passages)
    if not kind.startswith("penrose"):  # a drawn Penrose grid also records its seed
        assert again.read_bytes() == drawn.read_bytes()


@pytest.mark.parametrize("kind", DESCRIBED)
def test_the_python_side_round_trips_a_seeds_patch(kind):
    grid = grid_kinds()[kind].build("7x9", seed=11)
    description = grid_description(grid)
    assert description is not None
    rebuilt = described_grid(kind, 7, 9, description)
    assert grid_description(rebuilt) == description
    assert same_faces(grid, rebuilt)


def test_a_grid_without_a_description_has_none():
    assert grid_description(grid_kinds()["hex"].build("4x3")) is None
    assert grid_description(grid_kinds()["spectre"].build("12x10", seed=1)) is None


def test_announced_only_when_the_maze_goes_to_a_file(capsysbinary, tmp_path):
    status, out, err = run(capsysbinary, "8x8", "--grid", "hats", "-s", "3", "-f", "json")
    assert status == 0 and announced(err) == []
    # stdout holds the record, description and all
    assert json.loads(out)["grid_params"]["description"] == DRAWN["hats"]
    path = tmp_path / "m.svg"
    status, _, err = run(capsysbinary, "8x8", "--grid", "spectres", "-o", str(path))
    assert status == 0 and len(announced(err)) == 1
    assert f'"description":"{announced(err)[0]}"' in path.read_text()


def test_a_description_goes_with_a_mask(capsysbinary, tmp_path):
    mask = tmp_path / "mask.txt"
    mask.write_text("..\n..\n")
    path = tmp_path / "m.json"
    args = ["8x8", "--grid", "penrose-p3", "--grid-description", DRAWN["penrose-p3"]]
    status, _, err = run(capsysbinary, *args, "--mask", str(mask), "-s", "1", "-o", str(path))
    assert status == 0, err
    grid = read_grid_maze(path).grid
    assert grid_description(grid) == DRAWN["penrose-p3"] and grid.params["mask"]


@pytest.mark.parametrize(
    ("grid", "description", "says"),
    [
        ("hex", "30DYYXYCXYYXYXYYXY", "a hex grid is not drawn at random"),
        ("square", "30DYYXYCXYYXYXYYXY", "a square grid is not drawn at random"),
        ("spectre", "204273G", "a spectre grid is not drawn at random"),
        ("triangular", "0", "a triangular grid is not drawn at random"),
        ("penrose-p3", DRAWN["penrose-p2"], "where a rhomb letter"),
        ("penrose-p2", DRAWN["hats"], "must have 0, 1 or 2"),
        ("hats", DRAWN["spectres"], "the hat grid description '204273G'"),
        ("spectres", DRAWN["hats"], "the Spectre grid description"),
        ("spectres", "30", "too short"),
        ("hats", "", "the hat grid description ''"),
        ("penrose-p3", "٣0CC", "must start with a digit"),
        ("penrose-p3", "00C\nC", "has '\\n'"),
        ("penrose-p3", "00" + "C" * 100_000, "at most 256 characters, got 100002"),
        ("hats", "1," * 60_000 + "H", "at most 256 characters"),
        ("spectres", "3021F", "names too few levels for a 40x40 grid"),
    ],
)
def test_a_description_that_does_not_fit_is_one_line_and_exit_2(
    capsysbinary, tmp_path, grid, description, says
):
    size = "40x40" if description == "3021F" else "8x8"
    path = tmp_path / "m.json"
    start = time.process_time()
    args = [size, "--grid", grid, "--grid-description", description, "-o", str(path)]
    status, out, err = run(capsysbinary, *args)
    assert time.process_time() - start < 5
    assert status == 2 and out == b""
    assert err.startswith("tilewright: error: ") and err.count("\n") == 1, err
    assert says in err
    assert not path.exists() and "seed:" not in err


@pytest.mark.parametrize("kind", DESCRIBED)
@pytest.mark.parametrize("fmt", ["json", "svg"])
def test_what_a_seed_makes_without_the_option_is_unchanged(capsysbinary, tmp_path, kind, fmt):
    path = tmp_path / f"m.{fmt}"
    status, _, err = run(capsysbinary, "8x8", "--grid", kind, "-s", "3", "-o", str(path))
    assert status == 0, err
    data = path.read_bytes().replace(f"tilewright {__version__}".encode(), b"tilewright 0.1.0")
    assert hashlib.sha256(data).hexdigest() == GOLDEN[kind, fmt]
