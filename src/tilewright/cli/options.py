"""Argument types shared by the subcommands."""

import re

import click

_SIZE = re.compile(r"^\s*(-?\d+)\s*[x×X]\s*(-?\d+)\s*$")


class SizeType(click.ParamType):
    """``WIDTHxHEIGHT``, for example ``30x15``: width first, as on a screen."""

    name = "WxH"

    def convert(self, value, param, ctx) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        match = _SIZE.match(str(value))
        if not match:
            self.fail(f"size must look like WIDTHxHEIGHT (for example 30x15), got {value!r}")
        width, height = int(match[1]), int(match[2])
        if width < 1 or height < 1:
            self.fail(f"width and height must be at least 1, got {width}x{height}")
        return width, height


SIZE = SizeType()


class CellType(click.ParamType):
    """``ROW,COLUMN`` counted from 0 at the top-left, for example ``0,0``."""

    name = "R,C"

    def convert(self, value, param, ctx) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            row, col = (int(p) for p in parts)
        except ValueError:
            self.fail(f"a cell is ROW,COLUMN counted from 0 (for example 0,0), got {value!r}")
        return row, col


CELL = CellType()


def format_from_suffix(output: str | None, suffixes: dict[str, str], default: str) -> str:
    """The output format that the ``-o FILE`` suffix names (``.png`` → png), or ``default``."""
    name = (output or "").lower()
    return next((fmt for suffix, fmt in suffixes.items() if name.endswith(suffix)), default)
