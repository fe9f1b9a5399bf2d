"""What ``-o NAME.zarr`` may replace: only an array tilewright wrote, never anything else a
folder of that name can hold, and never what a link inside it points to; and what a run
killed outright left beside it, the next run removes."""

import json
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import zarr

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets.tiling_arrays import write_tiling_zarr
from tilewright.tromino import generate

TILING = generate(10, 7, missing=(6, 9))


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: a file's bytes, a link's target, a folder as such."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = ("link", os.readlink(path))
        elif path.is_dir():
            found[name] = "folder"
        else:
            found[name] = path.read_bytes()
    return found


def ours(path: Path) -> None:
    write_tiling_zarr(generate(8, 8, missing=(0, 0)), path)


def group(path: Path) -> None:
    root = zarr.open_group(path, mode="w")
    root.create_array("labels", shape=(4,), dtype="int32")[:] = np.arange(4)


def another_programs_array(path: Path) -> None:
    zarr.create_array(store=path, shape=(4,), dtype="int32")[:] = np.arange(4)


def ours_with_notes(path: Path) -> None:
    ours(path)
    (path / "notes.txt").write_text("keep")


def garbage_metadata(path: Path) -> None:
    path.mkdir()
    (path / "zarr.json").write_bytes(b"\x00not json")


def metadata_of_an_array_of_ours(path: Path) -> None:
    """A ``zarr.json`` that is a link to the metadata of an array tilewright wrote."""
    ours(path.parent / "elsewhere.zarr")
    path.mkdir()
    (path / "zarr.json").symlink_to(path.parent / "elsewhere.zarr" / "zarr.json")


def chunks_linked_elsewhere(path: Path) -> None:
    """An array tilewright wrote whose chunk folder is a link to a folder of other files."""
    ours(path)
    elsewhere = path.parent / "precious"
    elsewhere.mkdir()
    (elsewhere / "0").write_text("keep")
    os.rename(path / "c", path.parent / "old-chunks")
    (path / "c").symlink_to(elsewhere)


REFUSED = {
    "a Zarr group": group,
    "another program's array": another_programs_array,
    "an array of ours with other files": ours_with_notes,
    "a zarr.json that is no JSON": garbage_metadata,
    "a zarr.json that is a link": metadata_of_an_array_of_ours,
    "a chunk folder that is a link": chunks_linked_elsewhere,
}


@pytest.mark.parametrize("make", REFUSED.values(), ids=REFUSED.keys())
def test_what_tilewright_did_not_write_is_refused_and_kept(tmp_path, make: Callable):
    out = tmp_path / "board.zarr"
    make(out)
    before = snapshot(tmp_path)
    with pytest.raises(TilewrightError, match="exists and is not a Zarr array tilewright wrote"):
        write_tiling_zarr(TILING, out)
    assert snapshot(tmp_path) == before


def test_the_command_refuses_a_group_in_one_line(tmp_path, capsys):
    out = tmp_path / "board.zarr"
    group(out)
    before = snapshot(tmp_path)
    status, err = run_cli(capsys, "tromino", "tile", "10x7", "-s", "1", "-o", str(out))
    assert status == 2
    assert err.startswith("tilewright: error: ") and "a Zarr group" in err
    assert len(err.splitlines()) == 1
    assert snapshot(tmp_path) == before


def test_an_array_of_ours_is_replaced(tmp_path):
    """The refusals above spare what tilewright wrote itself, chunks or none."""
    out = tmp_path / "board.zarr"
    write_tiling_zarr(generate(4, 4, missing=(0, 0)), out)
    write_tiling_zarr(TILING, out, rows_per_chunk=3)
    assert np.array_equal(zarr.open_array(out, mode="r")[:], TILING.labels)
    assert sorted(os.listdir(tmp_path)) == ["board.zarr"]


def test_a_killed_runs_hidden_folders_are_removed_by_the_next_run(tmp_path):
    """The folders a run killed outright leaves (its array half made, the older array moved
    aside) go with the next run on the same output; a link among them is removed without
    following it, and another output's folders stay."""
    ours(tmp_path / ".board.zarr.partial-0123abcd")
    ours(tmp_path / ".board.zarr.partial-89abcdef-old")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "zarr.json").write_text(json.dumps({"keep": True}))
    (tmp_path / ".board.zarr.partial-deadbeef").symlink_to(precious)
    ours(tmp_path / ".other.zarr.partial-0123abcd")
    write_tiling_zarr(TILING, tmp_path / "board.zarr")
    assert sorted(os.listdir(tmp_path)) == [
        ".other.zarr.partial-0123abcd",
        "board.zarr",
        "precious",
    ]
    assert json.loads((precious / "zarr.json").read_text()) == {"keep": True}
    assert np.array_equal(zarr.open_array(tmp_path / "board.zarr", mode="r")[:], TILING.labels)
