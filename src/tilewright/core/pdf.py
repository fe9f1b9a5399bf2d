"""Vector PDF from the SVG that every family already draws.

The PDF is the SVG drawn by cairo (through CairoSVG), so the two formats cannot drift
apart: one drawing code per family, two vector formats. Cairo is the renderer that
printing pipelines and Inkscape use, so a PDF prints as the SVG looks in them. One SVG user
unit (a "pixel") becomes 0.75 pt, CSS's 96 units an inch.
"""

import io
from collections.abc import Mapping
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import describe

# Measured: CairoSVG holds about 1.5 KB a drawn element while it renders; the SVG text is
# a fair proxy for the element count (50-100 bytes an element).
_BYTES_PER_SVG_BYTE = 30


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
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    data = svg.encode() if isinstance(svg, str) else bytes(svg)
    check_fits(len(data) * _BYTES_PER_SVG_BYTE, "the PDF drawing")
    # unsafe: the document is tilewright's own, with no external references; the safe
    # parser refuses large documents, which large mazes are
    tree = Tree(bytestring=data, unsafe=True)
    sink = io.BytesIO()
    try:
        surface = PDFSurface(tree, sink, 96)
    except ValueError as error:  # an SVG without a size
        raise TilewrightError(f"cannot draw this SVG as a PDF: {error}") from None
    set_document_info(surface.cairo, info or {})
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
