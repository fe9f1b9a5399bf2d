"""Loopy answers checked, and puzzles written as text: every collection ID's solution is
accepted in both forms an answer takes, any one edge changed is refused at that edge's
dots, and the text lists what an answer names."""

import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright.core.errors import TilewrightError
from tilewright.loopy import Puzzle, solve
from tilewright.loopy.check import check_answer, check_loop, inside_edges
from tilewright.loopy.text import loop_order, render

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "loopy" / "collection_ids.txt"
COLLECTION_IDS = [
    line for line in FIXTURE.read_text().splitlines() if line and not line.startswith("#")
]
HARD_IDS = [gid for gid in COLLECTION_IDS if gid.split(":")[0].endswith("dh")]
PLUS = "3x3t0:a3a303a3a"  # a plus sign: 3s round a 0


@cache
def solved(game_id: str) -> tuple[Puzzle, np.ndarray]:
    puzzle = Puzzle.from_game_id(game_id)
    return puzzle, solve(puzzle).loops[0]


def outside_faces(puzzle: Puzzle, loop: np.ndarray) -> np.ndarray:
    """bool (F,): the faces reached from beyond the grid without crossing the loop."""
    plan = puzzle.plan
    outside = np.zeros(plan.num_faces, dtype=bool)
    frontier = list(np.unique(plan.edge_faces[(plan.edge_faces[:, 1] < 0) & ~loop, 0]))
    outside[frontier] = True
    while frontier:
        face = frontier.pop()
        for e in plan.face_edges[plan.face_ptr[face] : plan.face_ptr[face + 1]]:
            if loop[e]:
                continue
            other = plan.edge_faces[e, 0] + plan.edge_faces[e, 1] - face
            if 0 <= other != face and not outside[other]:
                outside[other] = True
                frontier.append(other)
    return outside


@pytest.mark.parametrize("game_id", COLLECTION_IDS, ids=lambda gid: gid.split(":")[0])
def test_a_collection_solution_is_accepted_as_edges_and_as_faces_inside(game_id):
    puzzle, loop = solved(game_id)
    assert check_answer(puzzle, edges=loop) is None
    assert check_answer(puzzle, edges=np.flatnonzero(loop).tolist()) is None
    assert check_answer(puzzle, edges=set(np.flatnonzero(loop).tolist())) is None
    inside = ~outside_faces(puzzle, loop)
    assert check_answer(puzzle, inside=set(np.flatnonzero(inside).tolist())) is None
    on, reason = inside_edges(puzzle, inside)
    assert reason is None and (on == loop).all()


@pytest.mark.parametrize("game_id", HARD_IDS, ids=lambda gid: gid.split(":")[0])
def test_changing_any_one_edge_is_refused_at_one_of_its_dots(game_id):
    puzzle, loop = solved(game_id)
    plan = puzzle.plan
    for e in range(len(loop)):
        changed = loop.copy()
        changed[e] = ~changed[e]
        verdict = check_answer(puzzle, edges=changed)
        found = re.fullmatch(
            r"the loop (ends|branches) at dot (\d+) \((\d) loop edges? there\)", verdict
        )
        assert found, verdict
        assert int(found[2]) in plan.edges[e].tolist()
        assert (found[1] == "ends") == (found[3] == "1")


@given(st.integers(0, 2**32 - 1), st.sampled_from(HARD_IDS))
def test_faces_inside_and_edges_give_the_same_verdict(seed, game_id):
    puzzle, _ = solved(game_id)
    rng = np.random.default_rng(seed)
    inside = rng.random(puzzle.plan.num_faces) < rng.random()
    on, reason = inside_edges(puzzle, inside)
    assert reason is None
    # an edge is on the loop when exactly one of its sides is inside
    plan = puzzle.plan
    sides = [[f >= 0 and inside[f] for f in pair] for pair in plan.edge_faces.tolist()]
    assert on.tolist() == [a != b for a, b in sides]
    assert check_answer(puzzle, inside=np.flatnonzero(inside)) == check_answer(puzzle, edges=on)


def test_a_clue_not_met_is_named_with_its_count():
    puzzle = Puzzle.from_game_id(PLUS)
    assert check_answer(puzzle, inside={4}) == "face 1 has 1 loop edge, its clue is 3"
    assert check_answer(puzzle, inside=[1, 3, 4, 5, 7]) is None


def test_two_loops_are_not_one():
    puzzle = Puzzle.from_game_id("3x3t0:i")
    assert check_answer(puzzle, inside={0, 8}) == "the loop edges make 2 separate loops, not one"
    assert check_answer(puzzle, inside={0, 2, 6, 8}) == (
        "the loop edges make 4 separate loops, not one"
    )
    # two faces meeting at a corner: four loop edges at one dot
    assert re.fullmatch(
        r"the loop branches at dot \d+ \(4 loop edges there\)", check_answer(puzzle, inside={0, 4})
    )


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        ({"edges": []}, "there is no loop"),
        ({"inside": []}, "there is no loop"),
        ({"inside": range(9)}, "face 1 has 1 loop edge, its clue is 3"),
        ({"edges": [24]}, "there is no edge 24: the edges are numbered 0 to 23"),
        ({"edges": [-1]}, "there is no edge -1: the edges are numbered 0 to 23"),
        ({"inside": [9]}, "there is no face 9: the faces are numbered 0 to 8"),
        ({"edges": "0 1 2"}, "edges are given as numbers, not as text"),
        ({"edges": [0.5, 1]}, "edges are given as whole numbers, one a edge"),
        ({"edges": 7}, "edges are given as a list of numbers, not int"),
        ({"inside": np.ones(4, dtype=bool)}, "one bool a face is 9 of them, got shape (4,)"),
    ],
)
def test_a_malformed_answer_is_a_verdict_not_an_exception(answer, verdict):
    assert check_answer(Puzzle.from_game_id(PLUS), **answer) == verdict


