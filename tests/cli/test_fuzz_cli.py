"""Fuzzing the command line as a careless or hostile user would type it.

Every command gets argument lists built from pieces that are valid, nearly valid and hostile
(numbers of thousands of digits, digits of other scripts, NaN, infinities, signs, empty
strings, control characters, unknown options). Whatever comes, the run ends with exit 0, 1
(a puzzle with no or many solutions) or 2 (refused, one line on stderr), never a traceback,
in bounded time. Sizes that are valid stay small, so a valid run is quick.

CI runs a bounded number of examples; ``TILEWRIGHT_FUZZ_EXAMPLES=5000 pytest
tests/test_fuzz_cli.py`` runs the long mode.
"""

import contextlib
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilewright.cli import main

EXAMPLES = int(os.environ.get("TILEWRIGHT_FUZZ_EXAMPLES", "100"))
# seconds; a valid run here takes milliseconds once compiled, and the kernels are compiled
# before the first example (a kernel a warm-up missed may still compile inside one)
SLOWEST_RUN = 60.0
WARM_UP = (
    ["maze", "4x3", "-s", "1"],
    ["maze", "4x3", "-a", "wilson", "-f", "png", "--solve"],
    ["maze", "4x3", "-a", "kruskal", "-f", "svg", "--braid", "0.5"],
    ["maze", "4x3", "-a", "eller"],
    ["tromino", "tile", "5x5", "--missing", "0,0", "-f", "png", "--colour", "four"],
    ["tromino", "classic", "4", "1", "1"],
    ["rect", "generate", "9x9e1", "-s", "8", "-f", "json"],  # stretches and repairs
    ["rect", "solve", "2x2:2b2"],
    ["spectre", "3x3", "-s", "1", "-f", "csv"],
    ["spectre", "3x3", "-s", "1", "-f", "pdf", "--method", "bfs"],
    ["hat", "6x6", "-s", "1", "-f", "csv", "--neighbours"],
    ["hat", "6x6", "-s", "1", "-f", "png", "--shape", "turtle"],
)

hostile_numbers = st.sampled_from(
    [
        "1" + "0" * 5000,
        "9" * 4301,
        "-1",
        "0",
        "+3",
        "３０",
        "²",
        "٣",
        "nan",
        "inf",
        "-inf",
        "1e308",
        "1e-300",
        "0x10",
        "",
        " ",
        "1_000",
        "12.5",
        "9223372036854775808",
        "18446744073709551616",
        "\x00",
        "1\n2",
    ]
)
small_whole = st.integers(min_value=1, max_value=24).map(str)
number = st.one_of(small_whole, hostile_numbers, st.text(max_size=12))
size = st.one_of(
    st.builds(lambda w, h: f"{w}x{h}", small_whole, small_whole),
    st.builds(lambda w, h: f"{w}x{h}", number, number),
    st.text(max_size=20),
)
cell = st.builds(lambda r, c: f"{r},{c}", number, number)
junk_option = st.sampled_from(["--sead", "-z", "--", "-", "--format", "-o"])
paths = st.sampled_from(["out.txt", "out.png", "out.svg", "out.npz", "out.json", "x.pdf"])


def _options(pairs: dict[str, st.SearchStrategy[str]]) -> st.SearchStrategy[list[str]]:
    def flatten(chosen: list[tuple[str, str]]) -> list[str]:
        return [part for name, value in chosen for part in (name, value)]

    option = st.sampled_from(sorted(pairs)).flatmap(
        lambda name: pairs[name].map(lambda value: (name, value))
    )
    return st.lists(option, max_size=4).map(flatten)


