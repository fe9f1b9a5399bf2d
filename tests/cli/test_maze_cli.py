"""``tilewright maze``: formats by suffix, seeds printed and recorded, names in any case
with suggestions, pictures within the pixel budget, .npz at disk speed, and a word before
compiling."""

import hashlib
import io
import json
import os
import re
import subprocess
import sys
import zipfile

import numpy as np
import pytest
from PIL import Image

from tilewright.cli import main
from tilewright.mazes import ALGORITHMS, generate, read_maze
from tilewright.mazes.formats import SUFFIXES


def tilewright(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args],
        capture_output=True,
        timeout=600,
        env=env,
    )


def run(capsysbinary, *args: str) -> tuple[int, bytes, str]:
    """``tilewright maze ARGS`` in this process: (exit status, stdout, stderr)."""
    try:
        main(["maze", *args])
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


def printed_seed(err: str) -> int:
    """The seed in the one ``seed: N`` line of ``err`` (a line about compiling may follow)."""
    found = re.findall(r"^seed: (\d+)$", err, re.MULTILINE)
    assert len(found) == 1, err
    return int(found[0])


# The text the command printed before the mazes package was reorganised (the seed contract).
GOLDEN_TEXT = {
    ("30x15", "--seed", "1"): "95fa3c094cf10154fd01eb9b4976c5095d25d23ef84e1f06ecbb2dc6f468e8d4",
    ("30x15", "-s", "1", "-a", "eller", "-f", "ascii"): (
        "debdfdeb85c578cb113fa6a07bc183026432d5994425b7f4417d1704712f80f7"
    ),
    ("30x15", "-s", "1", "-a", "growing-tree", "--strategy", "oldest"): (
        "465ced40563cc03b56ff534cfa1059100922701efb63a944f452d582472b5c8d"
    ),
}


@pytest.mark.parametrize("args", list(GOLDEN_TEXT))
def test_a_seeds_text_is_unchanged(capsysbinary, args):
    status, out, err = run(capsysbinary, *args)
    assert status == 0 and "seed:" not in err, err
    assert hashlib.sha256(out).hexdigest() == GOLDEN_TEXT[args]


# --- names --------------------------------------------------------------------------------


def test_names_in_any_case_and_a_near_miss_gets_a_suggestion(capsysbinary):
    same = {run(capsysbinary, "9x5", "-s", "2", "-a", name)[1] for name in ("wilson", "WILSON")}
    assert len(same) == 1
    status, _, err = run(capsysbinary, "5x5", "-a", "prims")
    assert status == 2 and "did you mean prim?" in err
    status, out, _ = run(capsysbinary, "5x5", "-s", "1", "-f", "ASCII")
    assert status == 0 and out.startswith(b"+--+")
    status, _, err = run(capsysbinary, "5x5", "-f", "svgg")
    assert status == 2 and "did you mean svg?" in err


def test_a_mistyped_option_gets_a_suggestion_not_extra_arguments(capsysbinary):
    status, _, err = run(capsysbinary, "5x5", "--sead", "3")
    assert status == 2 and "Did you mean" in err and "--seed" in err
    assert "unexpected extra argument" not in err


def test_list_gives_each_algorithm_its_reference():
    lines = tilewright("maze", "--list").stdout.decode().splitlines()
    assert len(lines) == 2 * len(ALGORITHMS)
    for (first, second), (name, info) in zip(
        zip(lines[::2], lines[1::2], strict=True), ALGORITHMS.items(), strict=True
    ):
        assert first[1:].split()[0] == name
        assert second.strip() == f"Reference: {info.reference}."


# --- formats by suffix --------------------------------------------------------------------


def test_an_unknown_suffix_is_refused_and_nothing_is_written(tmp_path):
    done = tilewright("maze", "5x5", "-o", str(tmp_path / "maze.gif"))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "cannot write .gif files" in err
    assert all(suffix in err for suffix in SUFFIXES)
    assert list(tmp_path.iterdir()) == []


def test_every_suffix_writes_its_format(tmp_path, capsysbinary):
    for suffix, fmt in SUFFIXES.items():
        path = tmp_path / f"maze{suffix}"
        status, _, _ = run(capsysbinary, "6x4", "-s", "3", "-o", str(path))
        assert status == 0, suffix
        data = path.read_bytes()
        if fmt == "text":
            assert data.decode().startswith("┌")
        elif fmt in ("npz", "json"):
            assert read_maze(path) == generate(6, 4, seed=3)
        elif fmt == "geojson":  # the same maze as cells and walls
            features = json.loads(data)["features"]
            assert sum(f["geometry"]["type"] == "Polygon" for f in features) == 24
        else:
            assert data[:5] in (b"<?xml", b"\x89PNG\r", b"%PDF-")
    status, _, _ = run(capsysbinary, "6x4", "-s", "3", "-f", "ascii", "-o", str(tmp_path / "a.txt"))
    assert status == 0 and (tmp_path / "a.txt").read_text().startswith("+--+")


def test_options_that_do_not_fit_the_format_are_refused(capsysbinary):
    for args, words in [
        (["5x5", "--compress"], "--compress goes with npz"),
        (["5x5", "--solve", "-f", "json"], "draw on pictures"),
        (["5x5", "-f", "svg", "-o", "maze.png"], "does not write .png files"),
    ]:
        status, out, err = run(capsysbinary, *args)
        assert status == 2 and words in err and err.count("\n") == 1 and out == b""


