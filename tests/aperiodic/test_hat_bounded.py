"""The hat walk in bounded memory, whatever the region's shape (issue 33, item 5).

A region millions of hexagons wide or tall is walked in batches of at most
``BATCH_HEXAGONS`` hexagons (pieces of one row when a row is wider), and its threaded
bands in pieces of at most ``BAND_HEXAGONS``: the command line writes rows of such a region
at once, under an address-space limit far below what a list of its rows or an array for a
whole row would take. Cut into small pieces, the walk finds the same hats in the same order.
"""

import io
import resource
import subprocess
import sys
import threading
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.aperiodic import generate_hats
from tilewright.aperiodic.hat import threads as hat_threads
from tilewright.aperiodic.hat import walk as hat_walk
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.threads import bands
from tilewright.aperiodic.hat.walk import found_batches, region_rows

# address space the command line may take: its libraries need about 1 GB of it; a list of
# 3·10⁷ rows, or an array for a row of 8.7·10⁶ hexagons, needs GBs more
ADDRESS_SPACE = 1_500_000_000
# bytes of rows to read before the writer is stopped
ENOUGH = 1 << 20
SECONDS = 120


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def first_bytes(*argv: str) -> tuple[bytes, bytes]:
    """The first ``ENOUGH`` bytes the command line writes (all, if it stops before), and
    what it says on stderr; the process is stopped then."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tilewright", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_limited,
    )
    watchdog = threading.Timer(SECONDS, process.kill)
    watchdog.start()
    try:
        assert process.stdout is not None and process.stderr is not None
        written = process.stdout.read(ENOUGH)
        process.kill()
        return written, process.stderr.read()
    finally:
        watchdog.cancel()
        process.wait()


@pytest.mark.parametrize(
    "region",
    # rows of 8.7·10⁶ hexagons (the first three, below the region, take 2 s to walk), or
    # 3.3·10⁷ rows
    ["30000000x10", "10x100000000", "30000000x30000000"],
    ids=["wide", "tall", "both"],
)
@pytest.mark.parametrize("threads", ["1", "2"])
def test_huge_regions_write_rows_at_once_in_bounded_memory(region, threads):
    written, said = first_bytes("hat", region, "-f", "csv", "-s", "1", "--threads", threads)
    assert len(written) == ENOUGH, said.decode(errors="replace")[-500:]
    assert written.startswith(b"id,type,index,reflected,turn,colour,x0,y0")
    assert written.count(b"\n") > 1000


def test_a_wide_rows_pieces_carry_its_address():
    """Batches of a few hexagons: every row cut into pieces, walked one after another."""
    box = (-40.0, -10.0, 260.0, 50.0)
    whole = np.concatenate(list(found_batches(HatTiling(4), box, neighbours=True)))
    with mock.patch.object(hat_walk, "BATCH_HEXAGONS", 7):
        batches = list(found_batches(HatTiling(4), box, neighbours=True))
    assert len(batches) > 2 * region_rows(box).count  # the rows were cut
    assert np.array_equal(np.concatenate(batches), whole)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    x=st.floats(-2e4, 2e4),
    y=st.floats(-2e4, 2e4),
    width=st.floats(100, 400),
    height=st.floats(0.5, 20),
    band=st.integers(3, 25),  # narrower than the narrowest row (29 hexagons at width 100)
    neighbours=st.booleans(),
)
def test_pieces_of_wide_rows_on_threads_write_the_bytes_of_one(
    seed, x, y, width, height, band, neighbours
):
    """Bands narrower than a row: each row in pieces, each piece walked to (or started
    from a located kite, past ``hat_walk.NEAR``) on its own."""
    patch = generate_hats(width, height, seed, (x, y))
    one, two = io.BytesIO(), io.BytesIO()
    patch.write(one, "csv", neighbours=neighbours)
    with mock.patch.object(hat_threads, "BAND_HEXAGONS", band):
        assert any(columns is not None for _, columns in bands(patch.region))
        patch.write(two, "csv", neighbours=neighbours, threads=2)
    assert two.getvalue() == one.getvalue()


def test_bands_of_a_huge_region_are_made_as_they_are_taken():
    made = bands((0.0, 0.0, 1e8, 1e8))
    first = [next(made) for _ in range(3)]
    assert first == [((0, 1), (k * 32768, (k + 1) * 32768)) for k in range(3)]
