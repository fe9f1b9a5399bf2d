"""``tilewright rect``: formats by suffix, seeds printed and recorded, --answer, picture
sizes, names and typos, as a user runs it: in a separate process."""

import json
import re
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from tests.helpers import assert_solution
from tilewright.rectangles import parse_game_id, solve


def tilewright(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", "rect", *args],
        capture_output=True,
        cwd=cwd,
        timeout=300,
    )


def seed_printed(done: subprocess.CompletedProcess) -> int:
    (seed,) = re.findall(rb"^seed: (\d+)$", done.stderr, re.MULTILINE)
    return int(seed)


def test_the_command_line_knows_the_library_formats():
    from tilewright.cli import rect
    from tilewright.rectangles import formats

    assert rect.FORMATS == formats.FORMATS and rect.SUFFIXES == formats.SUFFIXES
    assert rect.PICTURES == formats.PICTURES


@pytest.mark.parametrize("name", ["p.gif", "p.PDFX", "p.npz"])
def test_an_unknown_suffix_is_refused(tmp_path, name):
    done = tilewright("generate", "6x6", "-s", "1", "-o", str(tmp_path / name))
    assert done.returncode == 2
    assert b"cannot write" in done.stderr and b".id, .json, .jsonl, .pdf" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "check"),
    [
        ("p.txt", lambda data: data.startswith(b"6x5:") and b"+--+" in data),
        ("p.id", lambda data: data.startswith(b"6x5:") and data.count(b"\n") == 1),
        ("p.json", lambda data: json.loads(data)["seed"] == 4),
        ("p.jsonl", lambda data: json.loads(data)["seed"] == 4),
        ("p.svg", lambda data: b'"seed":4' in data and b"</svg>" in data),
        ("p.png", lambda data: data.startswith(b"\x89PNG")),
        ("p.pdf", lambda data: data.startswith(b"%PDF-") and b"seed=4" in data),
    ],
)
def test_the_suffix_chooses_the_format(tmp_path, name, check):
    done = tilewright("generate", "6x5", "-s", "4", "-o", str(tmp_path / name))
    assert done.returncode == 0, done.stderr
    assert check((tmp_path / name).read_bytes())
    assert b"seed:" not in done.stderr  # a seed given is not printed


def test_format_names_ignore_case_and_near_misses_get_a_suggestion():
    assert tilewright("generate", "5x5", "-s", "1", "-f", "JSON").returncode == 0
    done = tilewright("generate", "5x5", "-s", "1", "-f", "jsn")
    assert done.returncode == 2 and b"did you mean json?" in done.stderr
    typo = tilewright("generate", "5x5", "--sead", "3")
    assert typo.returncode == 2 and b"Did you mean" in typo.stderr and b"'--seed'" in typo.stderr


def test_a_drawn_seed_is_printed_and_recorded_everywhere(tmp_path):
    done = tilewright("generate", "8x6", "-f", "json")
    seed = seed_printed(done)
    assert json.loads(done.stdout)["seed"] == seed
    again = tilewright("generate", "8x6", "-s", str(seed), "-f", "json")
    assert again.stdout == done.stdout
    png = tilewright("generate", "8x6", "-o", str(tmp_path / "p.png"))
    record = json.loads(Image.open(tmp_path / "p.png").text["tilewright"])
    assert record["seed"] == seed_printed(png) and record["family"] == "rectangles"
    svg = tilewright("generate", "8x6", "-o", str(tmp_path / "p.svg"))
    assert f'"seed":{seed_printed(svg)}'.encode() in (tmp_path / "p.svg").read_bytes()
    pdf = tilewright("generate", "8x6", "-o", str(tmp_path / "p.pdf"))
    assert f"seed={seed_printed(pdf)}".encode() in (tmp_path / "p.pdf").read_bytes()


def test_with_count_the_first_seed_is_printed_once():
    done = tilewright("generate", "5x4", "--count", "3", "-f", "json")
    first = seed_printed(done)
    seeds = [json.loads(line)["seed"] for line in done.stdout.splitlines()]
    assert seeds == [first, first + 1, first + 2]


