"""The Rectangles library's surface: short reprs, validate, save by suffix with the seed
recorded, lazy imports, warm()."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from tilewright import TilewrightError
from tilewright.rectangles import (
    Generated,
    Params,
    Puzzle,
    generate,
    parse_game_id,
    rate,
    solve,
    validate,
)
from tilewright.rectangles.formats import SUFFIXES, format_of

SAMPLE_ID = "7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"


@pytest.fixture(scope="module")
def made() -> Generated:
    return generate(Params(10, 7), seed=2)


def test_reprs_are_one_short_line(made):
    assert repr(made) == "<Generated 10x7 seed=2: 19 rectangles>"
    assert repr(parse_game_id(SAMPLE_ID)) == "<Puzzle 7x7: 16 clues>"
    limited = generate(Params(8, 6, expansion=0.5, max_area=8, singles=True), seed=1)
    assert repr(limited).startswith("<Generated 8x6e0.5 max_area=8 singles seed=1: ")
    assert repr(Puzzle(np.array([[2, 0]]))) == "<Puzzle 2x1: 1 clue>"


def test_notebook_pictures(made):
    svg = made._repr_svg_()
    assert svg is not None and svg.count("<text") == 19
    assert Puzzle(np.zeros((200, 200), dtype=np.int64))._repr_svg_() is None


def test_results_compare_by_value(made):
    assert made == generate(Params(10, 7), seed=2)
    assert made != generate(Params(10, 7), seed=3)
    assert parse_game_id(made.game_id) == made.puzzle


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        (SAMPLE_ID, None),
        ("7x7", "looks like 7x7:3_2a2_3g..."),
        ("2x2:4b", "covers 3 of the 4 cells"),
        ("2x2:1_1b", None),  # well formed, as the collection says: no solution
        ("2x2:5c", None),
        ("2x2:2_2!b", "unexpected character '!'"),
        (Puzzle(np.array([[2, 0], [0, 2]])), None),
        (Puzzle(np.array([[2, 0], [0, 1]])), None),
    ],
)
def test_validate_answers_with_a_reason_or_none(given, reason):
    answer = validate(given)
    if reason is None:
        assert answer is None
    else:
        assert isinstance(answer, str) and reason in answer and "\n" not in answer


def test_validate_refuses_other_types():
    with pytest.raises(TypeError, match="game ID or a Puzzle"):
        validate(7)


def test_validate_notices_a_puzzle_changed_after_it_was_made():
    puzzle = Puzzle(np.array([[2, 0], [0, 2]]))
    puzzle.clues[0, 0] = -9
    assert "not between 0" in validate(puzzle)


@pytest.mark.parametrize("suffix", sorted(SUFFIXES))
def test_save_writes_the_format_its_suffix_names(made, tmp_path, suffix):
    path = tmp_path / f"puzzle{suffix.upper()}"  # the suffix in any case
    made.save(path, solution=suffix != ".id")
    data = path.read_bytes()
    fmt = format_of(path)
    if fmt == "id":
        assert data == (made.game_id + "\n").encode()
    elif fmt == "text":
        assert data.decode() == f"{made.game_id}\n{made.to_text(solution=True)}\n"
    elif fmt == "json":
        rating = {"difficulty": rate(made.puzzle).to_record()}
        assert json.loads(data) == made.to_record(solution=True) | rating
    elif fmt == "svg":
        assert b'"seed":2' in data and data.count(b"<text") == 19
    elif fmt == "png":
        record = json.loads(Image.open(path).text["tilewright"])
        assert (record["seed"], record["params"], record["solution"]) == (2, "10x7", True)
    else:
        assert data.startswith(b"%PDF-") and b"seed=2" in data


def test_save_refuses_what_it_cannot_write(made, tmp_path):
    with pytest.raises(TilewrightError, match=r"cannot write \.gif files: .*\.id, .*\.txt"):
        made.save(tmp_path / "puzzle.gif")
    with pytest.raises(TilewrightError, match="without a suffix"):
        made.save(tmp_path / "puzzle")
    with pytest.raises(TilewrightError, match="cannot be shown in the id format"):
        made.save(tmp_path / "puzzle.id", solution=True)
    with pytest.raises(TilewrightError, match="for pictures only"):
        made.save(tmp_path / "puzzle.json", cell=20)
    with pytest.raises(TilewrightError, match="--max-side 1761"):
        made.save(tmp_path / "puzzle.png", cell=160, max_side=1000)
    with pytest.raises(TypeError):
        made.save(tmp_path / "puzzle.svg", colour="red")
    assert list(tmp_path.iterdir()) == []


def test_a_solved_puzzle_saves_with_its_solution(tmp_path):
    puzzle = parse_game_id(SAMPLE_ID)
    (regions,) = solve(puzzle)
    puzzle.save(tmp_path / "answer.json", regions)
    record = json.loads((tmp_path / "answer.json").read_text())
    assert record["game_id"] == SAMPLE_ID and record["solution"] == regions.tolist()
    puzzle.save(tmp_path / "answer.svg", regions)
    assert '"game_id":"7x7:' in (tmp_path / "answer.svg").read_text()
    with pytest.raises(TilewrightError, match="do not match"):
        puzzle.save(tmp_path / "bad.svg", regions[:3])


def test_default_pictures_fit_the_budget(tmp_path):
    big = Puzzle(np.full((1, 600), 0, dtype=np.int64))
    big.clues[0, 0] = 600
    big.save(tmp_path / "wide.png")
    assert max(Image.open(tmp_path / "wide.png").size) <= 8192


def test_importing_the_package_loads_no_kernels():
    code = (
        "import sys, tilewright.rectangles as r; r.Puzzle; r.parse_game_id; r.validate;"
        "print(sorted(m for m in sys.modules if 'numba' in m or 'kernels' in m)[:3])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_solving_loads_no_generator_kernels():
    code = (
        "import sys; from tilewright.rectangles import parse_game_id, solve;"
        "solve(parse_game_id('2x2:2b2'));"
        "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.endswith('_kernels')"
        " and 'rectangles' in m))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "['_deduce_kernels', '_solve_kernels']", done.stderr


def test_each_kernel_is_compiled_for_one_set_of_types():
    """The library calls every kernel with one set of argument types (a second would
    double its compile time on a first run). In a fresh process, so that only the
    library's own calls count."""
    code = """
import sys
from tilewright.rectangles import Params, generate, parse_game_id, solve, warm
warm.warm()
generate(Params(12, 9, max_area=6), seed=4)
generate(Params(6, 6, unique=False), seed=1)
generate(Params(30, 20, expansion=0.5), seed=3)
solve(parse_game_id("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"))
solve(parse_game_id("2x2:2b2"), limit=5, max_guesses=10)
for name in warm.KERNEL_MODULES:
    for attribute, value in vars(sys.modules[name]).items():
        if getattr(value, "__module__", None) == name and len(getattr(value, "signatures", ())) > 1:
            print(name, attribute, value.signatures)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", done.stdout


def test_a_cold_start_compiles_on_two_cores_and_leaves_nothing_cold(tmp_path):
    """With an empty cache, compile_on_two_cores fills it with every kernel a stretched,
    proven puzzle needs (its helper process included), and nothing compiles after.

    The groups that compile a kernel from its argument types alone (nothing calls it from
    Python) give it the types the narrowing then calls it with: one set each, so that the
    narrowing loads what the helper cached instead of compiling it again. (One cold start
    checks both: each costs a whole compile of the generator.)"""
    code = """
from importlib import import_module
from numba.core import event
from tilewright.core import compilation
from tilewright.core.compilation import cold_kernels
from tilewright.rectangles import Params, generate, warm
# the helper is left out on a loaded machine (other tests running beside this one): what
# is tested here is the split, so the core counts as idle
compilation.idle_core = lambda: True
warm.compile_on_two_cores(expansion=True, unique=True)
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)
    def on_end(self, ev):
        pass
with event.install_listener("numba:compile", Listener()):
    generate(Params(9, 9, expansion=1.0), seed=8)
print(compiled, cold_kernels(warm.used_kernels("generate", expansion=True)))
# the helper compiled the narrowing's rules by type; here the narrowing called them, so
# compiling them by type here as well adds a second set of types if those differ
warm._GROUPS["narrowing rules"]()
for group in ("narrowing rules", "narrowing parts"):
    for module, name in warm._KERNELS[group]:
        kernel = getattr(import_module(f"tilewright.rectangles.{module}"), name)
        if len(kernel.signatures) != 1:
            print(name, kernel.signatures)
"""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[] []"
