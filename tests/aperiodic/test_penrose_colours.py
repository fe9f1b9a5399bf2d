"""Four colours for Penrose tilings: no two tiles across an edge alike, each tile the same
colour in any region of its tiling (near the centre and far out, by either method), the
keys' table complete and proper on the pairs of keys that large patches hold, and pictures
coloured by it."""

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.aperiodic.penrose import colours
from tilewright.aperiodic.penrose.colours import absent_index, four_colours, index_residues
from tilewright.aperiodic.penrose.region import TILINGS, adjacency, find
from tilewright.aperiodic.penrose.tiling import generate_penrose
from tilewright.aperiodic.writers import FOUR_COLOURS
from tilewright.core import memory
from tilewright.core.errors import TilewrightError

corners = st.one_of(
    st.tuples(st.floats(-60, 60), st.floats(-60, 60)),
    st.tuples(st.floats(-1e9, 1e9), st.floats(-1e9, 1e9)),  # far out: by the descent
)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    tiling=st.sampled_from(TILINGS),
    corner=corners,
    sides=st.tuples(st.floats(0.5, 12), st.floats(0.5, 12)),
    grow=st.tuples(st.floats(0.5, 5), st.floats(0.5, 5)),
)
def test_no_two_tiles_across_an_edge_share_and_a_larger_region_agrees(
    seed, tiling, corner, sides, grow
):
    (x, y), (width, height), (gx, gy) = corner, sides, grow
    method = "bfs" if max(abs(x), abs(y)) < 100 else "line"
    patch = generate_penrose(width, height, seed, (x, y), tiling, method)
    made = four_colours(patch)
    assert made.dtype == np.int8 and set(made.tolist()) <= {0, 1, 2, 3}
    assert np.array_equal(patch.four_colours(), made)
    across = adjacency(patch.found)
    inside = across >= 0
    assert not np.any(made[np.nonzero(inside)[0]] == made[across[inside]])
    # the same tiles in a region around it, by the other method near the centre: the same
    other = "line" if method == "bfs" else method
    larger = generate_penrose(
        width + 2 * gx, height + 2 * gy, seed, (x - gx, y - gy), tiling, other
    )
    where = {name: k for k, name in enumerate(larger.found.ids)}
    again = four_colours(larger)
    assert np.array_equal(again[[where[name] for name in patch.found.ids]], made)


@pytest.mark.parametrize("tiling", TILINGS)
def test_the_table_colours_every_key_of_large_patches_properly(tiling):
    table = colours._P3_TABLE if tiling == "p3" else colours._P2_TABLE
    pairs = set()
    for seed, side, origin in ((5, 70, (0, 0)), (6, 50, (-4e7, 3e7))):
        patch = generate_penrose(side, side, seed, origin, tiling)
        key = np.ravel_multi_index(colours.keys(patch), table.shape)
        across = adjacency(patch.found)
        rows, edges = np.nonzero(across >= 0)
        pairs |= set(zip(key[rows].tolist(), key[across[rows, edges]].tolist(), strict=True))
    flat = table.ravel()
    seen = {k for pair in pairs for k in pair}
    # every key a tile has is in the table, and every key the table has is seen
    assert seen == set(np.flatnonzero(flat >= 0).tolist())
    assert all(flat[a] != flat[b] for a, b in pairs)
    # the tables need four colours: a tile's type and turn alone would need five
    assert set(flat[flat >= 0].tolist()) == {0, 1, 2, 3}


@given(seed=st.integers(0, 2**63 - 1), corner=corners)
@settings(max_examples=15, deadline=None)
def test_the_absent_index_is_absent_everywhere(seed, corner):
    x, y = corner
    box = (x, y, x + 8.0, y + 8.0)
    found = find(seed, "p3", box, "line")
    residues = set(index_residues(found.exact).ravel().tolist())
    assert absent_index(seed) not in residues and len(residues) >= 3
    assert absent_index(seed, "bfs") == absent_index(seed)  # either search finds it


@pytest.mark.parametrize("tiling", TILINGS)
def test_a_picture_in_four_colours_uses_the_tilings_colours(tiling):
    patch = generate_penrose(6, 5, seed=8, tiling=tiling)
    sink = io.BytesIO()
    patch.write(sink, "svg", colour="four")
    svg = sink.getvalue().decode()
    made = patch.four_colours()
    fills = [FOUR_COLOURS[c] for c in made.tolist()]
    at = 0
    for fill in fills:  # each tile's path, in the patch's order, filled with its colour
        at = svg.index(f'fill="{fill}"', at) + 1
    assert svg.count("<path") >= len(fills)


def test_kites_and_darts_in_four_colours_are_refused_where_memory_would_not_hold_them(
    monkeypatch,
):
    patch = generate_penrose(200, 200, seed=1, tiling="p2")  # some 24 MiB held, twice
    monkeypatch.setattr(memory, "available_bytes", lambda: 20 << 20)
    with pytest.raises(TilewrightError, match="the four colours of a Penrose p2 patch"):
        patch.write(io.BytesIO(), "svg", colour="four")
