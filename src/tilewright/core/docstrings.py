"""Docstring sections that parallel public functions share, written once.

Every family has a ``pdf_bytes``, a ``save`` and a ``write``; the grid builders take the
same sizes and refuse the same way. Their numpydoc sections say the same thing, so they
are kept in one table and filled in when the function is defined, as matplotlib's
``_docstring.interpd`` and SciPy's ``doccer`` do: one wording for one idea, and a change
to it reaches every function that shares it.

In a docstring, a line that holds only ``%(name)s`` stands for the text ``name`` of the
tables given to :func:`filler`, indented as that line is. Everything else is left as
written, so braces and percent signs in the rest of a docstring need no escaping.
"""

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

Documented = TypeVar("Documented", bound=Callable)

_PLACE = re.compile(r"^([ \t]*)%\((\w+)\)s[ \t]*$", re.MULTILINE)

# Sections that functions of more than one family share.
SECTIONS: dict[str, str] = {
    "pdf_returns": """\
Returns
-------
bytes
    The PDF file.""",
    "png_returns": """\
Returns
-------
bytes
    The PNG file.""",
    "svg_returns": """\
Returns
-------
str
    The SVG document.""",
    "paper": """\
paper : str, default ``"a4"``
    ``"a4"`` or ``"letter"``.""",
    "networkx_raises": """\
Raises
------
MissingExtraError
    When networkx is not installed (a ``TilewrightError`` naming the command
    that installs it).""",
    "memory_raises": """\
Raises
------
TilewrightError
    Naming the memory needed and the memory available (``core.memory.check_fits``).""",
    "picture_memory_raises": """\
Raises
------
TilewrightError
    When the picture would not fit in memory.""",
    "grid_raises": """\
Raises
------
TypeError
    When a size is not an integer.
TilewrightError
    When a size is below 1 or the grid would not fit in memory.""",
    # rectangles, tromino, loopy, cli
    "wrong_type": """\
TypeError
    For arguments of the wrong type.""",
    # core, mazes
    "any_grid": """\
grid : PolygonGrid
    Any grid.""",
    # core, mazes, rectangles, loopy: print sheets
    "sheet_paper": """\
paper : {"a4", "letter"}, default "a4"
    The paper.""",
    "sheet_progress": """\
progress : callable, optional
    ``progress(pages)`` passes the pages on as they are drawn (a progress bar).""",
    # rectangles, tromino: the pictures' keyword options
    "picture_info": """\
info : mapping, optional
    What made the picture, recorded in it: an SVG ``<metadata>`` element, a PNG text
    chunk, the PDF's document information.""",
}


def filled(doc: str, tables: tuple[Mapping[str, str], ...]) -> str:
    """``doc`` with each line ``%(name)s`` replaced by the text ``name`` of ``tables``.

    Parameters
    ----------
    doc : str
        A docstring as written.
    tables : tuple of mapping of str to str
        Texts by name; a later table's text wins over an earlier one's.

    Returns
    -------
    str

    Raises
    ------
    KeyError
        When a line names a text no table holds (at import, so no docstring ships a
        placeholder).

    Examples
    --------
    >>> print(filled("Total.\\n\\n    %(x)s\\n", ({"x": "x : int\\n    Any."},)))
    Total.
    <BLANKLINE>
        x : int
            Any.
    <BLANKLINE>
    """
    texts: dict[str, str] = {}
    for table in tables:
        texts.update(table)

    def indented(place: re.Match[str]) -> str:
        indent, name = place.groups()
        if name not in texts:
            raise KeyError(f"no docstring section is named {name!r}")
        return "\n".join(indent + line if line else line for line in texts[name].splitlines())

    return _PLACE.sub(indented, doc)


def filler(*tables: Mapping[str, str]) -> Callable[[Documented], Documented]:
    """A decorator that fills a function's docstring from ``SECTIONS`` and ``tables``.

    Parameters
    ----------
    *tables : mapping of str to str
        A family's own sections, beside the shared ``SECTIONS``.

    Returns
    -------
    callable
        The decorator: it fills ``__doc__`` (see :func:`filled`) and returns the
        function itself; under ``python -OO``, where there is no docstring, it does
        nothing.

    Examples
    --------
    >>> @filler()
    ... def pdf():
    ...     '''A drawing.
    ...
    ...     %(pdf_returns)s
    ...     '''
    >>> print(pdf.__doc__.strip())
    A drawing.
    <BLANKLINE>
        Returns
        -------
        bytes
            The PDF file.
    """
    every = (SECTIONS, *tables)

    def fill(function: Documented) -> Documented:
        if function.__doc__:
            function.__doc__ = filled(function.__doc__, every)
        return function

    return fill


fill_doc = filler()
