"""The puzzle collection's own Loopy, built from its source, as a reference for tilewright's.

Two programs are compiled with ``gcc -O2`` in a scratch folder against a checkout of the
collection's source; only what they print enters this repository:

* the collection's standalone solver (``loopy.c`` with ``-DSTANDALONE_SOLVER``):
  ``solver -g ID`` prints the difficulty at which the collection's deductions solve a
  puzzle (or that none of them does, or that it has no solution);
* a generator driver of ours (``GENERATOR`` below): ``loopygen PARAMS SEED COUNT`` prints
  COUNT game IDs drawn as the collection's Loopy draws them from the seed string (the
  first is the puzzle its game ``PARAMS#SEED`` shows), each with the processor seconds
  its ``new_desc`` took.

Usage::

    python tools/loopy_reference.py grade --collection PATH [FILE]
    python tools/loopy_reference.py generate --collection PATH PARAMS [--seed S] [--count N]
    python tools/loopy_reference.py compare --collection PATH [FILE]
    python tools/loopy_reference.py fixture --collection PATH [--out FILE]

``grade`` prints each game ID of FILE (or standard input; one a line, ``#`` lines and a
leading grade word skipped) after the collection's grade; ``compare`` grades them with
both the collection and ``tilewright.loopy.grade`` and prints where they agree (exit
status 1 when any disagree; each disagreement with the number of solutions tilewright's
complete solver finds);
``fixture`` remakes ``tests/fixtures/loopy/graded_ids.txt``. The benchmark
``benchmarks/loopy.py`` imports :func:`build`, :func:`collection_grade` and
:func:`collection_generate`.
"""

import argparse
import random
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "loopy" / "graded_ids.txt"
# the collection's commit the fixture was made from (an exported tree names none)
FIXTURE_COMMIT = "790f5851507be5845164d3ae7b32b2f86717fe50"

# Loopy's files besides the grid's (collection_grid_fixtures.SOURCES): the game, and
# loopgen.c, which draws the loop its clues are counted from.
LOOPY_SOURCES = ["loopy.c", "loopgen.c"]

# The grades, easiest first, as this module names them; "harder" is the collection's
# "harder than Hard, or ambiguous".
GRADES = ("easy", "normal", "tricky", "hard", "harder", "impossible")
LEVELS = GRADES[:4]
# guesses the complete solver may make to count a disagreement's solutions
SOLVER_CHOICES = 100_000

# loopy.c names its presets through the front end's preset menu (midend.c): neither
# program shows a menu, so these stand in for the midend's.
MENU_STUBS = r"""
#include "puzzles.h"
struct preset_menu *preset_menu_new(void) { return NULL; }
struct preset_menu *preset_menu_add_submenu(struct preset_menu *parent, char *title)
{
    sfree(title);
    return NULL;
}
void preset_menu_add_preset(struct preset_menu *menu, char *title, game_params *params)
{
    sfree(title);
}
"""

# Ours: the game's public entry points (puzzles.h), as the midend calls them for a new game.
GENERATOR = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "puzzles.h"

extern const game thegame;

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: loopygen PARAMS SEED COUNT\n");
        return 2;
    }
    game_params *params = thegame.default_params();
    thegame.decode_params(params, argv[1]);
    const char *err = thegame.validate_params(params, true);
    if (err) {
        fprintf(stderr, "loopygen: %s\n", err);
        return 2;
    }
    /* the whole parameters, difficulty too, as tilewright writes them */
    char *head = thegame.encode_params(params, true);
    random_state *rs = random_new(argv[2], (int)strlen(argv[2]));
    int count = atoi(argv[3]);
    for (int i = 0; i < count; i++) {
        char *aux = NULL;
        clock_t start = clock();
        char *desc = thegame.new_desc(params, rs, &aux, false);
        double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
        printf("%s:%s %.6f\n", head, desc, seconds);
        fflush(stdout);
        sfree(desc);
        sfree(aux);
    }
    sfree(head);
    random_free(rs);
    thegame.free_params(params);
    return 0;
}
"""


class Built(NamedTuple):
    """The two programs :func:`build` compiles."""

    solver: Path
    """The collection's standalone solver: ``solver -g ID``."""
    generator: Path
    """Our generator driver: ``generator PARAMS SEED COUNT``."""


def fail(message: str) -> None:
    """Stop with one line on standard error (exit status 2)."""
    print(f"loopy_reference: {message}", file=sys.stderr)
    raise SystemExit(2)


