"""The one exception type for bad input.

Library functions raise :class:`TilewrightError` when the caller asked for something that
cannot be done (a negative size, an unknown algorithm, a maze too large for memory). The CLI
turns it into one line on stderr and exit status 2; everything else is a bug and is allowed
to show a traceback.
"""


class TilewrightError(ValueError):
    """Input that tilewright rejects, with a message meant for the user.

    A ``ValueError``, so code that already catches bad values catches it too.

    Examples
    --------
    >>> from tilewright.core.seeds import resolve_seed
    >>> try:
    ...     resolve_seed(-1)
    ... except ValueError as error:
    ...     print(f"{type(error).__name__}: {error}")
    TilewrightError: seed must be between 0 and 9223372036854775807, got -1
    """
