"""Compile the Loopy kernels into Numba's cache ahead of the first puzzle."""

PACKAGE = "tilewright.loopy"
# the modules of compiled kernels in this package, for ``tilewright warm``
KERNEL_MODULES = (f"{PACKAGE}._solve_kernels", "tilewright.core._planar_kernels")


def warm() -> None:
    """Compile the complete solver and the planar map it reads.

    Examples
    --------
    >>> warm()
    """
    from tilewright.loopy.complete_solver import solve
    from tilewright.loopy.puzzle import Puzzle

    puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    solve(puzzle)
