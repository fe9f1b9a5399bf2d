"""A Loopy puzzle: a grid of the puzzle collection's, and a clue (or none) on each face."""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import check_ascii, quoted
from tilewright.core.planar_map import PlanarMap, planar_map
from tilewright.loopy.gameid import (
    MAX_ID,
    Params,
    decode_clues,
    encode_clues,
    parse_params,
    split_description,
)
from tilewright.registry import collection_grid

# Jupyter shows a puzzle as SVG up to this many dots and edges (about a megabyte: some
# 13,000 faces of a square grid, 3,300 of Spectres), and past it as a small PNG up to
# NOTEBOOK_PNG_POINTS (about 3 s to draw: 330,000 faces of a square grid)
NOTEBOOK_POINTS = 40_000
NOTEBOOK_PNG_POINTS = 1_000_000


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A Loopy puzzle on one of the puzzle collection's grids.

    Parameters
    ----------
    params : Params
        The grid, its size and the difficulty.
    clues : numpy.ndarray
        int8, one a face in the grid's face order, -1 where a face has no clue.
    grid : PolygonGrid
        The grid (:func:`tilewright.registry.collection_grid`); its description, for the
        grids that have one, is ``grid.params["description"]``.

    Examples
    --------
    >>> puzzle = Puzzle.from_game_id("5x5t0:3a3b2c21b3a200a2a2a3a")
    >>> puzzle.clues[:6].tolist(), puzzle.game_id
    ([3, -1, 3, -1, -1, 2], '5x5t0de:3a3b2c21b3a200a2a2a3a')
    """

    params: Params
    clues: np.ndarray
    grid: Any = field(repr=False)

    @classmethod
    def from_game_id(cls, game_id: str) -> "Puzzle":
        """The puzzle of a game ID, ``PARAMS:DESC``, as the collection writes one.

        Parameters
        ----------
        game_id : str

        Returns
        -------
        Puzzle

        Raises
        ------
        TilewrightError
            For an ID the collection would not load, in one line.
        """
        if not isinstance(game_id, str):
            raise TypeError(f"a game ID must be text, not {type(game_id).__name__}")
        if len(game_id) > MAX_ID:
            raise TilewrightError(f"a Loopy game ID has at most {MAX_ID} characters")
        game_id = game_id.strip()
        check_ascii(game_id, "a Loopy game ID")
        head, colon, desc = game_id.partition(":")
        if not colon:
            raise TilewrightError(
                f"a Loopy game ID is PARAMS:DESCRIPTION (for example 3x3t0:02a2a2a20), "
                f"got {quoted(game_id[:60])}"
            )
        params = parse_params(head)
        description, clue_text = split_description(desc, params)
        grid = collection_grid(params.grid, params.width, params.height, description)
        faces = grid.num_cells
        return cls(params, decode_clues(clue_text, faces), grid)

    @cached_property
    def plan(self) -> PlanarMap:
        """The grid's dots, edges and faces, numbered as the collection numbers them."""
        return planar_map(self.grid)

    @property
    def description(self) -> str | None:
        """The grid description, for grids that have one."""
        return self.grid.params.get(
            "description", "0" if self.params.grid == "triangular" else None
        )

    @property
    def game_id(self) -> str:
        """The game ID the collection loads: ``PARAMS:DESC``."""
        head = "" if self.description is None else f"{self.description}_"
        return f"{self.params.text}:{head}{encode_clues(self.clues)}"

    def _repr_svg_(self) -> str | None:
        """Jupyter draws puzzles of up to ``NOTEBOOK_POINTS`` dots and edges as SVG
        pictures, as ``pictures.svg_text`` sizes them (larger ones as a PNG,
        :meth:`_repr_png_`)."""
        if self._points() > NOTEBOOK_POINTS:
            return None
        from tilewright.loopy.pictures import svg_text

        return svg_text(self)

    def _repr_png_(self) -> bytes | None:
        """Jupyter shows puzzles too large for SVG, up to ``NOTEBOOK_PNG_POINTS`` dots and
        edges, as a PNG of at most ``NOTEBOOK_SIDE`` pixels a side."""
        if not NOTEBOOK_POINTS < self._points() <= NOTEBOOK_PNG_POINTS:
            return None
        from tilewright.core.notebook import NOTEBOOK_SIDE, shrunk_png
        from tilewright.core.picture_size import LARGEST_BUDGET
        from tilewright.loopy.pictures import SMALLEST_CELL, picture_cell, png_bytes

        try:
            cell = picture_cell(self, max_side=NOTEBOOK_SIDE)
        except TilewrightError:  # faces too small for the side: drawn larger, then shrunk
            cell = SMALLEST_CELL
        return shrunk_png(png_bytes(self, cell=cell, max_side=LARGEST_BUDGET), grey=True)

    def _points(self) -> int:
        """The dots and edges a picture draws: what its size in bytes follows."""
        return len(self.plan.dots) + len(self.plan.edges)

    def __repr__(self) -> str:
        given = int((self.clues >= 0).sum())
        return (
            f"<Loopy {self.params.grid} {self.params.width}x{self.params.height} "
            f"{self.params.difficulty}: {len(self.clues)} faces, {given} clues>"
        )


def check_clues(clues: Any, faces: int) -> np.ndarray:
    """``clues`` as int8, one a face, each -1 or a count from 0 to 35."""
    clues = np.asarray(clues)
    if clues.shape != (faces,) or clues.dtype.kind not in "iu":
        raise TilewrightError(f"clues must be {faces} whole numbers, one a face")
    if (clues < -1).any() or (clues > 35).any():
        raise TilewrightError("a clue is -1 (none) or a count from 0 to 35")
    return clues.astype(np.int8)
