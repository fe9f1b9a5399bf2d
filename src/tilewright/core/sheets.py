"""Print sheets: several puzzles to a page, each with a caption, then the answer pages.

A family draws each puzzle and its answer as an SVG document, as it does for its own
pictures; a sheet places those documents, unchanged, in boxes on A4 or Letter pages (each
one a nested ``<svg>`` scaled into its box), writes the caption under each in small
print, and draws the pages with cairo into one vector PDF (``tilewright.core.pdf``). The
answer pages repeat the puzzle pages' layout and captions, so the answer to a puzzle is
found where the puzzle is, a few pages on.

Page coordinates are points (1/72 inch) from the top-left corner. Captions are set in a
monospace font, whose characters all have the same width: a game ID (one long word) can
then be wrapped to its box's width without measuring a font.
"""

import math
import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown

MM = 72 / 25.4  # points a millimetre
# half an inch: inside the part of the page every printer prints
MARGIN = 36.0
HEADING_SIZE = 10.0
# from the top margin to the first row of puzzles: the heading and a gap under it
HEADING_SPACE = 26.0
GUTTER = 18.0
CAPTION_SIZE = 7.0
CAPTION_LINE = 8.5  # baseline to baseline
CAPTION_GAP = 3.0  # between a picture's bottom and its caption's first line
# a monospace character's advance in font sizes (DejaVu Sans Mono, Liberation Mono,
# Courier: all 0.6)
MONOSPACE_ADVANCE = 0.6
MOST_PUZZLES = 1000
MOST_PER_PAGE = 100
# when the layout is chosen, no more puzzles a page than this: more, smaller ones crowd
MOST_PER_PAGE_CHOSEN = 12
_XML_START = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)
# a picture's record: the sheet has one record for all, in the PDF's information
_METADATA = re.compile(r"<metadata\b.*?</metadata>", re.DOTALL)
# passes the pages of a sheet on as they are drawn (a progress bar)
Progress = Callable[[list[str]], Iterable[str]]


@dataclass(frozen=True)
class Paper:
    """A paper size in points, portrait.

    Examples
    --------
    >>> PAPERS["letter"]
    Paper(name='Letter', width=612.0, height=792.0)
    """

    name: str
    width: float
    height: float


PAPERS = {"a4": Paper("A4", 210 * MM, 297 * MM), "letter": Paper("Letter", 612.0, 792.0)}


@dataclass(frozen=True)
class Frame:
    """What a sheet needs of a family's pictures before any is drawn: their size in their
    own SVG units, the side of one grid square in those units, and how large a square
    should print.

    Parameters
    ----------
    width, height : float
        The picture's size, margins included.
    square : float
        One grid square (a puzzle's square, a maze's cell).
    comfortable : float
        Millimetres a square that make a puzzle pleasant to solve on paper: a chosen
        layout puts as many puzzles on a page as keep this size.
    smallest : float
        Millimetres a square below which a puzzle is refused as unreadable.
    squares : str, default "squares"
        What the grid's squares are called, for messages ("cells" in a maze).

    Examples
    --------
    >>> Frame(352, 352, 32, comfortable=5.5, smallest=3).square
    32
    """

    width: float
    height: float
    square: float
    comfortable: float
    smallest: float
    squares: str = "squares"


@dataclass(frozen=True)
class Entry:
    """One puzzle of a sheet: its picture, its answer's picture (SVG documents of the
    same size) and its caption, a line of text each (long lines are wrapped)."""

    puzzle: str
    answer: str
    caption: tuple[str, ...]