def sources(collection: Path) -> list[Path]:
    """The collection's files both programs link, each checked to be there."""
    sys.path.insert(0, str(ROOT / "tools"))
    from collection_grid_fixtures import SOURCES

    files = [collection / name for name in [*SOURCES, *LOOPY_SOURCES]]
    missing = [path.name for path in files if not path.is_file()]
    if missing:
        fail(f"{collection} lacks {', '.join(missing)}: not the collection's source")
    return files


def build(collection: Path, folder: Path) -> Built:
    """Compile the collection's solver and our generator driver in ``folder``.

    Parameters
    ----------
    collection : Path
        A checkout (or export) of the collection's source.
    folder : Path
        Where the driver's source and both programs are written.

    Returns
    -------
    Built
    """
    collection = collection.resolve()
    files = [str(path) for path in sources(collection)]
    stubs = folder / "menus.c"
    stubs.write_text(MENU_STUBS)
    driver = folder / "loopygen.c"
    driver.write_text(GENERATOR)
    built = Built(folder / "loopy-solver", folder / "loopygen")
    inputs = {
        built.solver: ["-DSTANDALONE_SOLVER", str(stubs), *files],
        built.generator: [str(stubs), *files, str(driver)],
    }
    for program, arguments in inputs.items():
        done = subprocess.run(
            ["gcc", "-O2", "-std=gnu99", f"-I{collection}", "-o", str(program), *arguments, "-lm"],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            fail(f"gcc could not build {program.name}: {last}")
    return built


def collection_grade(solver: Path, game_id: str) -> str:
    """The collection's grade of ``game_id``: one of :data:`GRADES`.

    Raises
    ------
    ValueError
        When the collection does not load the ID (its message).
    """
    done = subprocess.run([str(solver), "-g", game_id], capture_output=True, text=True)
    said = done.stdout.strip()
    if done.returncode != 0 or not said.startswith("Difficulty rating: "):
        raise ValueError(done.stderr.strip() or said or f"exit status {done.returncode}")
    rating = said.removeprefix("Difficulty rating: ")
    if rating.startswith("harder than Hard"):
        return "harder"
    if rating.startswith("impossible"):
        return "impossible"
    return rating.lower()


def collection_generate(
    generator: Path, params_text: str, seed: str, count: int, timeout: float | None = None
) -> list[tuple[str, float]]:
    """``count`` game IDs the collection draws for ``params_text`` (``WxHtTdD``) from the
    seed string ``seed``, each with the processor seconds it took.

    Raises
    ------
    ValueError
        When the collection refuses the parameters (its message), or takes more than
        ``timeout`` seconds (its generator retries without end on some small grids).
    """
    try:
        done = subprocess.run(
            [str(generator), params_text, str(seed), str(count)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise ValueError(f"the collection made no {params_text} puzzle in {timeout} s") from None
    if done.returncode != 0:
        raise ValueError(done.stderr.strip() or f"exit status {done.returncode}")
    drawn = []
    for line in done.stdout.splitlines():
        game_id, seconds = line.split()
        drawn.append((game_id, float(seconds)))
    return drawn


def tilewright_loopy(name: str) -> Callable:
    """``tilewright.loopy.<name>``, or stop with one line when tilewright lacks it."""
    import tilewright.loopy

    found = getattr(tilewright.loopy, name, None)
    if found is None:
        fail(f"tilewright.loopy has no {name}() yet: this needs the Loopy generator and grader")
    return found


def our_grade(game_id: str) -> str:
    """tilewright's grade of ``game_id``, named as :func:`collection_grade` names it."""
    from tilewright.loopy import Puzzle

    graded = tilewright_loopy("grade")(Puzzle.from_game_id(game_id))
    return "harder" if graded is None else graded


def read_ids(lines: Iterable[str]) -> list[str]:
    """The game IDs of ``lines``: one a line, its last word (after a grade, say), blank and
    ``#`` lines skipped."""
    return [line.split()[-1] for line in lines if line.strip() and not line.startswith("#")]


def grid_name(game_id: str) -> str:
    """The grid type's name of a game ID."""
    from tilewright.loopy import parse_params

    return parse_params(game_id.partition(":")[0]).grid


def compare(solver: Path, game_ids: list[str]) -> int:
    """Print how tilewright's grades agree with the collection's, per grid type and grade;
    return how many disagree."""
    tilewright_loopy("grade")  # stop at once, not after the collection graded the first ID
    tally: dict[tuple[str, str], Counter] = defaultdict(Counter)
    disagreements = []
    for game_id in game_ids:
        theirs, ours = collection_grade(solver, game_id), our_grade(game_id)
        tally[grid_name(game_id), theirs][ours] += 1
        if ours != theirs:
            disagreements.append((theirs, ours, game_id))
    print(f"{'grid':<24} {'collection':<10} {'IDs':>5} {'agree':>5}  tilewright otherwise")
    for (grid, theirs), said in sorted(tally.items(), key=lambda item: order_key(*item[0])):
        others = ", ".join(f"{count} {name}" for name, count in said.items() if name != theirs)
        total = sum(said.values())
        print(f"{grid:<24} {theirs:<10} {total:>5} {said[theirs]:>5}  {others}")
    agree = len(game_ids) - len(disagreements)
    print(f"\n{agree} of {len(game_ids)} agree")
    for theirs, ours, game_id in disagreements:
        print(f"collection {theirs}, tilewright {ours}, {solutions(game_id)}: {game_id}")
    return len(disagreements)


def solutions(game_id: str) -> str:
    """How many solutions tilewright's complete solver finds: the truth a disagreement
    is judged by (``0``, ``1`` or ``2+``; ``?`` when the search stops short)."""
    from tilewright.loopy import Puzzle, solve

    found = solve(Puzzle.from_game_id(game_id), limit=2, max_choices=SOLVER_CHOICES)
    if len(found.loops) == 2:
        return "solutions: 2+"
    return f"solutions: {len(found.loops) if found.complete else '?'}"


def order_key(grid: str, grade: str) -> tuple[int, int]:
    from tilewright.registry import LOOPY_TYPES

    return [name for name, _, _ in LOOPY_TYPES].index(grid), GRADES.index(grade)


# --- the fixture: collection-graded IDs, and variants with other grades ------------------

# The sizes a type's base IDs are drawn at: small enough that an ID stays under about
# 400 characters (the dodecagonal kinds, kites and florets have many faces a unit), large
# enough for a few dozen faces (a Penrose unit is small; below about 6x6 the collection's
# generator may never find a Normal P3 puzzle: "this can loop for ever if the params are
# suitably unfavourable"). Hats and Spectres are at least 6x6.
FIXTURE_SIZES = {
    "kites": ((4, 4), (5, 4), (5, 5)),
    "floret": ((4, 4), (5, 4), (5, 5)),
    "great-dodecagonal": ((4, 4), (5, 4), (5, 5)),
    "penrose-p2": ((10, 10), (12, 10), (14, 14)),
    "penrose-p3": ((10, 10), (12, 10), (14, 14)),
    "great-great-dodecagonal": ((4, 4), (5, 4), (5, 5)),
    "compass-dodecagonal": ((4, 4), (5, 4), (5, 5)),
    "hats": ((6, 6), (8, 6), (8, 8)),
    "spectres": ((6, 6), (8, 6), (8, 8)),
}
DEFAULT_SIZES = ((5, 5), (6, 5), (7, 7))
LONGEST_ID = 400


def fixture_lines(built: Built) -> list[str]:
    """The fixture's ``GRADE ID`` lines: for each grid type and difficulty, three IDs the
    collection draws, and variants of each with a few clues blanked, changed or given."""
    from tilewright.loopy import Puzzle
    from tilewright.registry import LOOPY_TYPES

    lines = []
    for index, (grid, _, _) in enumerate(LOOPY_TYPES):
        for level in LEVELS:
            for number, (width, height) in enumerate(FIXTURE_SIZES.get(grid, DEFAULT_SIZES)):
                params = f"{width}x{height}t{index}d{level[0]}"
                [(game_id, _)] = collection_generate(
                    built.generator, params, f"tilewright-graded-{params}", 1, timeout=60
                )
                if len(game_id) > LONGEST_ID:
                    fail(f"{params}: an ID of {len(game_id)} characters; use a smaller size")
                grade = collection_grade(built.solver, game_id)
                lines.append(f"{grade} {game_id}")
                puzzle = Puzzle.from_game_id(game_id)
                rng = random.Random(f"{game_id} {number}")
                # an Easy puzzle with more clues is Easy still
                for variant in variants(puzzle, rng, give=grade != "easy"):
                    lines.append(f"{collection_grade(built.solver, variant)} {variant}")
    return lines


def variants(puzzle, rng: random.Random, give: bool) -> list[str]:
    """IDs from ``puzzle``'s: one with one to three clues blanked or changed (often
    harder, ambiguous or impossible), and (with ``give``) one with one to three blank
    faces given their count on the solution (often easier)."""
    from tilewright.loopy import Puzzle

    made = [blanked_or_changed(puzzle, rng)] + ([given_counts(puzzle, rng)] if give else [])
    return [
        Puzzle(puzzle.params, clues, puzzle.grid).game_id
        for clues in made
        if (clues != puzzle.clues).any()
    ]


def blanked_or_changed(puzzle, rng: random.Random) -> np.ndarray:
    """``puzzle``'s clues with one to three blanked or changed (to another count from 0 to
    the face's number of sides)."""
    plan = puzzle.plan
    sides = np.diff(plan.face_ptr)
    clues = puzzle.clues.copy()
    clued = np.flatnonzero(clues >= 0).tolist()
    for face in rng.sample(clued, min(len(clued), rng.randint(1, 3))):
        if rng.random() < 0.5:
            clues[face] = -1
        else:
            clues[face] = rng.choice([c for c in range(sides[face] + 1) if c != clues[face]])
    return clues


def given_counts(puzzle, rng: random.Random) -> np.ndarray:
    """``puzzle``'s clues with one to three blank faces given their count on its solution."""
    from tilewright.loopy import solve

    plan = puzzle.plan
    loop = solve(puzzle).loops[0]
    clues = puzzle.clues.copy()
    blank = np.flatnonzero(clues < 0).tolist()
    for face in rng.sample(blank, min(len(blank), rng.randint(1, 3))):
        clues[face] = loop[plan.face_edges[plan.face_ptr[face] : plan.face_ptr[face + 1]]].sum()
    return clues


def write_fixture(built: Built, out: Path) -> None:
    """Write the fixture, its header first, and print its tally of grades."""
    lines = fixture_lines(built)
    header = [
        "# Loopy game IDs with the puzzle collection's own grade: GRADE ID a line, GRADE one of",
        "# easy normal tricky hard harder impossible (harder: 'harder than Hard, or ambiguous').",
        "# Graded by the collection's standalone solver (loopy.c, -DSTANDALONE_SOLVER, -g) at",
        f"# commit {FIXTURE_COMMIT}. Per grid type T and difficulty D: three IDs its",
        "# generator drew (our driver in tools/loopy_reference.py, seed string",
        "# 'tilewright-graded-WxHtTdD'), each followed by up to two variants: one to three clues",
        "# blanked or changed, and (unless Easy) one to three blank faces given their count on the",
        "# solution (Python's random.Random seeded with the ID and its number). Remake it with",
        "#   python tools/loopy_reference.py fixture --collection PATH",
    ]
    out.write_text("\n".join(header + lines) + "\n")
    tally = Counter(line.split()[0] for line in lines)
    print(f"{out}: {len(lines)} IDs: " + ", ".join(f"{tally[g]} {g}" for g in GRADES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("grade", "print each ID after the collection's grade"),
        ("compare", "grade with the collection and with tilewright.loopy.grade"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("ids", nargs="?", type=Path, help="one ID a line (default: stdin)")
    generate = commands.add_parser("generate", help="the collection's IDs and CPU seconds")
    generate.add_argument("params", help="Loopy's parameters, WxHtTdD (for example 20x20t17dh)")
    generate.add_argument("--seed", default="1", help="the seed string")
    generate.add_argument("--count", type=int, default=1)
    fixture = commands.add_parser("fixture", help=f"remake {FIXTURE.relative_to(ROOT)}")
    fixture.add_argument("--out", type=Path, default=FIXTURE)
    for command in commands.choices.values():
        command.add_argument("--collection", type=Path, required=True, help="its source")
    args = parser.parse_args()
    if not args.collection.is_dir():
        fail(f"{args.collection} is not a folder")
    with tempfile.TemporaryDirectory() as scratch:
        built = build(args.collection, Path(scratch))
        run(args, built)


def run(args: argparse.Namespace, built: Built) -> None:
    """Carry out the subcommand ``args.command`` with the programs ``built``."""
    try:
        if args.command == "generate":
            for game_id, seconds in collection_generate(
                built.generator, args.params, args.seed, args.count
            ):
                print(game_id, f"{seconds:.4f}")
        elif args.command == "fixture":
            write_fixture(built, args.out)
        else:
            text = args.ids.read_text() if args.ids else sys.stdin.read()
            game_ids = read_ids(text.splitlines())
            if args.command == "grade":
                for game_id in game_ids:
                    print(collection_grade(built.solver, game_id), game_id)
            elif compare(built.solver, game_ids):
                raise SystemExit(1)
    except (ValueError, OSError) as error:
        fail(str(error).splitlines()[0])


if __name__ == "__main__":
    main()
