"""``tilewright warm``: compile every kernel ahead, so that no later run waits for Numba.

For container images and CI: run once after installing, and the compiled machine code sits
in Numba's cache (beside the package, or in ``NUMBA_CACHE_DIR``) for every later process.
"""

import importlib
import time

import click

# each family's warm module: KERNEL_MODULES, COLD_SECONDS and warm()
FAMILIES = {
    "mazes": "tilewright.mazes.warm",
    "rectangles": "tilewright.rectangles.warm",
    "tromino": "tilewright.tromino.warm",
    "aperiodic": "tilewright.aperiodic.warm",
}


@click.command()
@click.argument("families", nargs=-1, type=click.Choice(tuple(FAMILIES), case_sensitive=False))
def warm(families: tuple[str, ...]) -> None:
    """Compile the kernels of FAMILIES (default: all) into Numba's cache now.

    Prints each family with the seconds it took: the first time, the compile time; after
    that, a fraction of a second, since the cache is already filled.
    """
    from tilewright.core.compilation import cold_kernels

    for family in families or tuple(FAMILIES):
        module = importlib.import_module(FAMILIES[family.lower()])
        started = time.perf_counter()
        module.warm()
        left = cold_kernels(module.KERNEL_MODULES)
        took = time.perf_counter() - started
        click.echo(
            f"{family:<11} {took:6.1f} s" + (f"  (not cached: {', '.join(left)})" if left else "")
        )
