"""``tilewright tromino``: seeds drawn and printed, formats by suffix (PDF among them),
the picture budget, names in any case, typos caught, and a word before compiling."""

import json
import re
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from tests.helpers import SAMPLE_8_2_3
from tilewright.cli import main
from tilewright.cli import tromino as tromino_cli
from tilewright.tromino import FORMATS, SUFFIXES, generate


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    """Compile the kernels first, so that no run below says it is compiling."""
    from tilewright.tromino import warm

    warm.warm()


def tilewright(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args], capture_output=True, input=stdin, timeout=300
    )


def run(capsysbinary, *args: str) -> tuple[int, bytes, str]:
    """The command run in this process: (exit status, stdout, stderr)."""
    try:
        main(["tromino", *args])
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


def test_the_command_line_offers_the_librarys_names():
    assert tromino_cli.FORMATS == FORMATS
    assert tromino_cli.SUFFIXES == SUFFIXES


def test_classic_is_the_textbook_byte_for_byte_from_arguments_and_stdin():
    done = tilewright("tromino", "classic", "8", "2", "3")
    assert done.returncode == 0 and done.stdout.decode() == SAMPLE_8_2_3 and not done.stderr
    piped = tilewright("tromino", "classic", stdin=b"8 2 3\n")
    assert piped.stdout.decode() == SAMPLE_8_2_3
    spread = tilewright("tromino", "classic", stdin=b"  8\n2\t3  ")
    assert spread.stdout.decode() == SAMPLE_8_2_3


def test_a_drawn_square_prints_its_seed_and_the_seed_makes_it_again(capsysbinary):
    status, out, err = run(capsysbinary, "tile", "10x10")
    assert status == 0
    printed = re.fullmatch(r"seed: (\d+)\n", err)
    assert printed, err
    again = run(capsysbinary, "tile", "10x10", "-s", printed.group(1))
    assert again == (0, out, "")  # a seed given is not printed


def test_a_given_square_draws_no_seed(capsysbinary):
    status, out, err = run(capsysbinary, "tile", "22x13", "--missing", "3,8")
    assert status == 0 and err == ""
    assert out.decode().splitlines()[3].split()[8] == "0"  # row 3, column 8, from 0


def test_the_seed_is_recorded_in_png_svg_and_pdf(tmp_path):
    for suffix in (".png", ".svg", ".pdf"):
        path = tmp_path / f"t{suffix}"
        done = tilewright("tromino", "tile", "10x10", "--colour", "four", "-o", str(path))
        assert done.returncode == 0, done.stderr
        seed = int(re.fullmatch(rb"seed: (\d+)\n", done.stderr).group(1))
        if suffix == ".png":
            record = json.loads(Image.open(path).text["tilewright"])
        elif suffix == ".svg":
            found = re.search(r'<metadata id="tilewright">(.*?)</metadata>', path.read_text())
            record = json.loads(found.group(1))
        else:
            data = path.read_bytes()
            assert data.startswith(b"%PDF-") and f"seed={seed}".encode() in data
            continue
        assert record["seed"] == seed and record["colours"] == 4
        assert record["missing"] == list(generate(10, 10, seed=seed).missing)


@pytest.mark.parametrize(("name", "fmt"), [("t.txt", "text"), ("t.NPY", "npy"), ("t.Png", "png")])
def test_the_suffix_names_the_format(tmp_path, capsysbinary, name, fmt):
    path = tmp_path / name
    status, _, _ = run(capsysbinary, "tile", "8x8", "--missing", "1,2", "-o", str(path))
    assert status == 0
    data = path.read_bytes()
    if fmt == "text":
        assert data.decode().splitlines()[1].split()[2] == "0"
    elif fmt == "npy":
        assert np.load(path)[1, 2] == 0
    else:
        assert data.startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["t.gif", "t.jpg", "t.json"])
