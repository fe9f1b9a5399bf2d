"""The difficulty rating: every explained step replayed on paper by a plain-Python model
written apart from the kernels, which checks that the step's rule really applies, that no
easier rule did, that it agrees with the solver's one solution, and that the steps end in
that solution; hand-checked ratings; targeting a level; the rating in JSON."""

import json
import time
from collections import Counter

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.helpers import puzzles
from tilewright import TilewrightError
from tilewright.rectangles import (
    Params,
    Puzzle,
    difficulty,
    explain,
    generate,
    generate_rated,
    parse_game_id,
    rate,
    solve,
)
from tilewright.rectangles.formats import encode

# checked by hand (see test_hand_checked_ratings)
EASY = "4x3:2b3a2a2b3a"
MEDIUM = "4x4:2b2b3a2_3d2_2"
HARD = "7x3:c4e3a6c6d2"
FIENDISH = "5x5:a4c5b2b4b3b3e4a"
# puzzles with one solution (found among the generator's unchecked 'a' puzzles) whose
# proofs need rule 4, and rule 5 (with depths 2 to 6): random puzzles rarely do
NEED_TWO_CLUES = [
    "5x5:2_4f4a2a2c3b3a3b2",
    "5x5:2_4e3d3a2a4b2a2a3a",
    "6x6:a6f6b3d5d4a2a6d2d2",
    "5x5:a2b4_4a3c2a3d2b3a2a",
    "6x6:3b3d3e4d3b4a5a4f2a5",
    "6x6:2_3b2d2d4a4_5i6b4_4d",
]
NEED_LOOK_AHEAD = [
    "5x5:4c2a4d3b4b2b2c4",
    "5x5:d4a2a3b2_3e2a5c4",
    "5x5:a2_2a2_5e3b3c5c3b",
    "5x5:a2b4b3b3_2b2a3b2a4c",
    "5x5:2_2a2c3b4c3_2b3b2a2a",
    "6x6:a4c2b2b2_2b5c6_3b3d3f4",
    "6x6:b2a2a5c4c4a2f3a5b3b2a2a2",
]


class Paper:
    """What a person knows while solving: the squares known to be each clue's, the
    rectangles ruled out, the clues placed. A rectangle fits a clue when it has the clue's
    area, holds the clue's square and no other clue, covers every square known to be the
    clue's and none known to be another's, and was not ruled out."""

    def __init__(self, puzzle: Puzzle):
        self.height, self.width = puzzle.clues.shape
        rows, cols = np.nonzero(puzzle.clues)
        self.clues = [
            (int(r), int(c), int(puzzle.clues[r, c])) for r, c in zip(rows, cols, strict=True)
        ]
        self.owner = {(r, c): k for k, (r, c, _) in enumerate(self.clues)}
        self.ruled_out: list[set] = [set() for _ in self.clues]
        self.placed = [False] * len(self.clues)
        self.shapes = [self._shapes(k) for k in range(len(self.clues))]

    def _shapes(self, k):
        r, c, n = self.clues[k]
        found = []
        for rows in range(1, n + 1):
            if n % rows:
                continue
            cols = n // rows
            for top in range(max(0, r - rows + 1), min(r, self.height - rows) + 1):
                for left in range(max(0, c - cols + 1), min(c, self.width - cols) + 1):
                    rect = (top, left, rows, cols)
                    if all(self.owner.get(s, k) == k for s in squares(rect)):
                        found.append(rect)
        return found

    def fitting(self, k):
        mine = {s for s, owner in self.owner.items() if owner == k}
        return [
            rect
            for rect in self.shapes[k]
            if rect not in self.ruled_out[k]
            and all(self.owner.get(s, k) == k for s in squares(rect))
            and mine <= set(squares(rect))
        ]

    def open_clues(self):
        return [k for k in range(len(self.clues)) if not self.placed[k]]

    def reachers(self, square):
        return {
            k for k in range(len(self.clues)) for rect in self.fitting(k) if inside(square, rect)
        }

    def single(self):
        return [k for k in self.open_clues() if len(self.fitting(k)) == 1]

    def reach(self, square):
        # the clue that alone reaches a free square, when some of its rectangles miss it
        if square in self.owner:
            return None
        clues = self.reachers(square)
        if len(clues) != 1:
            return None
        (k,) = clues
        return k if any(not inside(square, rect) for rect in self.fitting(k)) else None

    def any_reach(self):
        return any(self.reach((y, x)) is not None for y, x in self.grid())

    def intersection(self, k):
        rects = self.fitting(k)
        top, left = max(r[0] for r in rects), max(r[1] for r in rects)
        bottom, right = min(r[0] + r[2] for r in rects), min(r[1] + r[3] for r in rects)
        return (top, left, bottom - top, right - left)

    def overlap_gains(self, k):
        core = self.intersection(k)
        return any(
            s not in self.owner and any(j != k for j in self.reachers(s)) for s in squares(core)
        )

    def any_overlap(self):
        return any(self.overlap_gains(k) for k in self.open_clues())

    def hole(self, k, rect):
        """What placing ``rect`` for clue k leaves impossible (a clue or a square), or None."""
        for j in self.open_clues():
            if j != k and all(overlap(rect, other) for other in self.fitting(j)):
                return ("clue", j)
        for s in self.grid():
            if s in self.owner or inside(s, rect):
                continue
            covering = [
                (j, other) for j in range(len(self.clues)) for other in self.fitting(j)
                if inside(s, other)
            ]  # fmt: skip
            if all(j == k or overlap(rect, other) for j, other in covering):
                return ("square", s)
        return None

    def any_combine(self):
        return any(
            self.hole(k, rect) is not None for k in self.open_clues() for rect in self.fitting(k)
        )

    def grid(self):
        return [(y, x) for y in range(self.height) for x in range(self.width)]

    def claim(self, k, rect):
        for s in squares(rect):
            assert self.owner.get(s, k) == k, f"square {s} is another clue's"
            self.owner[s] = k


