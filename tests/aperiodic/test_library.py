"""The library's surface: generate → Patch → validate → save, and compiling ahead."""

import io
import json
import os
import re
import subprocess
import sys
import tracemalloc
from dataclasses import replace

import pytest

from tilewright import TilewrightError
from tilewright.aperiodic import (
    SUFFIXES,
    Patch,
    Tile,
    generate,
    picture_scale,
    validate,
)
from tilewright.aperiodic.spectre.patch import Placed

GREEK = set("ΓΔΘΛΞΠΣΦΨ")


def test_a_patch_says_what_it_is_in_one_line():
    patch = generate(40, 30, seed=3)
    assert repr(patch) == "<Spectre patch 40x30 at (0,0) seed=3: 179 tiles>"
    shifted = generate(12.5, 8, seed=4, origin=(-3.5, 100), method="bfs")
    expected = r"<Spectre patch 12\.5x8 at \(-3\.5,100\) seed=4: \d+ tiles>"
    assert re.fullmatch(expected, repr(shifted))


def test_a_huge_patch_is_not_walked_for_its_repr():
    # counting would walk 5·10^7 tiles; the repr estimates instead
    assert repr(generate(20000, 20000, seed=1)).endswith("seed=1: about 48,813,148 tiles>")


def test_a_drawn_seed_is_kept():
    patch = generate(5, 5)
    assert isinstance(patch.seed, int) and patch.info["seed"] == patch.seed
    assert [t.id for t in patch] == [t.id for t in generate(5, 5, patch.seed)]


def test_tiles_carry_greek_types_and_both_methods_agree():
    line, bfs = generate(70, 40, 8), generate(70, 40, 8, method="bfs")
    tiles = list(line)
    assert all(isinstance(t, Tile) and t.type in GREEK for t in tiles)
    assert {t.type for t in tiles} == GREEK  # a patch this large has every type
    assert len(line) == len(bfs) == len(tiles) > 300
    assert {(t.id, t.place) for t in tiles} == {(t.id, t.place) for t in bfs}
    assert sum(len(c) for c in line.chunks(100)) == len(tiles)


def test_a_breadth_first_patch_is_searched_once(monkeypatch):
    from tilewright.aperiodic.spectre import tiling as spectre

    searches = []
    search = spectre.patch_arrays
    monkeypatch.setattr(spectre, "patch_arrays", lambda *a: searches.append(a) or search(*a))
    patch = generate(10, 10, seed=1, method="bfs")
    assert searches == []  # generate only checks; the search waits for the tiles
    assert len(patch) == len(list(patch)) == sum(len(c) for c in patch.chunks()) > 5
    assert len(searches) == 1


def test_the_notebook_picture_is_drawn_only_when_small():
    svg = generate(20, 10, seed=2)._repr_svg_()
    assert svg.startswith("<svg") and 'width="800.00" height="400.00"' in svg  # 40 px an edge
    assert 'width="800.00" height="400.00"' in generate(200, 100, seed=2)._repr_svg_()
    assert generate(1000, 1000, seed=2)._repr_svg_() is None


def written(patch: Patch, fmt: str, **style) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, **style)
    return sink.getvalue()


@pytest.mark.parametrize("suffix", list(SUFFIXES))
def test_save_chooses_the_format_by_suffix(tmp_path, suffix):
    patch = generate(9, 7, seed=6)
    path = tmp_path / f"patch{suffix.upper() if suffix == '.svg' else suffix}"
    patch.save(path)
    data = path.read_bytes()
    fmt = SUFFIXES[suffix]
    if fmt == "pdf":  # the PDF holds its creation time: compare what is drawn
        assert data.startswith(b"%PDF-") and f"seed={patch.seed}".encode() in data
    else:
        assert data == written(patch, fmt)


def test_save_refuses_a_suffix_it_cannot_write_and_leaves_no_file(tmp_path):
    patch = generate(5, 5, seed=1)
    for name in ("patch.gif", "patch", "patch.svg.bak"):
        with pytest.raises(
            TilewrightError,
            match=r"cannot write .* is saved as \.csv, \.geojson, \.json, \.jsonl, \.pdf, "
            r"\.png or \.svg",
        ):
            patch.save(tmp_path / name)
    with pytest.raises(TilewrightError, match="pixels"):
        generate(3000, 10, seed=1).save(tmp_path / "wide.png", scale=10)
    assert list(tmp_path.iterdir()) == []


