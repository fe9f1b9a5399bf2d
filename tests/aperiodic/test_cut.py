"""Laser cuts of Spectre patches: every edge in the region once, clipped exactly at its
sides, in the fewest polylines, the same in SVG, PDF and DXF; checked here against edges
found from the tiles' exact vertices with plain Python sets and an independent clipping."""

import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise

import ezdxf
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.cli.test_spectre_cli import run
from tilewright import TilewrightError
from tilewright.aperiodic import CUT_FORMATS, Patch, cut_paths, cut_svg, generate, save_cut
from tilewright.aperiodic import cut as cut_module
from tilewright.aperiodic.exact import sub, to_xy
from tilewright.cli import aperiodic as aperiodic_cli

# (width, height, seed, origin): whole and fractional origins, a region smaller than a
# tile, one far from the centre
REGIONS = [
    (20, 12, 3, (0.0, 0.0)),
    (17.5, 9.25, 1, (-3.3, 2.71)),
    (0.6, 0.45, 2, (0.2, 0.15)),
    (1.3, 0.8, 5, (-7.77, 3.1)),
    (12, 7, 4, (5000.123456, -300.5)),
    (12, 7, 4, (1e15, -1e15)),  # measured from a vertex near it: the floats there step by 1/8
]


def unique_edges(patch) -> set[frozenset]:
    """Every edge of the patch's tiles once, as the set of its two exact end points."""
    edges = set()
    for tile in patch:
        points = tile.place.vertices()
        edges.update(frozenset(pair) for pair in zip(points, points[1:] + points[:1], strict=True))
    return edges


def length_inside(a, b, box) -> float:
    """The length of segment ab strictly inside the open box: split where it crosses a
    side's line, a piece counted when its midpoint lies inside (a piece along a side is
    the outline's to cut)."""
    (ax, ay), (bx, by) = a, b
    x0, y0, x1, y1 = box
    cuts = {0.0, 1.0}
    for start, step, bounds in ((ax, bx - ax, (x0, x1)), (ay, by - ay, (y0, y1))):
        if step:
            cuts.update(t for t in ((v - start) / step for v in bounds) if 0 < t < 1)
    ordered = sorted(cuts)
    total = 0.0
    for s, t in pairwise(ordered):
        mx, my = ax + (bx - ax) * (s + t) / 2, ay + (by - ay) * (s + t) / 2
        if x0 < mx < x1 and y0 < my < y1:
            total += (t - s) * math.hypot(bx - ax, by - ay)
    return total


def expected_length(patch) -> float:
    """The unique edges' lengths inside the region, and its perimeter; measured, as the cut
    is, from the patch's drawing frame (exact points less its base, then floats)."""
    box, base = patch.drawing_frame()
    start = (0, 0, 0, 0) if base is None else tuple(base.tolist())
    x0, y0, x1, y1 = box
    inner = math.fsum(
        length_inside(*(to_xy(sub(p, start)) for p in edge), box) for edge in unique_edges(patch)
    )
    return inner + 2 * ((x1 - x0) + (y1 - y0))


