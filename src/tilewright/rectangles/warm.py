"""The Rectangles kernels: compiling them ahead (``tilewright warm``), telling which ones a
command is about to run, so that a first run can say it is compiling, and compiling them
on two cores when they are not cached yet.

Numba compiles each kernel once, for the one set of argument types the library calls it
with, and caches the machine code. The generator's steps are separate kernels called from
Python (see ``_generate_kernels``), so a run compiles only the steps it takes: stretching
only with an expansion, the narrowing and the repairs only when uniqueness is proven.
``rect solve`` compiles the deduction and the search, never the generator. The difficulty
rating (``-f json``, ``--difficulty``, ``rect solve --explain``) compiles rules 1-3 first;
rules 4-6, which generated puzzles never need, only when a puzzle needs them.

Numba compiles one function at a time in a process, and a kernel optimises again, inside
its own code, every kernel it calls: the generator's first run is cut along its calls into
two shares of about equal time. :func:`compile_first_run` hands the narrowing's
incremental deduction (which compiles the solver's kernels it uses) to a helper process,
then the stretching, the repairs and the rating, while this one cuts the grid and compiles
the narrowing's other parts; the narrowing's own kernel then loads the helper's from the
cache instead of compiling them again. A first ``rect generate`` on a two-core machine
waits for the longer share only, and compiles nothing it does not run (the solver's
search is left to ``rect solve``).
"""

import subprocess
import sys
import time
from importlib import import_module
from types import ModuleType

import numpy as np

# The modules of compiled kernels in this package, for ``tilewright warm``.
KERNEL_MODULES = (
    "tilewright.rectangles._deduce_kernels",
    "tilewright.rectangles._partition_kernels",
    "tilewright.rectangles._generate_kernels",
    "tilewright.rectangles._narrow_kernels",
    "tilewright.rectangles._solve_kernels",
    "tilewright.rectangles._rate_kernels",
)
# a helper compiles in well under a minute; past this it is stopped, and this process
# compiles what it left
HELPER_SECONDS = 300

_PARTITION = "_partition_kernels"
_GENERATE = "_generate_kernels"
_DEDUCE = "_deduce_kernels"
_SOLVE = "_solve_kernels"
_RATE = "_rate_kernels"
_NARROW = "_narrow_kernels"


def warm() -> None:
    """Compile every Rectangles kernel, for the argument types the library and the command
    line call it with, on puzzles of a few squares.

    Examples
    --------
    >>> warm()
    """
    for group in _GROUPS.values():
        group()


def compile_first_run(
    kernels: list[ModuleType], *, expansion: bool = False, unique: bool = True, rated: bool = False
) -> None:
    """When ``kernels`` (from :func:`used_kernels`) are not cached, say how long compiling
    them takes and compile them, on two cores where one is idle (:func:`compile_on_two_cores`).

    With a helper, the notice counts the two shares as they run: the longer of the two up to
    the narrowing's own kernel, which waits for the helper's, and then that kernel.

    Parameters
    ----------
    kernels : list of module
        What the command runs, as :func:`used_kernels` gives it.
    expansion, unique, rated : bool
        As for :func:`compile_on_two_cores`.
    """
    from tilewright.core.compilation import announce_if_cold, cold_kernels, idle_core

    if not cold_kernels(kernels):
        return  # warm: nothing to say or compile (and no time spent watching the cores)
    here, there = _shares(expansion, unique, rated)
    helper = bool(there) and idle_core()
    seconds = _two_core_seconds(here, there) if helper else None
    if announce_if_cold("the Rectangles generator", kernels, seconds=seconds):
        _compile(here, there if helper else [])


def compile_on_two_cores(
    *, expansion: bool = False, unique: bool = True, rated: bool = False
) -> None:
    """Compile the kernels ``rect generate`` is about to run, about half of them in a helper
    process, and return once the helper is done.

    For a first run only (``announce_if_cold`` said so). Numba compiles one kernel at a
    time in a process, and a kernel compiles every kernel it calls first (or loads it from
    the cache) and then optimises their code again inside its own, so the shares are cut
    along the calls (``_shares``): the helper compiles the narrowing's incremental
    deduction (``_narrow``, with the solver's kernels it calls, about 7 s), while this
    process cuts the grid and compiles the narrowing's other parts (about as long); then
    this process compiles the narrowing's own kernel, which loads the helper's from the
    cache. The helper goes on with the stretching, the repairs (which reuse the cutting's
    kernels from the cache, so it takes them only once those are cached) and the rating. A
    group already cached is left out. With one core, on a machine whose other cores are
    busy, or if the helper fails, this process compiles the rest when it first needs it,
    as it would have without the helper.

    Parameters
    ----------
    expansion : bool, default False
        The grid will be stretched (an ``e`` above 0).
    unique : bool, default True
        The puzzle will be proven to have one solution (no ``a``).
    rated : bool, default False
        The puzzle will be rated (``--difficulty``, ``-f json``): the helper compiles the
        rating after the rest of its share.
    """
    from tilewright.core.compilation import idle_core

    here, there = _shares(expansion, unique, rated)
    _compile(here, there if there and idle_core() else [])


