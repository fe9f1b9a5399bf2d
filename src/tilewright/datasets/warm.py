"""The datasets' own kernels compiled ahead, for ``tilewright warm``.

The items of a dataset come from the families' kernels (which ``tilewright warm`` compiles
family by family); these two are the datasets' own: the row keys of ``--unique`` and
``--where``, and the random endpoints of maze datasets.
"""

import tempfile
from pathlib import Path

KERNEL_MODULES = (
    "tilewright.datasets._key_kernels",
    "tilewright.datasets._endpoint_kernels",
)


def warm() -> None:
    """Compile the datasets' kernels by writing a tiny dataset that runs both.

    Examples
    --------
    >>> warm()
    """
    from tilewright.datasets import MazeConfig, generate

    config = MazeConfig(3, 3, "wilson", endpoints="random")
    with tempfile.TemporaryDirectory() as folder:
        generate(config, 4, 1, Path(folder) / "d", unique=True)
