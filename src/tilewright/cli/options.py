"""Argument types shared by the subcommands.

One rule for numbers everywhere: they are written with the ASCII digits 0-9 (a size typed
as ``３０x15`` or a clue ``²`` is refused, as the puzzle collection's own parser refuses
them), and a number with more digits than any accepted value could have is refused before
Python turns it into an integer, so a 5,000-digit size costs nothing and says so in one
short line. Real numbers must be finite: ``nan`` and ``inf`` are refused.
"""

import difflib
import math
import re
import sys

import click

from tilewright.core import numbers
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.seeds import MAX_SEED

# a side longer than this is refused by the parser; each family then checks what fits
MAX_SIDE = 2**40
_REAL = re.compile(r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$")
_LONGEST_REAL = 64


def parse_whole(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` (at least 0) to ``high``, or
    :class:`TilewrightError` saying why (see ``core.numbers.parse_whole``)."""
    text = text.strip()
    if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
        raise TilewrightError(f"{what} must be at least {low}, got {quoted(text)}")
    number = numbers.parse_whole(text.removeprefix("+"), what, high)
    if number < low:
        raise TilewrightError(f"{what} must be at least {low}, got {number}")
    return number


def parse_real(text: str, what: str, low: float, high: float) -> float:
    """``text`` as a finite real number from ``low`` to ``high``, or TilewrightError."""
    text = text.strip()
    if len(text) > _LONGEST_REAL:
        raise TilewrightError(f"{what} has more than {_LONGEST_REAL} characters")
    if not _REAL.match(text):
        raise TilewrightError(f"{what} must be a number such as 0.5, got {quoted(text)}")
    number = float(text)
    if not math.isfinite(number):  # 1e999: "between -inf and inf" would hold it
        raise TilewrightError(f"{what} must be a finite number, got {quoted(text)}")
    if not low <= number <= high:
        raise TilewrightError(f"{what} must be between {low:g} and {high:g}, got {quoted(text)}")
    return number


class Whole(click.ParamType):
    """A whole number in ``[low, high]``, digits 0-9 only."""

    name = "N"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value, param, ctx) -> int:
        try:
            return parse_whole(str(value), _label(param), self.low, self.high)
        except ValueError as error:
            self.fail(str(error), param, ctx)


class Real(click.ParamType):
    """A finite real number in ``[low, high]``; ``noun`` names what it is in messages."""

    name = "X"

    def __init__(self, low: float, high: float, noun: str = "") -> None:
        self.low, self.high, self.noun = low, high, noun

    def convert(self, value, param, ctx) -> float:
        if isinstance(value, float):
            return value
        try:
            what = f"{_label(param)} ({self.noun})" if self.noun else _label(param)
            return parse_real(str(value), what, self.low, self.high)
        except ValueError as error:
            self.fail(str(error), param, ctx)


def _label(param) -> str:
    if param is None or not getattr(param, "opts", None):
        return "the number"
    return max(param.opts, key=len)


SEED = Whole(0, MAX_SEED)
PROBABILITY = Real(0.0, 1.0, "a probability")


class SizeType(click.ParamType):
    """``WIDTHxHEIGHT``, for example ``30x15``: width first, as on a screen."""

    name = "WxH"

    def convert(self, value, param, ctx) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        parts = re.split(r"[x×X]", str(value).strip())
        if len(parts) != 2:
            self.fail(f"size must look like WIDTHxHEIGHT (for example 30x15), got {quoted(value)}")
        try:
            width, height = (parse_whole(part, "a side", 1, MAX_SIDE) for part in parts)
        except ValueError as error:
            self.fail(f"size must look like WIDTHxHEIGHT (for example 30x15): {error}")
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
            if len(parts) != 2:
                raise ValueError("two numbers are needed")
            row, col = (parse_whole(part, "a row or column", 0, MAX_SIDE) for part in parts)
        except ValueError:
            self.fail(f"a cell is ROW,COLUMN counted from 0 (for example 0,0), got {quoted(value)}")
        return row, col


CELL = CellType()


class CellOrIdType(click.ParamType):
    """``ROW,COLUMN`` on square grids, or one cell number on the other grids."""

    name = "CELL"

    def convert(self, value, param, ctx) -> tuple[int, int] | int:
        if isinstance(value, tuple | int):
            return value
        if "," in str(value):
            return CELL.convert(value, param, ctx)
        try:
            return parse_whole(str(value), "a cell number", 0, MAX_SIDE * MAX_SIDE)
        except ValueError:
            self.fail(f"a cell is ROW,COLUMN, or a cell number on other grids, got {quoted(value)}")


CELL_OR_ID = CellOrIdType()


def format_from_suffix(output: str | None, suffixes: dict[str, str], default: str) -> str:
    """The output format that the ``-o FILE`` suffix names (``.png`` → png), or ``default``."""
    name = (output or "").lower()
    return next((fmt for suffix, fmt in suffixes.items() if name.endswith(suffix)), default)


class NameChoice(click.Choice):
    """A name from a fixed list, in any case; a near miss gets a suggestion.

    ``-a PRIM`` is ``prim``; ``-a prims`` answers "did you mean prim?".
    """

    def __init__(self, choices) -> None:
        super().__init__(tuple(choices), case_sensitive=False)

    def convert(self, value, param, ctx):
        text = str(value)
        for choice in self.choices:
            if text.lower() == str(choice).lower():
                return choice
        names = [str(choice) for choice in self.choices]
        near = difflib.get_close_matches(text.lower(), names, n=1, cutoff=0.6)
        hint = f"did you mean {near[0]}? " if near else ""
        self.fail(f"{quoted(text)} is not one of them: {hint}choose from {', '.join(names)}")


def output_format(
    output: str | None, fmt: str | None, suffixes: dict[str, str], default: str
) -> str:
    """The format to write: ``-f`` if given, else what the ``-o`` suffix names, else
    ``default``; a suffix tilewright cannot write is refused rather than written under a
    misleading name.

    ``suffixes`` maps each suffix (``".png"``) to its format. A name with no suffix (``-o
    maze``, ``/dev/stdout``) takes ``default``. With ``-f``, an unknown suffix is the
    user's choice (``-f text -o maze.txt``), but a known suffix of another format is
    refused (``-f svg -o maze.png``).
    """
    suffix = _suffix(output)
    named = suffixes.get(suffix) if suffix else None
    if fmt is not None:
        if named is not None and named != fmt:
            raise TilewrightError(
                f"-f {fmt} does not write {suffix} files ({suffix} is {named}): "
                "change -f or the file name"
            )
        return fmt
    if not suffix:
        return default
    if named is None:
        known = ", ".join(sorted(suffixes))
        raise TilewrightError(
            f"cannot write {suffix} files; the suffixes this command writes are {known} "
            "(or give -f FORMAT)"
        )
    return named


def _suffix(output: str | None) -> str:
    if not output or output == "-":
        return ""
    name = output.rsplit("/", 1)[-1]
    stem, dot, suffix = name.rpartition(".")
    return f".{suffix.lower()}" if dot and stem else ""


def refuse_binary_terminal(fmt: str, output: str | None, binary: tuple[str, ...]) -> None:
    """Refuse to write a binary format to a terminal: it would fill the screen with noise."""
    if fmt in binary and output in (None, "-") and sys.stdout is not None and sys.stdout.isatty():
        raise TilewrightError(f"{fmt} is binary: give -o FILE.{fmt} or redirect standard output")


def stderr_is_terminal() -> bool:
    """Whether a progress bar on stderr would be seen (not when it goes to a file or pipe)."""
    return sys.stderr is not None and sys.stderr.isatty()


def report(summary) -> None:
    """The one line a long run ends with: what it wrote, how fast, where
    (``datasets.writing.Summary``)."""
    click.echo(f"tilewright: {summary.line()}", err=True)


def announce_seed(seed: int | None) -> int:
    """``seed`` checked, or a fresh one drawn and printed on stderr as ``seed: N``, so that
    a result made without ``--seed`` can always be made again."""
    from tilewright.core.seeds import resolve_seed

    if seed is not None:
        return resolve_seed(seed)
    drawn = resolve_seed(None)
    click.echo(f"seed: {drawn}", err=True)
    return drawn


def progress(items, total: float, unit: str, show_from: float):
    """``items`` passed through, counted on a progress bar on stderr when there are at least
    ``show_from`` units to do and stderr is a terminal. Each item adds ``len(item)`` units,
    or 1 when it has no length."""
    from tqdm import tqdm

    with tqdm(
        total=round(total),
        unit=unit,
        unit_scale=True,
        leave=False,
        file=sys.stderr,
        disable=None if total >= show_from else True,
    ) as bar:
        for item in items:
            yield item
            bar.update(len(item) if hasattr(item, "__len__") else 1)


def seed_option(help: str = "Seed for a reproducible result (default: random, printed)."):
    return click.option("-s", "--seed", type=SEED, help=help)


def output_option(function):
    return click.option(
        "-o", "--output", metavar="FILE", help="Write here (format from the suffix), not stdout."
    )(function)


def format_option(formats, default_help: str):
    return click.option(
        "-f", "--format", "fmt", type=NameChoice(formats), help=default_help, metavar="FORMAT"
    )


def max_side_option(function):
    from tilewright.core.picture_size import PIXEL_BUDGET

    return click.option(
        "--max-side",
        type=Whole(1, 2**31 - 1),
        default=PIXEL_BUDGET,
        show_default=True,
        help="Pictures: largest side in pixels; the default cell size fits it.",
    )(function)


class SuggestingGroup(click.Group):
    """A command group that answers a mistyped subcommand with the nearest one."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        known = self.list_commands(ctx)
        if name in known or name.startswith("-"):
            return super().resolve_command(ctx, args)
        near = difflib.get_close_matches(name.lower(), known, n=1)
        hint = f" Did you mean {near[0]!r}?" if near else ""
        ctx.fail(f"No such command {quoted(name)}.{hint}")


class CommandWithSubcommands(click.Group):
    """A command that also has subcommands: ``tilewright maze 30x15`` runs the command
    itself, ``tilewright maze sheet 20x20`` its subcommand ``sheet``.

    The first argument decides: a subcommand's name reaches the subcommand; anything else
    (a size, an option, ``--help``) reaches the command itself, whose help, usage and
    messages stay its own. A word that is no size but close to a subcommand's name
    (``shet``) is answered with the name.
    """

    def __init__(self, command: click.Command, subcommands: list[click.Command]) -> None:
        super().__init__(command.name, subcommands, help=command.help)
        self.default_command = command

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        first = args[0] if args else ""
        if first in self.commands:
            return super().make_context(info_name, args, parent, **extra)
        near = difflib.get_close_matches(first.lower(), list(self.commands), n=1)
        if near and first.isalpha():  # a size or a number is never a word
            raise click.UsageError(f"No such command {quoted(first)}. Did you mean {near[0]!r}?")
        # the context is the command's: the group then invokes it (click runs whichever
        # command a subcontext belongs to)
        return self.default_command.make_context(info_name, args, parent, **extra)


class CellFromOneType(click.ParamType):
    """``ROW,COLUMN`` counted from 1 at the top-left, as the textbook counts (``1,1``);
    converted to (row, column) counted from 0, as the library takes it."""

    name = "ROW,COL"

    def convert(self, value, param, ctx) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            if len(parts) != 2:
                raise ValueError("two numbers are needed")
            row, col = (parse_whole(part, "a row or column", 1, MAX_SIDE) for part in parts)
        except ValueError:
            self.fail(f"ROW,COL are counted from 1 (for example 1,1), got {quoted(value)}")
        return row - 1, col - 1


CELL_FROM_1 = CellFromOneType()


def maze_algorithm_option(help: str, multiple: bool = False):
    """``-a/--algorithm NAME`` for the maze commands, the names checked with suggestions;
    ``multiple``: given any number of times (a tuple of names)."""
    from tilewright.mazes import ALGORITHMS, DEFAULT_ALGORITHM

    return click.option(
        "-a",
        "--algorithm",
        type=NameChoice(ALGORITHMS),
        multiple=multiple,
        default=(DEFAULT_ALGORITHM,) if multiple else DEFAULT_ALGORITHM,
        show_default=True,
        metavar="NAME",
        help=help,
    )


def maze_parameter_options(function):
    """The algorithms' parameters: ``--strategy``, ``--join``, ``--down``, ``--bias``."""
    helps = {
        "--strategy": (None, "growing-tree: newest, random, oldest, middle or a mix."),
        "--join": (PROBABILITY, "eller: probability of joining east-west neighbours."),
        "--down": (PROBABILITY, "eller: probability of extra passages down."),
        "--bias": (PROBABILITY, "binary-tree, sidewinder: probability of north."),
    }
    for name, (kind, text) in reversed(helps.items()):
        option = click.option(name, type=kind, help=text)
        function = option(function)
    return function
