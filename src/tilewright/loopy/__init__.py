"""Loopy (Slitherlink): draw one loop along a grid's edges so that each clue counts its
face's edges on the loop, on every grid of the public puzzle collection's Loopy, in its
game-ID format.

A :class:`Puzzle` is read from a game ID (:meth:`Puzzle.from_game_id`), written back as one
(:attr:`Puzzle.game_id`), solved completely by search (:func:`solve`: every solution up to a
limit, so "unique" is proven), and an answer is checked apart from the solver
(:func:`check_answer`, :func:`check_loop`), graded as the collection grades it
(:func:`grade`, :func:`deduce`) and its deductions explained step by step
(:func:`explain`), generated with one solution at a difficulty
(:func:`generate`), drawn (:mod:`tilewright.loopy.pictures`), printed a few to a page
with their answers after (:func:`sheet_layout`, :func:`sheet_pdf`) and written as text
for people and programs that solve it (:func:`render`). Grids come from
:func:`tilewright.registry.collection_grid`: all eighteen of the collection's, face for
face.

Examples
--------
>>> from tilewright.loopy import Puzzle, solve
>>> solve(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")).unique
True
"""

from typing import TYPE_CHECKING

from tilewright.core.lazy_names import lazy_names
from tilewright.loopy.check import check_answer, check_loop
from tilewright.loopy.complete_solver import Solutions, solve
from tilewright.loopy.explaining import Step, explain
from tilewright.loopy.gameid import (
    DIFFICULTIES,
    Params,
    decode_clues,
    encode_clues,
    parse_params,
)
from tilewright.loopy.generator import Generated, generate
from tilewright.loopy.grading import Deduction, deduce, grade
from tilewright.loopy.puzzle import Puzzle
from tilewright.loopy.text import render

if TYPE_CHECKING:
    from tilewright.loopy.sheets import sheet_layout, sheet_pdf

# the sheets draw with cairo: loaded when first asked for, so that solving loads no pictures
__getattr__, __dir__ = lazy_names(globals(), {"sheet_layout": "sheets", "sheet_pdf": "sheets"})

__all__ = [
    "DIFFICULTIES",
    "Deduction",
    "Generated",
    "Params",
    "Puzzle",
    "Solutions",
    "Step",
    "check_answer",
    "check_loop",
    "decode_clues",
    "deduce",
    "encode_clues",
    "explain",
    "generate",
    "grade",
    "parse_params",
    "render",
    "sheet_layout",
    "sheet_pdf",
    "solve",
]
