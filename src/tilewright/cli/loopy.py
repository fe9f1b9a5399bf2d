"""``tilewright loopy``: Loopy (Slitherlink) puzzles on the puzzle collection's grids.

One module for the group: each command imports the library only when it runs, so that
``--help`` and a malformed ID cost no compiled kernels.
"""

import sys

import click

from tilewright.cli.loopy_sheet import loopy_sheet
from tilewright.cli.options import (
    AMBIGUOUS,
    GAVE_UP,
    NO_SOLUTION,
    Whole,
    announce_seed,
    max_side_option,
    paper_option,
    parse_whole,
    pdf_paper,
    progress,
    refuse_paper,
    seed_option,
    solve_input_options,
    solve_lines,
)
from tilewright.core.errors import TilewrightError

# loopy solve's guess budget: the complete solver tries every edge both ways before each
# guess, so few puzzles need more than a few thousand
MAX_GUESSES = 1_000_000
# what -o FILE writes, by its suffix: a picture, or the text rendering
SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".txt": "text"}
PICTURES = ("svg", "png", "pdf")
# puzzles made before a progress bar is worth showing
PROGRESS_FROM = 20
# clues to try in one puzzle before its own bar is (some seconds: 300x300 and up)
CLUES_BAR_FROM = 50_000


@click.group()
def loopy() -> None:
    """Loopy (Slitherlink) puzzles in the public puzzle collection's game-ID format, on
    all eighteen of its grids."""


loopy.add_command(loopy_sheet)


def cell_option(function):
    return click.option(
        "--cell",
        type=Whole(2, 4096),
        help="Pictures: pixels across a face of average area (default: the picture's long "
        "side 800-1000 px, within --max-side).",
    )(function)


def lists_option(function):
    return click.option(
        "--lists",
        is_flag=True,
        help="Text: list the dots, faces and edges by number (the default on grids other "
        "than square), not the ASCII board.",
    )(function)


@loopy.command()
@solve_input_options(1, MAX_GUESSES, "Give up after this many guesses.")
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write the solution of GAME_ID here (.svg, .png, .pdf: a picture; .txt: the text), "
    "not stdout.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Before the solution, the deductions that lead to it, one numbered line a step "
    "(the rule, where, the edges it set), and the puzzle's difficulty.",
)
@click.option(
    "--difficulty",
    "rate",
    is_flag=True,
    help="Before the solution, the puzzle's difficulty (what 'loopy grade' prints).",
)
@lists_option
@cell_option
@max_side_option
@paper_option
def solve(game_id, path, max_guesses, output, explain, rate, lists, cell, max_side, paper) -> None:
    """Solve GAME_ID (for example 5x5t0de:3a3b2c21b3a200a2a2a3a) completely.

    Every solution is searched for, so "one solution" is proven. GAME_ID - reads game IDs
    from standard input, one a line, and --file PATH from a file; blank lines are
    skipped, and the solutions follow one another with a blank line between. The
    solution is printed as text: the ASCII board on the square grid, elsewhere the
    numbered dots, faces and edges and the loop's edges in order. With --explain or
    --difficulty, a puzzle with one solution has its difficulty printed before it
    ("difficulty: LEVEL", the level as 'loopy grade' names it), with --explain after the
    steps of the deductions of that level (of Hard, for a harder puzzle: where they stop,
    the search finished the job).

    \b
    Exit status:
      0  solved: the one solution is printed (every one, for several IDs)
      1  "no solution", or "more than one solution" and two of them
      2  a malformed ID (one line on stderr, naming its line in a file)
      3  gave up after --max-guesses guesses (one line on stderr)
    """
    from tilewright.core.compilation import announce_if_cold
    from tilewright.loopy import Puzzle
    from tilewright.loopy.warm import KERNEL_MODULES

    if (game_id is None) == (path is None):
        raise click.UsageError("give GAME_ID (- for standard input) or --file PATH")
    fmt = _output_format(output)
    _refuse_cell(cell, fmt)
    if output is not None and (game_id is None or game_id == "-"):
        raise TilewrightError("-o FILE writes the solution of one GAME_ID, not of a file of them")
    refuse_paper(paper, fmt)
    picture = {"cell": cell, "max_side": max_side, "paper": pdf_paper(paper, fmt or "")}
    if game_id is not None and game_id != "-":
        puzzle = Puzzle.from_game_id(game_id)
        if output is not None:
            from tilewright.core.output import check_destination

            check_destination(output)
        announce_if_cold("the Loopy solver", KERNEL_MODULES)
        sys.exit(_solve_one(puzzle, max_guesses, lists, "", (explain, rate), output, picture))
    sys.exit(
        solve_lines(
            path,
            Puzzle.from_game_id,
            lambda puzzle, where: _solve_one(puzzle, max_guesses, lists, where, (explain, rate)),
            "the Loopy solver",
            KERNEL_MODULES,
        )
    )


