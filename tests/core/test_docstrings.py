"""Shared docstring sections are filled in everywhere, and filled as numpydoc reads them."""

import importlib
import inspect
import pkgutil
import re

import pytest

import tilewright
from tilewright.core.docstrings import SECTIONS, filled, filler

PLACE = re.compile(r"^\s*%\(\w+\)s\s*$", re.MULTILINE)
PROGRAMS = {"tilewright.__main__"}


def _documented(module):
    """Every function, class and method defined in ``module``, with its docstring."""
    for _, value in vars(module).items():
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value) or inspect.isclass(value):
            yield value
        if inspect.isclass(value):
            for member in vars(value).values():
                function = getattr(member, "fget", None) or getattr(member, "__func__", member)
                if inspect.isfunction(function):
                    yield function


def _module_names():
    found = pkgutil.walk_packages(tilewright.__path__, prefix="tilewright.")
    return sorted(info.name for info in found if info.name not in PROGRAMS)


def test_no_docstring_keeps_a_placeholder():
    # a `%(name)s` line under a function that lacks the decorator would reach the site as is
    left = []
    for name in _module_names():
        for value in _documented(importlib.import_module(name)):
            if value.__doc__ and PLACE.search(value.__doc__):
                left.append(f"{name}.{value.__qualname__}")
    assert left == []


def test_sections_are_numpydoc_pieces():
    # each text starts at the margin and ends without a blank line, so it sits in a
    # docstring as the lines it replaces did
    for name, text in SECTIONS.items():
        assert text == text.strip(), name
        assert not text.startswith(" "), name


@pytest.mark.parametrize("indent", ["", "    ", "        "])
def test_a_section_takes_the_indent_of_its_line(indent):
    doc = f"Summary.\n\n{indent}%(pdf_returns)s\n\n{indent}Examples\n"
    expected = "".join(f"{indent}{line}\n" for line in SECTIONS["pdf_returns"].splitlines())
    assert filled(doc, (SECTIONS,)) == f"Summary.\n\n{expected}\n{indent}Examples\n"


def test_a_family_table_adds_to_the_shared_one():
    @filler({"colour": "colour : str\n    A CSS colour."})
    def draw():
        """Draw.

        Parameters
        ----------
        %(colour)s

        %(svg_returns)s
        """

    assert "colour : str\n            A CSS colour." in draw.__doc__
    assert "str\n            The SVG document." in draw.__doc__


def test_text_that_only_looks_like_a_placeholder_is_left():
    doc = "Formats with '%(name)s' as in printf, and {braces}.\n    x = %(a)s + 1\n"
    assert filled(doc, (SECTIONS,)) == doc


def test_an_unknown_name_fails_at_definition():
    with pytest.raises(KeyError, match="nothing_here"):

        @filler()
        def broken():
            """Broken.

            %(nothing_here)s
            """
