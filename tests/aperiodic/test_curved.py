"""The curved Spectre: every shared edge is one curve seen from both tiles, the tile keeps
its area, and a mirror image does not fit."""

import hashlib
import io
import re

import numpy as np
import pytest

from tilewright.aperiodic import cut_paths, generate
from tilewright.aperiodic.cut import CURVE_PIECES
from tilewright.aperiodic.spectre import curved
from tilewright.aperiodic.spectre.patch import SHAPES_ARRAY, TILE_AREA
from tilewright.core.errors import TilewrightError


def _area(polygon: np.ndarray) -> float:
    x, y = polygon[:, 0], polygon[:, 1]
    return abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))) / 2


def test_tiles_sharing_an_edge_draw_one_curve():
    made = generate(25, 20, seed=8)
    controls, ends = {}, {}
    for chunk in made.chunks():
        exact = SHAPES_ARRAY[chunk.turn] + chunk.corners[:, None, :]
        for vertices, edges in zip(exact, curved.controls(chunk.xy), strict=True):
            for k in range(14):
                key = (tuple(vertices[k]), tuple(vertices[(k + 1) % 14]))
                controls[key], ends[key] = edges[k], key
    shared = 0
    for (start, end), edge in controls.items():
        other = controls.get((end, start))
        if other is not None:  # the neighbour runs the edge the other way: the same curve
            assert np.allclose(edge, other[::-1], atol=1e-9)
            shared += 1
    assert shared > 500


def test_a_curved_spectre_keeps_its_area():
    chunk = next(generate(10, 10, seed=2).chunks())
    for polygon in curved.sampled(chunk.xy):
        assert _area(polygon) == pytest.approx(TILE_AREA, rel=1e-12)


def test_a_mirror_image_bends_the_other_way():
    # reflect a tile (and reverse it, so it runs the same way round): along the edge it
    # would share with the original, its curve is not the original's
    polygon = next(generate(5, 5, seed=2).chunks()).xy[0]
    mirror = (polygon * (1, -1))[::-1]
    edge = curved.controls(polygon)[0]  # from vertex 0 to 1
    mirrored = curved.controls(mirror)[-2]  # the image of the same edge, run backwards
    reflected = edge * (1, -1)
    assert np.allclose(mirrored[[0, 3]], reflected[[3, 0]])  # the same chord
    assert not np.allclose(mirrored, reflected[::-1], atol=1e-3)  # a different curve


def _svg(**style) -> bytes:
    sink = io.BytesIO()
    generate(20, 15, seed=4, origin=(-3, 2)).write(sink, "svg", scale=10.0, **style)
    return re.sub(rb"<metadata[^>]*>.*?</metadata>\n", b"", sink.getvalue())


@pytest.mark.parametrize(
    ("plain", "digest"),
    [
        (False, "755c1d7282deb891da2776e86697ae90d296ef973288e4cf5a6dbf3b9afc633b"),
        (True, "6c2e2fdd99f1b72fc4bccef5b2c2c67b3c9bc720d3261b0b12763c569d0a93c8"),
    ],
)
def test_curved_svg_is_pinned(plain, digest):
    drawing = _svg(curved=True, plain=plain)
    outlines = re.findall(rb' d="([^"]*)"', drawing)
    assert outlines and all(d.count(b"c") == 14 and b"l" not in d for d in outlines)
    assert hashlib.sha256(drawing).hexdigest() == digest


def test_curved_is_for_pictures_only():
    made = generate(5, 5, seed=1)
    with pytest.raises(TilewrightError, match="curved Spectres are drawn in svg, pdf and png"):
        made.write(io.BytesIO(), "csv", curved=True)
    with pytest.raises(TypeError, match="curved"):
        made.write(io.BytesIO(), "svg", curved="yes")


def test_a_curved_cut_follows_each_curve_once_inside_the_region():
    made = generate(30, 22, seed=6, origin=(-4.5, 3))
    straight, bent = cut_paths(made), cut_paths(made, curved=True)
    x0, y0, x1, y1 = made.region
    inside = (bent.xy >= (x0 - 1e-9, y0 - 1e-9)) & (bent.xy <= (x1 + 1e-9, y1 + 1e-9))
    assert inside.all()
    segments = len(bent.ids) - len(bent)
    assert segments > (CURVE_PIECES - 1) * (len(straight.ids) - len(straight))
    # every piece once: no two segments join the same two points (either way round)
    ends = np.sort(np.stack([bent.ids[:-1], bent.ids[1:]], axis=1), axis=1)
    starts = np.ones(len(bent.ids) - 1, dtype=bool)
    starts[bent.ptr[1:-1] - 1] = False  # the step from one polyline to the next is no segment
    pieces = bent.xy[ends[starts]].round(9).reshape(-1, 4)
    assert len(np.unique(pieces, axis=0)) == len(pieces)
    # longer than the straight cut, by at most the ratio of a curve's length to its chord
    curve = curved.along(np.array([[[0.0, 0.0], [1.0, 0.0]]]), 1000)[0]
    path = np.vstack(([0.0, 0.0], curve, [1.0, 0.0]))
    ratio = np.hypot(*np.diff(path, axis=0).T).sum()
    outline = 2 * (x1 - x0 + y1 - y0)
    assert straight.length < bent.length < outline + ratio * (straight.length - outline)