def squares(rect):
    top, left, rows, cols = rect
    return [(y, x) for y in range(top, top + rows) for x in range(left, left + cols)]


def inside(square, rect):
    return rect[0] <= square[0] < rect[0] + rect[2] and rect[1] <= square[1] < rect[1] + rect[3]


def overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def solution_rectangles(puzzle: Puzzle) -> list:
    (regions,) = solve(puzzle)
    rects = []
    for k in range(int(regions.max()) + 1):
        ys, xs = np.nonzero(regions == k)
        rects.append((int(ys.min()), int(xs.min()), int(np.ptp(ys)) + 1, int(np.ptp(xs)) + 1))
    return rects


def replay(puzzle: Puzzle, steps) -> Counter:
    """Check each step against the paper and the one solution, apply it, and return how
    many steps each rule took. Fails on the first step that is wrong, unsound, or taken
    while an easier rule had progress to make."""
    paper = Paper(puzzle)
    answer = solution_rectangles(puzzle)
    index = {(r, c): k for k, (r, c, _) in enumerate(paper.clues)}
    for number, step in enumerate(steps, 1):
        k = index[step.clue]
        rect = step.rectangle
        where = f"step {number} ({step.rule}: {step.text})"
        assert step.number == paper.clues[k][2], where
        assert not paper.placed[k], where
        easier = {
            "single": lambda: bool(paper.single()),
            "reach": paper.any_reach,
            "overlap": paper.any_overlap,
            "combine": paper.any_combine,
        }
        rank = difficulty.RULES.index(step.rule)
        for rule in difficulty.RULES[: min(rank, 4)]:
            assert not easier[rule](), f"{where}: rule {rule} had progress to make"
        if step.rule == "single":
            assert paper.fitting(k) == [rect], where
        elif step.rule == "reach":
            assert rect[2:] == (1, 1) and paper.reach(rect[:2]) == k, where
        elif step.rule == "overlap":
            assert rect == paper.intersection(k) and paper.overlap_gains(k), where
        elif step.rule == "combine":
            assert rect in paper.fitting(k) and paper.hole(k, rect) is not None, where
        else:
            assert rect in paper.fitting(k), where
        # sound: what is placed or claimed is the solution's, what is ruled out is not
        if step.rule in difficulty.PLACES:
            assert rect == answer[k], where
            paper.claim(k, rect)
            paper.placed[k] = True
        elif step.rule in difficulty.CLAIMS:
            assert all(inside(s, answer[k]) for s in squares(rect)), where
            paper.claim(k, rect)
        else:
            assert rect != answer[k], where
            paper.ruled_out[k].add(rect)
    assert all(paper.placed), "the steps end before every clue is placed"
    return Counter(step.rule for step in steps)


