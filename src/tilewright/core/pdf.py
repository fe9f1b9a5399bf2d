"""Vector PDF from the SVG that every family already draws.

The PDF is the SVG drawn by cairo (through CairoSVG), so the two formats cannot drift
apart: one drawing code per family, two vector formats. Cairo is the renderer that
printing pipelines and Inkscape use, so a PDF prints as the SVG looks in them. One SVG user
unit (a "pixel") becomes 0.75 pt, CSS's 96 units an inch.

A picture's PDF is a page of paper (A4 by default, or Letter): the picture scaled to fill
the page inside the margin every printer prints, centred, on a page turned landscape when
the picture is wider than tall (:func:`placement`). Without a paper, each page is the
picture's own size (print sheets, laser-cut files).
"""

import io
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import describe
from tilewright.core.sheets import MARGIN, paper_named

# PDF points per SVG user unit: CSS's 96 units an inch against PostScript's 72 points
POINTS_PER_UNIT = 0.75
# the paper a picture's PDF is printed on unless another is named
DEFAULT_PAPER = "a4"

# Measured: CairoSVG holds about 1.5 KB a drawn element while it renders; the SVG text is
# a fair proxy for the element count (50-100 bytes an element).
_BYTES_PER_SVG_BYTE = 30


@fill_doc
def check_pdf_fits(svg_bytes: float, what: str, held: float = 0) -> None:
    """Refuse, before any drawing, a PDF whose SVG of about ``svg_bytes`` bytes would not
    fit in memory beside ``held`` bytes: the SVG is held whole, then drawn (as
    :func:`pdf_from_svg_pages` checks again, once it is made); ``what`` names the picture.

    %(memory_raises)s

    Examples
    --------
    >>> check_pdf_fits(1e6, "a small patch")
    >>> check_pdf_fits(1e15, "a huge patch")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a PDF of a huge patch needs about ...
    """
    check_fits(held + svg_bytes * (1 + _BYTES_PER_SVG_BYTE), f"a PDF of {what}")


def placement(
    width: float, height: float, paper: str | None
) -> tuple[float, float, float, float, float]:
    """Where a picture ``width`` × ``height`` points large goes on a page of ``paper``.

    Parameters
    ----------
    width, height : float
        The picture's size in points, both above 0.
    paper : str or None
        ``"a4"`` or ``"letter"`` (any case); None: a page of the picture's own size.

    Returns
    -------
    tuple of float
        ``(page_width, page_height, left, top, scale)`` in points: the page (landscape
        when the picture is wider than tall), and the picture drawn ``scale`` times its
        size from ``(left, top)``, as large as fits inside ``MARGIN`` and centred.

    Raises
    ------
    TypeError, TilewrightError
        For a paper that is not a str or not one of the papers.

    Examples
    --------
    >>> [round(v, 1) for v in placement(400, 300, "a4")]
    [841.9, 595.3, 72.1, 36.0, 1.7]
    >>> placement(400, 300, None)
    (400, 300, 0.0, 0.0, 1.0)
    """
    sheet = None if paper is None else paper_named(paper)
    if sheet is None or width <= 0 or height <= 0:  # no size: CairoSVG says so, drawing it
        return width, height, 0.0, 0.0, 1.0
    short, long = sorted((sheet.width, sheet.height))
    page_width, page_height = (long, short) if width > height else (short, long)
    scale = min((page_width - 2 * MARGIN) / width, (page_height - 2 * MARGIN) / height)
    left = (page_width - width * scale) / 2
    top = (page_height - height * scale) / 2
    return page_width, page_height, left, top, scale


@fill_doc
def pdf_from_svg(
    svg: str | bytes, info: Mapping[str, object] | None = None, paper: str | None = DEFAULT_PAPER
) -> bytes:
    """The SVG document ``svg`` as a one-page vector PDF, with ``info`` in its metadata.

    Parameters
    ----------
    svg : str or bytes
        A whole SVG document, as the pictures modules write it.
    info : mapping, optional
        What made the picture (family, size, seed, ...): written into the PDF's subject
        and keywords, so that the seed of a printed puzzle is never lost.
    paper : str or None, default ``"a4"``
        The page: ``"a4"`` or ``"letter"``, the picture fitted inside its margins
        (:func:`placement`); None: the picture's own size (one user unit 0.75 pt).

    %(pdf_returns)s

    %(picture_memory_raises)s

    Examples
    --------
    >>> pdf = pdf_from_svg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    >>> pdf[:5], b"/MediaBox [ 0 0 595.275591 841.889764 ]" in pdf
    (b'%PDF-', True)
    """
    return pdf_from_svg_pages([svg], info, paper)


