"""What the tilings' generated modules of transition tables share: their text.

Why generated: the tables follow from exact layouts of the metatiles, which a program
derives (``python -m tilewright.aperiodic.spectre.make_tables``, and the hat's
``python -m tilewright.aperiodic.hat.make_tables``); a test derives them again and compares
them with the committed module.
"""

from collections.abc import Sequence

Tables = dict[str, dict[str, tuple]]


def module_text(docstring: Sequence[str], tables: Tables) -> str:
    """The text of a generated module of tables (the Spectre's, the hat's): its
    ``docstring``, line by line with its quotes, then :func:`table_lines`.

    Examples
    --------
    >>> module_text(["# T"], {"T": {"A": 1}}).splitlines()[:3]
    ['# T', '', '# fmt: off']
    """
    return "\n".join([*docstring, "", *table_lines(tables)]) + "\n"


def table_lines(tables: Tables) -> list[str]:
    """The lines of a generated module that define ``tables``: one dict a table, one row a
    type, left unformatted.

    Examples
    --------
    >>> table_lines({"T": {"A": (1, 2)}})
    ['# fmt: off', 'T = {', '    "A": (1, 2),', '}', '# fmt: on']
    """
    lines = ["# fmt: off"]
    for name, per_type in tables.items():
        lines.append(f"{name} = {{")
        for t, value in per_type.items():
            lines.append(f'    "{t}": {value!r},')
        lines.append("}")
    return [*lines, "# fmt: on"]