def test_an_answer_in_both_forms_or_neither_is_a_mistake_of_the_caller():
    puzzle = Puzzle.from_game_id(PLUS)
    with pytest.raises(TypeError, match="not both or neither"):
        check_answer(puzzle)
    with pytest.raises(TypeError, match="not both or neither"):
        check_answer(puzzle, edges=[0], inside=[0])
    with pytest.raises(TypeError, match="Loopy Puzzle"):
        check_answer(PLUS, edges=[0])


def test_check_loop_is_check_answer_with_edges():
    puzzle, loop = solved(HARD_IDS[0])
    assert check_loop(puzzle, loop) is None
    assert check_loop(puzzle, [0]) == check_answer(puzzle, edges=[0])


def read_board(text: str) -> tuple[list[str], dict]:
    """The board's lines, and what stands at each (row, column) that is not a space."""
    lines = text.splitlines()[1:]
    return lines, {
        (r, c): ch for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "
    }


@pytest.mark.parametrize("game_id", [gid for gid in COLLECTION_IDS if "t0d" in gid])
def test_the_square_board_shows_every_clue_and_loop_edge(game_id):
    puzzle, loop = solved(game_id)
    text = render(puzzle, loop)
    assert text.startswith(puzzle.game_id + "\n") and text.endswith("\n")
    lines, marks = read_board(text)
    width, height = puzzle.params.width, puzzle.params.height
    assert len(lines) == 2 * height + 1 and max(map(len, lines)) == 2 * width + 1
    clues = {
        (2 * (f // width) + 1, 2 * (f % width) + 1): str(c)
        for f, c in enumerate(puzzle.clues.tolist())
        if c >= 0
    }
    assert {place: mark for place, mark in marks.items() if mark.isdigit()} == clues
    assert sum(mark in "-|" for mark in marks.values()) == loop.sum()
    assert sum(mark == "+" for mark in marks.values()) == (width + 1) * (height + 1)
    # without the loop: the dots and the clues only
    assert not any(mark in "-|" for mark in read_board(render(puzzle))[1].values())


@pytest.mark.parametrize("game_id", HARD_IDS, ids=lambda gid: gid.split(":")[0])
def test_the_lists_name_the_planar_map_and_the_loop_in_order(game_id):
    puzzle, loop = solved(game_id)
    plan = puzzle.plan
    text = render(puzzle, loop, form="lists")
    assert text == render(puzzle, np.flatnonzero(loop), form="lists")  # deterministic
    lines = text.splitlines()
    assert lines[0] == puzzle.game_id
    titles = [0] + [i for i, line in enumerate(lines) if line[0].isalpha()]
    assert [lines[i] for i in titles[1:]] == [
        "dots (id x y)",
        "faces (id clue dots)",
        "edges (id dot dot face face)",
        "loop (edges in order along it)",
    ]
    dots = [line.split() for line in lines[titles[1] + 1 : titles[2]]]
    faces = [line.split() for line in lines[titles[2] + 1 : titles[3]]]
    edges = [line.split() for line in lines[titles[3] + 1 : titles[4]]]
    assert np.allclose([[float(x), float(y)] for _, x, y in dots], plan.dots, atol=1e-4)
    for f, (number, clue, *corners) in enumerate(faces):
        assert int(number) == f and list(map(int, corners)) == plan.face(f).tolist()
        assert clue == ("." if puzzle.clues[f] < 0 else str(puzzle.clues[f]))
    assert [[int(a), int(b)] for _, a, b, _, _ in edges] == plan.edges.tolist()
    assert [[int(x), -1 if y == "-" else int(y)] for *_, x, y in edges] == plan.edge_faces.tolist()
    order = list(map(int, lines[titles[4] + 1].split()))
    assert sorted(order) == np.flatnonzero(loop).tolist()
    for first, second in zip(order, order[1:] + order[:1], strict=True):
        assert set(plan.edges[first].tolist()) & set(plan.edges[second].tolist())


def test_a_loop_in_pieces_is_listed_in_ascending_order():
    puzzle = Puzzle.from_game_id("3x3t0:i")
    on, _ = inside_edges(puzzle, {0, 8})
    assert loop_order(puzzle, on) == np.flatnonzero(on).tolist()


def test_the_forms_are_checked():
    puzzle, _ = solved(HARD_IDS[1])  # a triangular grid
    assert render(puzzle) == render(puzzle, form="lists")
    with pytest.raises(TilewrightError, match="square grid only"):
        render(puzzle, form="board")
    with pytest.raises(TilewrightError, match="the text forms are board and lists"):
        render(puzzle, form="ascii")
    with pytest.raises(TypeError):
        render(PLUS)
