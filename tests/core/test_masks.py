"""Masks: text, PNG and array masks read back what was written, are scaled onto any grid,
split grids are refused with their pieces' sizes (or cut to the largest), and hostile
files end in one line."""

import os
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from PIL import Image

from tilewright.core import masks
from tilewright.core.errors import TilewrightError
from tilewright.core.masks import (
    components,
    mask_cells,
    masked,
    parse_mask,
    read_mask,
)
from tilewright.core.polygon_grid import restrict, square_grid

MASKS = arrays(
    np.bool_,
    st.tuples(st.integers(1, 12), st.integers(1, 12)),
)


def as_text(mask: np.ndarray) -> str:
    return "".join("".join(".X"[not on] for on in row) + "\n" for row in mask)


def one_line(error: pytest.ExceptionInfo) -> str:
    message = str(error.value)
    assert "\n" not in message and message
    return message


def reference_pieces(num_cells: int, edges: np.ndarray, keep: np.ndarray) -> list[int]:
    """Sizes of the kept cells' pieces, largest first: a plain-Python search."""
    adjacency: list[list[int]] = [[] for _ in range(num_cells)]
    for a, b in edges.tolist():
        if keep[a] and keep[b]:
            adjacency[a].append(b)
            adjacency[b].append(a)
    seen = np.zeros(num_cells, dtype=bool)
    sizes = []
    for first in np.flatnonzero(keep).tolist():
        if seen[first]:
            continue
        seen[first] = True
        stack, size = [first], 0
        while stack:
            cell = stack.pop()
            size += 1
            for nxt in adjacency[cell]:
                if not seen[nxt]:
                    seen[nxt] = True
                    stack.append(nxt)
        sizes.append(size)
    return sorted(sizes, reverse=True)


# --- text -------------------------------------------------------------------------------


@given(MASKS)
def test_text_round_trip(mask):
    assert np.array_equal(parse_mask(as_text(mask)), mask)


def test_text_file_with_crlf_trailing_spaces_and_blank_end(tmp_path):
    path = tmp_path / "m.txt"
    path.write_bytes(b"X.X  \r\n...\r\n\r\n\n")
    assert read_mask(path).tolist() == [[False, True, False], [True, True, True]]


def test_ragged_rows_name_the_line():
    with pytest.raises(TilewrightError) as error:
        parse_mask("...\n...\n..\n...")
    assert one_line(error) == (
        "the mask line 3 has 2 cells, line 1 has 3: every row needs the same length"
    )


def test_a_blank_line_inside_is_a_ragged_row():
    with pytest.raises(TilewrightError, match="line 2 has 0 cells"):
        parse_mask("..\n\n..")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("..\n.o", "line 2 has 'o' at column 2"),
        ("x.", "line 1 has 'x' at column 1"),
        ("..\n.·", "line 2 has '·' at column 2"),
        (" .", "line 1 has ' ' at column 1"),
    ],
)
def test_other_characters_are_refused_by_line_and_column(text, where):
    with pytest.raises(TilewrightError) as error:
        parse_mask(text)
    assert where in one_line(error)


@pytest.mark.parametrize("text", ["", "\n\n", "   \n"])
def test_no_rows(text):
    with pytest.raises(TilewrightError, match="holds no rows"):
        parse_mask(text)


def test_parse_mask_takes_text_only():
    with pytest.raises(TypeError):
        parse_mask(b"..")  # type: ignore[arg-type]


# --- PNG --------------------------------------------------------------------------------


def png(path: Path, image: Image.Image) -> Path:
    image.save(path, format="PNG")
    return path


@given(MASKS, st.sampled_from(["1", "L", "RGB", "RGBA", "P", "LA", "I;16"]))
def test_png_round_trip_in_every_mode(mask, mode):
    import tempfile

    grey = np.where(mask, 255, 0).astype(np.uint8)
    image = Image.fromarray(grey, mode="L")
    if mode == "I;16":
        image = Image.fromarray(np.where(mask, 65535, 0).astype(np.uint16))
    else:
        image = image.convert(mode)
    with tempfile.TemporaryDirectory() as folder:
        assert np.array_equal(read_mask(png(Path(folder, "m.png"), image)), mask)


