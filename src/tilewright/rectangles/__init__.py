"""Rectangles (Shikaku) puzzles: generated with proven unique solutions, read and written as
the public puzzle collection's game IDs, solved completely, drawn and saved.

The shape every tilewright family has: parameters (:class:`Params`, :func:`parse_params`)
→ :func:`generate` (``seed=``) → a :class:`Generated` puzzle → :func:`validate` (a reason,
or ``None``) → :func:`solve` → ``save(path)`` (the format from the suffix).

Names load on first use: ``import tilewright.rectangles`` costs nothing, and the compiled
kernels of the generator and of the solver load only with :func:`generate` and
:func:`solve`, so that solving a puzzle never loads the generator.

How hard a puzzle is for a person: :func:`rate` (a :class:`Rating`), :func:`explain` (the
:class:`Step` list a person would take) and :func:`generate_rated` (a puzzle of a level).

Examples
--------
>>> from tilewright.rectangles import Params, generate, parse_game_id, solve, validate
>>> made = generate(Params(15, 15), seed=1)
>>> made
<Generated 15x15 seed=1: 37 rectangles>
>>> validate(made.game_id) is None
True
>>> puzzle = parse_game_id("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f")
>>> puzzle
<Puzzle 7x7: 16 clues>
>>> len(solve(puzzle))
1

Every function that takes a puzzle also takes its game ID:

>>> len(solve("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f"))
1
"""

from typing import TYPE_CHECKING

from tilewright.core.lazy_names import lazy_names

if TYPE_CHECKING:
    from tilewright.rectangles.difficulty import Rating, Step, explain, generate_rated, rate
    from tilewright.rectangles.gameid import (
        Puzzle,
        format_game_id,
        parse_game_id,
        validate,
    )
    from tilewright.rectangles.generated import Generated
    from tilewright.rectangles.generator import generate
    from tilewright.rectangles.params import Params, parse_params
    from tilewright.rectangles.sheets import sheet_layout, sheet_pdf
    from tilewright.rectangles.solver import GuessBudgetExceeded, solve

# each public name and the module it lives in
_LAZY = {
    "GuessBudgetExceeded": "solver",
    "Generated": "generated",
    "Params": "params",
    "Puzzle": "gameid",
    "Rating": "difficulty",
    "Step": "difficulty",
    "explain": "difficulty",
    "format_game_id": "gameid",
    "generate": "generator",
    "generate_rated": "difficulty",
    "parse_game_id": "gameid",
    "parse_params": "params",
    "rate": "difficulty",
    "sheet_layout": "sheets",
    "sheet_pdf": "sheets",
    "solve": "solver",
    "validate": "gameid",
}


__getattr__, __dir__ = lazy_names(globals(), _LAZY)


__all__ = [
    "Generated",
    "GuessBudgetExceeded",
    "Params",
    "Puzzle",
    "Rating",
    "Step",
    "explain",
    "format_game_id",
    "generate",
    "generate_rated",
    "parse_game_id",
    "parse_params",
    "rate",
    "sheet_layout",
    "sheet_pdf",
    "solve",
    "validate",
]
