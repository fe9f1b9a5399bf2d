"""Compile the Loopy kernels into Numba's cache ahead of the first puzzle."""

PACKAGE = "tilewright.loopy"
# the modules of compiled kernels in this package, for ``tilewright warm``
KERNEL_MODULES = (
    f"{PACKAGE}._solve_kernels",
    f"{PACKAGE}._deduce_kernels",
    f"{PACKAGE}._generate_kernels",
    f"{PACKAGE}._rederive_kernels",
    "tilewright.core._planar_kernels",
)


def warm() -> None:
    """Compile the complete solver, the deductions (and their explanation), the generator
    and the planar map.

    Examples
    --------
    >>> warm()
    """
    from tilewright.loopy.complete_solver import solve
    from tilewright.loopy.explaining import explain
    from tilewright.loopy.generator import generate
    from tilewright.loopy.grading import grade
    from tilewright.loopy.puzzle import Puzzle

    puzzle = Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")
    solve(puzzle)
    grade(puzzle)
    explain(puzzle)
    generate("5x5t0dh", seed=1)
    generate("5x5t0de", seed=1)
