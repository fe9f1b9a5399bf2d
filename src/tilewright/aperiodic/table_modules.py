"""What the tilings' generated modules of transition tables share: their text.

Why generated: the tables follow from exact layouts of the metatiles, which a program
derives (``python -m tilewright.aperiodic.spectre.make_tables``, and the hat's
``python -m tilewright.aperiodic.hat.make_tables``); a test derives them again and compares
them with the committed module.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

Tables = dict[str, dict[str, tuple]]


@dataclass(frozen=True)
class TableModule:
    """A committed module of tables: where it is, its docstring (line by line, with its
    quotes), and what builds its tables; a tiling's ``make_tables``, run as a script,
    writes it again (:meth:`write`), and a test compares :meth:`source` with ``path``.

    Examples
    --------
    >>> from tilewright.aperiodic.spectre.make_tables import MODULE
    >>> MODULE.path.name, MODULE.source().splitlines()[0][3:29]
    ('_tables.py', 'Spectre transition tables.')
    """

    path: Path
    docstring: Sequence[str]
    build: Callable[[], Tables]

    def source(self, tables: Tables | None = None) -> str:
        """The module's text for ``tables`` (built when None): :func:`module_text`."""
        return module_text(self.docstring, self.build() if tables is None else tables)

    def write(self) -> None:
        """Write the module again from the tables built now."""
        self.path.write_text(self.source())


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
