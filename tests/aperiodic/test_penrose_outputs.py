"""Penrose patches written: golden hashes of a few seeds' files (the seed contract), each
format read back, the laser cut, and ``tilewright penrose`` on the command line."""

import csv
import hashlib
import io
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_binary
from tilewright.aperiodic.cut import cut_paths, save_cut
from tilewright.aperiodic.penrose import descent, outputs
from tilewright.aperiodic.penrose.region import TILINGS
from tilewright.aperiodic.penrose.tiling import generate_penrose
from tilewright.core import memory
from tilewright.core.errors import TilewrightError

# (tiling, width, height, seed, origin, format, method): sha256 of the file (SVG without
# its metadata, which names the version). The breadth-first files are those the default
# wrote before the descent was (the same bytes); the default's are the descent's.
GOLDEN = {
    ("p3", 10, 10, 1, (0, 0), "csv", "bfs"): (
        "991ade630f059622301443b027cd3bf1a72622170ad67eec870afe2ec3286ca1"
    ),
    ("p2", 12, 8, 2, (0, 0), "csv", "bfs"): (
        "ca65fcf70b018c37bb82d56d0ba796c94e6b6ac139bf605db98b81cc64fc7b9e"
    ),
    ("p3", 9.5, 7, 12345678901, (-20.25, 13), "jsonl", "bfs"): (
        "72c9a5c3a0f4c2208668651e6e48d4bb8c971ca1e2a890219a47155155b4e411"
    ),
    ("p2", 6, 6, 3, (-3, -3), "jsonl", "bfs"): (
        "9771b856cff2df3024d1817783331292de24ee7a0f3ec7f77450df3aa00856e0"
    ),
    ("p3", 8, 6, 4, (0, 0), "svg", "bfs"): (
        "877bfc0f1c531d9d15a8f9db2bccf389bc8e9e023a0c3369b9928a063e16aace"
    ),
    ("p2", 8, 6, 4, (1, 1), "geojson", "bfs"): (
        "839a1150b49f33414ad674e743d748bce972c626cc2e16f8fefe0ea8b9ec220f"
    ),
    ("p3", 10, 10, 1, (0, 0), "csv", "line"): (
        "1c215d573ccf8fed558695ba34fc9eb506d9c5232c9ad131a8ac6998e0450030"
    ),
    ("p2", 12, 8, 2, (0, 0), "csv", "line"): (
        "cb50ec58d98e5636a27c68c87b27b4e66e1d2b631aa493fb94342f71fa736299"
    ),
    ("p3", 9.5, 7, 12345678901, (-20.25, 13), "jsonl", "line"): (
        "c1cb047209c8a59c3ab10ca882ef5873669db72fcc0885bbeac18f130d050556"
    ),
    ("p2", 6, 6, 3, (-3, -3), "jsonl", "line"): (
        "638ecb17f2ad783b559970a983d2cd75d9027e64f2244a1ca9ade0cdd8889f44"
    ),
    ("p3", 8, 6, 4, (0, 0), "svg", "line"): (
        "2eec9e3e92ffd59f07cb9c8fb94842077646ba2320b9a98869e54041d58dc385"
    ),
    ("p2", 8, 6, 4, (1, 1), "geojson", "line"): (
        "648ff0bed3b4121f51b2e9bc25fa58ddc0ac42358b7f8373f1f32a4a898a6b23"
    ),
}


def written(patch, fmt: str, **style) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, **style)
    return sink.getvalue()


@pytest.mark.parametrize(("case", "digest"), GOLDEN.items())
def test_golden_hashes(case, digest):
    tiling, width, height, seed, origin, fmt, method = case
    data = written(generate_penrose(width, height, seed, origin, tiling, method), fmt)
    data = re.sub(rb"<metadata.*?</metadata>\n", b"", data, flags=re.DOTALL)
    assert hashlib.sha256(data).hexdigest() == digest