def test_a_suffix_it_cannot_write_is_refused(tmp_path, capsysbinary, name):
    status, out, err = run(
        capsysbinary, "tile", "8x8", "--missing", "0,0", "-o", str(tmp_path / name)
    )
    assert status == 2 and out == b""
    assert len(err.splitlines()) == 1 and ".npy, .pdf, .png, .svg, .txt" in err
    assert list(tmp_path.iterdir()) == []


def test_names_in_any_case_and_near_misses(capsysbinary):
    status, out, _ = run(capsysbinary, "tile", "4x4", "--missing", "0,0", "-f", "SVG")
    assert status == 0 and out.startswith(b"<?xml")
    status, _, err = run(capsysbinary, "tile", "4x4", "--missing", "0,0", "-f", "pgn")
    assert status == 2 and "did you mean png?" in err


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["tile", "10x10", "--sead", "3"], "Did you mean '--seed'?"),
        (["tile", "10x10", "--colur", "four"], "'--colour'"),
        (["classic", "8", "2", "3", "--max-sid", "4"], "Did you mean '--max-side'?"),
    ],
)
def test_typos_are_caught(capsysbinary, args, hint):
    status, out, err = run(capsysbinary, *args)
    assert status == 2 and out == b"" and hint in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tile", "8x8", "--missing", "a"], "ROW,COL"),
        (["tile", "8x8", "--missing", "-1,0"], "ROW,COL"),
        (["tile", "8x8", "--missing", "1,2,3"], "ROW,COL"),
        (["tile", "9x7"], "no square of a 9x7 board"),
        (
            ["tile", "8x8", "--missing", "0,0", "-f", "npy", "--colour", "four"],
            "colours colour pictures",
        ),
        (["tile", "8x8", "--missing", "0,0", "--colour", "5", "-f", "svg"], "--colour"),
        (["classic", "-1", "2", "3"], "-1"),
    ],
)
def test_bad_input_is_one_line(capsysbinary, args, message):
    status, out, err = run(capsysbinary, *args)
    assert status == 2 and out == b""
    assert message in err and len(err.splitlines()) == 1  # no drawn seed before a refusal


def test_a_failure_the_seed_decides_comes_after_the_seed(capsysbinary):
    for _ in range(20):  # a drawn square whose tiling has no 3-colouring: most of them
        status, out, err = run(capsysbinary, "tile", "20x14", "--colour", "three", "-f", "svg")
        if status == 2:
            break
    seed_line, error = err.splitlines()
    assert seed_line.startswith("seed: ") and "no 3-colouring" in error and out == b""
    again = run(
        capsysbinary, "tile", "20x14", "--colour", "three", "-s", seed_line[6:], "-f", "svg"
    )
    assert again == (2, b"", error + "\n")


def test_pdf_is_a_vector_page(tmp_path, capsysbinary):
    path = tmp_path / "t.pdf"
    status, _, _ = run(
        capsysbinary, "tile", "20x14", "--missing", "2,4", "--colour", "four", "-o", str(path)
    )
    assert status == 0
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and b"/Image" not in data  # drawn, not a bitmap


def test_the_default_cell_fits_max_side(tmp_path, capsysbinary):
    path = tmp_path / "t.png"
    status, _, _ = run(capsysbinary, "tile", "400x400", "--missing", "0,0", "--max-side", "1000",
                       "-o", str(path))  # fmt: skip
    assert status == 0 and Image.open(path).size == (800, 800)
    status, out, _ = run(capsysbinary, "tile", "400x400", "--missing", "0,0", "--max-side", "1000",
                         "-f", "svg")  # fmt: skip
    assert status == 0 and b'width="802"' in out[:400]


def test_an_explicit_cell_past_the_budget_is_refused(tmp_path, capsysbinary):
    path = tmp_path / "t.png"
    status, out, err = run(capsysbinary, "tile", "100x100", "--missing", "0,0", "--cell", "100",
                           "-o", str(path))  # fmt: skip
    assert status == 2 and out == b"" and len(err.splitlines()) == 1
    assert "10000x10000 pixels" in err and "--cell 81 fits" in err
    assert list(tmp_path.iterdir()) == []


