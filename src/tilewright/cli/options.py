"""Argument types shared by the subcommands.

One rule for numbers everywhere: they are written with the ASCII digits 0-9 (a size typed
as ``３０x15`` or a clue ``²`` is refused, as the puzzle collection's own parser refuses
them), and a number with more digits than any accepted value could have is refused before
Python turns it into an integer, so a 5,000-digit size costs nothing and says so in one
short line. Real numbers must be finite: ``nan`` and ``inf`` are refused.
"""

import contextlib
import difflib
import importlib
import math
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import click

from tilewright.core import numbers
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.core.seeds import MAX_SEED

# a side longer than this is refused by the parser; each family then checks what fits
MAX_SIDE = 2**40
PAPER_NAMES = ("a4", "letter")  # the pages --paper offers (core.sheets.PAPERS)
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


class PairType(click.ParamType):
    """Two numbers joined by a comma, as ``name`` says (``R,C``), each read by ``number``;
    ``usage`` is what a failure says (with what was given).

    Examples
    --------
    >>> PairType("A,B", int, "give A,B").convert("3,4", None, None)
    (3, 4)
    """

    def __init__(self, name: str, number: Callable[[str], Any], usage: str) -> None:
        self.name, self.number, self.usage = name, number, usage

    def convert(self, value, param, ctx) -> tuple[Any, Any]:
        if isinstance(value, tuple):
            return value
        try:  # one number, or three, fails to unpack: a ValueError as a bad number is
            first, second = (self.number(part) for part in str(value).split(","))
        except ValueError:
            self.fail(f"{self.usage}, got {quoted(value)}")
        return first, second


