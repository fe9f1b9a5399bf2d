"""``tilewright rect``'s difficulty: ``solve --explain`` and ``generate --difficulty``, as a
user runs them: in a separate process."""

import json
import re
import subprocess
import sys

import pytest

from tilewright.rectangles import Params, generate, parse_game_id, rate

EASY = "4x3:2b3a2a2b3a"


def tilewright(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", "rect", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_command_line_knows_the_library_levels():
    from tilewright.cli import rect_sheet
    from tilewright.rectangles import difficulty

    assert rect_sheet.LEVELS == difficulty.LEVELS


def test_explain_prints_numbered_steps_the_rating_and_then_the_solution():
    plain = tilewright("solve", EASY)
    done = tilewright("solve", EASY, "--explain")
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(plain.stdout)
    lines = done.stdout[: -len(plain.stdout)].splitlines()
    assert lines == [
        "1. clue 3 at row 0, column 3: only one rectangle fits (row 0, columns 1-3)",
        "2. clue 2 at row 0, column 0: only one rectangle fits (rows 0-1, column 0)",
        "3. the square at row 2, column 0: only clue 3 at row 2, column 2 can reach it",
        "4. clue 3 at row 2, column 2: only one rectangle fits (row 2, columns 0-2)",
        "5. clue 2 at row 1, column 1: only one rectangle fits (row 1, columns 1-2)",
        "6. clue 2 at row 1, column 3: only one rectangle fits (rows 1-2, column 3)",
        "difficulty: easy (6 steps: 5 single, 1 reach)",
    ]


def test_explain_numbers_every_step_of_a_generated_puzzle():
    made = generate(Params(12, 12), seed=3)
    done = tilewright("solve", made.game_id, "--explain")
    assert done.returncode == 0, done.stderr
    rating = rate(made.puzzle)
    numbered = re.findall(r"^ *(\d+)\. ", done.stdout, re.MULTILINE)
    assert [int(n) for n in numbered] == list(range(1, rating.steps + 1))
    assert f"difficulty: {rating.level} ({rating.steps} steps: " in done.stdout


@pytest.mark.parametrize(("game_id", "status"), [("2x2:2b2", 1), ("3x3:4g5", 1)])
def test_explain_leaves_puzzles_without_one_solution_as_they_were(game_id, status):
    done = tilewright("solve", game_id, "--explain")
    assert done.returncode == status
    assert done.stdout == tilewright("solve", game_id).stdout
    assert "difficulty" not in done.stdout


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_level_is_found_and_its_recorded_seed_makes_it_alone(level):
    done = tilewright("generate", "9x9", "--difficulty", level, "-s", "20", "-f", "json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["difficulty"]["level"] == level
    assert rate(parse_game_id(record["game_id"])).to_record() == record["difficulty"]
    seed = str(record["seed"])
    alone = json.loads(tilewright("generate", "9x9", "-s", seed, "-f", "json").stdout)
    assert alone == record
    again = tilewright("generate", "9x9", "--difficulty", level, "-s", seed, "-f", "json")
    assert again.stdout == done.stdout


def test_count_with_a_level_searches_on_after_each_find():
    done = tilewright(
        "generate", "8x8", "--difficulty", "HARD", "--count", "3", "-s", "7", "-f", "json"
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    seeds = [record["seed"] for record in records]
    assert seeds == sorted(set(seeds)) and seeds[0] >= 7
    assert {record["difficulty"]["level"] for record in records} == {"hard"}


def test_plain_json_records_the_rating_too():
    done = tilewright("generate", "8x8", "-s", "2", "-f", "json")
    record = json.loads(done.stdout)
    assert record["difficulty"] == rate(parse_game_id(record["game_id"])).to_record()
    # the default output is unchanged: the game ID alone
    assert tilewright("generate", "8x8", "-s", "2").stdout == record["game_id"] + "\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("4x4", "--difficulty", "fiendish", "-s", "1"), "no 4x4 puzzle rated fiendish in 500"),
        (("6x6", "--difficulty", "extreme"), "'extreme' is not one of them"),
        (("6x6", "--difficulty", "hardd"), "did you mean hard?"),
        (("6x6a", "--difficulty", "easy"), "leave out 'a'"),
    ],
)
def test_a_level_that_cannot_be_had_is_one_line_and_exit_2(tmp_path, args, message):
    output = tmp_path / "puzzles.jsonl"
    done = tilewright("generate", *args, "-o", str(output))
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if not line.startswith("seed: ")]
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert lines[0].startswith("tilewright: error: ")
    assert not output.exists()