def test_dark_and_transparent_pixels_are_off(tmp_path):
    rgba = np.zeros((1, 4, 4), dtype=np.uint8)
    rgba[0, 0] = (255, 255, 255, 255)  # white: on
    rgba[0, 1] = (255, 255, 255, 0)  # white but transparent: off
    rgba[0, 2] = (90, 90, 90, 255)  # dark grey: off
    rgba[0, 3] = (255, 200, 40, 255)  # light yellow: on
    mask = read_mask(png(tmp_path / "m.png", Image.fromarray(rgba, mode="RGBA")))
    assert mask.tolist() == [[True, False, False, True]]


def test_palette_transparency_counts_as_off(tmp_path):
    image = Image.new("P", (2, 1))
    image.putpalette([255, 255, 255, 255, 255, 255] + [0] * 762)
    image.putpixel((1, 0), 1)
    path = tmp_path / "m.png"
    image.save(path, transparency=1)
    assert read_mask(path).tolist() == [[True, False]]


def test_a_png_mask_is_scaled_to_the_grid(tmp_path):
    quadrants = np.array([[True, False], [False, True]])
    path = png(tmp_path / "q.png", Image.fromarray(np.where(quadrants, 255, 0).astype(np.uint8)))
    keep = mask_cells(square_grid(10, 6), path).reshape(6, 10)
    expected = np.zeros((6, 10), dtype=bool)
    expected[:3, :5] = True
    expected[3:, 5:] = True
    assert np.array_equal(keep, expected)


# --- arrays and grids -------------------------------------------------------------------


@given(MASKS)
def test_a_square_grid_of_the_masks_size_maps_cell_by_cell(mask):
    height, width = mask.shape
    assert np.array_equal(mask_cells(square_grid(width, height), mask), mask.ravel())


def test_a_mask_stretches_over_any_grid():
    from tilewright.core.grids import hex_grid

    grid = hex_grid(12, 8)
    left = np.array([[True, False]])
    keep = mask_cells(grid, left)
    middle = (grid.bounds()[0] + grid.bounds()[2]) / 2
    assert np.array_equal(keep, grid.centres[:, 0] < middle)


def test_components_match_a_reference_search():
    rng = np.random.default_rng(5)
    grid = square_grid(9, 7)
    keep = rng.random(63) < 0.55
    keep[0] = True
    small = restrict(grid, keep)
    labels = components(small)
    assert labels[0] == 0
    firsts = [int(np.flatnonzero(labels == k)[0]) for k in range(labels.max() + 1)]
    assert firsts == sorted(firsts)  # numbered in the order of their lowest cell
    sizes = sorted(np.bincount(labels).tolist(), reverse=True)
    assert sizes == reference_pieces(63, grid.graph.endpoints, keep)


def test_masked_keeps_the_cells_in_order_and_records_the_mask(tmp_path):
    path = tmp_path / "ring.txt"
    path.write_text("...\n.X.\n...\n")
    grid = masked(square_grid(3, 3), path)
    assert grid.num_cells == 8 and grid.params["mask"] == "ring.txt"
    assert np.allclose(grid.centres, np.delete(square_grid(3, 3).centres, 4, axis=0))
    assert masked(square_grid(3, 3), parse_mask("...\n.X.\n...")).params["mask"] == "array"


def test_pieces_are_refused_with_their_sizes_largest_first():
    mask = parse_mask("...X.\n...X.\nXXXXX\n.X..X")
    with pytest.raises(TilewrightError) as error:
        masked(square_grid(5, 4), mask)
    assert one_line(error) == (
        "the mask's cells fall apart into 4 pieces of 6, 2, 2 and 1 cells; "
        "a maze needs one piece (--largest keeps the piece of 6)"
    )


def test_many_pieces_list_a_few_and_count_the_rest():
    checker = np.add.outer(np.arange(6), np.arange(6)) % 2 == 0
    with pytest.raises(TilewrightError) as error:
        masked(square_grid(6, 6), checker)
    assert "18 pieces of 1, 1, 1, 1, 1 and 13 more cells" in one_line(error)


@given(arrays(np.bool_, (6, 7)))
def test_largest_keeps_the_biggest_piece(mask):
    grid = square_grid(7, 6)
    if not mask.any():
        with pytest.raises(TilewrightError, match="leaves no cell"):
            masked(grid, mask, largest=True)
        return
    sizes = reference_pieces(42, grid.graph.endpoints, mask.ravel())
    kept = masked(grid, mask, largest=True)
    assert kept.num_cells == sizes[0]
    assert components(kept).max() == 0
    assert kept.params.get("largest", False) == (len(sizes) > 1)


