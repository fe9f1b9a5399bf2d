"""The command line, run as a user runs it: in a separate process."""

import json
import re
import subprocess
import sys

import numpy as np
import pytest

from tilewright.mazes import ALGORITHMS, generate
from tilewright.mazes.io import read_npz


def tilewright(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args], capture_output=True, cwd=cwd, timeout=120
    )


def test_quick_start_prints_a_maze():
    done = tilewright("maze", "30x15", "--seed", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 16 and all(len(line) == 61 for line in lines)


def test_ascii_text_is_the_library_maze():
    done = tilewright("maze", "9x4", "-a", "prim", "-s", "5", "-f", "ascii")
    from tests.helpers import parse_ascii

    maze = generate(9, 4, "prim", seed=5)
    assert np.array_equal(parse_ascii(done.stdout.decode(), 9, 4), maze.connections)


def test_seed_reproduces_and_json_records_it(tmp_path):
    first = tilewright("maze", "12x7", "-a", "wilson", "-o", str(tmp_path / "a.json"))
    assert first.returncode == 0, first.stderr
    data = json.loads((tmp_path / "a.json").read_text())
    again = tilewright("maze", "12x7", "-a", "wilson", "-s", str(data["seed"]), "-f", "json")
    assert json.loads(again.stdout) == data
    assert (data["width"], data["height"], data["algorithm"]) == (12, 7, "wilson")


def test_npz_output(tmp_path):
    path = tmp_path / "m.npz"
    done = tilewright(
        "maze", "20x10", "-a", "growing-tree", "--strategy", "oldest", "-o", str(path)
    )
    assert done.returncode == 0, done.stderr
    maze = read_npz(str(path))
    assert maze.is_perfect() and maze.params == {"strategy": "oldest"}
    assert maze == generate(20, 10, "growing-tree", seed=maze.seed, strategy="oldest")


def test_list_names_every_algorithm():
    done = tilewright("maze", "--list")
    lines = done.stdout.decode().splitlines()
    names = [line[1:].split()[0] for line in lines if not line.startswith("  ")]
    assert names == list(ALGORITHMS)


def test_streamed_eller_to_file(tmp_path):
    path = tmp_path / "tall.txt"
    done = tilewright("maze", "7x3000", "-a", "eller", "--join", "0.7", "-s", "4", "-o", str(path))
    assert done.returncode == 0, done.stderr
    assert len(path.read_text().splitlines()) == 3001


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["maze", "0x5"], "at least 1"),
        (["maze", "-4x5"], "No such option '-4'"),  # a leading - is an option's
        (["maze", "--", "-4x5"], "at least 1"),
        (["maze", "ax5"], "WIDTHxHEIGHT"),
        (["maze"], "missing SIZE"),
        (["maze", "5x5", "-a", "nope"], "'nope' is not one of them"),
        (["maze", "5x5", "-a", "growing-tree", "--strategy", "sideways"], "unknown growing-tree"),
        (["maze", "5x5", "-a", "growing-tree", "--strategy", "newest:-1"], "positive"),
        (["maze", "5x5", "--strategy", "newest"], "does not take"),
        (["maze", "5x5", "-a", "eller", "--join", "1.5"], "probability"),
        (["maze", "5x5", "--seed", "-1"], "seed"),
        (["maze", "300000x300000"], "memory"),
        (["maze", "5x5", "-f", "gif"], "gif"),
        (["maze", "5x5", "-f", "npz", "--solve"], "pictures"),
        (["maze", "5x5", "-f", "svg", "--solve", "--start", "5,0"], "outside"),
        (["maze", "10x10", "-a", "eller", "--start", "10,10"], "go with --solve"),
        (["maze", "5x5", "-f", "svg", "--goal", "a,b"], "ROW,COLUMN"),
        (["maze", "5x5", "--braid", "2"], "between 0 and 1"),
        (["maze", "5x5", "-f", "svg", "--cell", "2", "--wall", "2"], "wall < cell"),
        (["maze", "5x5", "-f", "svg", "--path-colour", "blurple"], "unknown colour"),
        (["maze", "5000x5000", "-f", "png", "--cell", "40"], "past the 8192-pixel budget"),
        (["maze-stats", "/nonexistent.npz"], "cannot read"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(args, message):
    done = tilewright(*args)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert len(err.splitlines()) == 1 and err.startswith("tilewright: error: "), err
    assert message in err
    assert done.stdout == b""


def test_failure_leaves_no_file(tmp_path):
    path = tmp_path / "maze.npz"
    done = tilewright("maze", "300000x300000", "-o", str(path))
    assert done.returncode == 2
    assert list(tmp_path.iterdir()) == []


def test_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "maze.txt"
    path.write_text("old")
    done = tilewright("maze", "5x5", "-a", "nope", "-o", str(path))
    assert done.returncode == 2
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["maze.txt"]


def test_missing_output_folder(tmp_path):
    done = tilewright("maze", "5x5", "-o", str(tmp_path / "no" / "m.txt"))
    assert done.returncode == 2 and b"does not exist" in done.stderr


def test_png_with_solution(tmp_path):
    from PIL import Image

    path = tmp_path / "m.png"
    done = tilewright(
        "maze", "30x20", "-s", "3", "--solve", "--heatmap", "--cell", "10", "-o", str(path)
    )
    assert done.returncode == 0, done.stderr
    assert Image.open(path).size == (30 * 10 + 2, 20 * 10 + 2)


def test_svg_to_stdout():
    import xml.etree.ElementTree as ET

    done = tilewright("maze", "8x6", "-f", "svg", "--solve", "--start", "5,0", "--goal", "0,7")
    assert done.returncode == 0, done.stderr
    assert 800 <= int(ET.fromstring(done.stdout).get("width")) <= 1000  # the default side


def test_stats_table_json_and_saved_file(tmp_path):
    table = tilewright("maze", "40x30", "-a", "kruskal", "-s", "2", "--stats").stdout.decode()
    assert "dead ends" in table and "river" in table
    as_json = json.loads(
        tilewright("maze", "40x30", "-a", "kruskal", "-s", "2", "--stats", "json").stdout
    )
    path = tmp_path / "m.npz"
    beside = tilewright(
        "maze", "40x30", "-a", "kruskal", "-s", "2", "-o", str(path), "--stats", "json"
    )
    saved = tilewright("maze-stats", str(path), "-f", "json")
    assert json.loads(beside.stdout) == json.loads(saved.stdout) == as_json
    assert as_json["perfect"] is True and as_json["width"] == 40


def test_braided_maze_is_recorded(tmp_path):
    path = tmp_path / "b.json"
    done = tilewright("maze", "20x20", "-a", "wilson", "--braid", "0.5", "-o", str(path))
    assert done.returncode == 0, done.stderr
    data = json.loads(path.read_text())
    assert data["params"] == {"braid": 0.5, "braid_seed": data["seed"]}
    stats = json.loads(tilewright("maze-stats", str(path), "-f", "json").stdout)
    assert stats["perfect"] is False


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"PK\x03\x04 not really a zip", "npz"),
        (b'{"connection_list": [[[true]]]}', "shape"),
        (b"[1, 2", "JSON"),
    ],
)
def test_maze_stats_on_corrupt_files(tmp_path, content, message):
    path = tmp_path / "broken.npz"
    path.write_bytes(content)
    done = tilewright("maze-stats", str(path))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and message in done.stderr.decode()


