"""Loopy (Slitherlink): draw one loop along a grid's edges so that each clue counts its
face's edges on the loop, on every grid of the public puzzle collection's Loopy, in its
game-ID format.

A :class:`Puzzle` is read from a game ID (:meth:`Puzzle.from_game_id`), written back as one
(:attr:`Puzzle.game_id`), solved completely by search (:func:`solve`: every solution up to a
limit, so "unique" is proven), and an answer is checked apart from the solver
(:func:`check_loop`). Grids come from :func:`tilewright.registry.collection_grid`: all
eighteen of the collection's, face for face.

Examples
--------
>>> from tilewright.loopy import Puzzle, solve
>>> solve(Puzzle.from_game_id("5x5t0de:3a3b2c21b3a200a2a2a3a")).unique
True
"""

from tilewright.loopy.check import check_loop
from tilewright.loopy.complete_solver import Solutions, solve
from tilewright.loopy.gameid import DIFFICULTIES, Params, decode_clues, encode_clues, parse_params
from tilewright.loopy.puzzle import Puzzle

__all__ = [
    "DIFFICULTIES",
    "Params",
    "Puzzle",
    "Solutions",
    "check_loop",
    "decode_clues",
    "encode_clues",
    "parse_params",
    "solve",
]
