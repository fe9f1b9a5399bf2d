"""The hat tiling's own modules: its geometry and tables, combinatorial coordinates, the
kite walk and the breadth-first search, its writers, and the puzzle collection's hat grid.

Its public names (:func:`~tilewright.aperiodic.generate_hats`,
:class:`~tilewright.aperiodic.HatPatch` …) are :mod:`tilewright.aperiodic`'s. This package
imports none of its modules, so that a command loads only those it runs.
"""