def _shares(expansion: bool, unique: bool, rated: bool) -> tuple[list[str], list[str]]:
    """The groups this process compiles, in order, and the cold ones a helper compiles."""
    if not unique:  # nothing to share: the cutting, and the stretching, take a few seconds
        return ["cutting", *(["stretch"] if expansion else [])], []
    here = ["cutting", "narrowing parts", "narrowing"]
    there = ["narrowing rules", *(["stretch"] if expansion else []), "repairs"]
    if rated:
        there.append("rating")
    return here, [group for group in there if _cold(group)]


def _compile(here: list[str], there: list[str]) -> None:
    # compile ``here`` in this process and ``there`` in a helper (none when empty)
    helper = None
    if there:
        helper = subprocess.Popen(
            [sys.executable, "-m", __name__, *there],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    try:
        for group in here:
            if group == "narrowing" and helper is not None and "narrowing rules" in there:
                # the narrowing compiles the helper's kernels into itself: waiting for the
                # helper to cache them is shorter than compiling them a second time
                _wait_until_cached("narrowing rules", helper)
            _GROUPS[group]()
    finally:
        if helper is not None:
            try:
                helper.wait(timeout=HELPER_SECONDS)
            except subprocess.TimeoutExpired:
                helper.kill()
                helper.wait()


def _two_core_seconds(here: list[str], there: list[str]) -> float:
    """About how long compiling ``here`` takes with a helper compiling ``there`` (see
    ``core.compilation.compile_seconds``): the narrowing's own kernel, last of ``here``,
    starts once this process's groups before it and the helper's first are done."""
    from tilewright.core.compilation import HELPER_START_SECONDS, compile_seconds

    before = _uncached(here[:-1])
    first = _uncached(there[:1])
    helper = HELPER_START_SECONDS + compile_seconds(first, done=before)
    last = [name for name in _uncached(here[-1:]) if name not in before]
    done = before + first
    finished = max(compile_seconds(before), helper) + compile_seconds(last, done=done)
    return max(finished, helper + compile_seconds(_uncached(there[1:]), done=done))


def _uncached(groups: list[str]) -> list[str]:
    # the kernels of ``groups`` not cached yet, as the compile-time table names them
    from tilewright.core.compilation import is_cached

    return [
        f"{_name(module)}.{name}"
        for group in groups
        for module, name in _KERNELS[group]
        if not is_cached(getattr(import_module(_name(module)), name))
    ]


def _cold(group: str) -> bool:
    from tilewright.core.compilation import cold_kernels

    return bool(cold_kernels(_views(_KERNELS[group])))


def _wait_until_cached(group: str, helper: subprocess.Popen) -> None:
    """Return once each kernel of ``group`` is cached, or the helper has ended."""
    from tilewright.core.compilation import is_cached

    kernels = [getattr(import_module(_name(module)), name) for module, name in _KERNELS[group]]
    waited = 0.0
    while helper.poll() is None and waited < HELPER_SECONDS:
        if all(is_cached(kernel) for kernel in kernels):
            return
        time.sleep(0.1)
        waited += 0.1


def used_kernels(command: str, *, expansion: bool = False, unique: bool = True) -> list[ModuleType]:
    """The kernels a command surely runs, each group as a view of its module holding only
    them, for ``tilewright.core.compilation.announce_if_cold``.

    A kernel the command may skip (a repair that a puzzle never needs, the search when
    deduction solves the puzzle) is left out, so that the notice never claims a compile
    that does not happen.

    Parameters
    ----------
    command : {"generate", "solve", "rate"}
        The ``rect`` subcommand, or the difficulty rating (``--difficulty``, ``-f json``
        and ``rect solve --explain``).
    expansion : bool, default False
        ``generate``: the grid is stretched (an ``e`` above 0).
    unique : bool, default True
        ``generate``: the puzzle is proven to have one solution (no ``a``).

    Returns
    -------
    list of module
        One view a kernel module, named as the module.

    Raises
    ------
    ValueError
        For another command.

    Examples
    --------
    >>> [view.__name__.rsplit(".", 1)[1] for view in used_kernels("solve")]
    ['_deduce_kernels', '_solve_kernels']
    >>> views = used_kernels("generate", unique=False)
    >>> [sorted(name for name in vars(view) if not name.startswith("_")) for view in views]
    [['fill', 'fix_singletons'], ['place_clues']]
    """
    if command == "solve":
        wanted = [(_DEDUCE, "deduce"), (_SOLVE, "boxes_with_clues")]
    elif command == "rate":
        wanted = [*_KERNELS["rating"], (_SOLVE, "boxes_with_clues")]
    elif command == "generate":
        wanted = list(_KERNELS["cutting"])
        if expansion:
            wanted += _KERNELS["stretch"]
        if unique:
            wanted += _KERNELS["narrowing"]
    else:
        raise ValueError(f"no rect command {command!r}")
    return _views(wanted)


def _views(wanted: list[tuple[str, str]]) -> list[ModuleType]:
    # each module of ``wanted`` as a module named as it holding only the kernels wanted
    views: dict[str, ModuleType] = {}
    for module, function in wanted:
        view = views.setdefault(module, ModuleType(_name(module)))
        setattr(view, function, getattr(import_module(_name(module)), function))
    return list(views.values())


def _name(module: str) -> str:
    return f"tilewright.rectangles.{module}"


# Each group compiles its kernels by calling them on a 2x2 grid of two dominoes, with the
# argument types of the real calls, or, for kernels only other kernels call, by compiling
# them for those types (a test checks that no kernel gets a second set).


def _cutting() -> None:
    # fill, fix_singletons and place_clues (and core's shuffle), as generate calls them
    from tilewright.rectangles import Params, generate

    generate(Params(2, 2, unique=False), seed=0)


def _repairs() -> None:
    from tilewright.rectangles._generate_kernels import repair

    labels, rects, spare, _, state = _dominoes()
    nothing = np.empty(0, dtype=np.int64)
    stats = np.zeros(4, dtype=np.int64)
    limits = np.array([2, 2, 2, 2], dtype=np.int64)
    singles = np.empty(4, dtype=np.int64)
    spots = np.zeros((4, 4), dtype=np.int64)
    repair(labels, rects, spare, spots, nothing, limits, 4, singles, stats, state)


def _narrowing() -> None:
    from tilewright.rectangles._generate_kernels import MOVED, SPOT_SIDE
    from tilewright.rectangles._narrow_kernels import fresh_spots, narrow_clues

    labels, rects, _, clue, state = _dominoes()
    spots = np.zeros((4, 4), dtype=np.int64)
    fresh_spots(rects, spots, SPOT_SIDE, state)
    narrow_clues(labels, rects, spots, SPOT_SIDE, clue, np.zeros(4, dtype=np.int64), MOVED, state)


def _narrowing_rules() -> None:
    # the narrowing's incremental deduction, which compiles the solver's kernels it calls:
    # from the types alone, since nothing calls it from Python
    from tilewright.rectangles._narrow_kernels import _narrow

    labels, boxes, _, _, state = _dominoes()
    ints, spots = np.zeros(3, dtype=np.int64), np.zeros((2, 4), dtype=np.int64)
    owner, alive = np.full_like(labels, -1), np.ones(4, np.uint8)
    _compile_for(_narrow, 2, 2, ints, boxes, alive, owner, ints, spots, owner, spots, state)


def _narrowing_parts() -> None:
    # the narrowing's other kernels, those the helper's deduction does not call (the
    # random confinement it does, compiled here first; the helper then loads it)
    from tilewright.rectangles._deduce_kernels import deduce_rounds
    from tilewright.rectangles._generate_kernels import SPOT_SIDE
    from tilewright.rectangles._narrow_kernels import (
        _confine_for,
        _live_ids,
        fresh_spots,
        spot_placements,
    )
    from tilewright.rectangles._solve_kernels import REGISTERS, TRAIL_WIDTH

    labels, rects, _, _, state = _dominoes()
    ints, spots = np.zeros(3, dtype=np.int64), np.zeros((2, 4), dtype=np.int64)
    owner, alive = np.full_like(labels, -1), np.ones(4, np.uint8)
    lboxes, trail = np.zeros((2, 5), dtype=np.int32), np.zeros((0, TRAIL_WIDTH), dtype=np.int32)
    cover, regs = np.zeros((3, 3, 3), dtype=np.int64), np.zeros(REGISTERS, dtype=np.int64)
    state_arrays = (
        lboxes, ints, ints, ints.astype(np.int32), ints, ints, ints, spots, spots, alive, ints,
        ints, ints, ints, ints, owner, cover, trail, regs,
    )  # fmt: skip
    _compile_for(_confine_for, 0, state_arrays, spots, owner, state)
    _compile_for(spot_placements, 2, 2, spots, ints, SPOT_SIDE)
    _compile_for(deduce_rounds, 2, 2, ints, rects, alive, owner, ints, 2)
    _compile_for(_live_ids, rects)
    fresh_spots(rects, np.zeros((4, 4), dtype=np.int64), SPOT_SIDE, state)


def _compile_for(kernel, *examples) -> None:
    # compile ``kernel`` (cached) for the types of ``examples``, as its callers pass them
    from numba import typeof

    kernel.compile(tuple(typeof(example) for example in examples))


def _solver() -> None:
    # stalls at once, so the search runs: every kernel of the solver
    from tilewright.rectangles import parse_game_id, solve

    solve(parse_game_id("2x2:2b2"))


def _stretch() -> None:
    from tilewright.rectangles._generate_kernels import stretch

    labels, rects, _, _, state = _dominoes()
    stretch(labels, rects, 3, 2, 6, state)


def _rating() -> None:
    # rules 1-3, all that the generator's puzzles need
    from tilewright.rectangles import difficulty, parse_game_id

    difficulty.rate(parse_game_id("4x3:2b3a2a2b3a"))


def _hard_rating() -> None:
    # a puzzle whose proof needs rule 4 and a look-ahead, then the same with no work left
    # for look-aheads, so that a search step places a rectangle
    from tilewright.rectangles import difficulty, parse_game_id

    puzzle = parse_game_id("5x5:4c2a4d3b4b2b2c4")
    difficulty.rate(puzzle)
    difficulty._prove(puzzle, lookahead_work=0)


def _dominoes() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    # labels, rects, spare, clue and a random state: two 1x2 rectangles with room for four
    from tilewright.core.seeds import kernel_state

    labels = np.array([[0, 0], [1, 1]], dtype=np.int32)
    rects = np.array([[0, 0, 1, 2], [1, 0, 1, 2], [0, 0, 0, 0], [0, 0, 0, 0]], dtype=np.int32)
    spare = np.array([3, 2, 0, 0, 2], dtype=np.int32)
    clue = np.array([0, 2, -1, -1], dtype=np.int64)
    return labels, rects, spare, clue, kernel_state(0)


_GROUPS = {
    "cutting": _cutting,
    "repairs": _repairs,
    "solver": _solver,
    "narrowing": _narrowing,
    "narrowing rules": _narrowing_rules,
    "narrowing parts": _narrowing_parts,
    "stretch": _stretch,
    "rating": _rating,
    "hard rating": _hard_rating,
}
# the kernels each group calls from Python or compiles by type (the others are compiled
# inside them)
_KERNELS = {
    "cutting": [(_PARTITION, "fill"), (_PARTITION, "fix_singletons"), (_GENERATE, "place_clues")],
    "repairs": [(_GENERATE, "repair")],
    "solver": [(_DEDUCE, "deduce"), (_SOLVE, "prepare"), (_SOLVE, "search")],
    "narrowing": [(_NARROW, "fresh_spots"), (_NARROW, "narrow_clues")],
    "narrowing rules": [(_NARROW, "_narrow")],
    "narrowing parts": [
        (_NARROW, "_confine_for"),
        (_NARROW, "spot_placements"),
        (_DEDUCE, "deduce_rounds"),
        (_NARROW, "_live_ids"),
        (_NARROW, "fresh_spots"),
    ],
    "stretch": [(_GENERATE, "stretch")],
    "rating": [(_RATE, "prepare"), (_RATE, "advance")],
    "hard rating": [(_RATE, "combine"), (_RATE, "look_ahead"), (_RATE, "place_found")],
}


def _helper(groups: list[str]) -> None:
    """The helper process of compile_on_two_cores: compile ``groups`` in turn; the repairs
    only once the other process has cached the cutting (else it would compile that too)."""
    for group in groups:
        if group == "repairs":
            waited = 0.0
            while _cold("cutting") and waited < HELPER_SECONDS:
                time.sleep(0.2)
                waited += 0.2
        _GROUPS[group]()


if __name__ == "__main__":  # python -m tilewright.rectangles.warm GROUP ...
    _helper(sys.argv[1:])
