"""Row-based mazes stream in memory that does not grow with the height."""

import os
import subprocess
import sys
import tracemalloc

import pytest

from tilewright.mazes import stream_bands
from tilewright.mazes.text import render


def peak_bytes(consume) -> int:
    tracemalloc.start()
    try:
        consume()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def drain(iterable) -> None:
    for _ in iterable:
        pass


@pytest.mark.parametrize("name", ["eller", "sidewinder", "binary-tree"])
def test_generation_memory_does_not_grow_with_height(name):
    # 1 000 and 100 000 rows of width 1 000: both stream in bands of about a million cells.
    # The tall one holds at most two bands at once (the one consumed, the one being made).
    small = peak_bytes(lambda: drain(stream_bands(1000, 1_000, name, seed=1)))
    large = peak_bytes(lambda: drain(stream_bands(1000, 100_000, name, seed=1)))
    assert large < 2.5 * small


@pytest.mark.parametrize("style", ["ascii", "unicode"])
def test_text_memory_does_not_grow_with_height(style):
    def text(height):
        return lambda: drain(render(stream_bands(60, height, "eller", seed=2), 60, style))

    # Fixed band size: the 100 000-row maze is written in many bands, the 1 000-row one in one.
    def banded(height):
        bands = stream_bands(60, height, "eller", seed=2, rows_per_band=500)
        return lambda: drain(render(bands, 60, style))

    assert peak_bytes(banded(100_000)) < 2.5 * peak_bytes(banded(1_000))
    assert peak_bytes(text(100_000)) < 64 * 2**20


def test_cli_stream_resident_memory_is_flat(tmp_path):
    def max_rss_kib(height: int) -> int:
        script = (
            "import resource, sys; from tilewright.cli import main\n"
            f"sys.argv = ['tilewright', 'maze', '60x{height}', '-a', 'eller', '--seed', '1',"
            f" '-o', {str(tmp_path / 'out.txt')!r}]\n"
            "try:\n    main()\nfinally:\n"
            "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        )
        return int(done.stderr.strip().splitlines()[-1])

    small = max_rss_kib(2_000)
    large = max_rss_kib(400_000)
    assert os.path.getsize(tmp_path / "out.txt") > 400_000 * 120
    assert large < small * 1.25 + 20_000, (small, large)
