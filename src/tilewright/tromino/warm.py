"""The tromino kernels: compiling them ahead (``tilewright warm``), and telling which ones a
command is about to run, so that a first run can say it is compiling.

Each kernel module holds what one step of a command runs, and nothing else, so that a
command compiles only the steps it takes: the textbook rows (``_quadtree_kernels``), the
planned rows and the exact search of their core (``_plan_kernels``, ``_search``), text
(``_text_kernels``), and colouring: the tiling check, DSATUR and the odd-wheel test of
three colours (``_check_kernels``, ``_dsatur_kernels``, ``_wheel_kernels``). Every kernel
is called with one set of argument types (int64 labels and sizes, int32 graph indices).
"""

import io

PACKAGE = "tilewright.tromino"
# the modules of compiled kernels in this package, for ``tilewright warm``
KERNEL_MODULES = tuple(
    f"{PACKAGE}.{name}"
    for name in (
        "_quadtree_kernels",
        "_search",
        "_plan_kernels",
        "_text_kernels",
        "_check_kernels",
        "_dsatur_kernels",
        "_wheel_kernels",
        "_random_kernels",
    )
)


def kernel_modules(
    width: int, height: int, fmt: str, colours: int | None = None, method: str = "construct"
) -> tuple[str, ...]:
    """The kernel modules that writing a ``width`` × ``height`` tiling as ``fmt`` runs.

    Parameters
    ----------
    width, height : int
        The board.
    fmt : str
        One of the tiling formats (text, npy, png, svg, pdf).
    colours : {3, 4}, optional
        Whether the trominoes are coloured properly, and with how many colours.
    method : {"construct", "random"}
        How the tiling is made: a random one is drawn by ``_random_kernels``, from the
        construction on boards wider than the exact draw takes.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> [name.rsplit(".", 1)[1] for name in kernel_modules(8, 8, "text")]
    ['_quadtree_kernels', '_text_kernels']
    >>> [name.rsplit(".", 1)[1] for name in kernel_modules(10, 10, "svg", colours=4)]
    ['_search', '_plan_kernels', '_dsatur_kernels']
    >>> [name.rsplit(".", 1)[1] for name in kernel_modules(8, 8, "npy", method="random")]
    ['_random_kernels']
    """
    from tilewright.tromino.random_tiling import EXACT_SIDE

    textbook = width == height and width & (width - 1) == 0
    used = ["_quadtree_kernels"] if textbook else ["_search", "_plan_kernels"]
    if method == "random":
        used = ["_random_kernels"] + (used if min(width, height) > EXACT_SIDE else [])
    if fmt == "text":
        used.append("_text_kernels")
    if colours is not None and width * height > 1:  # one cell: no tromino to colour
        used += ["_wheel_kernels", "_dsatur_kernels"] if colours == 3 else ["_dsatur_kernels"]
    return tuple(f"{PACKAGE}.{name}" for name in used)


def warm() -> None:
    """Compile every tromino kernel into Numba's cache (a fraction of a second once cached).

    Examples
    --------
    >>> warm()
    """
    from tilewright.tromino import classic, generate, validate
    from tilewright.tromino._random_kernels import shape_counts
    from tilewright.tromino.random_tiling import EXACT_SIDE

    sink = io.BytesIO()
    classic(2, 1, 1).write(sink)  # the textbook rows, text
    planned = generate(5, 5, missing=(0, 0))  # an exact search for the core, planned rows
    planned.write(sink, "npy")
    validate(planned.labels)  # the tiling check
    planned.colour(3)  # the odd-wheel test and DSATUR
    # a random tiling drawn exactly and one by the chain, read in bands: every kernel of
    # _random_kernels (the tests' statistics too)
    for side in (5, EXACT_SIDE + 1):
        drawn = generate(side, side, missing=(0, 0), seed=0, method="random", sweeps=1)
        drawn.write(sink, "npy")
        shape_counts(drawn._codes)