@dataclass(frozen=True)
class Layout:
    """How puzzles sit on a page: ``columns`` × ``rows`` boxes of equal size, filled
    row by row, ``per_page`` of them used.

    Examples
    --------
    >>> layout = Layout(PAPERS["a4"], Frame(352, 352, 32, 5.5, 3), 2, 3, 6)
    >>> round(layout.box_width, 1), round(layout.box_height, 1)
    (252.6, 236.0)
    >>> round(layout.square_mm(caption_lines=2), 1)
    6.9
    """

    paper: Paper
    frame: Frame
    columns: int
    rows: int
    per_page: int

    @property
    def box_width(self) -> float:
        """Points across a box: a picture and its caption."""
        inside = self.paper.width - 2 * MARGIN - (self.columns - 1) * GUTTER
        return inside / self.columns

    @property
    def box_height(self) -> float:
        """Points down a box: a picture and its caption."""
        inside = self.paper.height - 2 * MARGIN - HEADING_SPACE - (self.rows - 1) * GUTTER
        return inside / self.rows

    def box(self, index: int) -> tuple[float, float]:
        """The top-left corner of the page's ``index``-th box (from 0, row by row)."""
        row, column = divmod(index, self.columns)
        x = MARGIN + column * (self.box_width + GUTTER)
        y = MARGIN + HEADING_SPACE + row * (self.box_height + GUTTER)
        return x, y

    def caption_width(self) -> int:
        """Characters a caption line holds across a box."""
        return max(1, int(self.box_width / (MONOSPACE_ADVANCE * CAPTION_SIZE)))

    def scale(self, caption_lines: int) -> float:
        """Points a unit of the pictures, each as large as fits its box above a caption
        of ``caption_lines`` lines (0 or less: nothing fits)."""
        picture_height = self.box_height - caption_height(caption_lines)
        return min(self.box_width / self.frame.width, picture_height / self.frame.height)

    def square_mm(self, caption_lines: int) -> float:
        """Millimetres a grid square prints at, under captions of ``caption_lines``."""
        return self.scale(caption_lines) * self.frame.square / MM


def require_puzzles(puzzles: Sequence[Any], kind: type, noun: str, holds: str) -> None:
    """Refuse a sheet of no puzzle, or one holding something other than a ``kind``: the
    first message names the ``noun`` the family calls a puzzle, the second begins with
    ``holds`` (what the sheet holds) and ends with what it was given.

    Raises
    ------
    TypeError
        When a puzzle is not a ``kind``.
    TilewrightError
        When there are no puzzles.

    Examples
    --------
    >>> require_puzzles([], int, "number", "a sheet holds ints")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a sheet needs at least one number
    >>> require_puzzles([1, "2"], int, "number", "a sheet holds ints")
    Traceback (most recent call last):
    ...
    TypeError: a sheet holds ints, not str
    """
    if not puzzles:
        raise TilewrightError(f"a sheet needs at least one {noun}")
    for made in puzzles:
        if not isinstance(made, kind):
            raise TypeError(f"{holds}, not {type(made).__name__}")


def shared_params(puzzles: Sequence[Any], kind: type) -> Any:
    """The parameters every puzzle of a sheet was made with: refused when there is no
    puzzle, one is not a ``kind`` (the family's generated puzzle, with a ``params``) or
    they were made with different parameters.

    Raises
    ------
    TypeError
        When a puzzle is not a ``kind``.
    TilewrightError
        When there are no puzzles or their parameters differ.

    Examples
    --------
    >>> from types import SimpleNamespace as Made
    >>> shared_params([Made(params="4x4"), Made(params="4x4")], Made)
    '4x4'
    """
    require_puzzles(puzzles, kind, "puzzle", f"a sheet holds {kind.__name__} puzzles")
    params = puzzles[0].params
    if any(made.params != params for made in puzzles):
        raise TilewrightError("the puzzles of a sheet must be made with the same parameters")
    return params


