"""Aperiodic monotile tilings: the Spectre, by combinatorial coordinates and exact geometry.

``patch.patch`` gives the breadth-first patch of a region, ``stream.tiles`` the same tiles
in bounded memory, ``coordinates.Tiling`` the addresses and the step across an edge, and
``writers`` the output formats.
"""
