"""The Spectre and hat kernels: compiling them ahead (``tilewright warm``), and telling which ones a
command is about to run, so that a first run can say it is compiling.

Every kernel is called with one set of argument types (int8 address rows, int64 turns and
corners, float64 boxes and shapes), so one small patch by each method and one row of text
compile everything the library and the command line use.
"""

import io

PACKAGE = "tilewright.aperiodic"
# the modules of compiled kernels in this package, for ``tilewright warm``
KERNEL_MODULES = (
    f"{PACKAGE}._step_kernels",
    f"{PACKAGE}._search_kernels",
    f"{PACKAGE}._line_kernels",
    f"{PACKAGE}._format_kernels",
    f"{PACKAGE}._grid_kernels",
    f"{PACKAGE}._hat_kernels",
    f"{PACKAGE}._hat_bfs_kernels",
)
HAT_KERNEL_MODULES = (f"{PACKAGE}._hat_kernels",)
# the hat's walk alone, with an empty cache but on an otherwise idle machine: 10.6-11.0 s
# elapsed for `tilewright hat 20x20 -f csv`, of which half a second is start-up
HAT_COLD_SECONDS = 10.0
# and the hat's breadth-first search on top (it finds its first hat by the walk): 6.7 s
# elapsed with the walk's kernels cached, 16.8 s with none
HAT_BFS_COLD_SECONDS = 7.0
# Measured with an empty cache (a fresh NUMBA_CACHE_DIR) on the project's two-core machine,
# shared at a load of about 3: one `tilewright spectre 20x20` took 9.3-12.5 s of CPU (line or
# bfs; SVG, PNG, PDF or JSON Lines; compiling is single-threaded), 10.7-18.4 s elapsed.
COLD_SECONDS = 12.0


def kernel_modules(method: str, fmt: str, neighbours: bool = False) -> tuple[str, ...]:
    """The kernel modules a patch by ``method`` written as ``fmt`` runs.

    The step across an edge (``_step_kernels``) is compiled into the kernels that call it,
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
    >>> [name.rsplit(".", 1)[1] for name in kernel_modules("bfs", "csv")]
    ['_search_kernels', '_format_kernels']
    >>> kernel_modules("line", "jsonl", neighbours=True)[-1].rsplit(".", 1)[1]
    '_step_kernels'
    """
    used = [f"{PACKAGE}._search_kernels"]
    if method == "line":
        used.append(f"{PACKAGE}._line_kernels")
    if fmt in ("jsonl", "csv"):
        used.append(f"{PACKAGE}._format_kernels")
    if neighbours:
        used.append(f"{PACKAGE}._step_kernels")
    return tuple(used)


def hat_kernels(method: str) -> tuple[tuple[str, ...], float]:
    """The kernel modules a hat patch by ``method`` runs, and about how long they take to
    compile (seconds), for ``core.compilation.announce_if_cold``.

    Examples
    --------
    >>> modules, seconds = hat_kernels("bfs")
    >>> [name.rsplit(".", 1)[1] for name in modules], seconds > HAT_COLD_SECONDS
    (['_hat_kernels', '_hat_bfs_kernels'], True)
    """
    if method == "bfs":
        return (*HAT_KERNEL_MODULES, f"{PACKAGE}._hat_bfs_kernels"), (
            HAT_COLD_SECONDS + HAT_BFS_COLD_SECONDS
        )
    return HAT_KERNEL_MODULES, HAT_COLD_SECONDS


def warm() -> None:
    """Compile every Spectre and hat kernel into Numba's cache (a fraction of a second once cached).

    Examples
    --------
    >>> warm()
    """
    from tilewright.aperiodic.cut import cut_paths
    from tilewright.aperiodic.maze_grid import spectre_grid
    from tilewright.aperiodic.spectre import generate

    for method in ("line", "bfs"):
        generate(3, 3, seed=1, method=method).write(io.BytesIO(), "jsonl")
    generate(3, 3, seed=1).write(io.BytesIO(), "jsonl", neighbours=True)
    spectre_grid(3, 3, seed=1)  # a patch as the cells of a maze
    cut_paths(generate(3, 3, seed=1))  # and as a laser cut (core's polyline kernels)
    from tilewright.aperiodic.hat import generate_hats

    len(generate_hats(3, 3, seed=1))  # the hat's kite walk
    len(generate_hats(3, 3, seed=1, method="bfs"))  # and its breadth-first search