def test_tromino_classic_from_arguments_and_from_stdin():
    from tests.helpers import SAMPLE_8_2_3

    assert tilewright("tromino", "classic", "8", "2", "3").stdout.decode() == SAMPLE_8_2_3
    piped = subprocess.run(
        [sys.executable, "-m", "tilewright", "tromino", "classic"],
        input=b"8 2 3\n",
        capture_output=True,
        timeout=120,
    )
    assert piped.stdout.decode() == SAMPLE_8_2_3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tromino", "classic", "6", "1", "1"], "power of two"),
        (["tromino", "classic", "8", "9", "1"], "between 1 and"),
        (["tromino", "classic", "8", "2"], "three numbers"),
        (["tromino", "tile", "5x5", "--missing", "0,1"], "Chu and Johnsonbaugh"),
        (["tromino", "tile", "9x7", "--missing", "0,0"], "not a multiple of 3"),
        (["tromino", "tile", "8x8", "--missing", "8,0"], "off the 8x8 board"),
        (["tromino", "tile", "8x8", "--missing", "a"], "ROW,COL"),
        (["tromino", "tile", "8x8", "--missing", "0,0", "--colour", "four"], "pictures"),
    ],
)
def test_tromino_bad_input(args, message):
    done = tilewright(*args)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and message in done.stderr.decode()


