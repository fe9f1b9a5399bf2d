"""What made an output, recorded inside it: family, parameters and, above all, the seed.

Every format that can carry text carries the same record, so that any file tilewright
wrote can be made again: JSON and npz hold it as fields, PNG as a text chunk, SVG as a
``<metadata>`` element, PDF in its document information.
"""

import json
from collections.abc import Mapping

# PNG text chunk keyword for the record (keywords are Latin-1, at most 79 characters)
PNG_KEY = "tilewright"


def record(info: Mapping[str, object]) -> dict[str, object]:
    """``info`` with the software and version first, as every output records it.

    Examples
    --------
    >>> record({"family": "maze", "seed": 7})["seed"]
    7
    """
    from tilewright import __version__

    # the software's own name wins over an "info" that claims to be something else
    return {
        "software": f"tilewright {__version__}",
        **{k: v for k, v in info.items() if k != "software"},
    }


def describe(info: Mapping[str, object]) -> str:
    """One line naming what made an output, for PDF metadata and text formats.

    Examples
    --------
    >>> describe({"family": "maze", "size": "30x15", "seed": 7}).split(" ", 2)[2]
    'family=maze size=30x15 seed=7'
    """
    fields = " ".join(f"{key}={_text(value)}" for key, value in info.items())
    return f"{record({})['software']} {fields}".strip()


def svg_element(info: Mapping[str, object]) -> str:
    """A ``<metadata>`` element holding the record as JSON, to place inside ``<svg>``.

    Examples
    --------
    >>> svg_element({"seed": 7}).startswith('<metadata id="tilewright">')
    True
    """
    # imported here: xml.sax.saxutils imports urllib.request, 40 ms of every start-up
    from xml.sax.saxutils import escape

    text = json.dumps(record(info), separators=(",", ":"), default=str)
    return f'<metadata id="tilewright">{escape(text)}</metadata>'


def png_text(info: Mapping[str, object]) -> dict[str, str]:
    """Text chunks for a PNG: ``Software`` and the record as JSON under ``tilewright``.

    Examples
    --------
    >>> sorted(png_text({"seed": 7}))
    ['Software', 'tilewright']
    """
    full = record(info)
    return {
        "Software": str(full["software"]),
        PNG_KEY: json.dumps(full, separators=(",", ":"), default=str),
    }


def _text(value: object) -> str:
    if isinstance(value, Mapping):
        return ",".join(f"{k}:{v}" for k, v in value.items()) or "-"
    return str(value)
