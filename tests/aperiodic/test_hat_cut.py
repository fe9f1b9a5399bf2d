"""Laser cuts of hat patches: every edge in the region once, clipped at its sides, in the
fewest polylines; checked against edges found from the hats' exact vertices with plain
Python sets (the Spectre's cut tests' helpers)."""

import math

import ezdxf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.aperiodic.test_cut import fewest_trails, length_inside, segments
from tilewright import TilewrightError
from tilewright.aperiodic import cut_paths, generate_hats, save_cut
from tilewright.aperiodic.hat.walk import grid_xy, region_frame


def expected_length(patch) -> float:
    """The unique edges' lengths inside the region, and the region's perimeter; measured,
    as the cut is, from the region's frame (exact grid points less its origin)."""
    edges = set()
    for tile in patch:
        points = tile.vertices()
        edges.update(frozenset(pair) for pair in zip(points, points[1:] + points[:1], strict=True))
    frame = region_frame(patch.region)
    x0, y0, x1, y1 = frame.box
    inner = math.fsum(
        length_inside(*grid_xy(np.array(sorted(edge)) - frame.origin).tolist(), frame.box)
        for edge in edges
    )
    return inner + 2 * ((x1 - x0) + (y1 - y0))


def check_cut(patch):
    cut = cut_paths(patch)
    assert cut.region == region_frame(patch.region).box
    assert cut.length == pytest.approx(expected_length(patch), rel=1e-9, abs=1e-9)
    drawn = segments(cut)
    assert len({frozenset(s) for s in drawn}) == len(drawn)  # no segment twice
    x0, y0, x1, y1 = cut.region
    low, high = np.array([x0, y0]) - 1e-9, np.array([x1, y1]) + 1e-9
    assert np.all((cut.xy >= low) & (cut.xy <= high))
    assert len(cut) - 1 == fewest_trails(drawn)
    return cut


@pytest.mark.parametrize(
    ("width", "height", "seed", "origin"),
    [(30, 20, 3, (0, 0)), (12.5, 7.25, 1, (-3.3, 2.71)), (0.8, 0.6, 2, (0.2, 0.15)),
     (20, 15, 4, (20000.125, -900.5)), (20, 15, 4, (1e15, -1e15))],
)  # fmt: skip
def test_each_edge_inside_the_region_is_cut_once(width, height, seed, origin):
    check_cut(generate_hats(width, height, seed, origin))


@settings(max_examples=15, deadline=None)
@given(
    x=st.floats(-80, 80),
    y=st.floats(-80, 80),
    width=st.floats(0.05, 20),
    height=st.floats(0.05, 20),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_region_is_cut_exactly(x, y, width, height, seed):
    check_cut(generate_hats(width, height, seed, (x, y)))


def test_svg_pdf_and_dxf_hold_the_cut(tmp_path):
    patch = generate_hats(20, 12, seed=5)
    cut = cut_paths(patch)
    for suffix in ("svg", "pdf", "dxf"):
        save_cut(patch, tmp_path / f"cut.{suffix}")
    text = (tmp_path / "cut.svg").read_text()
    assert 'fill="none"' in text and "clip-path" not in text
    assert (tmp_path / "cut.pdf").read_bytes().startswith(b"%PDF")
    polylines = list(ezdxf.readfile(tmp_path / "cut.dxf").modelspace().query("LWPOLYLINE"))
    assert len(polylines) == len(cut)
    with pytest.raises(TilewrightError, match="only Spectres"):
        cut_paths(patch, curved=True)
