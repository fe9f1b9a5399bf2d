"""tilewright: mazes, tilings and grid puzzles at any size, reproducible from a seed."""

from tilewright.core.errors import TilewrightError

__version__ = "0.1.0"
__all__ = ["TilewrightError", "__version__"]
