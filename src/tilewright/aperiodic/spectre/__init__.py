"""The Spectre tiling's own modules: its geometry and tables, combinatorial coordinates and
the hierarchy, the breadth-first search and the line walk, the curved tile, and the puzzle
collection's Spectre grid.

Its public names (:func:`~tilewright.aperiodic.generate`,
:class:`~tilewright.aperiodic.Patch` …) are :mod:`tilewright.aperiodic`'s. This package
imports none of its modules, so that a command loads only those it runs.
"""
