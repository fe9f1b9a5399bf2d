"""``tilewright loopy solve`` and ``draw``: exit 0 with the one solution, 1 with none or
several (two shown), 2 for a malformed ID or output; pictures by suffix; a light start."""

import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest

from tests.helpers import run_binary
from tilewright.loopy import Puzzle
from tilewright.loopy.check import check_answer

PLUS = "3x3t0:a3a303a3a"  # one solution: a plus sign
NONE = "3x3t0:4a4f"  # two squares of 4: two loops, never one
SEVERAL = "3x3t0:i"  # no clues: many loops
SPECTRES = "8x8t17dh:2021105G_6ABa6a7AaAa6A9b5e60aCa3Cb"
PLUS_BOARD = "3x3t0de:a3a303a3a\n+ +-+ +\n  |3|\n+-+ +-+\n|3 0 3|\n+-+ +-+\n  |3|\n+ +-+ +\n"


def test_a_unique_puzzle_prints_its_board(capsysbinary):
    status, out, err = run_binary(capsysbinary, "loopy", "solve", PLUS)
    assert (status, out.decode(), err) == (0, PLUS_BOARD, "")


def test_another_grid_prints_its_loop_by_edge_numbers(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", SPECTRES)
    assert status == 0
    lines = out.decode().splitlines()
    assert lines[0] == SPECTRES and lines[-2] == "loop (edges in order along it)"
    puzzle = Puzzle.from_game_id(SPECTRES)
    assert check_answer(puzzle, edges=map(int, lines[-1].split())) is None


def test_no_solution_exits_1(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", NONE)
    assert (status, out) == (1, b"no solution\n")


def test_several_solutions_exit_1_and_show_two_that_differ(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", SEVERAL)
    assert status == 1
    head, first, second = out.decode().split("3x3t0de:i\n")
    assert head == "more than one solution; two of them:\n"
    assert first.strip() != second.strip() and "|" in first and "|" in second


@pytest.mark.parametrize(
    ("game_id", "words"),
    [
        ("3x3t0:zz", "too long for its grid"),
        ("3x3", "PARAMS:DESCRIPTION"),
        ("3x3t99:a", "grid types are 0 to 17"),
        ("3x3t0:a!", "unknown character"),
        ("8x8t17dh:6ABa", "names its patch"),
    ],
)
def test_a_malformed_id_is_one_line_and_exit_2(capsysbinary, game_id, words):
    status, out, err = run_binary(capsysbinary, "loopy", "solve", game_id)
    assert status == 2 and out == b""
    assert err.count("\n") == 1 and err.startswith("tilewright: error: ") and words in err


def test_a_file_of_ids_is_solved_in_turn_and_the_worst_status_wins(capsysbinary, tmp_path):
    ids = tmp_path / "ids.txt"
    ids.write_text(f"{PLUS}\n\n{NONE}\n")
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", "--file", str(ids))
    assert status == 1 and out.decode() == PLUS_BOARD + "\nno solution\n"
    ids.write_text(f"{PLUS}\n3x3t0:zz\n")
    status, _, err = run_binary(capsysbinary, "loopy", "solve", "--file", str(ids))
    assert status == 2 and err.startswith("tilewright: error: line 2: ")


def test_give_an_id_or_a_file(capsysbinary, tmp_path):
    assert run_binary(capsysbinary, "loopy", "solve")[0] == 2
    ids = tmp_path / "ids.txt"
    ids.write_text(PLUS)
    assert run_binary(capsysbinary, "loopy", "solve", PLUS, "--file", str(ids))[0] == 2
    status, _, err = run_binary(
        capsysbinary, "loopy", "solve", "--file", str(ids), "-o", str(tmp_path / "a.png")
    )
    assert status == 2 and "one GAME_ID" in err


def test_the_solution_is_drawn_by_the_suffix(capsysbinary, tmp_path):
    for name, head in (
        ("s.svg", b"<?xml"),
        ("s.png", b"\x89PNG"),
        ("s.pdf", b"%PDF"),
        ("s.txt", b"3x3"),
    ):
        status, out, _ = run_binary(
            capsysbinary, "loopy", "solve", PLUS, "-o", str(tmp_path / name)
        )
        assert (status, out) == (0, b"")
        assert (tmp_path / name).read_bytes().startswith(head)
    assert (tmp_path / "s.txt").read_text() == PLUS_BOARD
    assert '"solution":true' in (tmp_path / "s.svg").read_text()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-o", "s.gif"], "cannot write .gif files"),
        (["--cell", "40"], "--cell sizes a picture"),
        (["-o", "s.svg", "--paper", "letter"], "--paper lays out a PDF"),
        (["-o", "s.png", "--cell", "4000"], "past the 8192-pixel budget"),
    ],
)
def test_bad_output_options_exit_2_and_write_nothing(
    capsysbinary, tmp_path, monkeypatch, args, words
):
    monkeypatch.chdir(tmp_path)
    status, _, err = run_binary(capsysbinary, "loopy", "solve", PLUS, *args)
    assert status == 2 and words in err
    assert list(tmp_path.iterdir()) == []


def test_draw_shows_the_puzzle_and_with_answer_its_loop(capsysbinary, tmp_path):
    puzzle = tmp_path / "p.svg"
    answer = tmp_path / "a.svg"
    assert run_binary(capsysbinary, "loopy", "draw", SPECTRES, "-o", str(puzzle))[0] == 0
    assert (
        run_binary(capsysbinary, "loopy", "draw", SPECTRES, "-o", str(answer), "--answer")[0] == 0
    )
    clues = sum(c >= 0 for c in Puzzle.from_game_id(SPECTRES).clues.tolist())
    for name, paths in ((puzzle, 2), (answer, 3)):
        root = ElementTree.parse(name).getroot()
        assert len(root.findall(".//{http://www.w3.org/2000/svg}text")) == clues
        assert len(root.findall("{http://www.w3.org/2000/svg}path")) == paths


def test_draw_answer_needs_one_solution(capsysbinary, tmp_path):
    target = tmp_path / "a.png"
    status, out, _ = run_binary(
        capsysbinary, "loopy", "draw", SEVERAL, "-o", str(target), "--answer"
    )
    assert (status, out) == (1, b"more than one solution\n") and not target.exists()
    status, out, _ = run_binary(capsysbinary, "loopy", "draw", NONE, "-o", str(target), "--answer")
    assert (status, out) == (1, b"no solution\n") and not target.exists()


def test_draw_writes_text_too(capsysbinary, tmp_path):
    target = tmp_path / "p.txt"
    assert run_binary(capsysbinary, "loopy", "draw", PLUS, "-o", str(target), "--lists")[0] == 0
    text = target.read_text()
    assert text.startswith("3x3t0de:a3a303a3a\ndots (id x y)\n") and "loop" not in text


def test_a_solve_imports_no_picture_and_no_other_family():
    code = (
        "import sys\n"
        "from tilewright.cli import main\n"
        f"try:\n    main(['loopy', 'solve', {PLUS!r}])\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    loaded = set(done.stderr.splitlines()[-1].split())
    assert "tilewright.loopy.complete_solver" in loaded
    for name in (
        "PIL",
        "cairocffi",
        "tilewright.loopy.pictures",
        "tilewright.rectangles",
        "tilewright.mazes",
        "tilewright.aperiodic.hat.bfs",
    ):
        assert name not in loaded, name


def test_generate_writes_game_ids_that_grade_at_the_level_asked(capsysbinary, tmp_path):
    from tilewright.loopy import grade

    out = tmp_path / "ids.txt"
    status, _, err = run_binary(
        capsysbinary, "loopy", "generate", "6x6", "--grid", "hats", "--difficulty", "hard",
        "-s", "2", "--count", "2", "-o", str(out),
    )  # fmt: skip
    assert status == 0, err
    ids = out.read_text().split()
    assert len(ids) == 2 and all(gid.startswith("6x6t16dh:") for gid in ids)
    assert {grade(Puzzle.from_game_id(gid)) for gid in ids} == {"hard"}


def test_generate_draws_one_puzzle_and_its_answer(capsysbinary, tmp_path):
    status, _, err = run_binary(
        capsysbinary, "loopy", "generate", "5x5t0dn", "-s", "1", "-o", str(tmp_path / "p.svg"),
        "--answer", str(tmp_path / "a.txt"),
    )  # fmt: skip
    assert status == 0, err
    assert ElementTree.parse(tmp_path / "p.svg").getroot().tag.endswith("svg")
    assert "5x5t0dn:" in (tmp_path / "a.txt").read_text()


@pytest.mark.parametrize(
    "args",
    [
        ("generate", "5x5", "--grid", "nonsense"),
        ("generate", "5x5", "--count", "2", "-o", "x.png"),
        ("generate", "1x1t17"),
        ("grade", "5x5t0:zz!"),
    ],
)
def test_generate_and_grade_refuse_bad_input_in_one_line(capsysbinary, args):
    status, _, err = run_binary(capsysbinary, "loopy", *args)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_grade_prints_the_collections_level(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "grade", "5x5t0de:3a3b2c21b3a200a2a2a3a")
    assert status == 0 and out == b"easy\n"


EASY = "5x5t0de:3a3b2c21b3a200a2a2a3a"


def test_explain_numbers_the_steps_then_the_level_then_the_solution(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", PLUS, "--explain")
    lines = out.decode().splitlines()
    board = PLUS_BOARD.splitlines()
    assert status == 0 and lines[-len(board) :] == board
    steps = lines[: -len(board) - 1]
    assert lines[-len(board) - 1] == "difficulty: easy"
    assert steps[0] == " 1. face 4 (clue 0, row 1, column 1): its clue is met: NO 6, 10, 13, 14"
    assert [line.split(".")[0].strip() for line in steps] == [
        str(n) for n in range(1, len(steps) + 1)
    ]
    # every edge of the loop is set YES by a step
    said = " ".join(steps)
    assert said.count("YES") >= 1 and "one loop holds every YES edge" in steps[-1]


def test_difficulty_prints_what_grade_prints_before_the_solution(capsysbinary):
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", EASY, "--difficulty")
    _, graded, _ = run_binary(capsysbinary, "loopy", "grade", EASY)
    assert status == 0
    first, rest = out.decode().split("\n", 1)
    assert first == f"difficulty: {graded.decode().strip()}"
    assert rest.startswith(EASY + "\n")


def test_explain_on_another_grid_and_a_harder_puzzle(capsysbinary):
    status, out, _ = run_binary(
        capsysbinary, "loopy", "solve", SPECTRES, "--explain", "--difficulty"
    )
    text = out.decode()
    assert status == 0 and "row" not in text.split("dots (id x y)")[0]
    assert text.count("difficulty:") == 1
    # several solutions: no steps and no level, only the two solutions
    status, out, _ = run_binary(
        capsysbinary, "loopy", "solve", SEVERAL, "--explain", "--difficulty"
    )
    assert status == 1 and b"difficulty" not in out and b" 1. " not in out


def test_explain_and_difficulty_go_through_a_file_of_ids(capsysbinary, tmp_path):
    ids = tmp_path / "ids.txt"
    ids.write_text(f"{PLUS}\n{NONE}\n{EASY}\n")
    status, out, _ = run_binary(capsysbinary, "loopy", "solve", "--file", str(ids), "--difficulty")
    assert status == 1 and out.decode().count("difficulty: easy") == 2
    assert b"no solution" in out


@pytest.mark.parametrize("flag", ["--explain", "--difficulty"])
@pytest.mark.parametrize("game_id", ["5x5t0de:3a3b2c21b3a200a2a2a3", "5x5t99:a", "nonsense"])
def test_explain_or_difficulty_on_a_malformed_id_is_one_line_and_exit_2(
    capsysbinary, flag, game_id
):
    status, out, err = run_binary(capsysbinary, "loopy", "solve", game_id, flag)
    assert status == 2 and out == b""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
