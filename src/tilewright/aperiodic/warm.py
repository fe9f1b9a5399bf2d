"""The Spectre, hat and Penrose kernels: compiling them ahead (``tilewright warm``), and
telling which ones a command is about to run, so that a first run can say it is compiling.

Every kernel is called with one set of argument types (int8 address rows, int64 turns and
corners, float64 boxes and shapes), so one small patch by each method and one row of text
compile everything the library and the command line use.
"""

import io

PACKAGE = "tilewright.aperiodic"
# the kernels building the puzzle collection's Penrose, hat and Spectre grids
COLLECTION_KERNEL_MODULES = (
    f"{PACKAGE}._collection_kernels",
    f"{PACKAGE}.spectre._collection_kernels",
    f"{PACKAGE}.hat._collection_kernels",
    f"{PACKAGE}.penrose._search_kernels",
)
# the modules of compiled kernels in this package, for ``tilewright warm``
KERNEL_MODULES = (
    f"{PACKAGE}.spectre._step_kernels",
    f"{PACKAGE}.spectre._search_kernels",
    f"{PACKAGE}.spectre._line_kernels",
    f"{PACKAGE}.spectre._format_kernels",
    f"{PACKAGE}.spectre._grid_kernels",
    f"{PACKAGE}.hat._kernels",
    f"{PACKAGE}.hat._bfs_kernels",
    f"{PACKAGE}.hat._format_kernels",
    f"{PACKAGE}.penrose._descent_kernels",
    f"{PACKAGE}.penrose._canonical_kernels",
    f"{PACKAGE}.penrose._format_kernels",
    *COLLECTION_KERNEL_MODULES,
)
HAT_KERNEL_MODULES = (f"{PACKAGE}.hat._kernels",)
# the text rows, compiled beside the search or the walk on a first run (the warmer, and the
# modules it compiles: ``core.compilation.announce_if_cold``'s ``aside``)
SPECTRE_TEXT_ASIDE = (f"{__name__}:spectre_text_rows", (f"{PACKAGE}.spectre._format_kernels",))
HAT_TEXT_ASIDE = (f"{__name__}:hat_text_rows", (f"{PACKAGE}.hat._format_kernels",))


def kernel_modules(method: str, fmt: str, neighbours: bool = False) -> tuple[str, ...]:
    """The kernel modules a patch by ``method`` written as ``fmt`` runs.

    The step across an edge (``spectre._step_kernels``) is compiled into the kernels that call it,
    and has no cache entry of its own: its module counts only for ``neighbours``, which
    run its one kernel of their own.

    Parameters
    ----------
    method : str
        ``"line"`` or ``"bfs"``.
    fmt : str
        An output format (``"svg"``, ``"jsonl"``, ...).
    neighbours : bool
        Whether each tile's neighbours are written.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> [name.split(".", 2)[2] for name in kernel_modules("bfs", "csv")]
    ['spectre._search_kernels', 'spectre._format_kernels']
    >>> kernel_modules("line", "jsonl", neighbours=True)[-1].rsplit(".", 1)[1]
    '_step_kernels'
    """
    used = [f"{PACKAGE}.spectre._search_kernels"]
    if method == "line":
        used.append(f"{PACKAGE}.spectre._line_kernels")
    if fmt in ("jsonl", "csv"):
        used.append(f"{PACKAGE}.spectre._format_kernels")
    if neighbours:
        used.append(f"{PACKAGE}.spectre._step_kernels")
    return tuple(used)


def hat_kernels(method: str, fmt: str = "svg") -> tuple[str, ...]:
    """The kernel modules a hat patch by ``method`` written as ``fmt`` runs, for
    ``core.compilation.announce_if_cold``.

    Examples
    --------
    >>> [name.split(".", 2)[2] for name in hat_kernels("bfs")]
    ['hat._kernels', 'hat._bfs_kernels']
    >>> hat_kernels("line", "csv")[-1].split(".", 2)[2]
    'hat._format_kernels'
    """
    used: tuple[str, ...] = HAT_KERNEL_MODULES
    if method == "bfs":
        used += (f"{PACKAGE}.hat._bfs_kernels",)
    if fmt in ("csv", "jsonl"):
        used += (f"{PACKAGE}.hat._format_kernels",)
    return used


def hat_text_rows() -> None:
    """Compile the hat's text rows alone, for ``core.compilation.compile_aside``: they
    share no compiled code with the walk, so a first ``tilewright hat -f csv`` compiles the
    two on two cores."""
    import numpy as np

    from tilewright.aperiodic.hat.writers import text_rows

    text_rows(np.zeros((0, 6), dtype=np.int64), "csv")  # no hat: the kernel's types only


def spectre_text_rows() -> None:
    """Compile the Spectre's text rows alone, for ``core.compilation.compile_aside``: they
    share no compiled code with the search, so a first ``tilewright spectre -f csv``
    compiles the two on two cores."""
    import numpy as np

    from tilewright.aperiodic.spectre import _format_kernels, writers
    from tilewright.aperiodic.spectre._step_kernels import LEVELS
    from tilewright.aperiodic.spectre.patch import SHAPES_XY

    # no tile: only the kernel's argument types matter (as writers.text_rows passes them)
    rows = np.zeros((0, LEVELS), dtype=np.int8)
    others = np.zeros((0, 14, LEVELS), dtype=np.int8)
    no_corners = np.zeros((0, 2), dtype=np.int64)
    _format_kernels.rows(
        rows,
        others,
        np.zeros(LEVELS, dtype=np.int8),
        writers._GREEK_UTF8,
        np.zeros(0, dtype=np.int64),
        no_corners,
        SHAPES_XY,
        writers._CSV,
    )


def warm() -> None:
    """Compile every Spectre, hat and Penrose kernel into Numba's cache (a fraction of a
    second once cached).

    Examples
    --------
    >>> warm()
    """
    from tilewright.aperiodic.cut import cut_paths
    from tilewright.aperiodic.spectre.grid import spectre_grid
    from tilewright.aperiodic.spectre.tiling import generate

    for method in ("line", "bfs"):
        generate(3, 3, seed=1, method=method).write(io.BytesIO(), "jsonl")
    generate(3, 3, seed=1).write(io.BytesIO(), "jsonl", neighbours=True)
    spectre_grid(3, 3, seed=1)  # a patch as the cells of a maze
    cut_paths(generate(3, 3, seed=1))  # and as a laser cut (core's polyline kernels)
    from tilewright.aperiodic.hat.tiling import generate_hats

    generate_hats(3, 3, seed=1).write(io.BytesIO(), "csv")  # the kite walk, its text rows
    len(generate_hats(3, 3, seed=1, method="bfs"))  # and its breadth-first search
    from tilewright.aperiodic.penrose.tiling import generate_penrose

    # the Penrose descent, and the second search of its kites' and darts' four colours
    generate_penrose(3, 3, seed=1, tiling="p2").write(io.BytesIO(), "svg", colour="four")
    generate_penrose(3, 3, seed=1).write(io.BytesIO(), "jsonl")  # its text rows
    from tilewright.aperiodic.collection_grid_kinds import COLLECTION_GRIDS

    for kind in COLLECTION_GRIDS:  # the puzzle collection's Penrose, hat and Spectre grids
        kind.build((kind.smallest + 3, kind.smallest + 3), seed=1)