@pytest.mark.parametrize("tiling", TILINGS)
def test_the_text_formats_hold_the_tiles(tiling):
    patch = generate_penrose(9, 7, 11, (-2, 3), tiling)
    tiles = list(patch)
    rows = list(csv.DictReader(io.StringIO(written(patch, "csv").decode())))
    lines = [json.loads(line) for line in written(patch, "jsonl").splitlines()]
    features = json.loads(written(patch, "geojson"))
    assert features["tilewright"]["seed"] == 11
    assert features["tilewright"]["family"] == f"penrose-{tiling}"
    assert len(rows) == len(lines) == len(features["features"]) == len(tiles)
    for tile, row, line, feature in zip(tiles, rows, lines, features["features"], strict=True):
        assert row["id"] == line["id"] == feature["properties"]["id"] == tile.id
        assert row["type"] == line["type"] == tile.type
        assert np.array_equal(line["exact"], tile.exact)
        assert np.allclose(line["vertices"], tile.xy, atol=1e-6)
        assert np.allclose(
            [float(row[f"{a}{k}"]) for k in range(4) for a in "xy"], tile.xy.ravel(), atol=1e-6
        )
        ring = feature["geometry"]["coordinates"][0]
        assert ring[0] == ring[-1] and len(ring) == 5


@pytest.mark.parametrize("colour", outputs.COLOURINGS)
def test_the_pictures_draw_every_tile(colour):
    patch = generate_penrose(8, 5, 2, (0, 0), "p2")
    svg = written(patch, "svg", colour=colour).decode()
    assert svg.count("<path") == len(patch)
    assert '"seed":2' in svg
    assert written(patch, "png", colour=colour).startswith(b"\x89PNG")
    assert written(patch, "pdf", colour=colour).startswith(b"%PDF")


def test_the_cut_runs_every_edge_once():
    patch = generate_penrose(6, 4, 1, (0.5, 0.5), "p3")
    paths = cut_paths(patch)
    segments = {
        tuple(sorted((tuple(np.round(paths.xy[a], 9)), tuple(np.round(paths.xy[b], 9)))))
        for p in range(len(paths.ptr) - 1)
        for a, b in zip(
            paths.ids[paths.ptr[p] : paths.ptr[p + 1] - 1],
            paths.ids[paths.ptr[p] + 1 : paths.ptr[p + 1]],
            strict=True,
        )
    }
    steps = sum(paths.ptr[p + 1] - paths.ptr[p] - 1 for p in range(len(paths.ptr) - 1))
    assert len(segments) == steps  # no piece of an edge twice
    x0, y0, x1, y1 = patch.region
    assert np.all((paths.xy >= (x0 - 1e-9, y0 - 1e-9)) & (paths.xy <= (x1 + 1e-9, y1 + 1e-9)))


def test_the_shared_cut_writers_take_a_penrose_patch(tmp_path, capsysbinary):
    """``save_cut`` and ``write_cut`` take a Penrose patch as they take the Spectre's and
    the hat's (its ``laser_edges``): the command's bytes; curved cuts are the Spectre's."""
    patch = generate_penrose(6, 4, 1)
    save_cut(patch, tmp_path / "cut.dxf")
    status, out, err = run_binary(capsysbinary, "penrose", "6x4", "-s", "1", "-f", "dxf")
    assert status == 0, err
    assert out == (tmp_path / "cut.dxf").read_bytes()
    with pytest.raises(TilewrightError, match="only Spectres are cut curved"):
        save_cut(patch, tmp_path / "curved.svg", curved=True)
    assert not (tmp_path / "curved.svg").exists()


def test_save_chooses_by_suffix_and_refuses_before_writing(tmp_path):
    patch = generate_penrose(5, 5, 1)
    patch.save(tmp_path / "p.geojson")
    assert json.loads((tmp_path / "p.geojson").read_text())["type"] == "FeatureCollection"
    with pytest.raises(TilewrightError, match="colour is one of type, orientation, four"):
        patch.save(tmp_path / "q.svg", colour="five")
    assert not (tmp_path / "q.svg").exists()