def _solve_one(
    puzzle,
    max_guesses: int,
    lists: bool,
    where: str,
    told: tuple[bool, bool] = (False, False),
    output=None,
    picture=None,
) -> int:
    """Print (or, with ``output``, write) the puzzle's solution, or why there is none, and
    return the exit status it calls for; ``where`` begins a message about it on stderr
    (its line in a file). ``told``: whether to print the steps to a unique solution
    (--explain), and its difficulty (--difficulty)."""
    from tilewright.loopy import solve as find
    from tilewright.loopy.text import render

    form = "lists" if lists else None
    found = find(puzzle, limit=2, max_choices=max_guesses)
    if not found.complete:
        # not "error:": the ID is fine, the search was only cut short
        click.echo(
            f"tilewright: {where}gave up after {max_guesses} guesses; the puzzle may have "
            "no solution, one or several (raise --max-guesses)",
            err=True,
        )
        return GAVE_UP
    if not found.loops:
        click.echo("no solution")
        return NO_SOLUTION
    if len(found.loops) > 1:
        click.echo("more than one solution; two of them:")
        for loop in found.loops:
            click.echo(render(puzzle, loop, form))
        return AMBIGUOUS
    if any(told):
        _print_how_hard(puzzle, told[0])
    if output is None:
        click.echo(render(puzzle, found.loops[0], form), nl=False)
    else:
        _write(output, puzzle, found.loops[0], form, picture or {})
    return 0


def _print_how_hard(puzzle, explain: bool) -> None:
    """The puzzle's difficulty in one line, after (with ``explain``) the steps of the
    deductions, one a numbered line."""
    from tilewright.loopy import explain as steps_of
    from tilewright.loopy import grade as rate

    level = rate(puzzle)
    if not explain:
        click.echo(f"difficulty: {level or 'harder'}")
        return
    steps = steps_of(puzzle, level or "hard")
    digits = len(str(len(steps)))
    for number, step in enumerate(steps, 1):
        click.echo(f"{number:>{digits}}. {step.text}")
    if level is None:
        click.echo(
            f"difficulty: harder (the deductions stop after step {len(steps)}: the complete "
            "solver's search finished the job)"
        )
    else:
        click.echo(f"difficulty: {level}")


@loopy.command()
@click.argument("game_id")
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    required=True,
    help="The file: .svg, .png or .pdf (a picture) or .txt (the text).",
)
@click.option(
    "--answer",
    is_flag=True,
    help="Draw the solution (the puzzle must have exactly one).",
)
@lists_option
@cell_option
@max_side_option
@paper_option
def draw(game_id, output, answer, lists, cell, max_side, paper) -> None:
    """Draw GAME_ID: its dots and clues, and with --answer its loop.

    \b
    Exit status:
      0  drawn
      1  --answer, and the puzzle has no solution or several (nothing is written)
      2  a malformed ID or a file that cannot be written (one line on stderr)
    """
    from tilewright.core.output import check_destination
    from tilewright.loopy import Puzzle

    fmt = _output_format(output)
    _refuse_cell(cell, fmt)
    refuse_paper(paper, fmt)
    puzzle = Puzzle.from_game_id(game_id)
    check_destination(output)
    picture = {"cell": cell, "max_side": max_side, "paper": pdf_paper(paper, fmt or "")}
    form = "lists" if lists else None
    loop = None
    if answer:
        from tilewright.core.compilation import announce_if_cold
        from tilewright.loopy import solve as find
        from tilewright.loopy.warm import KERNEL_MODULES

        announce_if_cold("the Loopy solver", KERNEL_MODULES)
        found = find(puzzle, limit=2)
        if len(found.loops) != 1:
            click.echo("no solution" if not found.loops else "more than one solution")
            sys.exit(NO_SOLUTION)
        loop = found.loops[0]
    _write(output, puzzle, loop, form, picture)


def _output_format(output: str | None) -> str | None:
    """The format ``-o FILE``'s suffix names (None without a file), or a refusal."""
    if output is None:
        return None
    from tilewright.core.output import format_by_suffix

    return format_by_suffix(output, SUFFIXES, "a Loopy puzzle")


def _refuse_cell(cell: int | None, fmt: str | None) -> None:
    if cell is not None and fmt not in PICTURES:
        raise TilewrightError("--cell sizes a picture: give -o FILE.svg, .png or .pdf")


def _write(output: str, puzzle, loop, form: str | None, picture: dict) -> None:
    """Write the puzzle (with ``loop``, its solution) to ``output`` as its suffix says,
    all or nothing."""
    fmt = _output_format(output)
    if fmt in PICTURES:
        from tilewright.loopy.pictures import save

        save(output, puzzle, loop=loop, **picture)
        return
    from tilewright.core.output import open_output
    from tilewright.loopy.text import render

    with open_output(output) as stream:
        stream.write(render(puzzle, loop, form).encode())


