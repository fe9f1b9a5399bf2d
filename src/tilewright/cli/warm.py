"""``tilewright warm``: compile every kernel ahead, so that no later run waits for Numba.

For container images and CI: run once after installing, and the compiled machine code sits
in Numba's cache (beside the package, or in ``NUMBA_CACHE_DIR``) for every later process.
"""

import importlib
import time

import click

# each family's warm module: KERNEL_MODULES and warm()
FAMILIES = {
    "mazes": "tilewright.mazes.warm",
    "rectangles": "tilewright.rectangles.warm",
    "tromino": "tilewright.tromino.warm",
    "aperiodic": "tilewright.aperiodic.warm",
    "loopy": "tilewright.loopy.warm",
    # only with the datasets extra installed (skipped by default without it)
    "datasets": "tilewright.datasets.warm",
}


@click.command()
@click.argument("families", nargs=-1, type=click.Choice(tuple(FAMILIES), case_sensitive=False))
def warm(families: tuple[str, ...]) -> None:
    """Compile the kernels of FAMILIES (default: all; datasets when its extra is
    installed) into Numba's cache now.

    Prints each family with the seconds it took: the first time, the compile time; after
    that, a fraction of a second, since the cache is already filled.
    """
    from tilewright.core.compilation import cold_kernels
    from tilewright.core.extras import MissingExtraError, require_extra

    if not families:
        families = tuple(FAMILIES)
        try:
            require_extra("datasets", "the dataset kernels")
        except MissingExtraError:  # all that is installed: the datasets are not
            families = tuple(family for family in families if family != "datasets")
    for family in families:
        if family.lower() == "datasets":
            require_extra("datasets", "the dataset kernels")
        module = importlib.import_module(FAMILIES[family.lower()])
        started = time.perf_counter()
        module.warm()
        left = cold_kernels(module.KERNEL_MODULES)
        took = time.perf_counter() - started
        click.echo(
            f"{family:<11} {took:6.1f} s" + (f"  (not cached: {', '.join(left)})" if left else "")
        )


def compile_dataset_kernels(config, unique: bool = False) -> None:
    """Compile the kernels a dataset of ``config`` runs, before its clock starts.

    Says so first, in the one line every command gives, when they are not cached; then
    makes one item of each configuration here, so that the run's workers load the kernels
    from the cache and the throughput it reports counts no compiling.

    Parameters
    ----------
    config : MazeConfig, RectanglesConfig, TrominoConfig, LoopyConfig or Mixture
        What the dataset holds.
    unique : bool, default False
        The dataset leaves out duplicates (the row keys' kernel runs too).
    """
    import numpy as np

    from tilewright.core.compilation import announce_if_cold

    configs = getattr(config, "configs", (config,))
    views: list = []
    for each in configs:
        views += _dataset_kernels(each)
    if unique:
        views.append("tilewright.datasets._key_kernels")
    if not announce_if_cold("the dataset's kernels", views):
        return
    for each in configs:
        if each.to_dict()["kind"] == "rectangles":
            from tilewright.rectangles.warm import compile_on_two_cores

            compile_on_two_cores(expansion=each.expansion > 0, unique=each.unique)
        table = each.rows(0, np.arange(1), np.zeros(1, dtype=np.int64))
    if unique:
        from tilewright.datasets import row_keys

        row_keys(table, table.column_names)


def _dataset_kernels(config) -> list:
    """The kernel modules (or views of them) making the items of one configuration."""
    kind = config.to_dict()["kind"]
    used: list = ["tilewright.core._seed_kernels"]
    if kind == "mazes":
        from tilewright.mazes.warm import batch_kernels

        used += batch_kernels(config.algorithm)
        if config.endpoints == "random":
            used.append("tilewright.datasets._endpoint_kernels")
    elif kind == "rectangles":
        from tilewright.rectangles.warm import used_kernels as rectangle_kernels

        used += rectangle_kernels("generate", expansion=config.expansion > 0, unique=config.unique)
    elif kind == "tromino":
        from tilewright.tromino.warm import kernel_modules

        used += kernel_modules(config.width, config.height, "npy", config.colours)
    elif kind == "loopy":
        from tilewright.loopy.warm import KERNEL_MODULES as loopy_kernels

        used += list(loopy_kernels)
    return used
