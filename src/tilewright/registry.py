"""Every grid tilewright builds, by name: one registry for the command line and for Python.

:func:`grid_kinds` gathers core's grids (:data:`tilewright.core.grids.GRID_KINDS`: square,
hexagons, triangles, rings, octagons and the puzzle collection's periodic grids) and the
aperiodic ones, which live in their family (the Spectre and hat patches, and the
collection's Spectre, hat and Penrose grids). Each is a
:class:`~tilewright.core.grids.GridKind`: its name, what its size counts, an example size,
the least each number may be, and its builder. It lives here, beside the families and not
in core, because core imports no family.

Examples
--------
>>> from tilewright.registry import grid_kinds
>>> kinds = grid_kinds()
>>> kinds["penrose-p3"].smallest, kinds["spectres"].seeded
(3, True)
>>> kinds["hex"].build("4x3").num_cells
12

The random grids (Penrose, hats, Spectres) are drawn from a seed, or built on the patch a
grid description names, as the collection's game IDs name it (:func:`described_grid`):

>>> grid = kinds["hats"].build("6x6", seed=1)
>>> described_grid("hats", 6, 6, grid_description(grid)).num_cells == grid.num_cells
True
"""

from typing import Any


def grid_kinds() -> dict[str, Any]:
    """Every grid by its ``--grid`` name, in the order ``tilewright maze --grids`` lists them.

    Returns
    -------
    dict of str to GridKind
    """
    from tilewright.aperiodic.collection_grid_kinds import COLLECTION_GRIDS
    from tilewright.aperiodic.maze_grid import HAT_GRID, SPECTRE_GRID
    from tilewright.core.grids import GRID_KINDS

    aperiodic = (SPECTRE_GRID, HAT_GRID, *COLLECTION_GRIDS)
    return {**GRID_KINDS, **{kind.name: kind for kind in aperiodic}}


# The puzzle collection's Loopy grid types in its own order (the T of its "WxHtT"), by
# tilewright's names, with Loopy's least sizes: both sides at least the first number, one
# of them at least the second.
LOOPY_TYPES: tuple[tuple[str, int, int], ...] = (
    ("square", 3, 3),
    ("triangular", 3, 3),
    ("honeycomb", 3, 3),
    ("snub-square", 3, 3),
    ("cairo", 3, 4),
    ("great-hexagonal", 3, 3),
    ("octagonal", 3, 3),
    ("kites", 3, 3),
    ("floret", 1, 2),
    ("dodecagonal", 2, 2),
    ("great-dodecagonal", 2, 2),
    ("penrose-p2", 3, 3),
    ("penrose-p3", 3, 3),
    ("great-great-dodecagonal", 2, 2),
    ("kagome", 3, 3),
    ("compass-dodecagonal", 2, 2),
    ("hats", 6, 6),
    ("spectres", 6, 6),
)
# the grids whose layout a description names (drawn at random by the collection)
DESCRIBED = ("penrose-p2", "penrose-p3", "hats", "spectres")
# each one's tiling, as the builders' messages name it
_TILINGS = {"penrose-p2": "Penrose", "penrose-p3": "Penrose", "hats": "hat", "spectres": "Spectre"}