def test_the_seed_and_region_are_recorded(tmp_path):
    from PIL import Image

    patch = generate(6, 5, seed=77, origin=(1, 2))
    svg = written(patch, "svg").decode()
    record = json.loads(re.search(r"<metadata[^>]*>(.*?)</metadata>", svg).group(1))
    assert (record["seed"], record["origin"], record["method"]) == (77, [1.0, 2.0], "line")
    png = Image.open(io.BytesIO(written(patch, "png")))
    assert json.loads(png.text["tilewright"])["seed"] == 77
    assert json.loads(written(patch, "geojson"))["tilewright"]["width"] == 6.0
    assert b"seed=77" in written(patch, "pdf")


def test_pictures_fit_the_pixel_budget_by_default(tmp_path):
    from PIL import Image

    patch = generate(40, 30, seed=1)
    patch.save(tmp_path / "small.png", max_side=64)
    assert Image.open(tmp_path / "small.png").size == (64, 48)
    assert picture_scale(40, 30) == 25.0  # a long side of 1000 pixels
    assert picture_scale(400, 30) == 4.0  # 1600: no smaller than 4 pixels an edge
    assert picture_scale(16384, 100) == 0.5  # but within the budget
    assert picture_scale(100, 100, scale=81.92) == 81.92
    with pytest.raises(TilewrightError, match=r"8193x8193 pixels.*scale 81\.9 fits"):
        picture_scale(100, 100, scale=81.93)


def test_saving_with_the_line_method_holds_bounded_memory(tmp_path):
    def peak(side: float) -> tuple[int, int]:
        tracemalloc.start()
        generate(side, side, seed=7).save(tmp_path / "patch.csv")
        peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return (tmp_path / "patch.csv").stat().st_size, peak_bytes

    # both past one chunk of output (2^15 tiles), which is what bounds the memory
    small_size, small = peak(600)
    large_size, large = peak(1800)  # 9 times the area
    assert large_size > 8 * small_size
    assert large < 1.25 * small + 2**22


@pytest.mark.parametrize("method", ["line", "bfs"])
def test_generated_patches_validate(method):
    assert validate(generate(25, 18, seed=9, origin=(-7, 3), method=method)) is None


def test_validate_names_what_is_wrong():
    patch = generate(20, 15, seed=1)
    tiles, region = list(patch), patch.region
    assert validate(tiles, region) is None
    middle = min(range(len(tiles)), key=lambda n: abs(tiles[n].place.xy().mean(0) - (10, 7)).sum())
    assert validate(tiles[:middle] + tiles[middle + 1 :], region).startswith("a gap")
    assert validate(tiles + tiles[:1], region) == f"tile {tiles[0].id}: appears twice"
    recoloured = [*tiles[:middle], replace(tiles[middle], colour=(tiles[middle].colour + 1) % 4)]
    assert "one colour" in validate(recoloured + tiles[middle + 1 :], region)
    moved = replace(tiles[middle], id="moved", place=Placed(tiles[middle].place.turn, (1, 0, 0, 0)))
    assert validate([*tiles, moved], region) is not None
    far = next(iter(generate(1, 1, seed=1, origin=(100, 100))))
    assert validate([*tiles, far], region).endswith("does not meet the region")
    assert validate(tiles, (0, 0, 20, 16)).startswith(("a gap", "the tiles cover"))
    assert validate([], region) == "no tiles"
    with pytest.raises(TypeError, match="region"):
        validate(tiles)


def test_each_write_compiles_only_kernels_warm_covers():
    """What a write announces as compiled is a part of what ``warm`` compiles (that it
    leaves nothing cold: ``tests/core/test_compilation.py``)."""
    from tilewright.aperiodic import warm

    for method in ("line", "bfs"):
        for fmt in ("svg", "jsonl"):
            assert set(warm.kernel_modules(method, fmt)) <= set(warm.KERNEL_MODULES)
    assert set(warm.kernel_modules("line", "csv", neighbours=True)) <= set(warm.KERNEL_MODULES)


def test_a_run_caches_a_kernel_of_every_module_it_names(tmp_path):
    """From an empty cache, one run leaves each module it is announced by warm (a module
    holding only kernels inlined into others has no cache entry, and would be announced as
    compiling on every run)."""
    code = (
        "import io\n"
        "from tilewright.aperiodic import generate, warm\n"
        "from tilewright.core.compilation import cold_kernels\n"
        "for method, fmt, neighbours in [('line', 'csv', False), ('bfs', 'svg', False),"
        " ('line', 'jsonl', True)]:\n"
        "    patch = generate(3, 3, seed=1, method=method)\n"
        "    patch.write(io.BytesIO(), fmt, neighbours=neighbours)\n"
        "    modules = warm.kernel_modules(method, fmt, neighbours)\n"
        "    assert cold_kernels(modules) == [], (method, fmt, cold_kernels(modules))\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=600)
