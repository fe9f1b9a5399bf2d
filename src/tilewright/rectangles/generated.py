"""A generated Rectangles puzzle: the puzzle, its solution, and what made it."""

import os
from dataclasses import dataclass, field

import numpy as np

from tilewright.rectangles.gameid import Puzzle, format_game_id, picture_info
from tilewright.rectangles.params import Params


@dataclass(frozen=True, repr=False, eq=False)
class Generated:
    """A generated puzzle with its solution and the seed that makes it again.

    Parameters
    ----------
    params : Params
        What was asked for.
    seed : int
        The seed that reproduces the puzzle: ``generate(params, seed=seed)``.
    puzzle : Puzzle
        The clues.
    regions : numpy.ndarray
        The solution: (H, W) int64, each square's clue index in reading order.
    stats : dict of str to int
        How the generator got there: ``attempts`` (cuts of the whole grid), ``rounds``
        of narrowing and deduction, ``clue_moves`` (a clue confined to part of its
        rectangle to rule out another reading) and local ``recuts``.

    Examples
    --------
    >>> from tilewright.rectangles import Params, generate
    >>> made = generate(Params(15, 15), seed=1)
    >>> made
    <Generated 15x15 seed=1: 37 rectangles>
    >>> made.game_id[:20]
    '15x15:2a4z3b6j24a5j2'
    >>> sorted(made.to_record())[:4]
    ['clues', 'game_id', 'height', 'max_area']
    """

    params: Params
    seed: int
    puzzle: Puzzle
    regions: np.ndarray
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def game_id(self) -> str:
        """The puzzle's game ID, as the public puzzle collection's apps read it."""
        return format_game_id(self.puzzle)

    def info(self, solution: bool = False) -> dict[str, object]:
        """What made the puzzle, as pictures record it in their metadata.

        Parameters
        ----------
        solution : bool, default False
            Whether the picture shows the solution.

        Returns
        -------
        dict
            ``family``, ``params``, ``max_area``, ``singles``, ``seed``, ``game_id`` (when
            at most ``SHORT_GAME_ID`` characters: the seed and parameters make the puzzle
            again anyway) and, for a picture of the solution, ``solution: True``.

        Examples
        --------
        >>> from tilewright.rectangles import Params, generate
        >>> generate(Params(4, 3), seed=2).info()["seed"]
        2
        """
        info: dict[str, object] = {
            "family": "rectangles",
            "params": str(self.params),
            "max_area": self.params.max_area,
            "singles": self.params.singles,
            "seed": self.seed,
        }
        return info | picture_info(self.game_id, solution)

    def to_record(self, solution: bool = False) -> dict[str, object]:
        """The puzzle as a JSON-ready record: what ``tilewright rect generate -f json``
        writes, one line a puzzle.

        Parameters
        ----------
        solution : bool, default False
            Add ``solution``: the regions, a list of rows.

        Returns
        -------
        dict
            ``params`` (``WxH[eF][a]``), ``max_area``, ``singles``, ``seed``, ``game_id``,
            ``width``, ``height``, ``clues`` (a list of rows, 0 where a square has no clue)
            and, if asked, ``solution``.

        Examples
        --------
        >>> from tilewright.rectangles import Params, generate
        >>> record = generate(Params(4, 3), seed=2).to_record(solution=True)
        >>> record["params"], record["seed"], len(record["solution"])
        ('4x3', 2, 3)
        """
        record: dict[str, object] = {
            "params": str(self.params),
            "max_area": self.params.max_area,
            "singles": self.params.singles,
            "seed": self.seed,
            "game_id": self.game_id,
            "width": self.puzzle.width,
            "height": self.puzzle.height,
            "clues": self.puzzle.clues.tolist(),
        }
        if solution:
            record["solution"] = self.regions.tolist()
        return record

    def to_text(self, solution: bool = False) -> str:
        """The puzzle (or its solution) drawn in ASCII, as ``-f text`` prints it, without
        the game ID.

        Parameters
        ----------
        solution : bool, default False
            Draw walls only between different rectangles.

        Returns
        -------
        str
            One line a row of squares and one a row of walls.

        Examples
        --------
        >>> from tilewright.rectangles import Params, generate
        >>> print(generate(Params(3, 2), seed=1).to_text(solution=True), end="")
        +--+--+--+
        |       3|
        +--+--+--+
        |       3|
        +--+--+--+
        """
        return self.puzzle.to_text(self.regions if solution else None)

    def save(
        self,
        path: str | os.PathLike,
        solution: bool = False,
        *,
        cell: int | None = None,
        max_side: int | None = None,
        paper: str | None = None,
    ) -> None:
        """Write the puzzle (or its solution) to ``path`` in the format its suffix names.

        ``.txt`` is the game ID and the ASCII drawing, ``.id`` the game ID alone,
        ``.json`` the record of :meth:`to_record`, ``.svg``, ``.png`` and ``.pdf`` are
        pictures that record the seed and parameters in their metadata. The file is
        written completely or not at all.

        Parameters
        ----------
        path : str or os.PathLike
            The file; its suffix (in any case) chooses the format.
        solution : bool, default False
            Show the solution: thick borders between rectangles (``.id`` has no room for
            it and is refused).
        cell : int, optional
            Pictures: pixels a square; default the one that makes the picture 800 to
            1000 pixels on its long side, within ``max_side``.
        max_side : int, optional
            Pictures: the largest side in pixels (default 8192).
        paper : str, optional
            ``.pdf``: the paper the picture is fitted to, ``"a4"`` (default) or
            ``"letter"``.

        Raises
        ------
        TypeError
            When an argument has the wrong type.
        TilewrightError
            When the suffix is unknown (naming those it can write), a picture option is
            given for a format that is not a picture, the picture would pass
            ``max_side``, or the file cannot be written.

        Examples
        --------
        >>> import os, tempfile
        >>> from tilewright.rectangles import Params, generate
        >>> name = os.path.join(tempfile.mkdtemp(), "puzzle.txt")
        >>> generate(Params(3, 2), seed=1).save(name)
        >>> print(open(name).read(), end="")
        3x2:b3b3
        +--+--+--+
        |  |  | 3|
        +--+--+--+
        |  |  | 3|
        +--+--+--+
        <BLANKLINE>
        """
        from tilewright.rectangles.formats import save

        regions = self.regions if solution else None
        save(path, self.puzzle, regions, self, cell=cell, max_side=max_side, paper=paper)

    def __str__(self) -> str:
        """The puzzle drawn in ASCII, as :meth:`to_text` draws it."""
        return str(self.puzzle)

    def _repr_svg_(self) -> str | None:
        """Jupyter draws the puzzle: as SVG up to ``NOTEBOOK_SQUARES`` squares."""
        return self.puzzle._repr_svg_()

    def _repr_png_(self) -> bytes | None:
        """Jupyter draws the puzzle: a small PNG past ``NOTEBOOK_SQUARES`` squares."""
        return self.puzzle._repr_png_()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Generated):
            return NotImplemented
        return (
            (self.params, self.seed, self.stats) == (other.params, other.seed, other.stats)
            and self.puzzle == other.puzzle
            and np.array_equal(self.regions, other.regions)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside

    def __repr__(self) -> str:
        """``<Generated 15x15 seed=1: 37 rectangles>``: the class, what was asked for and
        what was made, in one line."""
        words = [str(self.params)]
        if self.params.max_area is not None:
            words.append(f"max_area={self.params.max_area}")
        if self.params.singles:
            words.append("singles")
        words.append(f"seed={self.seed}")
        count = int(np.count_nonzero(self.puzzle.clues))
        return f"<Generated {' '.join(words)}: {count} rectangle{'' if count == 1 else 's'}>"
