"""Rectangles (Shikaku) puzzles: game IDs and a complete solver (the generator is to come)."""

from tilewright.rectangles.gameid import Puzzle, format_game_id, parse_game_id
from tilewright.rectangles.solve import Rect, solve

__all__ = ["Puzzle", "Rect", "format_game_id", "parse_game_id", "solve"]