def check_rating(puzzle: Puzzle) -> None:
    steps = explain(puzzle)
    used = replay(puzzle, steps)
    rating = rate(puzzle)
    assert rating.counts == {rule: used[rule] for rule in difficulty.RULES}
    assert rating.steps == len(steps) and rating.clues == len(Paper(puzzle).clues)
    assert rating.single + rating.search == rating.clues
    assert rating.level == expected_level(used, rating.clues)


def expected_level(used: Counter, clues: int) -> str:
    """The levels as the documentation words them."""
    if used["lookahead"] or used["search"]:
        return "fiendish"
    if used["combine"] or used["reach"] + used["overlap"] > 0.6 * clues:
        return "hard"
    if used["overlap"] or used["reach"] > 0.25 * clues:
        return "medium"
    return "easy"


def unique(puzzle: Puzzle) -> bool:
    return len(solve(puzzle, limit=2)) == 1


@given(puzzles(largest=7))
def test_explained_steps_replay_to_the_one_solution(puzzle):
    assume(unique(puzzle))
    check_rating(puzzle)


@given(st.integers(4, 9), st.integers(4, 9), st.integers(0, 10**6))
def test_steps_of_unchecked_puzzles_with_one_solution_replay(width, height, seed):
    # the generator's 'a' puzzles are not proven by rules 1-3: rules 4 and 5 get their turn
    puzzle = generate(Params(width, height, unique=False), seed=seed).puzzle
    assume(unique(puzzle))
    check_rating(puzzle)


@given(st.integers(3, 12), st.integers(3, 12), st.integers(0, 10**6))
def test_generated_puzzles_need_rules_1_to_3_only(width, height, seed):
    puzzle = generate(Params(width, height), seed=seed).puzzle
    check_rating(puzzle)
    rating = rate(puzzle)
    assert rating.combine == rating.lookahead == rating.search == 0
    assert rating.level in ("easy", "medium", "hard")


@pytest.mark.parametrize(
    ("game_id", "level", "counts", "depth"),
    [
        (EASY, "easy", {"single": 5, "reach": 1}, 0),
        (MEDIUM, "medium", {"single": 7, "reach": 1, "overlap": 1}, 0),
        (HARD, "hard", {"single": 5, "reach": 1, "combine": 3}, 0),
        (FIENDISH, "fiendish", {"single": 7, "overlap": 2, "lookahead": 1}, 3),
    ],
)
def test_hand_checked_ratings(game_id, level, counts, depth):
    puzzle = parse_game_id(game_id)
    rating = rate(puzzle)
    assert rating.level == level and rating.depth == depth
    assert rating.counts == {rule: counts.get(rule, 0) for rule in difficulty.RULES}
    check_rating(puzzle)


@pytest.mark.parametrize("game_id", NEED_TWO_CLUES + NEED_LOOK_AHEAD)
def test_steps_of_the_harder_rules_replay(game_id):
    puzzle = parse_game_id(game_id)
    check_rating(puzzle)
    rating = rate(puzzle)
    assert rating.level == ("hard" if game_id in NEED_TWO_CLUES else "fiendish")
    assert rating.combine if game_id in NEED_TWO_CLUES else rating.lookahead


def test_hand_checked_steps():
    # EASY: the 3 in the top row fits one way only, then the 2 beside it; nothing is
    # single then, but only the bottom 3 reaches the bottom-left square
    texts = [step.text for step in explain(parse_game_id(EASY))]
    assert texts[:4] == [
        "clue 3 at row 0, column 3: only one rectangle fits (row 0, columns 1-3)",
        "clue 2 at row 0, column 0: only one rectangle fits (rows 0-1, column 0)",
        "the square at row 2, column 0: only clue 3 at row 2, column 2 can reach it",
        "clue 3 at row 2, column 2: only one rectangle fits (row 2, columns 0-2)",
    ]
    # HARD: the 4 along the top row cannot start in column 1: the 6 below could then not
    # reach the corner square either
    first = explain(parse_game_id(HARD))[0]
    assert first.rule == "combine" and first.rectangle == (0, 1, 1, 4)
    assert first.text.endswith("the square at row 0, column 0 could not be covered")
    # FIENDISH: the tall 4 leaves the 3 below it no room three steps on
    step = explain(parse_game_id(FIENDISH))[4]
    assert step.rule == "lookahead" and step.rectangle == (1, 1, 4, 1)
    assert "leads 2 steps later" in step.text and "clue 3 at row 3, column 2" in step.text


