"""Docstring sections that the tilings' parallel functions share, written once (see
:mod:`tilewright.core.docstrings`, whose ``filler`` fills them in)."""

APERIODIC: dict[str, str] = {
    # the collection's hat, Spectre and Penrose grids
    "description_raises": """\
Raises
------
TypeError
    When it is not a string.
TilewrightError
    When it is not one the collection accepts, in one line.""",
    "description_returns": """\
Returns
-------
str
    The grid description.""",
    "collection_grid_raises": """\
Raises
------
TilewrightError
    For a size below 6 or a description the collection would refuse, in one line.""",
    "drawn_description_parameters": """\
Parameters
----------
width, height : int
    At least 6.
seed : int, optional""",
}
