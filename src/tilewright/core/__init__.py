"""Shared core: cell graphs, seeds, errors, memory checks and safe output."""