def test_a_board_wider_than_the_budget_still_streams(tmp_path, capsysbinary):
    path = tmp_path / "wide.png"
    status, _, err = run(capsysbinary, "tile", "9001x4", "--missing", "0,0", "-o", str(path))
    assert status == 0, err
    assert Image.open(path).size == (9001, 4)


def test_a_cold_cache_is_announced_before_the_kernels_run(capsysbinary, monkeypatch):
    from tilewright.core import compilation

    asked = []

    def cold(modules):
        asked.append(tuple(modules))
        return ["a kernel"]

    monkeypatch.setattr(compilation, "cold_kernels", cold)
    status, out, err = run(capsysbinary, "tile", "16x16", "--missing", "2,4", "--colour", "three",
                           "-f", "svg")  # fmt: skip
    assert status == 0 and out.startswith(b"<?xml")
    assert err.startswith("tilewright: compiling the tromino kernels once, about ")
    names = [name.rsplit(".", 1)[1] for name in asked[0]]
    assert names == ["_quadtree_kernels", "_wheel_kernels", "_dsatur_kernels"]


def test_a_warm_cache_says_nothing(capsysbinary):
    for args in (["classic", "4", "1", "1"], ["tile", "5x5", "--missing", "0,0", "-f", "svg",
                 "--colour", "three"]):  # fmt: skip
        status, _, err = run(capsysbinary, *args)
        assert status == 0 and err == ""


def test_binary_formats_are_not_written_to_a_terminal():
    code = (
        "import sys\n"
        "sys.stdout.isatty = lambda: True\n"
        "from tilewright.cli import main\n"
        "main(['tromino', 'tile', '4x4', '--missing', '0,0', '-f', 'pdf'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300)
    assert done.returncode == 2 and b"pdf is a picture" in done.stderr and done.stdout == b""


def test_method_random_draws_a_tiling_from_the_seed_and_prints_it(capsysbinary, tmp_path):
    status, out, err = run(capsysbinary, "tile", "13x10", "--missing", "3,4", "--method", "random")
    seed = int(re.fullmatch(r"seed: (\d+)\n", err).group(1))  # drawn for the tiling
    printed = np.array([[int(n) for n in line.split()] for line in out.decode().splitlines()])
    tiling = generate(13, 10, (3, 4), seed=seed, method="random")
    assert status == 0 and np.array_equal(printed, tiling.labels)
    again = run(
        capsysbinary, "tile", "13x10", "--missing", "3,4", "--method", "random", "-s", str(seed)
    )
    assert again[1] == out and again[2] == ""
    # pictures record the method and, on boards the chain draws, its sweeps
    status, _, _ = run(
        capsysbinary,
        "tile",
        "31x31",
        "--method",
        "random",
        "--sweeps",
        "3",
        "-s",
        "2",
        "-o",
        str(tmp_path / "t.png"),
    )
    info = json.loads(Image.open(tmp_path / "t.png").text["tilewright"])
    assert status == 0 and (info["method"], info["sweeps"]) == ("random", 3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tile", "10x10", "--sweeps", "3"], "--sweeps is for --method random"),
        (["tile", "40000x40000", "--method", "random", "-o", "x.npy"], "at most 1,073,741,824"),
        (["tile", "10x10", "--method", "random", "-o", "b.zarr", "--workers", "2"], "one process"),
        (["tile", "10x10", "--method", "shuffle"], "shuffle"),
        (["tile", "10x10", "--method", "random", "--sweeps", "0"], "0"),
    ],
)
def test_random_refusals_are_one_line(capsysbinary, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsysbinary, *args)
    assert status == 2 and out == b"" and len(err.splitlines()) == 1 and message in err
    assert list(tmp_path.iterdir()) == []
