"""A fast subset of the hostile survey's classes for data at rest and for limits.

The whole survey is ``python tools/hostile_survey.py`` (about 20 minutes); here a few cases
of each newer class, drawn with a fixed seed, run through the survey's own harness and held
to its own rules: tampered dataset folders (every reader refuses a damaged part, a rerun
restores it), Zarr targets, huge counts in tiny parts, Dask faults, huge and thin regions
under a memory cap, whole commands under small memory caps, and absurd picture sizes given
to the library.
"""

import concurrent.futures
import random
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))  # the survey's modules import each other by name

import hostile_data  # noqa: E402
import hostile_harness  # noqa: E402
import hostile_limits  # noqa: E402

# cases of each class, and the seconds one may take (a Dask cluster starts in seconds)
SUBSET = {
    "tamper": (6, 60.0),
    "zarr": (3, 60.0),
    "parts": (1, 60.0),
    "dask": (1, 90.0),
    "regions": (2, 60.0),
    "caps": (3, 60.0),
    "pictures": (6, 60.0),
}


@pytest.mark.parametrize("kind", list(SUBSET))
def test_a_hostile_class_holds(kind, tmp_path):
    count, timeout = SUBSET[kind]
    rng = random.Random(f"0:{kind}")
    if kind in hostile_data.DATA_CLASSES:
        cases = hostile_data.data_cases(kind, rng, count, tmp_path)
    else:
        cases = hostile_limits.limit_cases(kind, rng, count, tmp_path)
    assert len(cases) == count
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(
            pool.map(lambda case: hostile_harness.run_case(case, str(tmp_path), timeout), cases)
        )
    failed = [
        f"{r.shown}: {r.problem} (exit {r.status}) {r.stderr!r}" for r in results if r.problem
    ]
    assert not failed, "\n".join(failed)
