"""Numbers as tilewright reads them: ASCII digits only, never longer than they need to be.

Why so strict: Python's ``int()`` reads any Unicode decimal digit ('３', '٣') and refuses more
than 4300 digits with an error that names a setting of the interpreter, not the input. So
text is read here instead: only the digits 0-9 (anything else a person might take for a
digit, like '²', is named in the message), and a number written with more digits than the
largest accepted value has is refused before ``int()`` sees it. The same module checks the
types of numbers handed to library functions (an ``np.integer`` counts as an integer, a bool
does not), so that a wrong type is a ``TypeError`` before any compiled kernel runs.
"""

import math
import numbers

import numpy as np

from tilewright.core.errors import TilewrightError


class ArgumentTypeError(TilewrightError, TypeError):
    """An argument of the wrong type where tilewright used to raise
    :class:`TilewrightError`: it is both, so that callers catching either still do.

    Examples
    --------
    >>> issubclass(ArgumentTypeError, TypeError), issubclass(ArgumentTypeError, ValueError)
    (True, True)
    """


# integers longer than this (about 36 digits) are written approximately in messages
_SHOWN_BITS = 120


def quoted(text: str, limit: int = 40) -> str:
    """``text`` for a one-line message: repr'd, and cut to about ``limit`` characters.

    Parameters
    ----------
    text : str
        What the user gave.
    limit : int, default 40
        Characters kept; a longer text ends in ``...``.

    Returns
    -------
    str

    Examples
    --------
    >>> quoted("30y15")
    "'30y15'"
    >>> quoted("9" * 100, limit=10)
    "'9999999...'"
    """
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text)


def shown(value: int) -> str:
    """An integer for a message: written out, or as "about 1.0e+5000" when it is long
    (``str()`` of a huge integer is slow and, past 4300 digits, an error).

    Parameters
    ----------
    value : int
        Any integer, of any length.

    Returns
    -------
    str

    Examples
    --------
    >>> shown(-42)
    '-42'
    >>> shown(10**5000)
    'about 1.0e+5000'
    """
    bits = abs(value).bit_length()
    if bits <= _SHOWN_BITS:
        return str(value)
    # the leading 64 bits give the mantissa; the rest only shift the exponent
    logarithm = math.log10(abs(value) >> (bits - 64)) + (bits - 64) * math.log10(2)
    exponent = math.floor(logarithm)
    mantissa = 10 ** (logarithm - exponent)
    return f"about {'-' if value < 0 else ''}{mantissa:.1f}e+{exponent}"


def check_ascii(text: str, what: str) -> None:
    """Refuse ``text`` if it holds a character beyond ASCII, naming the first one; a digit
    of another script (or a digit-like sign such as '²') gets a message of its own.

    Found by the ASCII codec, at C speed: a pasted text of any length costs time linear
    in its length.

    Parameters
    ----------
    text : str
        What the user gave.
    what : str
        What it is, for the message ("the size").

    Raises
    ------
    TilewrightError
        Naming the first character beyond ASCII.

    Examples
    --------
    >>> check_ascii("30x15", "the size")
    >>> check_ascii("３0x15", "the size")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the size may only use the digits 0-9, not '３'
    """
    if text.isascii():
        return
    try:
        text.encode("ascii")
    except UnicodeEncodeError as error:
        character = text[error.start]
    if character.isnumeric():
        raise TilewrightError(f"{what} may only use the digits 0-9, not {character!r}")
    raise TilewrightError(f"unexpected character {character!r} in {what}")


def parse_whole(text: str, what: str, largest: int) -> int:
    """The whole number ``text`` written in ASCII digits 0-9, at most ``largest``.

    Parameters
    ----------
    text : str
        The digits, nothing else (no sign, no spaces, no underscores).
    what : str
        What the number is, for messages ("the width").
    largest : int
        The largest accepted value; a number written with more digits than it has is
        refused without being converted.

    Returns
    -------
    int
        The value.

    Raises
    ------
    TypeError
        When ``text`` is not a string.
    TilewrightError
        When ``text`` is not made of ASCII digits, or the value passes ``largest``.

    Examples
    --------
    >>> parse_whole("0042", "the width", largest=1000)
    42
    >>> parse_whole("1" * 5000, "the width", largest=1000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the width may be at most 1000, got a number of 5000...
    """
    if not isinstance(text, str):
        raise TypeError(f"{what} must be given as text, not {type(text).__name__}")
    check_ascii(text, what)
    if not (text.isascii() and text.isdigit()):
        raise TilewrightError(f"{what} must be a whole number, got {quoted(text)}")
    if len(text.lstrip("0")) > len(str(largest)):
        raise TilewrightError(
            f"{what} may be at most {largest}, got a number of {len(text)} digits"
        )
    value = int(text)
    if value > largest:
        raise TilewrightError(f"{what} may be at most {largest}, got {value}")
    return value


def require_int(value: object, name: str) -> int:
    """``value`` as a Python int, or a ``TypeError`` if it is not an integer (``np.integer``
    counts, ``bool`` does not).

    Parameters
    ----------
    value : object
        What the caller passed.
    name : str
        The argument's name, for the message.

    Returns
    -------
    int
        The same number as a Python int.

    Raises
    ------
    TypeError
        When ``value`` is not an integer.

    Examples
    --------
    >>> require_int(np.int32(7), "width")
    7
    >>> require_int(True, "width")
    Traceback (most recent call last):
    ...
    TypeError: width must be an integer, not bool
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    return int(value)


def require_int_between(value: object, name: str, low: int, high: int) -> int:
    """``value`` as a Python int from ``low`` to ``high``.

    Raises
    ------
    TypeError
        When ``value`` is not an integer.
    TilewrightError
        When it is out of range, saying the range.

    Examples
    --------
    >>> require_int_between(np.int64(3), "count", 1, 10)
    3
    >>> require_int_between(0, "count", 1, 10)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: count must be from 1 to 10, got 0
    """
    number = require_int(value, name)
    if not low <= number <= high:
        raise TilewrightError(f"{name} must be from {low} to {shown(high)}, got {shown(number)}")
    return number


def require_real(value: object, name: str) -> float:
    """``value`` as a float, or a ``TypeError`` if it is not a real number (``bool`` is
    not one here); ``name`` is the argument's, as for :func:`require_int`. Integers too
    large for a float become ``inf``, for the caller's range check to refuse.

    Examples
    --------
    >>> require_real(1, "bias"), require_real(-(10**400), "bias")
    (1.0, -inf)
    >>> require_real("0.5", "bias")
    Traceback (most recent call last):
    ...
    TypeError: bias must be a real number, not str
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    try:
        return float(value)
    except OverflowError:
        return -math.inf if value < 0 else math.inf


def require_bool(value: object, name: str) -> bool:
    """``value`` as a bool, or a ``TypeError`` if it is not ``True`` or ``False``
    (``np.bool_`` counts, ``0`` and ``1`` do not); ``name`` is the argument's, as for
    :func:`require_int`.

    Examples
    --------
    >>> require_bool(np.True_, "solve")
    True
    >>> require_bool(1, "solve")
    Traceback (most recent call last):
    ...
    TypeError: solve must be True or False, not int
    """
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    return bool(value)