# ``ROW,COLUMN`` counted from 0 at the top-left, for example ``0,0``
CELL = PairType(
    "R,C",
    lambda part: parse_whole(part, "a row or column", 0, MAX_SIDE),
    "a cell is ROW,COLUMN counted from 0 (for example 0,0)",
)


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

    ``-a PRIM`` is ``prim``; ``-a prims`` answers "did you mean prim?". ``old_names`` maps
    names a value went by before to the name it has now: they are still taken, not shown,
    and each use says so on stderr (see :func:`warn_renamed`).
    """

    def __init__(self, choices, old_names: dict[str, str] | None = None) -> None:
        super().__init__(tuple(choices), case_sensitive=False)
        self.old_names = old_names or {}

    def convert(self, value, param, ctx):
        text = str(value)
        for choice in self.choices:
            if text.lower() == str(choice).lower():
                return choice
        renamed = self.old_names.get(text.lower())
        if renamed is not None:
            flag = _label(param)
            warn_renamed(f"{flag} {text.lower()}", f"{flag} {renamed}")
            return renamed
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


# what no terminal is shown: binary files, and pictures (an SVG is text, but a screenful of
# path data is no answer to anyone who ran the command at a prompt)
PICTURE_FORMATS = ("svg", "png", "pdf", "dxf")
BINARY_FORMATS = ("npz", "npy", "parquet", "zarr")


def refuse_terminal(fmt: str, output: str | None, option: str = "-o") -> None:
    """Refuse to write a picture or a binary format to standard output when that is a
    terminal, with the way to get it: a file (``option FILE``) or a pipe. Every command
    does the same."""
    if output not in (None, "-") or sys.stdout is None or not sys.stdout.isatty():
        return
    if fmt in PICTURE_FORMATS or fmt in BINARY_FORMATS:
        kind = "a picture" if fmt in PICTURE_FORMATS else "binary"
        raise TilewrightError(
            f"{fmt} is {kind}, not for a terminal: give {option} FILE.{fmt} or pipe the output"
        )


def answer_format(
    answer: str | None,
    output: str | None,
    solve: bool,
    suffixes: dict[str, str],
    drawn: tuple[str, ...],
    default: str,
) -> str | None:
    """The format of ``--answer FILE``: the one its suffix names (``default`` for none),
    which must be one of ``drawn``, the formats that show a solution; refused too when
    ``--solve`` is given (the answer is then the output) or when it would land where the
    output goes."""
    if answer is None:
        return None
    if solve:
        raise TilewrightError("--answer writes the solution to a file of its own: drop --solve")
    kind = output_format(answer, None, suffixes, default)
    if kind not in drawn:
        *most, last = [suffix for suffix, fmt in suffixes.items() if fmt in drawn]
        names = f"{', '.join(most)} or {last}" if most else last
        raise TilewrightError(f"--answer shows the solution: name its FILE {names}")
    if same_place(answer, output):
        raise TilewrightError("--answer and the output would be written to the same place")
    return kind


def same_place(first: str, second: str | None) -> bool:
    """Whether two outputs (``-`` or None: standard output) would land in one place."""
    standard = ("-", None)
    if first in standard or second in standard:
        return first in standard and second in standard
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist yet: compare the names
        return os.path.realpath(first) == os.path.realpath(second)


def warn_renamed(old: str, new: str) -> None:
    """One line on stderr for a name that still works but has a new one."""
    click.echo(f"tilewright: warning: {old} is now {new}; the old name will be removed", err=True)


@dataclass(frozen=True)
class Renamed:
    """What an old option is now: the words that replace it (``("--cell",)``; none when
    its value is now an argument, as ``--size S`` is ``S``), its old values' new names,
    and whether it was a flag (its words then replace it whole: ``--colours`` is
    ``--colour four``)."""

    new: tuple[str, ...]
    values: dict[str, str] = field(default_factory=dict)
    flag: bool = False


class RenamingCommand(click.Command):
    """A command that still takes the old names of its options (``renamed``: old name →
    :class:`Renamed`), unshown: each use says on stderr what to write now, and the run
    goes on as if the new words had been written.

    The words are translated before click reads them, so old and new cannot disagree
    over a value; a word that is the value of another option (``-o --scale``) is left
    alone.
    """

    def __init__(self, *args, renamed: dict[str, Renamed] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.renamed = renamed or {}

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        taking = {
            name
            for param in self.params
            if isinstance(param, click.Option) and not (param.is_flag or param.count)
            for name in (*param.opts, *param.secondary_opts)
        }
        return super().parse_args(ctx, renamed_words(args, self.renamed, taking))


def renamed_words(args: list[str], renamed: dict[str, Renamed], taking: set[str]) -> list[str]:
    """``args`` with each old option (a key of ``renamed``) in its new words; ``taking``
    are the options whose next word is their value, which is never translated. Each old
    name is warned of once, however often it is given (``--size A --size B``)."""
    words: list[str] = []
    warned: set[str] = set()

    def warn(old: str, new: str) -> None:
        if old not in warned:
            warned.add(old)
            warn_renamed(old, new)

    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":  # the rest are arguments
            return [*words, word, *args[index:]]
        name, equals, attached = word.partition("=")
        rule = renamed.get(name)
        if rule is None:
            words.append(word)
            if word in taking and index < len(args):
                words.append(args[index])
                index += 1
            continue
        if rule.flag:
            warn(name, " ".join(rule.new))
            words += rule.new
            continue
        if not equals and index == len(args):  # no value: the new option says so
            words += rule.new or (word,)
            continue
        value = attached if equals else args[index]
        index += 0 if equals else 1
        now = rule.values.get(value, value)
        if not rule.new:
            warn(name, "given as an argument")
        elif value in rule.values:  # a value of its own: both named, neither from the user
            warn(f"{name} {value}", " ".join((*rule.new, now)))
        else:
            warn(name, " ".join(rule.new))
        words += [*rule.new, now]
    return words


def need_sizes(sizes: tuple) -> tuple:
    """``sizes`` when at least one is given; a usage error otherwise."""
    if not sizes:
        raise click.UsageError("missing SIZE: give one or more (for example 15x15 20x20)")
    return sizes


def refuse_paper(paper: str | None, *formats: str | None) -> None:
    """Refuse ``--paper`` when none of ``formats`` (the output's, an answer's) is PDF."""
    if paper is not None and "pdf" not in formats:
        raise TilewrightError("--paper lays out a PDF: give -f pdf or -o FILE.pdf")


def pdf_paper(paper: str | None, fmt: str) -> str | None:
    """What a library writer takes as ``paper=`` for ``--paper``: the name for a PDF, None
    (the writer's default, A4) when none was given or the output is no PDF."""
    return paper if fmt == "pdf" else None


def paper_option(function):
    """``--paper a4|letter``: the page a PDF is laid out on (other formats ignore it).

    The names are ``core.sheets.PAPERS``', repeated so that building a command's options
    loads no page layout:

    >>> from tilewright.core.sheets import PAPERS
    >>> PAPER_NAMES == tuple(PAPERS)
    True
    """
    return click.option(
        "--paper",
        type=NameChoice(PAPER_NAMES),
        metavar="NAME",
        help="pdf: the page the picture is fitted to, "
        + " or ".join(PAPER_NAMES)
        + " (default a4).",
    )(function)


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
    if total < show_from or not stderr_is_terminal():
        # no bar to draw: tqdm, and the process lock it makes on first use, not loaded
        # (some 6 ms of a command's start)
        yield from items
        return
    from tqdm import tqdm

    with tqdm(total=round(total), unit=unit, unit_scale=True, leave=False, file=sys.stderr) as bar:
        for item in items:
            yield item
            bar.update(len(item) if hasattr(item, "__len__") else 1)


def seed_option(help: str = "Seed for a reproducible result (default: random, printed)."):
    return click.option("-s", "--seed", type=SEED, help=help)


def output_option(function):
    return click.option(
        "-o", "--output", metavar="FILE", help="Write here (format from the suffix), not stdout."
    )(function)


def format_option(formats, default_help: str, old_names: dict[str, str] | None = None):
    return click.option(
        "-f",
        "--format",
        "fmt",
        type=NameChoice(formats, old_names),
        help=default_help,
        metavar="FORMAT",
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


def imported_command(where: str) -> click.Command:
    """The command ``where`` names as ``"module:attribute"``, its module imported now."""
    module, name = where.split(":")
    command: click.Command = getattr(importlib.import_module(module), name)
    return command


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
    (``shet``) is answered with the name. Subcommands are named ``"module:attribute"``
    and imported only when one runs, so that the command itself never loads them.
    """

    def __init__(self, command: click.Command, subcommands: dict[str, str]) -> None:
        super().__init__(command.name, help=command.help)
        self.default_command = command
        self.lazy_subcommands = subcommands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.lazy_subcommands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy_subcommands:
            return None
        return imported_command(self.lazy_subcommands[cmd_name])

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        first = args[0] if args else ""
        if first in self.lazy_subcommands:
            return super().make_context(info_name, args, parent, **extra)
        near = difflib.get_close_matches(first.lower(), list(self.lazy_subcommands), n=1)
        if near and first.isalpha():  # a size or a number is never a word
            raise click.UsageError(f"No such command {quoted(first)}. Did you mean {near[0]!r}?")
        # the context is the command's: the group then invokes it (click runs whichever
        # command a subcontext belongs to)
        return self.default_command.make_context(info_name, args, parent, **extra)


def mask_and_weave_options(command):
    """``--mask FILE``, ``--largest``, ``--weave`` and ``--crossings X``: what shapes a
    maze's cells beside its grid, alike for ``tilewright maze`` and its sheets."""
    options = (
        click.option(
            "--mask",
            type=click.Path(dir_okay=False),
            help="Keep only the cells a mask allows: a text file (X off, . on), a PNG (dark off).",
        ),
        click.option(
            "--largest", is_flag=True, help="--mask: keep the largest piece if it splits."
        ),
        click.option(
            "--weave", is_flag=True, help="Square grids: passages may cross under others."
        ),
        click.option(
            "--crossings", type=PROBABILITY, help="--weave: share of inner cells made crossings."
        ),
    )
    for option in reversed(options):
        command = option(command)
    return command


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


# the longest line of a file of game IDs: 64 MiB holds the ID of a puzzle of tens of
# millions of squares, and keeps a line with no end (``--file /dev/zero``) in bounds
MAX_LINE_BYTES = 64 << 20


@contextlib.contextmanager
def id_lines(path: str | None):
    """The binary stream of game IDs: the file at ``path``, or standard input."""
    if path is not None:
        with open(path, "rb") as stream:
            yield stream
        return
    if sys.stdin is None:
        raise TilewrightError("standard input is closed: give --file PATH")
    yield sys.stdin.buffer


def game_ids(stream):
    """``(line number, game ID)`` for each line of ``stream`` that is not blank (numbered
    from 1, as editors number lines), each read within ``MAX_LINE_BYTES``."""
    number = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES:
            most = MAX_LINE_BYTES
            limit = f"{most >> 20} MiB" if most % (1 << 20) == 0 else f"{most} bytes"
            raise TilewrightError(f"line {number}: longer than {limit}, too long for a game ID")
        try:
            text = line.decode("ascii").strip()
        except UnicodeDecodeError:
            raise TilewrightError(f"line {number}: a game ID is ASCII text") from None
        if text:
            yield number, text


def game_ids_file_option(function):
    """``--file PATH``: a file of game IDs, one a line, for a ``solve`` command."""
    return click.option(
        "--file",
        "path",
        type=click.Path(dir_okay=False),
        help="Solve the game IDs in this file, one a line (as GAME_ID - does with stdin).",
    )(function)


# the exit statuses of a ``solve`` command beside 0 (solved) and 2 (a malformed ID): no
# solution, or several (two are shown); and the search gave up, the answer unknown
NO_SOLUTION, AMBIGUOUS, GAVE_UP = 1, 1, 3


def solve_input_options(least_guesses: int, default_guesses: int, guesses_help: str):
    """What every ``solve`` command reads: the optional GAME_ID argument, ``--file PATH``
    and ``--max-guesses N`` (from ``least_guesses``, default ``default_guesses``)."""

    def decorate(function):
        function = click.option(
            "--max-guesses",
            type=Whole(least_guesses, 2**62),
            default=default_guesses,
            show_default=True,
            help=guesses_help,
        )(function)
        function = game_ids_file_option(function)
        return click.argument("game_id", required=False)(function)

    return decorate


def solve_lines(
    path: str | None,
    parse: Callable[[str], Any],
    solve_one: Callable[[Any, str], int],
    solver: str,
    kernels: Iterable[str | ModuleType],
) -> int:
    """Solve the game IDs of the file at ``path`` (standard input without one) one after
    another, a blank line between their solutions, and return the worst exit status.

    ``parse(text)`` reads a game ID (a malformed one stops the run, its line named);
    ``solve_one(puzzle, where)`` prints a puzzle's solution and returns its exit status,
    ``where`` naming its line for messages. Before the first puzzle, ``solver``'s cold
    ``kernels`` are announced (``announce_if_cold``).
    """
    from tilewright.core.compilation import announce_if_cold

    worst = 0
    with id_lines(path) as lines:
        for count, (number, text) in enumerate(game_ids(lines)):
            try:
                puzzle = parse(text)
            except TilewrightError as error:
                raise TilewrightError(f"line {number}: {error}") from None
            if count == 0:
                announce_if_cold(solver, kernels)
            else:
                click.echo()
            worst = max(worst, solve_one(puzzle, f"line {number}: "))
    return worst
