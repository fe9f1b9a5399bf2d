"""Antialiased polygons drawn by cairo onto one buffer, through windows, written as PNG."""

import io

import numpy as np
import pytest
from PIL import Image

from tilewright.core import raster
from tilewright.core.raster import PolygonCanvas

POLYGONS = [
    np.array([[3.3, 2.1], [45.2, 8.7], [30.1, 35.5], [5.5, 30.2]]),
    np.array([[10.0, 10.0], [20.0, 12.0], [15.0, 25.0]]),
]


def drawn(width: int = 50, height: int = 37) -> Image.Image:
    canvas = PolygonCanvas(width, height, "white")
    canvas.paint(POLYGONS, ["#ff0000", "#00ff00"], "#222222", 1.5)
    sink = io.BytesIO()
    canvas.write_png(sink, {"tilewright": '{"seed":7}'})
    return Image.open(io.BytesIO(sink.getvalue()))


def test_the_png_has_the_size_the_colours_and_the_record():
    image = drawn()
    assert image.size == (50, 37) and image.mode == "RGB"
    assert image.text["tilewright"] == '{"seed":7}'
    assert image.getpixel((0, 36)) == (255, 255, 255)  # background
    assert image.getpixel((30, 20)) == (255, 0, 0)  # inside the red quadrilateral
    assert image.getpixel((15, 17)) == (0, 255, 0)  # inside the green triangle


def test_edges_are_antialiased():
    pixels = np.asarray(drawn().convert("L"))
    # a slanted edge covers pixels in part: shades between the fill and the outline
    assert len(np.unique(pixels)) > 20


def test_windows_draw_what_one_surface_draws(monkeypatch):
    whole = np.asarray(drawn(), dtype=int)
    monkeypatch.setattr(raster, "CAIRO_SIDE", 16)  # 4 × 3 windows onto the buffer
    windowed = np.asarray(drawn(), dtype=int)
    # the same shapes; cairo's coverage may round a shade apart at another origin
    assert np.abs(whole - windowed).max() <= 16
    assert (np.abs(whole - windowed).sum(axis=2) > 0).mean() < 0.05


def test_a_picture_too_large_for_memory_is_refused(monkeypatch):
    from tilewright import TilewrightError
    from tilewright.core import memory

    monkeypatch.setattr(memory, "available_bytes", lambda: 1 << 30)
    with pytest.raises(TilewrightError):
        PolygonCanvas(20_000, 20_000)  # 1.6 GB
