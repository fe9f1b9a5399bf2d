"""A tiling as one object: made by :func:`generate` or :func:`classic`, drawn and saved.

======== ======== =====================================================================
format   suffix   what is written
======== ======== =====================================================================
text     .txt     ``"%*d "`` per cell, a line per row (the textbook's ``"%2d "`` for
                  :func:`classic`), streamed row by row
npy      .npy     the labels as unsigned integers (0 on the missing square), streamed
png      .png     palette bitmap, streamed row by row unless coloured
svg      .svg     one outlined L per tromino, grouped by colour
pdf      .pdf     the SVG drawn by cairo, vector
======== ======== =====================================================================

Pictures record what made them (board, missing square, seed, colours): a PNG text chunk,
the SVG's ``<metadata>``, the PDF's information. The tiling itself is made when first
needed, row by row when written, so a board far too large for memory still saves as text,
``.npy`` or PNG.
"""

import os
from collections.abc import Iterator
from functools import cached_property
from typing import Any, BinaryIO, TypedDict, Unpack

import numpy as np

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int
from tilewright.core.options import check_options
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import PIXEL_BUDGET
from tilewright.core.seeds import Stream, resolve_seed, sequence
from tilewright.tromino._docstrings import TROMINO_SECTIONS
from tilewright.tromino.construct import Plan, plan_tiling
from tilewright.tromino.feasibility import check_board, check_missing, obstruction
from tilewright.tromino.tiling import (
    BAND_CELLS,
    band_of,
    bands_of,
    board_of,
    check_band,
    checked_band_rows,
    checked_rows,
    classic_plan,
    missing_pair,
)

FORMATS = ("text", "npy", "png", "svg", "pdf")
METHODS = ("construct", "random")
PICTURES = ("png", "svg", "pdf")
BINARY = ("npy", "png", "pdf")
SUFFIXES = {".txt": "text", ".npy": "npy", ".png": "png", ".svg": "svg", ".pdf": "pdf"}
# Jupyter draws boards up to this many cells, at most this many pixels a side
_NOTEBOOK_CELLS = 128 * 128
_NOTEBOOK_SIDE = 640
# larger tilings up to this many cells show as a small PNG (about a second to draw)
NOTEBOOK_PNG_CELLS = 2048 * 2048


class WriteOptions(TypedDict, total=False):
    """The keyword arguments of :meth:`Tiling.write` and :meth:`Tiling.save`, described
    there."""

    colours: int | None
    cell: int | None
    max_side: int
    paper: str | None


