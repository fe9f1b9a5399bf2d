"""One convention on every command: rows and columns from 0, one name per idea (the old
names still taken, each use saying so once), nothing pictorial or binary on a terminal,
``--answer`` and ``--paper`` wherever they apply, and game IDs too long for an argument
read from a file or standard input."""

import io
import json
import os
import pty
import re
import subprocess
import sys

import pytest

from tests.helpers import run_binary as run
from tilewright.cli import options as cli_options

WARNING = re.compile(r"tilewright: warning: .* is now .*; the old name will be removed")


def tilewright(*args: str, cwd=None, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args],
        capture_output=True,
        cwd=cwd,
        input=stdin,
        timeout=300,
    )


# --- rows and columns from 0 ---------------------------------------------------------------


def test_the_missing_square_counts_from_0_as_the_pictures_record_it(tmp_path, capsysbinary):
    status, out, err = run(capsysbinary, "tromino", "tile", "8x8", "--missing", "0,0")
    assert status == 0 and err == ""
    assert out.decode().splitlines()[0].split()[0] == "0"  # the top-left square
    svg = tmp_path / "t.svg"
    status, _, err = run(capsysbinary, "tromino", "tile", "7x7", "--missing", "5,4", "-o", str(svg))
    assert status == 0, err
    record = re.search(r'<metadata id="tilewright">(.*?)</metadata>', svg.read_text()).group(1)
    assert json.loads(record)["missing"] == [5, 4]


def test_a_square_off_the_board_is_named_from_0(capsysbinary):
    status, out, err = run(capsysbinary, "tromino", "tile", "8x8", "--missing", "8,0")
    assert status == 2 and out == b""
    assert err == (
        "tilewright: error: missing square 8,0 is off the 8x8 board (rows 0-7, columns 0-7)\n"
    )


def test_the_textbook_program_keeps_its_own_count_from_1(capsysbinary):
    status, out, _ = run(capsysbinary, "tromino", "classic", "4", "1", "1")
    assert status == 0 and out.decode().split()[0] == "0"  # its x=1, y=1 is the top-left


def test_explain_names_rows_and_columns_from_0(capsysbinary):
    status, out, _ = run(capsysbinary, "rect", "solve", "--explain", "4x3:2b3a2a2b3a")
    assert status == 0
    assert out.decode().splitlines()[0] == (
        "1. clue 3 at row 0, column 3: only one rectangle fits (row 0, columns 1-3)"
    )


# --- the old names still work, once each ------------------------------------------------------

# (old command, new command): the same output, and the old one says so in one line
RENAMED = [
    (
        ["tromino", "tile", "8x8", "--missing", "0,0", "--colours", "3", "-f", "svg"],
        ["tromino", "tile", "8x8", "--missing", "0,0", "--colour", "three", "-f", "svg"],
    ),
    (
        ["spectre", "4x4", "-s", "1", "--scale", "3", "-f", "svg"],
        ["spectre", "4x4", "-s", "1", "--cell", "3", "-f", "svg"],
    ),
    (
        ["hat", "6x6", "-s", "1", "--scale=3", "-f", "svg"],
        ["hat", "6x6", "-s", "1", "--cell=3", "-f", "svg"],
    ),
    (
        ["rect", "generate", "7x7", "-s", "1", "--solution", "-f", "text"],
        ["rect", "generate", "7x7", "-s", "1", "--solve", "-f", "text"],
    ),
    (["maze", "6x4", "-s", "1", "-f", "unicode"], ["maze", "6x4", "-s", "1", "-f", "text"]),
    (["maze-stats", "MAZE", "--json"], ["maze-stats", "MAZE", "-f", "json"]),
]


@pytest.mark.parametrize(("old", "new"), RENAMED, ids=lambda args: " ".join(args[:2]))
def test_an_old_name_works_and_says_what_to_write_now(tmp_path, capsysbinary, old, new):
    maze = tmp_path / "m.npz"
    run(capsysbinary, "maze", "6x4", "-s", "1", "-o", str(maze))
    old, new = ([str(maze) if word == "MAZE" else word for word in args] for args in (old, new))
    status, out, err = run(capsysbinary, *old)
    assert status == 0
    assert WARNING.fullmatch(err.rstrip("\n")), err
    assert run(capsysbinary, *new) == (0, out, "")