def test_search_steps_when_look_ahead_has_no_work_left():
    puzzle = parse_game_id(FIENDISH)
    proof = difficulty._prove(puzzle, lookahead_work=0)
    steps = [difficulty._step(row, proof) for row in proof.steps]
    used = replay(puzzle, steps)
    assert used["search"] == 1 and used["lookahead"] == 0
    assert "no rule decides between its 2 rectangles" in steps[4].text


def test_the_replay_catches_wrong_explanations():
    steps = explain(parse_game_id(EASY))
    with pytest.raises(AssertionError, match="rule single had progress"):
        replay(parse_game_id(EASY), [steps[0], steps[2], *steps[1:2], *steps[3:]])
    moved = steps[3].__class__(**{**steps[3].__dict__, "rectangle": (2, 1, 1, 3)})
    with pytest.raises(AssertionError, match="step 4"):
        replay(parse_game_id(EASY), [*steps[:3], moved, *steps[4:]])
    with pytest.raises(AssertionError, match="before every clue"):
        replay(parse_game_id(EASY), steps[:-1])


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("2x2:2b2", "more than one solution"),
        ("3x3:4g5", "no solution"),
        ("2x2:5c", "no solution"),
    ],
)
def test_puzzles_without_one_solution_are_refused(game_id, message):
    with pytest.raises(TilewrightError, match=message):
        rate(parse_game_id(game_id))


def test_bad_arguments():
    with pytest.raises(TypeError):
        rate(42)  # a game ID is read; a number is refused
    with pytest.raises(TilewrightError, match="no level 'extreme'"):
        generate_rated(Params(6, 6), "extreme")
    with pytest.raises(TilewrightError, match="leave out 'a'"):
        generate_rated(Params(6, 6, unique=False), "easy")
    with pytest.raises(TilewrightError, match="at least 1"):
        generate_rated(Params(6, 6), "easy", tries=0)
    with pytest.raises(TypeError):
        generate_rated(Params(6, 6), "easy", tries=True)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_targeting_finds_the_level_and_its_seed_makes_the_puzzle_again(level):
    params = Params(9, 9)
    made, rating = generate_rated(params, level, seed=40)
    assert rating.level == level and rate(made.puzzle) == rating
    # the seeds are tried in order: those before it made other levels
    for seed in range(40, made.seed):
        assert rate(generate(params, seed=seed).puzzle).level != level
    assert generate(params, seed=made.seed) == made
    again, _ = generate_rated(params, level, seed=made.seed)
    assert again == made


def test_a_level_out_of_reach_is_one_clear_error():
    with pytest.raises(TilewrightError) as error:
        generate_rated(Params(4, 4), "fiendish", seed=3, tries=50)
    message = str(error.value)
    assert message.startswith("no 4x4 puzzle rated fiendish in 50 seeds from 3 (made instead: ")
    assert "\n" not in message


def test_json_records_the_rating_of_generated_puzzles():
    made = generate(Params(8, 8), seed=5)
    record = json.loads(encode("json", made.puzzle, None, made))
    assert record["difficulty"] == rate(made.puzzle).to_record()
    assert set(record["difficulty"]["rules"]) == set(difficulty.RULES)
    given_rating = rate(parse_game_id(HARD))
    assert (
        json.loads(encode("json", made.puzzle, None, made, rating=given_rating))["difficulty"]
        == given_rating.to_record()
    )
    # a bare puzzle is rated only when asked; an unchecked one never
    assert "difficulty" not in json.loads(encode("json", made.puzzle))
    loose = generate(Params(8, 8, unique=False), seed=5)
    assert "difficulty" not in json.loads(encode("json", loose.puzzle, None, loose))


def test_rating_is_fast():
    puzzles_ = {n: generate(Params(n, n), seed=1).puzzle for n in (15, 30)}
    rate(puzzles_[15])  # compile or load the kernels before timing
    for n, limit in ((15, 0.01), (30, 0.1)):
        start = time.perf_counter()
        rate(puzzles_[n])
        assert time.perf_counter() - start < limit, n