def require_layout(layout: Layout, frame: Frame, puzzles: str, made_with: str) -> None:
    """Refuse a layout planned for pictures of another size than ``frame`` (a family's
    pictures of the sheet's puzzles): their boxes would crop or shrink them. The message
    names the ``puzzles`` ("7x6 mazes") and what their layout is planned ``made_with``.

    Raises
    ------
    TilewrightError
        When ``layout.frame`` is not ``frame``.

    Examples
    --------
    >>> layout = plan_layout("a square", Frame(10, 10, 1, 5, 2), 1)
    >>> require_layout(layout, Frame(20, 10, 1, 5, 2), "2x1 squares", "their size")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the layout is not for 2x1 squares: plan it \
with sheet_layout and their size
    """
    if layout.frame != frame:
        raise TilewrightError(
            f"the layout is not for {puzzles}: plan it with sheet_layout and {made_with}"
        )


def caption_height(lines: int) -> float:
    """Points under a picture that its caption of ``lines`` lines takes.

    Examples
    --------
    >>> caption_height(2)
    20.0
    """
    return CAPTION_GAP + lines * CAPTION_LINE


def wrapped(caption: Sequence[str], width: int) -> list[str]:
    """The caption's lines wrapped to ``width`` characters: at spaces where a line has
    them, anywhere in a long word (a game ID).

    Examples
    --------
    >>> wrapped(["#1 · seed 7", "10x10:a2b3c4d5e6"], 8)
    ['#1 ·', 'seed 7', '10x10:a2', 'b3c4d5e6']
    """
    lines = []
    for line in caption:
        lines += textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    return lines


def paper_named(name: str) -> Paper:
    """The paper called ``name`` (``"a4"`` or ``"letter"``, in any case).

    Raises
    ------
    TypeError
        When ``name`` is not a str.
    TilewrightError
        When no paper has that name.

    Examples
    --------
    >>> paper_named("A4").name
    'A4'
    """
    if not isinstance(name, str):
        raise TypeError(f"a paper is named by a str, not {type(name).__name__}")
    paper = PAPERS.get(name.lower())
    if paper is None:
        raise TilewrightError(f"unknown paper {name[:20]!r}: choose {' or '.join(PAPERS)}")
    return paper


