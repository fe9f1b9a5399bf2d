"""Vector PDF from the SVG that every family already draws.

The PDF is the SVG drawn by cairo (through CairoSVG), so the two formats cannot drift
apart: one drawing code per family, two vector formats. Cairo is the renderer that
printing pipelines and Inkscape use, so a PDF prints as the SVG looks in them. One SVG user
unit (a "pixel") becomes 0.75 pt, CSS's 96 units an inch.
"""

import io
from collections.abc import Iterable, Mapping
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import describe

# Measured: CairoSVG holds about 1.5 KB a drawn element while it renders; the SVG text is
# a fair proxy for the element count (50-100 bytes an element).
_BYTES_PER_SVG_BYTE = 30


def check_pdf_fits(svg_bytes: float, what: str, held: float = 0) -> None:
    """Refuse, before any drawing, a PDF whose SVG of about ``svg_bytes`` bytes would not
    fit in memory beside ``held`` bytes: the SVG is held whole, then drawn (as
    :func:`pdf_from_svg_pages` checks again, once it is made); ``what`` names the picture.

    Raises
    ------
    TilewrightError
        Naming the memory needed and the memory available (``core.memory.check_fits``).

    Examples
    --------
    >>> check_pdf_fits(1e6, "a small patch")
    >>> check_pdf_fits(1e15, "a huge patch")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a PDF of a huge patch needs about ...
    """
    check_fits(held + svg_bytes * (1 + _BYTES_PER_SVG_BYTE), f"a PDF of {what}")


def pdf_from_svg(svg: str | bytes, info: Mapping[str, object] | None = None) -> bytes:
    """The SVG document ``svg`` as a one-page vector PDF, with ``info`` in its metadata.

    Parameters
    ----------
    svg : str or bytes
        A whole SVG document, as the pictures modules write it.
    info : mapping, optional
        What made the picture (family, size, seed, ...): written into the PDF's subject
        and keywords, so that the seed of a printed puzzle is never lost.

    Returns
    -------
    bytes
        The PDF file.

    Raises
    ------
    TilewrightError
        When the drawing would not fit in memory.

    Examples
    --------
    >>> pdf = pdf_from_svg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    >>> pdf[:5]
    b'%PDF-'
    """
    return pdf_from_svg_pages([svg], info)


def pdf_from_svg_pages(
    pages: Iterable[str | bytes], info: Mapping[str, object] | None = None
) -> bytes:
    """The SVG documents ``pages`` as one vector PDF, a page each at each one's own size.

    Parameters
    ----------
    pages : iterable of str or bytes
        Whole SVG documents, at least one; each is drawn as it comes.
    info : mapping, optional
        What made the pages, as for :func:`pdf_from_svg`.

    Returns
    -------
    bytes
        The PDF file.

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

    sink = io.BytesIO()
    target = PDFTarget(sink, 1, 1)  # each page sets its own size before it is drawn

    class Page(PDFSurface):
        """CairoSVG's PDF drawing of one document, made onto ``target`` (CairoSVG's own
        surfaces choose their cairo surface the same way) instead of a PDF of its own."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            target.set_size(width, height)
            return target, width, height

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