def test_ties_keep_the_piece_with_the_lowest_cell():
    kept = masked(square_grid(3, 1), np.array([[True, False, True]]), largest=True)
    assert np.allclose(kept.centres, [[0.5, 0.5]])


def test_a_mask_leaving_no_cell_is_refused():
    with pytest.raises(TilewrightError) as error:
        masked(square_grid(4, 4), np.zeros((2, 2), dtype=bool))
    assert one_line(error) == "the mask leaves no cell of the square grid"


def test_a_weave_cannot_be_masked():
    from tilewright.mazes.weaving import weave_grid

    with pytest.raises(TilewrightError, match="crossings"):
        masked(weave_grid(6, 6, 0.5, seed=1), np.ones((6, 6), dtype=bool))


@pytest.mark.parametrize(
    ("mask", "error"),
    [
        (np.ones((3, 3), dtype=int), TypeError),
        (np.ones(3, dtype=bool), TilewrightError),
        (np.ones((0, 3), dtype=bool), TilewrightError),
        ([[True]], TypeError),
    ],
)
def test_wrong_arrays(mask, error):
    with pytest.raises(error):
        mask_cells(square_grid(3, 3), mask)


def test_wrong_grid_and_flag_types():
    with pytest.raises(TypeError):
        mask_cells("grid", np.ones((1, 1), dtype=bool))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        masked(square_grid(2, 2), np.ones((1, 1), dtype=bool), largest="yes")  # type: ignore[arg-type]


# --- hostile files ----------------------------------------------------------------------


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_declaring(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` × ``height`` grey pixels."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    body = zlib.compress(b"\0" * 64)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    )


def hostile(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def refusal(path: object) -> str:
    with pytest.raises(TilewrightError) as error:
        read_mask(path)  # type: ignore[arg-type]
    return one_line(error)


def test_a_decompression_bomb_is_refused_from_its_header(tmp_path):
    message = refusal(hostile(tmp_path, "bomb.png", png_declaring(100_000, 100_000)))
    assert "100000×100000 pixels" in message and "decompression bombs" in message


def test_just_past_pillows_warning_limit_is_refused_too(tmp_path):
    side = int(np.sqrt(Image.MAX_IMAGE_PIXELS or masks.MAX_MASK_PIXELS)) + 1
    assert "decompression bombs" in refusal(hostile(tmp_path, "b.png", png_declaring(side, side)))


def test_a_truncated_png(tmp_path):
    whole = Path(png(tmp_path / "w.png", Image.fromarray(np.eye(40, dtype=np.uint8) * 255)))
    data = whole.read_bytes()
    assert "damaged PNG" in refusal(hostile(tmp_path, "cut.png", data[: len(data) // 2]))
    assert "truncated" in refusal(hostile(tmp_path, "head.png", data[:12]))


def test_a_png_whose_pixels_lie_about_the_header(tmp_path):
    assert "damaged PNG" in refusal(hostile(tmp_path, "lie.png", png_declaring(50, 50)))


def test_a_png_with_a_broken_header_chunk(tmp_path):
    data = bytearray(png_declaring(4, 4))
    data[12:16] = b"JUNK"
    assert "no valid header" in refusal(hostile(tmp_path, "h.png", bytes(data)))


def test_a_png_named_file_that_is_not_a_png(tmp_path):
    message = refusal(hostile(tmp_path, "mask.png", b"GIF89a...."))
    assert message.endswith("it is not a PNG file (no PNG signature)")


def test_binary_that_is_neither(tmp_path):
    message = refusal(hostile(tmp_path, "mask.bin", bytes(range(128, 256))))
    assert "neither a PNG nor a text mask" in message


def test_text_past_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(masks, "MAX_TEXT_BYTES", 100)
    assert "more than" in refusal(hostile(tmp_path, "big.txt", b"." * 101))
    assert read_mask(hostile(tmp_path, "ok.txt", b"." * 100)).shape == (1, 100)


def test_not_a_regular_file(tmp_path):
    assert "not a mask" in refusal(tmp_path)
    if os.path.exists("/dev/zero"):
        assert "not a mask" in refusal("/dev/zero")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "not a mask" in refusal(fifo)


def test_missing_files_and_bad_names(tmp_path):
    assert "No such file" in refusal(tmp_path / "nothing.txt")
    assert "not a valid file name" in refusal("a\0b")
    with pytest.raises(TypeError):
        read_mask(3)  # type: ignore[arg-type]