def test_the_command_writes_what_the_library_writes(capsysbinary):
    status, out, err = run_binary(
        capsysbinary, "penrose", "12x8", "-s", "2", "--tiling", "p2", "-f", "csv"
    )
    assert status == 0, err
    assert out == written(generate_penrose(12, 8, 2, (0, 0), "p2"), "csv")
    status, out, _ = run_binary(
        capsysbinary, "penrose", "4x3", "-s", "5", "--origin", "-2,1", "-f", "jsonl"
    )
    assert out == written(generate_penrose(4, 3, 5, (-2, 1), "p3"), "jsonl")


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf", "geojson", "dxf"])
def test_the_command_writes_each_format(tmp_path, capsysbinary, suffix):
    path = tmp_path / f"tiles.{suffix}"
    status, _, err = run_binary(capsysbinary, "penrose", "6x4", "-s", "1", "-o", str(path))
    assert status == 0, err
    assert path.stat().st_size > 100


def test_the_command_cuts_for_a_laser(tmp_path, capsysbinary):
    path = tmp_path / "cut.svg"
    status, _, err = run_binary(capsysbinary, "penrose", "6x4", "-s", "1", "--cut", "-o", str(path))
    assert status == 0, err
    text = path.read_text()
    assert 'fill="none"' in text and '"cut":true' in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["penrose", "100000x100000", "-s", "1", "-f", "svg"], "of memory"),
        (["penrose", "100000x100000", "-s", "1", "-f", "csv", "--neighbours"], "of memory"),
        (["penrose", "100000x100000", "-s", "1", "-f", "csv", "--method", "bfs"], "of memory"),
        (["penrose", "5x5", "--tiling", "p5"], "p5"),
        (["penrose", "5x5", "-f", "parquet"], "give -o"),
        (["penrose", "5x5", "--cut", "--colour", "orientation", "-o", "x.svg"], "drop --colour"),
        (["penrose", "5x5", "--cut", "-f", "csv"], "--cut"),
        (["penrose", "0x5", "-f", "csv"], "positive width"),
        (["penrose", "5x5", "--threads", "2", "-o", "x.svg"], "--threads is for -f csv"),
        (["penrose", "5x5", "--threads", "2", "-f", "csv", "--method", "bfs"], "line method"),
        (["penrose", "5x5", "--threads", "0", "-f", "csv"], "--threads"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsysbinary, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, _, err = run_binary(capsysbinary, *args)
    assert status == 2
    assert err.endswith("\n")
    assert err.count("\n") == 1 or "Usage" in err  # one line, or click's usage and one line
    assert message in err
    assert not list(tmp_path.iterdir())


def test_the_command_s_names_are_the_library_s():
    from tilewright.cli import penrose as command

    assert set(command.COLOURINGS) == set(outputs.COLOURINGS)
    assert command.COLOURINGS[0] == outputs.COLOURINGS[0]
    assert set(command.TILINGS) == set(TILINGS)


def test_neighbours_end_each_text_row(capsysbinary):
    patch = generate_penrose(5, 4, 3, (1, 1), "p2")
    across = patch.neighbours()
    rows = list(csv.DictReader(io.StringIO(written(patch, "csv", neighbours=True).decode())))
    lines = [json.loads(line) for line in written(patch, "jsonl", neighbours=True).splitlines()]
    for row, line, ids in zip(rows, lines, across, strict=True):
        assert [row[f"n{k}"] for k in range(4)] == line["neighbours"] == ids
    status, out, err = run_binary(
        capsysbinary, "penrose", "5x4", "-s", "3", "--tiling", "p2", "--origin", "1,1",
        "-f", "csv", "--neighbours",
    )  # fmt: skip
    assert status == 0, err
    assert out == written(patch, "csv", neighbours=True)
    with pytest.raises(TilewrightError, match="neighbours are written in csv and jsonl"):
        written(patch, "svg", neighbours=True)


class _Counted:
    """A sink that keeps the bytes' count and their last line alone."""

    def __init__(self) -> None:
        self.size = 0
        self.lines = 0

    def write(self, data: bytes) -> None:
        self.size += len(data)
        self.lines += data.count(b"\n")

    def writelines(self, parts) -> None:
        for data in parts:
            self.write(data)


@pytest.mark.parametrize(
    ("tiling", "width", "height", "seed", "origin"),
    [
        ("p3", 10, 10, 1, (0, 0)),
        ("p2", 12, 8, 2, (0, 0)),
        ("p3", 9.5, 7, 12345678901, (-20.25, 13)),
        ("p2", 30, 20, 7, (-100.5, 40)),
        ("p3", 25, 35, 2**40 + 3, (1e6, -1e6)),
    ],
)
@pytest.mark.parametrize("fmt", ["csv", "jsonl", "geojson"])
def test_the_descent_s_text_is_written_as_found_with_the_bytes_held(
    monkeypatch, tiling, width, height, seed, origin, fmt
):
    """CSV, JSON Lines and GeoJSON by the descent are written batch by batch, no tile
    held: the same bytes as from the patch's tiles held, across many small batches of the
    descent and of the writers."""
    held = generate_penrose(width, height, seed, origin, tiling)
    assert len(held.found)  # held: written from the whole
    expected = written(held, fmt)
    monkeypatch.setattr(descent, "BATCH", 37)
    monkeypatch.setattr(outputs, "_BATCH", 11)
    streamed = generate_penrose(width, height, seed, origin, tiling)
    assert written(streamed, fmt) == expected
    assert streamed._found is None  # nothing held
    assert streamed.approximate_count == len(held)  # counted as written


def python_rows(patch, fmt: str, neighbours: bool = False) -> bytes:
    """The rows as Python's ``%`` formats them, apart from the compiled writer."""
    number = "%.6f"
    across = patch.neighbours() if neighbours else [None] * len(patch)
    lines = []
    for tile, others in zip(patch, across, strict=True):
        xy = [number % v for corner in tile.xy.tolist() for v in corner]
        if fmt == "csv":
            lines.append(",".join([tile.id, tile.type, str(tile.turn), *xy, *(others or [])]))
            continue
        row = (
            f'{{"id":"{tile.id}","type":"{tile.type}","turn":{tile.turn},"vertices":['
            + ",".join(f"[{xy[2 * k]},{xy[2 * k + 1]}]" for k in range(4))
            + '],"exact":'
            + json.dumps(tile.exact.tolist(), separators=(",", ":"))
        )
        if others:
            row += ',"neighbours":' + json.dumps(others, separators=(",", ":"))
        lines.append(row + "}")
    head = [outputs.csv_header(neighbours).decode().rstrip("\n")] if fmt == "csv" else []
    return ("\n".join(head + lines) + "\n").encode()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    tiling=st.sampled_from(TILINGS),
    corner=st.tuples(st.floats(-1e5, 1e5), st.floats(-1e5, 1e5)),
    sides=st.tuples(st.floats(0.5, 8), st.floats(0.5, 8)),
    fmt=st.sampled_from(["csv", "jsonl"]),
    neighbours=st.booleans(),
)
def test_compiled_rows_are_python_s(seed, tiling, corner, sides, fmt, neighbours):
    """The rows the kernel writes (``_format_kernels.rows``) are those Python's ``%`` and
    ``json`` make of the tiles: ids, types, turns, six decimals, exact corners, neighbours
    (within 10^5 edges, where a float's digits reach past the sixth decimal)."""
    patch = generate_penrose(*sides, seed, corner, tiling)
    assert written(patch, fmt, neighbours=neighbours) == python_rows(patch, fmt, neighbours)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("neighbours", [False, True])