@loopy.command()
@click.argument("params")
@click.option("--grid", help="The grid, by the collection's name (tilewright maze --grids).")
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "normal", "tricky", "hard"]),
    help="How hard: the collection's levels (default: PARAMS's dD, else easy).",
)
@seed_option(
    "Reproduce a puzzle (default: random, printed as 'seed: N'); with --count, the seeds "
    "that follow it make the rest."
)
@click.option("--count", type=Whole(1, 10**9), default=1, show_default=True)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write here, not stdout: game IDs, one a line (.txt), or one puzzle's picture "
    "(.svg, .png, .pdf).",
)
@click.option(
    "--answer",
    metavar="FILE",
    help="Also draw the solution of the one puzzle made here (.svg, .png, .pdf, .txt).",
)
@click.option(
    "--window",
    metavar="FACES|whole",
    help="Try each clue on this many faces around it (default: below Hard, by deleting "
    "what it deduced and deriving again; at Hard, the whole grid up to about 550 faces, "
    "then fewer). whole: the collection's own greedy, fewest clues, slower.",
)
@cell_option
@max_side_option
@paper_option
def generate(
    params, grid, difficulty, seed, count, window, output, answer, cell, max_side, paper
) -> None:
    """Generate Loopy puzzles with exactly one solution, at a difficulty.

    PARAMS is WxH (10x10) or the collection's full WxHtTdD (10x10t17dh: Spectres, Hard);
    --grid and --difficulty override its parts. Each puzzle is solved by the deductions
    of its level and not by those of the level below (the collection's grading), and its
    solution proven the only one by a complete search. Game IDs paste into the
    collection's Loopy.
    """
    from dataclasses import replace

    from tilewright.core.output import check_destination, open_output
    from tilewright.loopy import generate as make
    from tilewright.loopy import parse_params
    from tilewright.registry import LOOPY_TYPES

    settings = parse_params(params)
    if grid is not None:
        names = [name for name, _, _ in LOOPY_TYPES]
        if grid not in names:
            raise TilewrightError(f"--grid is one of {', '.join(names)}, not {grid!r}")
        settings = replace(settings, grid=grid)
    if difficulty is not None:
        settings = replace(settings, difficulty=difficulty)
    settings = parse_params(settings.text)  # the sizes checked for the grid asked
    faces = _window_option(window)
    fmt = _output_format(output) or "text"
    _refuse_cell(cell, fmt if output else None)
    if count > 1 and (fmt in PICTURES or answer is not None):
        raise TilewrightError("a picture holds one puzzle: use --count with game IDs only")
    refuse_paper(paper, fmt, _output_format(answer))
    check_destination(output)
    check_destination(answer)
    first = announce_seed(seed)
    picture = {"cell": cell, "max_side": max_side, "paper": pdf_paper(paper, fmt)}
    if fmt in PICTURES:
        made = make(settings, seed=first, progress=_clues_bar, window=faces)
        _write(output, made.puzzle, None, None, picture)
        if answer is not None:
            _write(answer, made.puzzle, made.solution, None, _picture_for(answer, picture))
        return
    with open_output(output) as stream:
        for offset in progress(range(count), count, "puzzle", PROGRESS_FROM):
            made = make(settings, seed=first + offset, progress=_clues_bar, window=faces)
            stream.write(f"{made.game_id}\n".encode())
            if answer is not None:
                _write(answer, made.puzzle, made.solution, None, _picture_for(answer, picture))


def _window_option(text: str | None) -> int | str | None:
    """``--window``: None, "whole", or a count of faces (checked as ``--window``)."""
    if text is None or text == "whole":
        return text
    try:
        return parse_whole(text, "--window", 1, 2**31 - 1)
    except TilewrightError as error:
        raise TilewrightError(f'{error} (or "whole")') from None


def _clues_bar(chunks):
    """A large puzzle's clues tried, on a progress bar (stderr a terminal)."""
    chunks = list(chunks)
    return progress(chunks, sum(map(len, chunks)), "clue", CLUES_BAR_FROM)


def _picture_for(path: str, picture: dict) -> dict:
    """The picture settings for ``path``: its own paper size when it is a PDF."""
    fmt = _output_format(path) or ""
    return dict(picture, paper=picture["paper"] if fmt == "pdf" else None)


@loopy.command()
@click.argument("game_id")
def grade(game_id) -> None:
    """Grade GAME_ID as the collection's solver does: the easiest level whose deductions
    solve it (easy, normal, tricky, hard), "harder" (none of them does, or only by
    closing a loop they cannot prove the only one), or "impossible" (they find a
    contradiction).

    \b
    Exit status:
      0  graded
      2  a malformed ID (one line on stderr)
    """
    from tilewright.loopy import Puzzle
    from tilewright.loopy import grade as rate

    click.echo(rate(Puzzle.from_game_id(game_id)) or "harder")