def test_old_names_of_the_datasets_work_and_say_so(tmp_path):
    pytest.importorskip("pyarrow")
    old = tilewright("dataset", "tromino", "--size", "8x8", "--colours", "--count", "3", "-s",
                     "1", "-o", "old.parquet", cwd=tmp_path)  # fmt: skip
    new = tilewright("dataset", "tromino", "8x8", "--colour", "four", "--count", "3", "-s", "1",
                     "-o", "new.parquet", cwd=tmp_path)  # fmt: skip
    assert old.returncode == 0 and new.returncode == 0, old.stderr
    warnings = old.stderr.decode().splitlines()[:2]
    assert len(warnings) == 2 and all(WARNING.fullmatch(line) for line in warnings)
    assert b"warning" not in new.stderr
    assert (tmp_path / "old.parquet").read_bytes() == (tmp_path / "new.parquet").read_bytes()


def test_a_word_that_is_another_option_s_value_is_not_translated(tmp_path, capsysbinary):
    from tilewright.cli.options import Renamed, renamed_words

    rules = {"--scale": Renamed(("--cell",)), "--size": Renamed(())}
    assert renamed_words(["-o", "--scale", "x"], rules, {"-o"}) == ["-o", "--scale", "x"]
    assert renamed_words(["--size", "5x5", "--", "--scale"], rules, set()) == [
        "5x5",
        "--",
        "--scale",
    ]
    capsysbinary.readouterr()
    assert renamed_words(["--size", "5x5", "--size=6x6"], rules, set()) == ["5x5", "6x6"]
    warned = capsysbinary.readouterr().err.decode()
    assert warned == (
        "tilewright: warning: --size is now given as an argument; the old name will be removed\n"
    )


def test_a_hostile_value_of_an_old_option_is_not_repeated_in_the_warning(capsysbinary):
    status, _, err = run(capsysbinary, "spectre", "4x4", "--scale", "9" * 5000, "-f", "csv")
    assert status == 2 and len(err) < 400
    assert err.splitlines()[0] == (
        "tilewright: warning: --scale is now --cell; the old name will be removed"
    )


# --- nothing pictorial or binary on a terminal ------------------------------------------------