def test_threads_write_the_same_bytes(monkeypatch, fmt, neighbours):
    """Rows formatted on threads (many small pieces, so that several are in flight) come
    out in order: the same bytes as on one thread, streamed or held."""
    monkeypatch.setattr(descent, "BATCH", 53)
    monkeypatch.setattr(outputs, "_BATCH", 17)
    patch = generate_penrose(30, 20, 5, (-40.5, 12), "p3")
    one = written(patch, fmt, neighbours=neighbours)
    for threads in (2, 3):
        fresh = generate_penrose(30, 20, 5, (-40.5, 12), "p3")
        assert written(fresh, fmt, neighbours=neighbours, threads=threads) == one
        assert fresh.approximate_count == len(patch)  # counted as written, streamed or held
    assert one == python_rows(patch, fmt, neighbours)


def test_the_command_formats_on_threads(capsysbinary):
    status, out, err = run_binary(
        capsysbinary, "penrose", "30x20", "-s", "5", "-f", "jsonl", "--threads", "2"
    )
    assert status == 0, err
    assert out == written(generate_penrose(30, 20, 5), "jsonl")


def test_threads_are_refused_where_they_would_not_be_used():
    patch = generate_penrose(5, 5, 1)
    with pytest.raises(TilewrightError, match="threads make csv and jsonl, not svg"):
        written(patch, "svg", threads=2)
    bfs = generate_penrose(5, 5, 1, method="bfs")
    with pytest.raises(TilewrightError, match="by the line method"):
        written(bfs, "csv", threads=2)
    with pytest.raises(TilewrightError, match="threads must be 1 to"):
        written(patch, "csv", threads=0)


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "geojson"])
def test_a_progress_bar_counts_the_tiles_written(fmt):
    patch = generate_penrose(20, 15, 4, (3, -2), "p2")
    counted = []

    def progress(parts):
        for part in parts:
            counted.append(len(part))
            yield part

    sink = io.BytesIO()
    patch.write(sink, fmt, progress=progress)
    assert sum(counted) == len(patch)
    assert sink.getvalue() == written(patch, fmt)