@fill_doc
def plan_layout(
    what: str,
    frame: Frame,
    count: int,
    *,
    paper: str = "a4",
    per_page: int | None = None,
    caption: Sequence[int] = (),
) -> Layout:
    """The layout of a sheet of ``count`` puzzles, checked before any is made.

    Without ``per_page``, a page takes as many puzzles (up to ``count`` and to
    ``MOST_PER_PAGE_CHOSEN``) as keep their squares ``frame.comfortable`` millimetres
    wide, and one when even one is smaller; boxes are arranged in the columns and rows
    that make the puzzles largest.

    Parameters
    ----------
    what : str
        The puzzle, for messages ("a 20x20 maze").
    frame : Frame
        The pictures' size and squares.
    count : int
        Puzzles on the sheet, 1 to ``MOST_PUZZLES``.
    %(sheet_paper)s
    per_page : int, optional
        Puzzles a page, 1 to ``MOST_PER_PAGE``.
    caption : sequence of int
        The expected length of each caption line, in characters: the room left for
        captions (the pictures grow or shrink a little when the real ones are set).

    Returns
    -------
    Layout
        The paper, its columns × rows of boxes and how many of them a page uses.

    Raises
    ------
    TypeError
        When a number is not an integer.
    TilewrightError
        When a number is out of range, the paper unknown, or the squares would print
        smaller than ``frame.smallest`` millimetres.

    Examples
    --------
    >>> frame = Frame(352, 352, 32, comfortable=5.5, smallest=3)
    >>> layout = plan_layout("a 10x10 puzzle", frame, 6)
    >>> layout.columns, layout.rows, layout.per_page
    (2, 3, 6)
    >>> plan_layout("a 10x10 puzzle", frame, 6, per_page=40)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: at 40 a page, a 10x10 puzzle would print with \
squares of 2.3 mm on A4, too small to read (at least 3 mm): at most 24 a page fit
    """
    chosen = paper_named(paper)
    count = _bounded(count, "count", 1, MOST_PUZZLES)

    def best(number: int) -> Layout:
        # the arrangements of ``number`` boxes with no empty row, the largest pictures
        arrangements = [
            Layout(chosen, frame, columns, -(-number // columns), number)
            for columns in range(1, number + 1)
        ]
        return max(arrangements, key=lambda layout: _square(layout, caption))

    if per_page is None:
        most = min(count, MOST_PER_PAGE_CHOSEN)
        layouts = (best(number) for number in range(most, 0, -1))
        fitting = (item for item in layouts if _square(item, caption) >= frame.comfortable)
        layout = next(fitting, best(1))
    else:
        layout = best(_bounded(per_page, "per_page", 1, MOST_PER_PAGE))
    size = _square(layout, caption)
    if size < frame.smallest:
        fewer = (n for n in range(layout.per_page - 1, 0, -1) if _legible(best(n), caption))
        most_legible = next(fewer, None)
        where = f"at {layout.per_page} a page, " if per_page is not None else ""
        hint = f"at most {most_legible} a page fit" if most_legible else "choose a smaller size"
        raise TilewrightError(f"{where}{what} {_too_small(size, frame, chosen)}: {hint}")
    return layout


def _too_small(size: float, frame: Frame, paper: Paper) -> str:
    if size <= 0:  # the captions alone fill the box
        return f"would not fit on {paper.name}"
    shown_size = math.floor(size * 10) / 10  # rounded down: never "3.0 mm, at least 3 mm"
    return (
        f"would print with {frame.squares} of {shown_size:.1f} mm on {paper.name}, too small "
        f"to read (at least {frame.smallest:g} mm)"
    )


def _square(layout: Layout, caption: Sequence[int]) -> float:
    width = layout.caption_width()
    lines = sum(max(1, math.ceil(length / width)) for length in caption)
    return layout.square_mm(lines)


def _legible(layout: Layout, caption: Sequence[int]) -> bool:
    return _square(layout, caption) >= layout.frame.smallest


def _bounded(value: object, name: str, low: int, high: int) -> int:
    number = require_int(value, name)
    if not low <= number <= high:
        raise TilewrightError(f"{name} must be from {low} to {high}, got {shown(number)}")
    return number


def page_svgs(layout: Layout, entries: Sequence[Entry], title: str) -> list[str]:
    """The sheet's pages as SVG documents: the puzzle pages, then the answer pages.

    Parameters
    ----------
    layout : Layout
        Where the puzzles go (:func:`plan_layout`).
    entries : sequence of Entry
        The puzzles, 1 to ``MOST_PUZZLES``, their pictures of ``layout.frame``'s size.
    title : str
        The heading of the puzzle pages; answer pages add ": answers".

    Returns
    -------
    list of str

    Raises
    ------
    TilewrightError
        When there are too few or too many entries, or their captions leave the
        pictures too small to read.

    Examples
    --------
    >>> square = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    >>> frame = Frame(10, 10, 1, comfortable=5, smallest=2)
    >>> layout = plan_layout("a square", frame, 3, caption=[4])
    >>> pages = page_svgs(layout, [Entry(square, square, ("#1",))] * 3, "Squares")
    >>> len(pages), pages[1].count("Squares: answers")
    (2, 1)
    """
    _bounded(len(entries), "the number of puzzles", 1, MOST_PUZZLES)
    captions = [wrapped(entry.caption, layout.caption_width()) for entry in entries]
    lines = max(len(caption) for caption in captions)
    size = layout.square_mm(lines)
    if size < layout.frame.smallest:
        too_small = _too_small(size, layout.frame, layout.paper)
        raise TilewrightError(f"with their captions, the puzzles {too_small}: put fewer a page")
    starts = range(0, len(entries), layout.per_page)
    total = 2 * len(starts)
    pages: list[str] = []
    for answers in (False, True):
        heading = f"{title}: answers" if answers else title
        for start in starts:
            number = len(pages) + 1
            boxes = []
            for index in range(start, min(start + layout.per_page, len(entries))):
                picture = entries[index].answer if answers else entries[index].puzzle
                spot = layout.box(index - start)
                boxes.append(_box(layout, spot, picture, captions[index], lines))
            pages.append(_page(layout.paper, heading, f"{number}/{total}", boxes))
    return pages


def _box(
    layout: Layout, spot: tuple[float, float], picture: str, caption: list[str], lines: int
) -> str:
    """A picture scaled into its box, centred, with its caption under it; the picture and
    the caption's ``lines`` lines (the most any caption takes) centred down the box, so
    every picture of the sheet sits at the same place in its box."""
    # imported here: xml.sax.saxutils imports urllib.request, 40 ms of every start-up
    from xml.sax.saxutils import escape

    scale = layout.scale(lines)
    width, height = layout.frame.width * scale, layout.frame.height * scale
    left, top = spot
    x = left + (layout.box_width - width) / 2
    y = top + (layout.box_height - height - caption_height(lines)) / 2
    middle = left + layout.box_width / 2
    parts = [
        f'<svg x="{x:.2f}" y="{y:.2f}" width="{width:.2f}" height="{height:.2f}" '
        f'viewBox="0 0 {layout.frame.width:g} {layout.frame.height:g}">',
        _METADATA.sub("", _XML_START.sub("", picture, count=1)),
        "</svg>",
        f'<g font-family="monospace" font-size="{CAPTION_SIZE:g}" text-anchor="middle" '
        'fill="#000000">',
    ]
    for row, line in enumerate(caption):
        baseline = y + height + CAPTION_GAP + CAPTION_SIZE + row * CAPTION_LINE
        parts.append(f'<text x="{middle:.2f}" y="{baseline:.2f}">{escape(line)}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _page(paper: Paper, heading: str, number: str, boxes: list[str]) -> str:
    from xml.sax.saxutils import escape  # see _box

    width, height = f"{paper.width:.4f}", f"{paper.height:.4f}"
    baseline = MARGIN + HEADING_SIZE
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}pt" height="{height}pt" '
            f'viewBox="0 0 {width} {height}">',
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
            f'<g font-family="sans-serif" font-size="{HEADING_SIZE:g}" fill="#000000">',
            f'<text x="{MARGIN:g}" y="{baseline:g}">{escape(heading)}</text>',
            f'<text x="{paper.width - MARGIN:.2f}" y="{baseline:g}" text-anchor="end">'
            f"{number}</text>",
            "</g>",
            *boxes,
            "</svg>",
            "",
        ]
    )