def test_tromino_npy_and_png_files(tmp_path):
    from PIL import Image

    from tilewright.tromino import tile

    npy = tmp_path / "t.npy"
    assert (
        tilewright("tromino", "tile", "22x13", "--missing", "3,8", "-o", str(npy)).returncode == 0
    )
    assert np.array_equal(np.load(npy), tile(22, 13, (3, 8)))
    png = tmp_path / "t.png"
    done = tilewright("tromino", "tile", "22x13", "--missing", "3,8", "--cell", "5", "-o", str(png))
    assert done.returncode == 0, done.stderr
    image = Image.open(png)
    assert image.size == (22 * 5, 13 * 5)
    pixels = np.asarray(image.convert("RGB"))
    assert tuple(pixels[3 * 5 + 2, 8 * 5 + 2]) == (0, 0, 0)  # the missing square is black


def test_tromino_colours(tmp_path):
    import xml.etree.ElementTree as ET

    done = tilewright(
        "tromino", "tile", "16x16", "--missing", "2,4", "--colour", "three", "-f", "svg"
    )
    assert done.returncode == 0, done.stderr
    fills = {
        p.get("fill") for p in ET.fromstring(done.stdout).iter("{http://www.w3.org/2000/svg}path")
    }
    assert len(fills) == 3
    refused = tilewright("tromino", "tile", "20x14", "--missing", "2,4", "--colour", "three", "-o",
                         str(tmp_path / "x.png"))  # fmt: skip
    assert refused.returncode == 2 and b"3-colouring" in refused.stderr
    assert list(tmp_path.iterdir()) == []


def test_rect_solve_exit_statuses():
    unique = tilewright("rect", "solve", "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f")
    assert unique.returncode == 0 and unique.stdout.count(b"\n") == 15
    ambiguous = tilewright("rect", "solve", "2x2:2b2")
    assert ambiguous.returncode == 1 and b"more than one solution" in ambiguous.stdout
    none = tilewright("rect", "solve", "3x3:4g5")
    assert none.returncode == 1 and none.stdout.strip() == b"no solution"
    malformed = tilewright("rect", "solve", "3x3:4g5!")
    assert malformed.returncode == 2 and b"unexpected character" in malformed.stderr


def test_rect_generate_ids_are_unique_and_reproducible():
    done = tilewright("rect", "generate", "9x7", "--seed", "11", "--count", "4")
    assert done.returncode == 0, done.stderr
    ids = done.stdout.decode().split()
    assert len(ids) == 4 and all(i.startswith("9x7:") for i in ids)
    again = tilewright("rect", "generate", "9x7", "--seed", "13")
    assert again.stdout.decode().split() == ids[2:3]
    for game_id in ids:
        assert tilewright("rect", "solve", game_id).returncode == 0


