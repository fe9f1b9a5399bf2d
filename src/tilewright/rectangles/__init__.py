"""Rectangles (Shikaku) puzzles: generation with proven unique solutions, game IDs, a
complete solver."""

from tilewright.rectangles.gameid import Puzzle, format_game_id, parse_game_id
from tilewright.rectangles.generate import Generated, Params, generate, parse_params
from tilewright.rectangles.solve import solve

__all__ = [
    "Generated",
    "Params",
    "Puzzle",
    "format_game_id",
    "generate",
    "parse_game_id",
    "parse_params",
    "solve",
]
