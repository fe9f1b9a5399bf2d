"""Optional dependencies: which extra brings which module, and one message when one is missing.

The plain install brings what mazes, tilings, puzzles and their pictures need. Datasets
(Parquet, Dask, Zarr), DXF cuts, NetworkX graphs and maze-dataset's conversion come with extras of
the package (``pip install 'tilewright[datasets]'``), so their modules are imported only
where they are used, after :func:`require_extra` (or :func:`import_extra`) has made sure
they are there. Whatever needs a missing extra raises :class:`MissingExtraError`, whose
message names the extra and the command that installs it; the command line shows it as its
one line and exits with status 2.

Examples
--------
>>> require_extra("datasets", "Parquet output")  # installed here: nothing to say
>>> str(MissingExtraError("laser", "DXF output"))
"DXF output needs the laser extra: pip install 'tilewright[laser]'"
"""

import importlib
import importlib.util
from types import ModuleType

from tilewright.core.errors import TilewrightError

__all__ = ["EXTRAS", "MissingExtraError", "import_extra", "require_extra"]

# Each extra of pyproject.toml with the modules tilewright imports from it (import names,
# not distribution names). An extra is installed as a whole, so a feature asks for all of
# its extra's modules: the message's one command then always puts right what it names.
EXTRAS: dict[str, tuple[str, ...]] = {
    "datasets": ("pyarrow", "dask", "distributed", "zarr"),
    "laser": ("ezdxf",),
    "graph": ("networkx",),
    "maze-dataset": ("maze_dataset",),
}


class MissingExtraError(TilewrightError, ImportError):
    """A feature whose optional dependencies are not installed.

    A ``TilewrightError`` (so the command line reports it in one line, status 2) and an
    ``ImportError`` (so code that guards an optional import catches it too).

    Parameters
    ----------
    extra : str
        The extra that brings the missing modules (a key of ``EXTRAS``).
    feature : str
        What needs it, as the subject of "needs", e.g. ``"Parquet output"``.
    """

    def __init__(self, extra: str, feature: str) -> None:
        super().__init__(f"{feature} needs the {extra} extra: pip install 'tilewright[{extra}]'")
        self.extra = extra
        self.feature = feature


def require_extra(extra: str, feature: str) -> None:
    """Make sure every module of ``extra`` is installed, without importing any.

    Cheap enough to call before any work (a look-up of each module's spec), so that a
    command refuses at once rather than after an hour's work.

    Raises
    ------
    MissingExtraError
        When a module of ``extra`` is not installed (or is blocked: ``None`` in
        ``sys.modules``, as a test makes it).
    """
    for name in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # a parent that does not import; a bare module
            found = False
        if not found:
            raise MissingExtraError(extra, feature)


def import_extra(name: str, extra: str, feature: str) -> ModuleType:
    """The module ``name`` of ``extra``, imported; ``MissingExtraError`` when it is missing.

    A module that is installed but fails to import for another reason (one of its own
    dependencies missing or broken) raises that error unchanged.

    Examples
    --------
    >>> import_extra("pyarrow.parquet", "datasets", "Parquet output").__name__
    'pyarrow.parquet'
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        top = name.partition(".")[0]
        if error.name is not None and error.name.partition(".")[0] == top:
            raise MissingExtraError(extra, feature) from error
        raise
