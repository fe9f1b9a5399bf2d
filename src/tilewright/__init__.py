"""tilewright: mazes, tilings and grid puzzles at any size, reproducible from a seed.

The families live in subpackages: :mod:`tilewright.mazes`, :mod:`tilewright.tromino`,
:mod:`tilewright.rectangles` and :mod:`tilewright.aperiodic`; bad input raises
:class:`TilewrightError` everywhere.

Examples
--------
>>> import tilewright
>>> issubclass(tilewright.TilewrightError, ValueError)
True
"""

from tilewright.core.errors import TilewrightError

# The one version source: pyproject.toml reads it (setuptools' dynamic version).
__version__ = "0.1.0"
__all__ = ["TilewrightError", "__version__"]