maze_argv = st.builds(
    lambda s, opts, extra: ["maze", s, *opts, *extra],
    size,
    _options(
        {
            "-a": st.sampled_from(["wilson", "eller", "kruskal", "prims", "WILSON", ""]),
            "-s": number,
            "--join": number,
            "--braid": number,
            "--cell": number,
            "--wall": number,
            "--max-side": number,
            "--start": cell,
            "--goal": cell,
            "-f": st.sampled_from(["text", "ASCII", "json", "npz", "svg", "png", "pdf", "gif"]),
            "-o": paths,
            "--answer": paths,
            "--paper": st.sampled_from(["a4", "LETTER", "a5"]),
        }
    ),
    st.lists(junk_option, max_size=1),
)
tromino_argv = st.one_of(
    st.builds(lambda a, b, c: ["tromino", "classic", a, b, c], number, number, number),
    st.builds(
        lambda s, m, opts: ["tromino", "tile", s, *m, *opts],
        size,
        # a square, or a seed to draw it from (a drawn seed's line would make a refusal
        # two lines: the seed, then why)
        st.one_of(
            st.builds(lambda c: ["--missing", c], cell), st.builds(lambda n: ["-s", n], number)
        ),
        _options(
            {
                "-f": st.sampled_from(["text", "NPY", "png", "svg", "pdf", "gif"]),
                "--colour": st.one_of(st.sampled_from(["three", "Four", "fuor"]), number),
                "--cell": number,
                "--max-side": number,
                "-o": paths,
            }
        ),
    ),
)
rect_argv = st.one_of(
    st.builds(
        lambda p, opts: ["rect", "generate", p, *opts],
        st.one_of(size, size.map(lambda s: s + "e0.5"), size.map(lambda s: s + "a")),
        _options(
            {
                "-s": number,
                "--max-area": number,
                "--count": st.one_of(st.sampled_from(["1", "2"]), hostile_numbers),
                "-f": st.sampled_from(["id", "text", "json", "svg", "png", "pdf"]),
                "--answer": paths,
                "-o": paths,
            }
        ),
    ),
    st.builds(
        lambda s, desc: ["rect", "solve", f"{s}:{desc}"],
        size,
        st.text(alphabet="abcz_0123456789²٣x:", max_size=30),
    ),
)
sheet_argv = st.builds(
    lambda family, s, opts: [family, "sheet", s, *opts],
    st.sampled_from(["rect", "maze"]),
    size,
    _options(
        {
            "-s": number,
            "--count": st.one_of(st.sampled_from(["1", "2"]), hostile_numbers),
            "--per-page": st.one_of(st.sampled_from(["1", "3"]), hostile_numbers),
            "--paper": st.sampled_from(["a4", "LETTER", "a5", ""]),
            "-o": paths,
        }
    ),
)
spectre_argv = st.builds(
    lambda r, opts: ["spectre", r, *opts],
    st.one_of(
        st.builds(lambda w, h: f"{w}x{h}", st.sampled_from(["3", "0.5", "12"]), small_whole),
        size,
    ),
    _options(
        {
            "--origin": st.builds(lambda x, y: f"{x},{y}", number, number),
            "--cell": number,
            "-s": number,
            "-f": st.sampled_from(["svg", "png", "pdf", "jsonl", "csv", "geojson", "CSV"]),
            "--colour": st.sampled_from(["type", "four", "plaid", "FOUR"]),
            "--method": st.sampled_from(["line", "bfs", "BFS", "dfs"]),
            "--max-side": number,
        }
    ),
)
hat_argv = st.builds(
    lambda r, opts: ["hat", r, *opts],
    st.one_of(
        st.builds(lambda w, h: f"{w}x{h}", st.sampled_from(["3", "0.5", "12"]), small_whole),
        size,
    ),
    _options(
        {
            "--origin": st.builds(lambda x, y: f"{x},{y}", number, number),
            "--cell": number,
            "-s": number,
            "-f": st.sampled_from(["svg", "png", "pdf", "jsonl", "csv", "geojson", "dxf", "CSV"]),
            "--colour": st.sampled_from(["type", "four", "reflected", "plaid", "FOUR"]),
            "--shape": st.one_of(
                st.sampled_from(["turtle", "comet", "1,1", "0,0", "-1,2", "nan,1", "hatt"]),
                st.builds(lambda a, b: f"{a},{b}", number, number),
            ),
            "--max-side": number,
        }
    ),
)


def _run(argv: list[str], capsysbinary) -> None:
    started = time.monotonic()
    try:
        main(argv)
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    elapsed = time.monotonic() - started
    _, err_bytes = capsysbinary.readouterr()
    err = err_bytes.decode(errors="replace")
    assert status in (0, 1, 2, 3), (argv, status, err[-500:])
    assert "Traceback" not in err, (argv, err[-2000:])
    if status == 2:
        # a seed drawn before a late refusal is printed first: it reproduces the failure
        lines = [line for line in err.splitlines() if not line.startswith("seed: ")]
        assert len(lines) == 1 and lines[0].startswith("tilewright: error: "), (argv, lines)
        assert len(lines[0]) <= 320, (argv, lines[0][:400])
    assert elapsed < SLOWEST_RUN, (argv, elapsed)


_fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    """Compile the kernels first, so that the time bound measures the runs."""
    for argv in WARM_UP:
        with contextlib.suppress(SystemExit):
            main(argv)


@_fuzz
@given(argv=maze_argv)
def test_maze(argv, capsysbinary):
    _run(argv, capsysbinary)


@_fuzz
@given(argv=tromino_argv)
def test_tromino(argv, capsysbinary):
    _run(argv, capsysbinary)


@_fuzz
@given(argv=rect_argv)
def test_rect(argv, capsysbinary):
    _run(argv, capsysbinary)


@_fuzz
@given(argv=sheet_argv)
def test_sheet(argv, capsysbinary):
    _run(argv, capsysbinary)


@_fuzz
@given(argv=spectre_argv)
def test_spectre(argv, capsysbinary):
    _run(argv, capsysbinary)


@_fuzz
@given(argv=hat_argv)
def test_hat(argv, capsysbinary):
    _run(argv, capsysbinary)
