"""Dead-end shares on 200×200 mazes match the values known for each algorithm.

Each figure is the mean of three mazes; one maze's share varies by about 0.0015 between
seeds, so the tolerances below are five or more standard deviations wide: a correct
generator passes them with overwhelming probability, while a biased one (a walk that is not
uniform, a union-find that merges wrongly) misses by far more.
"""

import math

import pytest

from tilewright.mazes import generate

UNIFORM_SPANNING_TREE = 8 / math.pi**2 * (1 - 2 / math.pi)  # ≈ 0.2945 on large grids


def mean_dead_ends(name: str, **params) -> float:
    shares = [generate(200, 200, name, seed=seed, **params).dead_end_share() for seed in range(3)]
    return sum(shares) / len(shares)


@pytest.mark.parametrize(
    ("name", "params", "expected", "tolerance"),
    [
        ("backtracker", {}, 0.10, 0.008),
        ("growing-tree", {"strategy": "newest"}, 0.10, 0.008),
        ("growing-tree", {"strategy": "random"}, 0.28, 0.010),
        ("hunt-and-kill", {}, 0.10, 0.015),
        ("kruskal", {}, 0.306, 0.008),
        # True Prim with random edge weights builds the same random minimum spanning tree as
        # Kruskal with a random edge order, so the two share one texture.
        ("prim", {}, 0.306, 0.008),
        ("prim-simple", {}, 0.355, 0.010),
        ("aldous-broder", {}, UNIFORM_SPANNING_TREE, 0.006),
        ("wilson", {}, UNIFORM_SPANNING_TREE, 0.006),
        ("binary-tree", {}, 0.25, 0.008),
        ("sidewinder", {}, 0.278, 0.010),
        ("eller", {}, 0.29, 0.012),
        ("recursive-division", {}, 0.27, 0.012),
    ],
)
def test_dead_end_share(name, params, expected, tolerance):
    assert mean_dead_ends(name, **params) == pytest.approx(expected, abs=tolerance)


def test_oldest_first_growing_tree_has_almost_no_dead_ends():
    assert mean_dead_ends("growing-tree", strategy="oldest") < 0.04


def test_eller_join_probability_changes_the_texture():
    # Rarely joining east-west leaves long vertical corridors, and so fewer dead ends.
    assert mean_dead_ends("eller", join=0.2) < mean_dead_ends("eller", join=0.8) - 0.02