# --- seeds are never lost -----------------------------------------------------------------


def test_a_drawn_seed_is_printed_and_recorded_in_every_format(tmp_path):
    for suffix in (".npz", ".json", ".svg", ".png", ".pdf"):
        path = tmp_path / f"maze{suffix}"
        done = tilewright("maze", "7x5", "-a", "kruskal", "-o", str(path))
        assert done.returncode == 0, done.stderr
        err = done.stderr.decode()
        seed = printed_seed(err)
        data = path.read_bytes()
        if suffix in (".npz", ".json"):
            assert read_maze(path).seed == seed
        elif suffix == ".png":
            record = json.loads(Image.open(io.BytesIO(data)).text["tilewright"])
            assert (record["seed"], record["algorithm"]) == (seed, "kruskal")
        elif suffix == ".svg":
            assert f'"seed":{seed}' in data.decode()
        else:
            assert f"seed={seed}".encode() in data
        again = tilewright("maze", "7x5", "-a", "kruskal", "-s", str(seed), "-o", str(path))
        assert again.returncode == 0 and b"seed:" not in again.stderr
        if suffix in (".npz", ".json"):
            assert read_maze(path) == generate(7, 5, "kruskal", seed=seed)


def test_a_streamed_maze_prints_its_seed_too(capsysbinary):
    status, out, err = run(capsysbinary, "8x3", "-a", "eller", "-f", "ascii")
    assert status == 0
    seed = printed_seed(err)
    assert run(capsysbinary, "8x3", "-a", "eller", "-f", "ascii", "-s", str(seed))[1] == out


def test_bad_input_is_refused_before_a_seed_is_drawn(capsysbinary):
    for args in (["5x5", "--strategy", "newest"], ["300000x300000"], ["5x5", "--start", "9,9"]):
        status, _, err = run(capsysbinary, *args, "--stats")
        assert status == 2 and err.count("\n") == 1 and "seed:" not in err, err


def test_a_braided_maze_records_its_braid(tmp_path, capsysbinary):
    path = tmp_path / "b.json"
    status, _, _ = run(capsysbinary, "10x8", "-s", "6", "--braid", "0.5", "-o", str(path))
    assert status == 0
    data = json.loads(path.read_text())
    assert (data["algorithm"], data["seed"]) == ("backtracker", 6)
    assert data["params"] == {"braid": 0.5, "braid_seed": 6}


# --- pictures within the pixel budget -----------------------------------------------------


def test_a_large_maze_draws_by_default_and_an_explicit_cell_past_the_budget_is_refused(
    tmp_path, capsysbinary
):
    path = tmp_path / "wide.png"
    status, _, err = run(capsysbinary, "1000x60", "-s", "1", "--solve", "-o", str(path))
    assert status == 0, err
    assert Image.open(path).size == (1000 * 4 + 1, 60 * 4 + 1)  # the legible cell 4, wall 1
    small = tmp_path / "small.svg"
    status, _, err = run(capsysbinary, "300x100", "-s", "1", "--max-side", "1000", "-o", str(small))
    assert status == 0 and 'width="901" height="301"' in small.read_text()  # cell 3
    status, _, err = run(capsysbinary, "300x100", "--max-side", "1000", "--cell", "4", "-f", "png")
    assert status == 2
    assert "1201x401 pixels" in err and "--cell 3 fits" in err and "--max-side 1201" in err


def test_heat_map_svg_is_vector_cells(capsysbinary):
    status, out, _ = run(capsysbinary, "12x8", "-s", "1", "--heatmap", "--solve", "-f", "svg")
    assert status == 0
    svg = out.decode()
    assert "<image" not in svg and 'shape-rendering="crispEdges"' in svg


# --- .npz at disk speed -------------------------------------------------------------------


def test_npz_is_stored_by_default_and_deflated_with_compress(tmp_path, capsysbinary):
    files = {}
    for extra in ((), ("--compress",)):
        path = tmp_path / f"m{len(extra)}.npz"
        status, _, _ = run(capsysbinary, "300x200", "-s", "4", "-o", str(path), *extra)
        assert status == 0
        methods = {info.compress_type for info in zipfile.ZipFile(path).infolist()}
        assert methods == {zipfile.ZIP_DEFLATED if extra else zipfile.ZIP_STORED}
        with np.load(path) as archive:
            files[extra] = archive["connection_list"]
        assert read_maze(path) == generate(300, 200, seed=4)
    assert np.array_equal(*files.values())
    assert os.path.getsize(tmp_path / "m1.npz") < os.path.getsize(tmp_path / "m0.npz") / 4


# --- the first run says it compiles -------------------------------------------------------


def test_a_cold_cache_is_announced_once(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first = tilewright("maze", "4x3", "-s", "1", "-a", "binary-tree", env=env)
    assert first.returncode == 0
    assert first.stderr.decode().startswith("tilewright: compiling the maze kernels once")
    again = tilewright("maze", "4x3", "-s", "1", "-a", "binary-tree", env=env)
    assert again.stderr == b"" and again.stdout == first.stdout