@fill_doc
def pdf_from_svg_pages(
    pages: Iterable[str | bytes],
    info: Mapping[str, object] | None = None,
    paper: str | None = None,
) -> bytes:
    """The SVG documents ``pages`` as one vector PDF, a page each at each one's own size
    (or on ``paper``, as :func:`placement` puts them).

    Parameters
    ----------
    pages : iterable of str or bytes
        Whole SVG documents, at least one; each is drawn as it comes.
    info : mapping, optional
        What made the pages, as for :func:`pdf_from_svg`.
    paper : str or None
        As for :func:`pdf_from_svg`; default None, each page its picture's size.

    %(pdf_returns)s

    Raises
    ------
    TilewrightError
        When there is no page, a page has no size, or the drawing would not fit in
        memory.

    Examples
    --------
    >>> page = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    >>> pdf_from_svg_pages([page, page]).count(b"/MediaBox")
    2
    """
    from cairocffi import PDFSurface as PDFTarget
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    if paper is not None:
        paper_named(paper)  # refused before anything is drawn
    sink = io.BytesIO()
    target = PDFTarget(sink, 1, 1)  # each page sets its own size before it is drawn

    class Page(PDFSurface):
        """CairoSVG's PDF drawing of one document, made onto ``target`` (CairoSVG's own
        surfaces choose their cairo surface the same way) instead of a PDF of its own,
        placed on the page as :func:`placement` says."""

        place: tuple[float, float, float] | None = None

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            page_width, page_height, left, top, scale = placement(width, height, paper)
            self.place = (left, top, scale)
            target.set_size(page_width, page_height)
            return target, width, height

        def set_context_size(self, *args: Any) -> None:
            if self.place is not None:  # the document's own size, not a nested <svg>'s
                left, top, scale = self.place
                units = self.device_units_per_user_units
                self.context.translate(left / units, top / units)
                self.context.scale(scale, scale)
                self.place = None
            super().set_context_size(*args)

    drawn = 0
    for page in pages:
        data = page.encode() if isinstance(page, str) else bytes(page)
        # a page's elements are held only while it is drawn; the pages before it stay
        # as PDF in the sink
        check_fits(len(data) * _BYTES_PER_SVG_BYTE + sink.tell(), "the PDF drawing")
        # unsafe: the documents are tilewright's own, with no external references; the
        # safe parser refuses large documents, which large mazes are
        tree = Tree(bytestring=data, unsafe=True)
        try:
            Page(tree, None, 96)
        except ValueError as error:  # an SVG without a size
            raise TilewrightError(f"cannot draw this SVG as a PDF: {error}") from None
        target.show_page()
        drawn += 1
    if not drawn:
        raise TilewrightError("a PDF needs at least one page")
    set_document_info(target, info or {})
    target.finish()
    return sink.getvalue()


@fill_doc
def pdf_from_painter(
    width: float,
    height: float,
    paint: Callable[[Any], None],
    info: Mapping[str, object],
    paper: str | None = DEFAULT_PAPER,
) -> bytes:
    """A one-page vector PDF of a picture ``width`` × ``height`` user units large that
    ``paint(context)`` draws on a cairo context, placed on ``paper`` as :func:`placement`
    says, with ``info`` in its document information.

    For pictures too large to go through SVG: CairoSVG reads path data in Python, about
    30 µs a point, where cairo takes the same drawing from arrays in seconds.

    Parameters
    ----------
    width, height : float
        The picture's size in SVG user units.
    paint : callable
        Draws the picture in user units on the cairo context it is given.
    info : mapping
        What made the picture, as :func:`set_document_info` records it.
    paper : str or None, default ``"a4"``
        As for :func:`pdf_from_svg`.

    %(pdf_returns)s

    Examples
    --------
    >>> pdf_from_painter(10, 10, lambda context: context.paint(), {"family": "test"})[:5]
    b'%PDF-'
    """
    import cairocffi

    page_width, page_height, left, top, scale = placement(
        width * POINTS_PER_UNIT, height * POINTS_PER_UNIT, paper
    )
    sink = io.BytesIO()
    surface = cairocffi.PDFSurface(sink, page_width, page_height)
    context = cairocffi.Context(surface)
    context.translate(left, top)
    context.scale(scale * POINTS_PER_UNIT, scale * POINTS_PER_UNIT)
    paint(context)
    set_document_info(surface, info)
    surface.finish()
    return sink.getvalue()


def set_document_info(surface: Any, info: Mapping[str, object]) -> None:
    """Write what made a picture into a cairo PDF surface's document information: the
    software as Creator, the record (``core.metadata.describe``) as Subject and Keywords.
    Every tilewright PDF carries the same fields, whichever way it was drawn."""
    from cairocffi import PDF_METADATA_CREATOR, PDF_METADATA_KEYWORDS, PDF_METADATA_SUBJECT

    text = describe(info)
    surface.set_metadata(PDF_METADATA_CREATOR, text.split(" ", 2)[0] + " " + _version())
    surface.set_metadata(PDF_METADATA_SUBJECT, text)
    surface.set_metadata(PDF_METADATA_KEYWORDS, text)


def _version() -> str:
    from tilewright import __version__

    return __version__