@filler(TROMINO_SECTIONS)
class Tiling:
    """An L-tromino tiling of a board missing one square.

    Made by :func:`generate` or :func:`classic`; the labels are computed when first asked
    for, so a tiling of any size costs nothing until it is written or read (a random one
    is drawn then, whole, and kept: one byte a cell).

    Parameters
    ----------
    %(board)s
    seed : int, optional
        The seed the square was drawn from, recorded in pictures.
    number_width : int, optional
        Characters a number takes in text output (default: enough for the largest).
    method : {"construct", "random"}
        ``"construct"``: the one tiling the construction makes of this board and square
        (see :func:`generate`); ``"random"``: a tiling drawn uniformly from the seed among
        all the board's tilings (see :mod:`tilewright.tromino.random_tiling`).
    sweeps : int, optional
        ``"random"`` on boards wider than ``EXACT_SIDE``: passes of the chain (default
        ``SWEEPS``).

    Raises
    ------
    TypeError
        When a size or the square is not an integer, or ``missing`` is not a pair.
    TilewrightError
        When a side is out of range, the square is off the board, no tiling exists, the
        method is unknown, or a random tiling is asked of a board past
        ``MAX_RANDOM_CELLS``.

    Attributes
    ----------
    width, height : int
        The board in cells.
    missing : tuple of int
        (row, column) of the missing square, counted from 0.
    seed : int or None
        The seed the missing square (and a random tiling) was drawn from; None when the
        square was given to the construction.
    method : str
        ``"construct"`` or ``"random"``.
    sweeps : int or None
        The chain's passes, for a random tiling drawn by the chain (else None).
    number_width : int
        Characters a number takes in text output: enough for the largest, or the
        textbook's 2 for :func:`classic`.

    Examples
    --------
    >>> tiling = generate(10, 10, missing=(0, 0))
    >>> tiling
    <Tiling 10x10 missing (0,0): 33 trominoes>
    >>> tiling.labels[:2].tolist()
    [[0, 29, 30, 30, 21, 21, 22, 23, 23, 24], [29, 29, 31, 30, 21, 22, 22, 23, 24, 24]]
    """

    def __init__(
        self,
        width: int,
        height: int,
        missing: tuple[int, int],
        seed: int | None = None,
        number_width: int | None = None,
        method: str = "construct",
        sweeps: int | None = None,
    ) -> None:
        from tilewright.tromino import random_tiling

        self.width, self.height = check_board(width, height)
        self.missing = check_missing(self.width, self.height, *missing_pair(missing))
        reason = obstruction(self.width, self.height, *self.missing)
        if reason:
            raise TilewrightError(f"no tiling exists: {reason}")
        if method not in METHODS:
            raise TilewrightError(f"unknown method {method!r} (known: {', '.join(METHODS)})")
        self.method = method
        self.sweeps = None
        if method == "random":
            random_tiling.check_random_board(self.width, self.height)
            seed = resolve_seed(seed)  # a random tiling is always named by its seed
            if sweeps is not None:
                sweeps = random_tiling.check_sweeps(sweeps)
            if min(self.width, self.height) > random_tiling.EXACT_SIDE:  # drawn by the chain
                self.sweeps = random_tiling.SWEEPS if sweeps is None else sweeps
        elif sweeps is not None:
            raise TilewrightError("sweeps are for random tilings (method='random')")
        self.seed = None if seed is None else resolve_seed(seed)
        self.number_width = (
            len(str(self.trominoes))
            if number_width is None
            else require_int(number_width, "number_width")
        )
        self._colourings: dict[int, np.ndarray] = {}

    @property
    def trominoes(self) -> int:
        """How many trominoes cover the board: (W·H − 1) / 3."""
        return (self.width * self.height - 1) // 3

    @cached_property
    def _plan(self) -> Plan:
        return plan_tiling(self.width, self.height, *self.missing)

    @cached_property
    def _codes(self) -> np.ndarray:
        from tilewright.tromino.random_tiling import random_codes

        assert self.seed is not None
        return random_codes(self.width, self.height, self.missing, self.seed, self.sweeps)

    @cached_property
    def _first_cells(self) -> np.ndarray:
        from tilewright.tromino._random_kernels import first_cells_before

        return first_cells_before(self._codes)

    @cached_property
    def _board(self) -> np.ndarray:
        if self.method == "construct":
            return board_of(self._plan)
        check_fits(self.width * self.height * 8 * 1.1, f"a {self.width}x{self.height} board")
        return self._random_band(0, self.height)

    def _random_band(self, first: int, rows: int) -> np.ndarray:
        from tilewright.tromino.random_tiling import labels_of_codes

        return labels_of_codes(self._codes, self._first_cells, first, rows)

    @property
    def labels(self) -> np.ndarray:
        """(H, W) int64, read-only: tromino t (1 … T) on its three cells, 0 on the missing
        square. Made on first use (refused when it cannot fit in memory)."""
        view = self._board.view()
        view.flags.writeable = False
        return view

    def rows(self, rows_per_band: int | None = None) -> Iterator[np.ndarray]:
        """The labels as consecutive (k, W) bands of rows, computed band by band (memory
        O(width)) unless the whole board is already in memory.

        Parameters
        ----------
        rows_per_band : int, optional
            As for :func:`~tilewright.tromino.tile_rows`.

        Returns
        -------
        Iterator of numpy.ndarray
            (k, W) int64 bands, top to bottom.

        Examples
        --------
        >>> [band.shape for band in generate(10, 7, (0, 0)).rows(4)]
        [(4, 10), (3, 10)]
        """
        if "_board" in self.__dict__ and rows_per_band is None:
            board = self._board
            step = max(1, BAND_CELLS // self.width)
            return (board[first : first + step] for first in range(0, self.height, step))
        if self.method == "construct":
            return bands_of(self._plan, rows_per_band)
        from tilewright.tromino.random_tiling import labels_of_codes

        step = checked_band_rows(self.width, self.height, rows_per_band)
        # drawn now, not at the first band: a refusal comes before anything is written
        codes, firsts = self._codes, self._first_cells
        return (
            labels_of_codes(codes, firsts, first, min(step, self.height - first))
            for first in range(0, self.height, step)
        )

    def band(self, first: int, rows: int) -> np.ndarray:
        """Rows ``first`` to ``first + rows - 1`` of the labels alone: (rows, W) int64,
        computed from positions in memory O(rows × width), whatever the board's size, so
        that bands made on different processes join into :attr:`labels`.

        Raises
        ------
        TypeError, TilewrightError
            When the rows are not on the board, or the band cannot fit in memory.

        Examples
        --------
        >>> tiling = generate(10, 7, (0, 0))
        >>> bool((tiling.band(4, 3) == tiling.labels[4:]).all())
        True
        """
        if self.method == "construct":
            return band_of(self._plan, first, rows)
        first, rows = checked_rows(first, rows, self.height)
        check_band(self.width, rows)
        return self._random_band(first, rows)

    def colour(self, colours: int = 4) -> np.ndarray:
        """A proper colouring: trominoes that share an edge differ.

        Parameters
        ----------
        colours : {3, 4}
            Four always succeed; three when a 3-colouring is found.

        Returns
        -------
        numpy.ndarray
            (H, W) int8, read-only: each cell's colour 0 … colours − 1, -1 on the
            missing square.

        Raises
        ------
        TilewrightError
            When three colours are asked for and no 3-colouring was found (saying
            whether none exists).

        Examples
        --------
        >>> generate(4, 4, missing=(0, 0)).colour(3)[:2].tolist()
        [[-1, 0, 1, 1], [0, 0, 2, 1]]
        """
        from tilewright.tromino.colour import check_colours, colour_own_grid

        check_colours(colours)
        if colours not in self._colourings:
            grid = colour_own_grid(self._board, self.trominoes, colours)
            grid.flags.writeable = False
            self._colourings[int(colours)] = grid
        return self._colourings[int(colours)]

    @property
    def info(self) -> dict[str, Any]:
        """What made the tiling, as pictures record it (``missing`` counted from 0).

        Examples
        --------
        >>> generate(4, 4, missing=(1, 2)).info
        {'family': 'tromino', 'width': 4, 'height': 4, 'missing': [1, 2], 'seed': None}
        >>> generate(4, 4, seed=3, method="random").info["method"]
        'random'
        """
        info: dict[str, Any] = {
            "family": "tromino",
            "width": self.width,
            "height": self.height,
            "missing": list(self.missing),
            "seed": self.seed,
        }
        if self.method == "random":  # the construction's records stay as they were
            info["method"] = self.method
            if self.sweeps is not None:
                info["sweeps"] = self.sweeps
        return info

    def check(
        self,
        fmt: str,
        colours: int | None = None,
        cell: int | None = None,
        max_side: int = PIXEL_BUDGET,
    ) -> int | None:
        """Refuse now what :meth:`write` would refuse, before any work.

        Parameters
        ----------
        fmt, colours, cell, max_side
            As for :meth:`write`.

        Returns
        -------
        int or None
            The cell size a picture takes; None for text and ``.npy``.

        Raises
        ------
        TypeError, TilewrightError
            For an unknown format, colours other than 3 or 4 or given to a format that is
            not a picture, a cell past ``max_side``, or a picture too large to make.

        Examples
        --------
        >>> tiling = generate(1000, 1000, (0, 0))
        >>> tiling.check("png"), tiling.check("svg", max_side=1000), tiling.check("npy")
        (4, 1, None)
        """
        from tilewright.tromino import pictures

        if fmt not in FORMATS:
            raise TilewrightError(f"unknown tiling format {fmt!r} (known: {', '.join(FORMATS)})")
        if colours is not None:
            from tilewright.tromino.colour import check_colours

            check_colours(colours)
            if fmt not in PICTURES:
                raise TilewrightError(
                    f"colours colour pictures: {fmt} has none (write png, svg or pdf)"
                )
        if fmt not in PICTURES:
            return None
        cell = pictures.picture_cell(self.width, self.height, cell, fmt, max_side)
        pictures.check_picture_size(self.width, self.height, cell, fmt, colours is not None)
        return cell

    @filler(TROMINO_SECTIONS)
    def write(self, sink: BinaryIO, fmt: str = "text", **options: Unpack[WriteOptions]) -> None:
        """Write the tiling in format ``fmt`` to the binary file ``sink``.

        Parameters
        ----------
        sink : binary file
            Where the bytes go (:meth:`save` passes an all-or-nothing file).
        fmt : str
            One of ``FORMATS``: text, npy, png, svg, pdf.
        %(tiling_write)s

        Raises
        ------
        TypeError, TilewrightError
            As :meth:`check` does, before anything is written; and when three colours
            are asked for and none was found, also before anything is written.

        Examples
        --------
        >>> import io
        >>> sink = io.BytesIO()
        >>> classic(4, 1, 1).write(sink)
        >>> sink.getvalue().decode().splitlines()
        [' 0  2  3  3 ', ' 2  2  1  3 ', ' 4  1  1  5 ', ' 4  4  5  5 ']
        """
        from tilewright.tromino import pictures, writers

        check_options(options, WriteOptions, "Tiling.write")
        cell = self._checked(fmt, options, "pdf")
        colours = options.get("colours")
        if fmt == "text":
            writers.write_text(sink, self.rows(), self.number_width)
        elif fmt == "npy":
            writers.write_npy(sink, self.rows(), self.width, self.height, self.trominoes)
        elif fmt == "png":
            assert cell is not None
            shades = self.colour(colours) if colours is not None else None
            if shades is not None:
                bands: Any = [(self._board, shades)]
            else:
                bands = ((band, None) for band in self.rows())
            pixels = pictures.png_rows(bands, self.width, cell)
            info = self._picture_info(colours)
            pictures.write_png(sink, pixels, self.width, self.height, cell, info)
        else:
            assert cell is not None
            drawing: pictures.PictureOptions = {
                "colours": self.colour(colours) if colours is not None else None,
                "cell": cell,
                "info": self._picture_info(colours),
            }
            if fmt == "svg":
                sink.write(pictures.svg_text(self._board, **drawing).encode())
            else:
                paper = options.get("paper")
                sheet = DEFAULT_PAPER if paper is None else paper
                sink.write(pictures.pdf_bytes(self._board, **drawing, paper=sheet))

    @filler(TROMINO_SECTIONS)
    def save(self, path: str | os.PathLike, **options: Unpack[WriteOptions]) -> None:
        """Write the tiling to ``path`` in the format its suffix names, all or nothing.

        Parameters
        ----------
        path : str or path-like
            Ending in .txt, .npy, .png, .svg or .pdf (in any case).
        %(tiling_write)s

        Raises
        ------
        TypeError, TilewrightError
            For a suffix it cannot write (naming those it can), or as :meth:`write`
            refuses; the file is then left as it was.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> tiling = generate(8, 8, missing=(1, 2))
        >>> tiling.save(folder / "t.npy")
        >>> bool((np.load(folder / "t.npy") == tiling.labels).all())
        True
        >>> tiling.save(folder / "t.gif")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tilewright.core.errors.TilewrightError: cannot write .gif files: a tiling is saved as ...
        """
        from tilewright.core.output import format_by_suffix, open_output

        check_options(options, WriteOptions, "Tiling.save")
        name = os.fspath(path)
        fmt = format_by_suffix(path, SUFFIXES, "a tiling")
        self._checked(fmt, options, ".pdf files")  # before the file is opened
        with open_output(name) as sink:
            self.write(sink, fmt, **options)

    def _checked(self, fmt: str, options: WriteOptions, files: str) -> int | None:
        """What :meth:`check` answers for the options, once it and the page (a refusal
        names the ``files`` it applies to) are checked."""
        colours, cell = options.get("colours"), options.get("cell")
        cell = self.check(fmt, colours, cell, options.get("max_side", PIXEL_BUDGET))
        if options.get("paper") is not None and fmt != "pdf":
            raise TilewrightError(f"paper applies to {files}, not {fmt}")
        return cell

    def _picture_info(self, colours: int | None) -> dict[str, Any]:
        info = self.info
        if colours is not None:
            info["colours"] = int(colours)
        return info

    def __repr__(self) -> str:
        """``<Tiling 10x10 missing (0,0): 33 trominoes>``, with the seed when there is one,
        and ``random`` for a random tiling."""
        row, col = self.missing
        seed = "" if self.seed is None else f" seed={self.seed}"
        random = " random" if self.method == "random" else ""
        return (
            f"<Tiling {self.width}x{self.height} missing ({row},{col}){seed}{random}: "
            f"{self.trominoes} trominoes>"
        )

    def _repr_svg_(self) -> str | None:
        """Jupyter shows tilings of up to 128 × 128 cells as SVG pictures (larger ones as a
        PNG, :meth:`_repr_png_`)."""
        if self.width * self.height > _NOTEBOOK_CELLS:
            return None
        from tilewright.tromino import pictures

        cell = pictures.picture_cell(self.width, self.height, None, "svg", _NOTEBOOK_SIDE)
        return pictures.svg_text(self._board, cell=cell, info=self.info)

    def _repr_png_(self) -> bytes | None:
        """Jupyter shows tilings too large for SVG, up to ``NOTEBOOK_PNG_CELLS`` cells, as
        a PNG of at most ``NOTEBOOK_SIDE`` pixels a side (larger ones as their repr)."""
        if not _NOTEBOOK_CELLS < self.width * self.height <= NOTEBOOK_PNG_CELLS:
            return None
        import io

        from tilewright.core.notebook import NOTEBOOK_SIDE, shrunk_png
        from tilewright.tromino import pictures

        try:
            cell = pictures.picture_cell(self.width, self.height, None, "png", NOTEBOOK_SIDE)
        except TilewrightError:  # past the side at a pixel a cell: drawn so, then shrunk
            cell = 1
        sink = io.BytesIO()
        self.write(sink, "png", cell=cell)
        return shrunk_png(sink.getvalue())


def generate(
    width: int,
    height: int,
    missing: tuple[int, int] | None = None,
    seed: int | None = None,
    method: str = "construct",
    sweeps: int | None = None,
) -> Tiling:
    """An L-tromino tiling of a ``width`` × ``height`` board missing one square.

    ``method="construct"`` (the default): 2^k × 2^k boards are tiled by the textbook
    divide and conquer (Golomb 1954); every other board that has a tiling by 2×3 blocks
    around a small core solved exactly. One board and one missing square always give the
    same tiling, of any size, streamed.

    ``method="random"``: a tiling drawn from the seed, each of the board's tilings
    equally likely: exactly on boards with a side of at most ``EXACT_SIDE`` (10) cells,
    by a Markov chain of strip re-tilings on wider ones (see
    :mod:`tilewright.tromino.random_tiling` for what is guaranteed and measured). One
    board, square and seed always give the same tiling; boards of up to
    ``MAX_RANDOM_CELLS`` (32768²) cells.

    Parameters
    ----------
    width, height : int
        The board, 1 to ``MAX_SIDE`` (2^31 − 1) cells a side.
    missing : tuple of int, optional
        (row, column) of the missing square, counted from 0. None draws it from ``seed``,
        uniformly among the squares whose board has a tiling.
    seed : int, optional
        Fixes the square drawn, and a random tiling; None draws a seed (read it back from
        ``tiling.seed``). Recorded when given, also with ``missing``.
    method : {"construct", "random"}
        The construction, or a uniformly random tiling.
    sweeps : int, optional
        ``"random"``: passes of the chain on boards wider than 10 (default 10).

    Returns
    -------
    Tiling
        Its labels are made when first used.

    Raises
    ------
    TypeError
        When a size or the square is not an integer, or ``missing`` is not a pair.
    TilewrightError
        When a side is out of range, the square is off the board, or no tiling exists
        (naming the theorem that rules it out; with ``missing`` None, when no square of
        the board admits one).

    See Also
    --------
    tilewright.tromino.feasibility.obstruction : The theorems that rule boards out, and
        their sources.

    Examples
    --------
    >>> generate(22, 13, missing=(3, 8))
    <Tiling 22x13 missing (3,8): 95 trominoes>
    >>> generate(10, 10, seed=7)
    <Tiling 10x10 missing (2,8) seed=7: 33 trominoes>
    >>> generate(7, 7, missing=(0, 0), seed=1, method="random").labels[0].tolist()
    [0, 1, 2, 2, 3, 4, 4]
    >>> generate(9, 7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: no square of a 9x7 board can be missing: ...
    """
    width, height = check_board(width, height)
    if missing is None:
        seed = resolve_seed(seed)
        missing = _draw_missing(width, height, seed)
    return Tiling(width, height, missing, seed, method=method, sweeps=sweeps)


def _draw_missing(width: int, height: int, seed: int) -> tuple[int, int]:
    """A square drawn uniformly from those whose board has a tiling, by rejection: at
    least 9 squares in 25 qualify on any board where one does (the 5×5 board's odd ones),
    so a handful of draws suffice."""
    if width * height > 1 and (min(width, height) == 1 or (width * height - 1) % 3):
        reason = obstruction(width, height, 0, 0)  # the same for every square
        raise TilewrightError(f"no square of a {width}x{height} board can be missing: {reason}")
    draws = np.random.Generator(np.random.PCG64(sequence(seed, Stream.MISSING_SQUARE)))
    while True:  # ends: each draw qualifies with probability at least 9/25
        row, col = divmod(int(draws.integers(width * height)), width)
        if obstruction(width, height, row, col) is None:
            return row, col


@filler(TROMINO_SECTIONS)
def classic(size: int, x: int, y: int) -> Tiling:
    """The textbook program's board: 2^k wide, the special square at row x, column y.

    Parameters
    ----------
    size : int
        M, a power of two from 1 to 2^30.
    x, y : int
        The special square's row and column, counted from 1 as the textbook reads them.

    Returns
    -------
    Tiling
        Numbered in the textbook's order; its text is the textbook's ``"%2d "`` per cell.

    %(classic_raises)s

    Examples
    --------
    >>> classic(8, 2, 3)
    <Tiling 8x8 missing (1,2): 21 trominoes>
    """
    plan = classic_plan(size, x, y)
    return Tiling(plan.width, plan.height, (plan.row, plan.col), number_width=2)
