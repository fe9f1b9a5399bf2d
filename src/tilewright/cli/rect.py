"""``tilewright rect``: Rectangles (Shikaku) puzzles."""

import sys

import click

NO_SOLUTION = 1
AMBIGUOUS = 1


@click.group()
def rect() -> None:
    """Rectangles (Shikaku) puzzles in the public puzzle collection's game-ID format."""


@rect.command()
@click.argument("game_id")
def solve(game_id: str) -> None:
    """Solve GAME_ID (for example 7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f) completely.

    Prints the solution (exit 0); or says "no solution" (exit 1); or "more than one solution"
    and shows two that differ (exit 1). A malformed ID is an error (exit 2).
    """
    from tilewright.rectangles import parse_game_id
    from tilewright.rectangles.solve import render
    from tilewright.rectangles.solve import solve as find

    puzzle = parse_game_id(game_id)
    solutions = find(puzzle, limit=2)
    if not solutions:
        click.echo("no solution")
        sys.exit(NO_SOLUTION)
    if len(solutions) > 1:
        click.echo("more than one solution; two of them:")
        for regions in solutions:
            click.echo(render(puzzle, regions))
        sys.exit(AMBIGUOUS)
    click.echo(render(puzzle, solutions[0]), nl=False)