def test_a_streamed_region_is_not_refused_for_memory(monkeypatch, tmp_path, capsysbinary):
    """With 20 MiB to spare, a patch of some 50,000 tiles (about 24 MiB held) is written
    as CSV, JSON Lines or GeoJSON by the descent, batch by batch, and counted and iterated
    so too; held (a picture, neighbours) or breadth first it is refused, before any file
    is made."""
    held_ids = [tile.id for tile in generate_penrose(200, 200, 1)]
    monkeypatch.setattr(memory, "available_bytes", lambda: 20 << 20)
    patch = generate_penrose(200, 200, 1)
    sink = _Counted()
    patch.write(sink, "csv")
    assert sink.lines == patch.approximate_count + 1 > 45_000
    fresh = generate_penrose(200, 200, 1)
    assert len(fresh) == len(held_ids) == sink.lines - 1
    assert [tile.id for tile in fresh] == held_ids
    assert fresh._found is None  # counted and iterated batch by batch, never held
    with pytest.raises(TilewrightError, match="of memory"):
        patch.save(tmp_path / "p.svg")
    with pytest.raises(TilewrightError, match="of memory"):
        patch.save(tmp_path / "p.csv", neighbours=True)
    with pytest.raises(TilewrightError, match="of memory"):
        generate_penrose(200, 200, 1, method="bfs")
    assert not list(tmp_path.iterdir())
    path = tmp_path / "p.jsonl"
    status, _, err = run_binary(capsysbinary, "penrose", "200x200", "-s", "1", "-o", str(path))
    assert status == 0, err
    assert path.read_bytes().count(b"\n") == sink.lines - 1
    status, _, err = run_binary(capsysbinary, "penrose", "200x200", "-s", "1", "-f", "png")
    assert status == 2 and "of memory" in err