def collection_grid(
    name: str, width: int, height: int, description: str | None = None, seed: int | None = None
) -> Any:
    """The puzzle collection's Loopy grid ``name`` of ``width`` × ``height``, face for face.

    Parameters
    ----------
    name : str
        One of :data:`LOOPY_TYPES`' names.
    width, height : int
    description : str, optional
        The grid description (the part of a game ID before ``_``): the patch of a Penrose,
        hat or Spectre grid (drawn from ``seed`` when not given), ``"0"`` for the triangular
        grid (its layout without corner ears, the only one tilewright builds), and nothing
        for the others.
    seed : int, optional

    Returns
    -------
    PolygonGrid
        Its planar map (:func:`~tilewright.core.planar_map.planar_map`) is the collection's
        grid; a described grid keeps its description in ``params["description"]``.

    Raises
    ------
    TilewrightError
        For an unknown name, a description where none belongs (or none where one must be),
        and what each builder refuses, in one line.

    Examples
    --------
    >>> collection_grid("spectres", 6, 6, "0055700P").num_cells
    13
    >>> collection_grid("triangular", 3, 3, "0").num_cells
    19
    """
    from tilewright.core.errors import TilewrightError

    names = [known for known, _, _ in LOOPY_TYPES]
    if name not in names:
        raise TilewrightError(f"no grid type {name!r}: the collection's are {', '.join(names)}")
    if name in DESCRIBED:
        from tilewright.aperiodic.hat.collection_grid import hats_grid
        from tilewright.aperiodic.penrose import penrose_grid
        from tilewright.aperiodic.spectre.collection_grid import spectres_grid

        if name == "hats":
            return hats_grid(width, height, description, seed=seed)
        if name == "spectres":
            return spectres_grid(width, height, description, seed=seed)
        return penrose_grid(width, height, name[-2:], seed=seed, description=description)
    if name == "triangular" and description is None:
        raise TilewrightError(
            "a triangular grid without the description 0 is the collection's older layout "
            "(with corner ears), which tilewright does not build"
        )
    if description is not None and (name, description) != ("triangular", "0"):
        raise TilewrightError(f"a {name} grid takes no grid description, got {description!r}")
    from tilewright.core.grids import GRID_KINDS

    return GRID_KINDS[name].build((width, height))


def described_grid(name: str, width: int, height: int, description: str) -> Any:
    """The random grid ``name`` on exactly the patch ``description`` names: what
    ``tilewright maze --grid NAME --grid-description DESC`` makes its maze on.

    The same faces as :func:`collection_grid` builds (and so as the puzzle collection's
    Loopy draws for a game ID starting ``DESC_``), but only for the grids a description
    can name, and with the description's length bounded before it is read.

    Parameters
    ----------
    name : str
        One of :data:`DESCRIBED`: ``"penrose-p2"``, ``"penrose-p3"``, ``"hats"``,
        ``"spectres"``.
    width, height : int
        The grid's size in the collection's units.
    description : str
        The grid description, the part of a Loopy game ID before ``_`` (what
        :func:`grid_description` reads back from a grid drawn from a seed).

    Returns
    -------
    PolygonGrid
        Its ``params["description"]`` is ``description``.

    Raises
    ------
    TypeError
        When ``description`` is not a string.
    TilewrightError
        For a grid no description names, a description longer than
        :data:`~tilewright.aperiodic.collection_patch.MAX_DESCRIPTION` characters (it would
        name levels far above any grid that fits in memory), one of another grid type, or
        one the collection refuses, in one line.

    Examples
    --------
    >>> described_grid("penrose-p3", 10, 10, "00XDYYCCXDD").num_cells
    69
    >>> described_grid("hex", 10, 10, "00XDYYCCXDD")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a hex grid is not drawn at random, so it ...
    """
    from tilewright.aperiodic.collection_patch import check_description
    from tilewright.core.errors import TilewrightError

    if name not in DESCRIBED:
        raise TilewrightError(
            f"a {name} grid is not drawn at random, so it takes no grid description "
            f"(only {', '.join(DESCRIBED)} do)"
        )
    # the Penrose reader takes any number of letters (a second for ten million); a grid
    # that fits in memory needs far fewer than 256 levels, so longer text is refused unread
    check_description(_TILINGS[name], description)
    return collection_grid(name, width, height, description)


def grid_description(grid: Any) -> str | None:
    """The description of a random grid's patch (:data:`DESCRIBED`), None for others.

    Given back to :func:`described_grid` (or ``--grid-description``) it builds the same
    faces; it is also the start of a Loopy game ID on that grid.

    Parameters
    ----------
    grid : PolygonGrid

    Returns
    -------
    str or None

    Examples
    --------
    >>> grid_description(collection_grid("spectres", 6, 6, "0055700P"))
    '0055700P'
    >>> grid_description(grid_kinds()["hex"].build("4x3")) is None
    True
    """
    description = grid.params.get("description")
    return description if grid.kind in DESCRIBED and isinstance(description, str) else None