def test_rect_generate_json_text_and_pictures(tmp_path):
    done = tilewright("rect", "generate", "12x8e0.5", "--seed", "2", "-f", "json", "--solve")
    record = json.loads(done.stdout)
    assert record["params"] == "12x8e0.5" and record["seed"] == 2
    clues, solution = np.array(record["clues"]), np.array(record["solution"])
    assert clues.shape == solution.shape == (8, 12)
    assert sorted(np.bincount(solution.ravel()).tolist()) == sorted(clues[clues > 0].tolist())
    text = tilewright("rect", "generate", "6x6", "--seed", "2", "-f", "text").stdout.decode()
    assert text.startswith("6x6:") and text.count("\n") == 15
    png, svg = tmp_path / "p.png", tmp_path / "p.svg"
    assert tilewright("rect", "generate", "10x10", "-o", str(png), "--solve").returncode == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    assert tilewright("rect", "generate", "10x10", "--seed", "5", "-o", str(svg)).returncode == 0
    game_id = tilewright("rect", "generate", "10x10", "--seed", "5").stdout.decode()
    clue_count = len(re.findall(r"\d+", game_id.split(":")[1]))
    assert svg.read_text().count("<text") == clue_count and "</svg>" in svg.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rect", "generate", "1x5"], "at least 2x2"),
        (["rect", "generate", "15x15e-1"], "0 or more"),
        (["rect", "generate", "15y15"], "parameters look like"),
        (["rect", "generate", "5x5", "--max-area", "2"], "at least 3"),
        (["rect", "generate", "5x5", "--count", "2", "-f", "svg"], "one puzzle"),
        (["rect", "generate", "40000x40000"], "memory"),
        (["rect", "solve", "2x2:2_3c"], "more than the 4 cells"),
    ],
)
def test_rect_bad_input(args, message, tmp_path):
    done = tilewright(*args, "-o", str(tmp_path / "out.txt")) if "generate" in args else None
    done = done or tilewright(*args)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert len(err.splitlines()) == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_spectre_formats(tmp_path):
    lines = tilewright("spectre", "8x6", "--seed", "3", "-f", "jsonl").stdout.decode().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) > 3 and all(len(r["vertices"]) == 14 for r in records)
    assert {r["type"] for r in records} <= set("ΓΔΘΛΞΠΣΦΨ")
    table = tilewright("spectre", "8x6", "--seed", "3", "-f", "csv").stdout.decode().splitlines()
    assert len(table) == len(records) + 1 and table[0].count(",") == 30
    assert table[1].split(",")[0] == records[0]["id"]
    geojson = tmp_path / "p.geojson"
    assert tilewright("spectre", "8x6", "--seed", "3", "-o", str(geojson)).returncode == 0
    geo = json.loads(geojson.read_text())
    assert len(geo["features"]) == len(records)
    svg = tilewright("spectre", "8x6", "--seed", "3", "--plain").stdout.decode()
    assert svg.count("<path d=") == len(records) and "<use" not in svg
    compact = tilewright("spectre", "8x6", "--seed", "3").stdout.decode()
    assert compact.count("<use") == len(records)
    png = tmp_path / "p.png"
    assert tilewright("spectre", "8x6", "--colour", "four", "-o", str(png)).returncode == 0
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["spectre", "0x5"], "positive width and height"),
        (["spectre", "5x-2"], "positive width and height"),
        (["spectre", "fivexsix"], "looks like 40x30"),
        (["spectre", "5x5", "--colour", "pink"], "'pink' is not one of"),
        (["spectre", "5x5", "--origin", "3"], "--origin is X,Y"),
        (["spectre", "100000x100000", "--method", "bfs"], "memory"),
        (["spectre", "5x5", "--method", "dfs"], "'dfs' is not one of"),
    ],
)
def test_spectre_bad_input(args, message, tmp_path):
    done = tilewright(*args, "--seed", "1", "-o", str(tmp_path / "out.svg"))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert len(err.splitlines()) == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_spectre_methods_write_the_same_tiles():
    def ids(method: str) -> set[str]:
        done = tilewright("spectre", "70x40", "--seed", "8", "-f", "csv", "--method", method)
        return {line.split(",")[0] for line in done.stdout.decode().splitlines()[1:]}

    line = ids("line")
    assert len(line) > 300 and line == ids("bfs")


def test_a_reader_that_goes_away_is_not_an_error():
    # tilewright maze ... | head -c 1: exit 0 and nothing on stderr
    process = subprocess.Popen(
        [sys.executable, "-m", "tilewright", "maze", "2000x2000", "-s", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(1)
    process.stdout.close()
    assert process.wait(timeout=120) == 0
    assert process.stderr.read() == b""


def test_no_command_shows_the_help():
    done = tilewright()
    assert done.returncode == 0 and b"Commands:" in done.stdout and done.stderr == b""
