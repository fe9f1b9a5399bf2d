"""Docstring sections that the datasets' writers share, written once (see
:mod:`tilewright.core.docstrings`, whose ``filler`` fills them in)."""

DATASETS: dict[str, str] = {
    "progress": """\
progress : bool
    Show a progress bar on stderr.""",
    "zarr_returns": """\
Returns
-------
Summary
    Cells written, in how many chunks (``parts``), and the time taken.""",
}