@fill_doc
def draw_sheet(
    layout: Layout,
    entries: Sequence[Entry],
    title: str,
    info: Mapping[str, object],
    progress: Progress | None = None,
) -> bytes:
    """The sheet as one vector PDF: :func:`page_svgs` drawn by cairo, with ``info`` (and
    the paper and puzzles a page) in its document information.

    Parameters
    ----------
    layout, entries, title
        As for :func:`page_svgs`.
    info : mapping
        What made the puzzles (family, parameters, seeds), as ``core.pdf`` records it.
    progress : callable, optional
        ``progress(pages)`` passes the pages on as they are drawn, for a progress bar:
        drawing takes about 0.1 s a page.

    %(pdf_returns)s

    Raises
    ------
    TilewrightError
        As for :func:`page_svgs`, or when the drawing would not fit in memory.

    Examples
    --------
    >>> square = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    >>> layout = plan_layout("a square", Frame(10, 10, 1, 5, 2), 1)
    >>> pdf = draw_sheet(layout, [Entry(square, square, ("#1",))], "Squares", {"seeds": "1"})
    >>> pdf[:5], b"paper=A4" in pdf
    (b'%PDF-', True)
    """
    from tilewright.core.pdf import pdf_from_svg_pages

    record = {**info, "paper": layout.paper.name, "per_page": layout.per_page}
    pages = page_svgs(layout, entries, title)
    return pdf_from_svg_pages(pages if progress is None else progress(pages), record)
