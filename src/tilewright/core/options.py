"""Keyword options declared once and shared by every function that takes them.

A family's picture functions (``svg_text``, ``png_bytes``, ``pdf_bytes``) and its
``save`` take the same options. They are declared once, as a ``TypedDict``, and taken as
``**options: Unpack[Options]`` (PEP 692): type checkers and editors know every name and
type, the docstrings share one description, and a new option is added in one place.
Python itself does not check the names of ``**options`` against the ``TypedDict``, so
:func:`check_options` does, with the message Python gives for an explicit signature.
"""

from collections.abc import Mapping

from tilewright.core.numbers import quoted


def check_options(options: Mapping[str, object], accepted: type, function: str) -> None:
    """Refuse a keyword that ``accepted`` does not name.

    Parameters
    ----------
    options : mapping
        The keyword arguments given.
    accepted : type
        The ``TypedDict`` that declares them.
    function : str
        The function's name, for the message.

    Raises
    ------
    TypeError
        ``"svg_text() got an unexpected keyword argument 'colour'"``, for the first (in
        sorted order) of the names not declared.

    Examples
    --------
    >>> from typing import TypedDict
    >>> class Options(TypedDict, total=False):
    ...     cell: int
    >>> check_options({"cell": 8}, Options, "svg_text")
    >>> check_options({"cel": 8}, Options, "svg_text")
    Traceback (most recent call last):
    ...
    TypeError: svg_text() got an unexpected keyword argument 'cel'
    """
    declared = accepted.__required_keys__ | accepted.__optional_keys__  # type: ignore[attr-defined]
    unknown = sorted(set(options) - declared)
    if unknown:
        raise TypeError(f"{function}() got an unexpected keyword argument {quoted(unknown[0])}")