@pytest.mark.parametrize("puzzle_name", ["puzzle.txt", "puzzle.svg", "puzzle.png", None])
def test_answer_writes_the_solution_of_the_same_puzzle(tmp_path, puzzle_name):
    answer = tmp_path / "answer.json"
    args = ["generate", "12x9", "--answer", str(answer)]
    if puzzle_name is not None:
        args += ["-o", str(tmp_path / puzzle_name)]
    done = tilewright(*args)
    assert done.returncode == 0, done.stderr
    if puzzle_name is None:
        game_id = done.stdout.decode().strip()
    elif puzzle_name.endswith(".txt"):
        game_id = (tmp_path / puzzle_name).read_text().splitlines()[0]
    elif puzzle_name.endswith(".png"):
        game_id = json.loads(Image.open(tmp_path / puzzle_name).text["tilewright"])["game_id"]
    else:
        text = (tmp_path / puzzle_name).read_text()
        game_id = re.search(r'"game_id":"([^"]+)"', text)[1]
    record = json.loads(answer.read_text())
    assert record["game_id"] == game_id and record["seed"] == seed_printed(done)
    puzzle = parse_game_id(game_id)
    regions = np.array(record["solution"])
    assert_solution(puzzle, regions)
    (only,) = solve(puzzle)
    assert np.array_equal(only, regions)


def test_answer_in_text_and_as_a_picture(tmp_path):
    done = tilewright(
        "generate", "7x7", "-s", "3", "-o", str(tmp_path / "p.id"),
        "--answer", str(tmp_path / "a.txt"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    game_id = (tmp_path / "p.id").read_text().strip()
    puzzle = parse_game_id(game_id)
    (regions,) = solve(puzzle)
    assert (tmp_path / "a.txt").read_text() == f"{game_id}\n{puzzle.to_text(regions)}\n"
    picture = tilewright("generate", "7x7", "-s", "3", "--answer", str(tmp_path / "a.pdf"))
    assert picture.stdout.decode().strip() == game_id
    assert b"solution=True" in (tmp_path / "a.pdf").read_bytes()


def test_answer_with_count_holds_one_solution_a_line(tmp_path):
    done = tilewright(
        "generate", "5x5", "-s", "9", "--count", "3", "--answer", str(tmp_path / "a.jsonl")
    )
    ids = done.stdout.decode().split()
    records = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert [record["game_id"] for record in records] == ids
    assert [record["seed"] for record in records] == [9, 10, 11]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--answer", "a.id"], b"shows the solution"),
        (["--answer", "a.gif"], b"cannot write .gif"),
        (["--answer", "a.txt", "--solve"], b"drop --solve"),
        (["--answer", "same.txt", "-o", "same.txt"], b"same place"),
        (["--answer", "-"], b"same place"),
        (["--answer", "a.svg", "--count", "2"], b"one puzzle"),
        (["-o", "p.svg", "--count", "2"], b"one puzzle"),
        (["--solve"], b"--solve needs"),
    ],
)
def test_answer_and_solution_refusals(tmp_path, extra, message):
    done = tilewright("generate", "6x6", "-s", "1", *extra, cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_the_default_cell_fits_max_side_and_an_explicit_one_past_it_is_refused(tmp_path):
    done = tilewright("generate", "100x60", "-s", "1", "-o", str(tmp_path / "p.png"),
                      "--max-side", "1500")  # fmt: skip
    assert done.returncode == 0, done.stderr
    size = Image.open(tmp_path / "p.png").size
    assert max(size) <= 1500 and size[0] > 1400  # 14 pixels a square: the largest that fits
    refused = tilewright("generate", "400x300", "-s", "1", "-o", str(tmp_path / "q.svg"),
                         "--cell", "32")  # fmt: skip
    assert refused.returncode == 2 and b"12833x9633 pixels" in refused.stderr
    assert b"--cell 20 fits" in refused.stderr and b"--max-side 12833" in refused.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["p.png"]


def test_solve_prints_the_solution_and_no_seed():
    done = tilewright("solve", "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f")
    assert done.returncode == 0 and b"seed" not in done.stderr
    assert done.stdout.decode() == parse_game_id("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f").to_text(
        solve(parse_game_id("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"))[0]
    )