def on_a_terminal(*args: str) -> tuple[int, str, bytes]:
    """The command with its standard output on a pseudo-terminal: (exit status, stderr,
    what reached the terminal)."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tilewright", *args],
            stdin=subprocess.DEVNULL,
            stdout=follower,
            stderr=subprocess.PIPE,
            timeout=300,
        )
    finally:
        os.close(follower)
    shown = b""
    try:
        while chunk := os.read(leader, 65536):
            shown += chunk
    except OSError:  # the terminal's other end is closed: all is read
        pass
    os.close(leader)
    return done.returncode, done.stderr.decode(), shown


@pytest.mark.parametrize(
    ("args", "fmt"),
    [
        (["spectre", "10x10", "-s", "1"], "svg"),  # the default format
        (["hat", "10x10", "-s", "1"], "svg"),
        (["maze", "5x5", "-s", "1", "-f", "svg"], "svg"),
        (["maze", "5x5", "-s", "1", "-f", "npz"], "npz"),
        (["rect", "generate", "5x5", "-s", "1", "-f", "png"], "png"),
        (["tromino", "tile", "4x4", "-s", "1", "-f", "npy"], "npy"),
        (["maze", "sheet", "5x5", "-s", "1"], "pdf"),
    ],
    ids=lambda value: " ".join(value[:2]) if isinstance(value, list) else value,
)
def test_pictures_and_binary_formats_are_refused_on_a_terminal(args, fmt):
    status, err, shown = on_a_terminal(*args)
    assert status == 2 and shown == b""
    assert err == (
        f"tilewright: error: {fmt} is {'binary' if fmt in ('npz', 'npy') else 'a picture'}, "
        f"not for a terminal: give -o FILE.{fmt} or pipe the output\n"
    )


def test_text_still_reaches_a_terminal_and_pictures_a_pipe():
    status, err, shown = on_a_terminal("maze", "5x5", "-s", "1")
    assert status == 0 and err == "" and shown.decode().startswith("┌")
    piped = tilewright("spectre", "4x4", "-s", "1")
    assert piped.returncode == 0 and b"<svg" in piped.stdout[:100]


# --- --answer and --paper ---------------------------------------------------------------------


def test_a_maze_s_answer_is_the_same_maze_with_its_path(tmp_path, capsysbinary):
    maze, answer = tmp_path / "m.svg", tmp_path / "a.svg"
    status, _, _ = run(capsysbinary, "maze", "8x6", "-s", "4", "-o", str(maze), "--answer",
                       str(answer))  # fmt: skip
    assert status == 0
    solved = tmp_path / "solved.svg"
    run(capsysbinary, "maze", "8x6", "-s", "4", "--solve", "-o", str(solved))
    assert answer.read_bytes() == solved.read_bytes() != maze.read_bytes()
    hexes = tmp_path / "h.geojson"
    status, _, err = run(capsysbinary, "maze", "4x4", "--grid", "hex", "-s", "1", "-o",
                         str(tmp_path / "h.svg"), "--answer", str(hexes))  # fmt: skip
    assert status == 0, err
    kinds = {f["properties"]["kind"] for f in json.loads(hexes.read_text())["features"]}
    assert "solution" in kinds


def test_a_solved_maze_draws_its_path_in_text(tmp_path):
    """``--solve`` on the text drawing, and ``--answer FILE.txt``, write what
    ``Maze.to_text(solution=True)`` draws; past a million cells they are refused."""
    from tilewright.mazes import generate

    expected = generate(9, 5, seed=3).to_text(solution=True).encode()
    assert tilewright("maze", "9x5", "-s", "3", "--solve", cwd=tmp_path).stdout == expected
    done = tilewright("maze", "9x5", "-s", "3", "-o", "m.txt", "--answer", "a.txt", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "a.txt").read_bytes() == expected
    done = tilewright("maze", "2000x1000", "-s", "3", "--solve", cwd=tmp_path)
    assert done.returncode == 2 and b"at most 1,000,000 cells" in done.stderr


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--answer", "a.npz"], "--answer shows the solution: name its FILE .txt, .svg"),
        (["--answer", "a.txt", "--grid", "hex"], "cannot write .txt files"),
        (["--answer", "a.svg", "--solve", "-f", "svg"], "drop --solve"),
        (["--answer", "m.svg", "-o", "m.svg"], "same place"),
        (["--paper", "letter"], "--paper lays out a PDF"),
    ],
)
def test_answer_and_paper_refusals(tmp_path, extra, message):
    done = tilewright("maze", "5x5", "-s", "1", *extra, cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr.decode()
    assert len(done.stderr.splitlines()) == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["maze", "5x5", "-s", "1"],
        ["maze", "5x5", "--grid", "hex", "-s", "1"],
        ["rect", "generate", "7x7", "-s", "1"],
        ["tromino", "tile", "8x8", "--missing", "0,0"],
        ["spectre", "5x5", "-s", "1"],
        ["hat", "5x5", "-s", "1"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_paper_lays_out_a_single_pdf(tmp_path, capsysbinary, args):
    pages = {}
    for paper in ("a4", "letter"):
        path = tmp_path / f"{paper}.pdf"
        status, _, err = run(capsysbinary, *args, "--paper", paper, "-o", str(path))
        assert status == 0, err
        pages[paper] = re.search(rb"/MediaBox\s*\[([^\]]*)\]", path.read_bytes()).group(1)
    # A4 is 595 x 842 points, letter 612 x 792, either way up
    assert {round(float(n)) for n in pages["a4"].split()[2:]} == {595, 842}
    assert {round(float(n)) for n in pages["letter"].split()[2:]} == {612, 792}


# --- sheets take their commands' options ------------------------------------------------------


def test_sheets_take_braid_and_difficulty(tmp_path):
    done = tilewright("maze", "sheet", "8x8", "-s", "1", "--braid", "1", "--count", "2", "-o",
                      str(tmp_path / "m.pdf"))  # fmt: skip
    assert done.returncode == 0 and (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF-")
    done = tilewright("rect", "sheet", "7x7", "-s", "1", "--difficulty", "medium", "--count",
                      "2", "-o", str(tmp_path / "r.pdf"))  # fmt: skip
    assert done.returncode == 0 and (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    "args",
    [
        ["8x6", "--grid", "hex"],
        ["4", "--grid", "hexagon"],
        ["5", "--grid", "polar", "-a", "kruskal"],
        ["8x6", "--weave", "--braid", "0.3"],
    ],
    ids=lambda args: " ".join(args),
)
def test_a_maze_sheet_takes_a_grid(tmp_path, capsysbinary, args):
    path = tmp_path / "sheet.pdf"
    status, _, err = run(capsysbinary, "maze", "sheet", *args, "-s", "3", "--count", "2", "-o",
                         str(path))  # fmt: skip
    assert status == 0, err
    pdf = path.read_bytes()
    assert pdf.startswith(b"%PDF-") and b"seeds=3,4" in pdf


def test_a_maze_sheet_takes_a_mask_and_refuses_a_tiling_drawn_by_seed(tmp_path, capsysbinary):
    mask = tmp_path / "mask.txt"
    mask.write_text("XX....\n......\n......\n....XX\n")
    path = tmp_path / "sheet.pdf"
    status, _, err = run(capsysbinary, "maze", "sheet", "6x4", "--mask", str(mask), "-s", "1",
                         "--count", "2", "--braid", "0.5", "-o", str(path))  # fmt: skip
    assert status == 0 and path.read_bytes().startswith(b"%PDF-"), err
    status, _, err = run(capsysbinary, "maze", "sheet", "6x6", "--grid", "spectre", "-o",
                         str(tmp_path / "no.pdf"))  # fmt: skip
    assert status == 2 and "drawn anew for each seed" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "no.pdf").exists()


# --- rect solve - and --file ------------------------------------------------------------------


def empties(count: int) -> str:
    """``count`` empty squares as the game ID writes them: a..z for runs of 1..26."""
    return "z" * (count // 26) + (chr(ord("a") + count % 26 - 1) if count % 26 else "")


def test_an_id_longer_than_an_argument_may_be_is_read_from_a_file_or_stdin(tmp_path):
    # 2000x2000 with one clue: 154 kB, past the 128 kB a single argument may have
    huge = f"2000x2000:3999999{empties(2000 * 2000 - 1)}"
    assert len(huge) > 128 * 1024
    path = tmp_path / "ids.txt"
    path.write_text(huge + "\n")
    from_file = tilewright("rect", "solve", "--file", str(path))
    from_stdin = tilewright("rect", "solve", "-", stdin=path.read_bytes())
    for done in (from_file, from_stdin):  # its clue leaves one square over: no solution
        assert (done.returncode, done.stdout, done.stderr) == (1, b"no solution\n", b"")


def test_several_ids_are_solved_in_turn_and_a_bad_one_is_named_by_its_line(tmp_path):
    ids = ["4x3:2b3a2a2b3a", "", "2x2:3c", "2x2:4c"]
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(ids) + "\n")
    done = tilewright("rect", "solve", "--file", str(path))
    first = tilewright("rect", "solve", ids[0]).stdout
    last = tilewright("rect", "solve", ids[3]).stdout
    # the third ID is short a square: no solution, so exit 1, after every ID was tried
    assert done.returncode == 1 and done.stderr == b""
    assert done.stdout == first + b"\nno solution\n\n" + last
    path.write_text("2x2:4c\n\n7x7:nonsense\n")
    done = tilewright("rect", "solve", "-", stdin=path.read_bytes())
    assert done.returncode == 2 and done.stdout == tilewright("rect", "solve", "2x2:4c").stdout
    assert done.stderr.startswith(b"tilewright: error: line 3: ")
    assert len(done.stderr.splitlines()) == 1


def test_a_line_past_the_limit_is_refused_without_reading_on(capsysbinary, monkeypatch):
    monkeypatch.setattr(cli_options, "MAX_LINE_BYTES", 1000)
    endless = io.BytesIO(b"9" * 10_000_000)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(endless))
    status, out, err = run(capsysbinary, "rect", "solve", "-")
    assert status == 2 and out == b""
    assert err == "tilewright: error: line 1: longer than 1000 bytes, too long for a game ID\n"
    assert endless.tell() < 100_000  # read in bounded pieces, not to the end


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give GAME_ID (- for standard input) or --file PATH"),
        (["2x2:4c", "--file", "ids.txt"], "give GAME_ID (- for standard input) or --file"),
    ],
)
def test_ids_come_from_one_place(tmp_path, args, message):
    done = tilewright("rect", "solve", *args, cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr.decode()