def segments(cut) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every segment of the cut's polylines but the outline, ends rounded to a nanometre
    of a metre-long edge, in the order drawn."""
    drawn = []
    for points in list(cut.polylines())[:-1]:
        ends = [tuple(p) for p in np.round(points, 9).tolist()]
        drawn += pairwise(ends)
    return drawn


def fewest_trails(drawn) -> int:
    """Euler: a graph needs one trail for each pair of odd points, and one closed loop for
    each connected piece without an odd point."""
    degree: Counter = Counter()
    parent: dict = {}

    def root(p):
        while parent.setdefault(p, p) != p:
            p = parent[p]
        return p

    for a, b in drawn:
        degree[a] += 1
        degree[b] += 1
        parent[root(a)] = root(b)
    odd_pieces = {root(p) for p, d in degree.items() if d % 2}
    pieces = {root(p) for p in degree}
    return sum(d % 2 for d in degree.values()) // 2 + len(pieces - odd_pieces)


def check_cut(patch):
    cut = cut_paths(patch)
    assert cut.region == patch.drawing_frame()[0]
    x0, y0, x1, y1 = cut.region
    assert cut.length == pytest.approx(expected_length(patch), rel=1e-9, abs=1e-9)
    drawn = segments(cut)
    assert len({frozenset(s) for s in drawn}) == len(drawn)  # no segment twice
    assert all(a != b for a, b in drawn)
    low, high = np.array([x0, y0]) - 1e-9, np.array([x1, y1]) + 1e-9
    assert np.all((cut.xy >= low) & (cut.xy <= high))  # every point inside the region
    for (ax, ay), (bx, by) in drawn:  # none along a side: the outline cuts those
        assert not (ax == bx and ax in (x0, x1)) and not (ay == by and ay in (y0, y1))
    outline = list(cut.polylines())[-1]
    assert outline.tolist() == [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]
    assert len(cut) - 1 == fewest_trails(drawn)
    return cut


@pytest.mark.parametrize(("width", "height", "seed", "origin"), REGIONS)
def test_each_edge_inside_the_region_is_cut_once(width, height, seed, origin):
    check_cut(generate(width, height, seed, origin))


@settings(max_examples=25)
@given(
    x=st.floats(-60, 60),
    y=st.floats(-60, 60),
    width=st.floats(0.05, 14),
    height=st.floats(0.05, 14),
    seed=st.integers(0, 2**32 - 1),
)
# a vertex 2e-13 below the region: its two edges must still meet, on the region's side
@example(x=-1.0, y=2.1174670205277298e-13, width=2.0, height=1.0, seed=0)
def test_any_region_is_cut_exactly(x, y, width, height, seed):
    check_cut(generate(width, height, seed, (x, y)))


def test_an_edge_along_the_regions_side_is_cut_once_by_the_outline():
    # a region whose bottom and left sides run along tile edges: an axis-parallel edge
    # with a half-integer coordinate (exact in floats)
    tiles = list(generate(10, 10, seed=6))
    bottom = left = None
    for tile in tiles:
        xy = [to_xy(p) for p in tile.place.vertices()]
        for (ax, ay), (bx, by) in zip(xy, xy[1:] + xy[:1], strict=True):
            if ay == by and (2 * ay).is_integer():
                bottom = (min(ax, bx), ay)
            if ax == bx and (2 * ax).is_integer():
                left = (ax, min(ay, by))
    assert bottom is not None and left is not None
    patch = generate(9, 7, seed=6, origin=(left[0], bottom[1]))
    cut = check_cut(patch)
    on_sides = [
        s for s in segments(cut) if s[0][1] == s[1][1] == bottom[1] or s[0][0] == s[1][0] == left[0]
    ]
    assert on_sides == []


def test_the_polylines_are_far_fewer_than_the_edges_and_both_methods_agree():
    line = check_cut(generate(60, 40, seed=3, origin=(0.3, -2.7)))
    bfs = cut_paths(generate(60, 40, seed=3, origin=(0.3, -2.7), method="bfs"))
    assert len(segments(line)) > 6 * len(line)
    assert sorted(map(sorted, segments(bfs))) == sorted(map(sorted, segments(line)))


def svg_polylines(d: str) -> list[list[tuple[float, float]]]:
    """The polylines of SVG path data made of M, L and Z."""
    lines = []
    for command, numbers in re.findall(r"([MLZ])([^MLZ]*)", d):
        values = [float(v) for v in numbers.split()]
        pairs = list(zip(values[::2], values[1::2], strict=True))
        if command == "M":
            lines.append(pairs)
        elif command == "L":
            lines[-1] += pairs
        else:
            lines[-1].append(lines[-1][0])
    return lines


def polyline_length(points) -> float:
    return math.fsum(math.dist(a, b) for a, b in pairwise(points))


def test_the_svg_has_unfilled_hairlines_and_no_clip_path(tmp_path):
    patch = generate(25, 15, seed=8, origin=(0.5, -1.25))
    cut = cut_paths(patch)
    path = tmp_path / "cut.svg"
    save_cut(patch, path, scale=12)
    root = ET.parse(path).getroot()
    elements = list(root.iter())
    assert not any(e.tag.endswith("clipPath") or e.tag.endswith("use") for e in elements)
    assert all(e.get("fill") in (None, "none") for e in elements)
    assert "fill:" not in path.read_text()  # no fill in a style either
    group = root.find("{http://www.w3.org/2000/svg}g")
    millimetres = 12 * 25.4 / 96  # a tile edge at 12 CSS pixels
    assert group.get("fill") == "none"
    assert float(group.get("stroke-width")) * millimetres == pytest.approx(0.01, rel=1e-3)
    assert root.get("width") == f"{25 * millimetres:.4f}mm"
    paths = {p.get("id"): p.get("d") for p in root.iter("{http://www.w3.org/2000/svg}path")}
    assert sorted(paths) == ["boundary", "edges"]
    drawn = svg_polylines(paths["edges"]) + svg_polylines(paths["boundary"])
    assert len(drawn) == len(cut)
    total = math.fsum(polyline_length(points) for points in drawn)
    assert total == pytest.approx(cut.length, abs=1e-5 * len(cut.ids))  # 6 decimals
    assert '"seed":8' in path.read_text()


def test_the_dxf_holds_the_same_polylines(tmp_path):
    patch = generate(30, 18, seed=9, origin=(-4.2, 0.7))
    cut = cut_paths(patch)
    path = tmp_path / "cut.dxf"
    save_cut(patch, path)
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 0
    assert '"seed":9' in doc.header.custom_vars.get("tilewright")
    entities = list(doc.modelspace())
    assert all(e.dxftype() == "LWPOLYLINE" for e in entities) and len(entities) == len(cut)
    total = 0.0
    for entity in entities:
        points = [tuple(p) for p in entity.get_points("xy")]
        total += polyline_length(points + points[:1] if entity.closed else points)
    assert total == pytest.approx(cut.length, rel=1e-12)
    layers = Counter(e.dxf.layer for e in entities)
    assert layers == {"EDGES": len(cut) - 1, "BOUNDARY": 1}
    boundary = entities[-1]
    assert boundary.closed and boundary.dxf.layer == "BOUNDARY"


def test_a_pdf_is_drawn_from_the_svg(tmp_path):
    path = tmp_path / "cut.pdf"
    save_cut(generate(8, 6, seed=2), path)
    assert path.read_bytes().startswith(b"%PDF-") and b"seed=2" in path.read_bytes()


def test_a_failed_write_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "cut.dxf"
    path.write_bytes(b"before")

    def broken(cut, info=None):
        raise RuntimeError("a bug half-way")

    monkeypatch.setattr(cut_module, "cut_dxf", broken)
    with pytest.raises(RuntimeError):
        save_cut(generate(5, 5, seed=1), path)
    assert path.read_bytes() == b"before" and [p.name for p in tmp_path.iterdir()] == ["cut.dxf"]


def test_refusals_leave_no_file(tmp_path):
    patch = generate(5, 5, seed=1)
    with pytest.raises(TilewrightError, match=r"saved as \.dxf, \.pdf or \.svg"):
        save_cut(patch, tmp_path / "cut.png")
    with pytest.raises(TypeError, match="a Spectre, hat or Penrose patch, not list"):
        save_cut(list(patch), tmp_path / "cut.svg")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a Spectre, hat or Penrose patch, not list"):
        cut_paths(list(patch))  # type: ignore[arg-type]
    with pytest.raises(TilewrightError, match="pixels"):
        save_cut(generate(5000, 10, seed=1), tmp_path / "cut.svg", scale=10)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(TilewrightError, match="scale"):
        cut_svg(cut_paths(patch), scale=-1)


def test_a_cut_too_large_for_memory_is_refused_before_the_walk(monkeypatch):
    def walk(self, size=None):
        raise AssertionError("the tiles were walked")

    monkeypatch.setattr(Patch, "chunks", walk)
    with pytest.raises(TilewrightError, match="cutting this patch needs about"):
        cut_paths(generate(20000, 20000, seed=1))


def test_the_command_line_writes_svg_and_dxf(tmp_path, capsysbinary):
    assert aperiodic_cli.CUT_FORMATS == CUT_FORMATS
    expected = cut_paths(generate(20, 12, seed=3))
    for name in ("cut.svg", "cut.dxf"):
        status, _, err = run(capsysbinary, "20x12", "-s", "3", "--cut", "-o", str(tmp_path / name))
        assert status == 0, err
    paths = ET.parse(tmp_path / "cut.svg").getroot().iter("{http://www.w3.org/2000/svg}path")
    assert sum(len(svg_polylines(p.get("d"))) for p in paths) == len(expected)
    assert len(ezdxf.readfile(tmp_path / "cut.dxf").modelspace()) == len(expected)
    status, out, _ = run(capsysbinary, "20x12", "-s", "3", "-f", "dxf")  # dxf implies --cut
    assert status == 0 and out == (tmp_path / "cut.dxf").read_bytes()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--cut", "-f", "png"], "not -f png"),
        (["--cut", "-o", "cut.csv"], "not -f csv"),
        (["--cut", "-f", "parquet", "-o", "parts"], "not -f parquet"),
        (["--cut", "--colour", "four", "-o", "cut.svg"], "drop --colour"),
        (["-o", "cut.dxf", "--colour", "type"], "drop --colour"),
        (["--cut", "--plain", "-o", "cut.svg"], "give one"),
    ],
)
def test_the_command_line_refuses_what_a_cut_cannot_be(tmp_path, capsysbinary, args, said):
    named = [str(tmp_path / a) if a.startswith(("cut.", "parts")) else a for a in args]
    status, out, err = run(capsysbinary, "8x6", "-s", "1", *named)
    assert status == 2 and out == b"" and len(err.splitlines()) == 1
    assert err.startswith("tilewright: error: ") and said in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_dxf_is_the_same_bytes_in_every_process():
    # ezdxf would stamp the clock and random GUIDs, and order classes by string hashes
    runs = [
        subprocess.run(
            [sys.executable, "-m", "tilewright", "spectre", "4x4", "-s", "1", "-f", "dxf"],
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            timeout=120,
        )
        for hash_seed in (1, 2)
    ]
    assert all(done.returncode == 0 for done in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout and b"LWPOLYLINE" in runs[0].stdout
