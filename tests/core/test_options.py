"""Options declared by a TypedDict refuse names it does not declare, as Python would."""

from typing import TypedDict

import pytest

from tilewright.core.options import check_options


class _Base(TypedDict, total=False):
    cell: int


class _Options(_Base, total=False):
    info: dict[str, str]


def _explicit(*, cell: int = 0) -> None:
    """The same option in an explicit signature, for Python's own message."""


def test_declared_names_pass_inherited_ones_too() -> None:
    check_options({"cell": 4, "info": {}}, _Options, "svg_text")


def test_an_undeclared_name_is_the_message_python_gives() -> None:
    with pytest.raises(TypeError) as python:
        _explicit(sel=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError) as ours:
        check_options({"sel": 1, "cell": 2}, _Options, "_explicit")
    assert str(ours.value) == str(python.value)


def test_a_hostile_name_is_cut_to_one_line() -> None:
    cut = r"^f\(\) got an unexpected keyword argument 'x{10,}\.\.\.'$"
    with pytest.raises(TypeError, match=cut):
        check_options({"x" * 10_000: 1}, _Options, "f")
