"""A package's public names loaded on first use (PEP 562's module ``__getattr__``).

A family's ``__init__`` names everything it offers, but importing all of it would make
every command pay for Pillow, zipfile and the solvers; these names are imported from
their module the first time they are asked for, then kept in the package.
"""

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(
    namespace: dict[str, Any], modules: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose names in ``modules`` load
    on first use.

    Parameters
    ----------
    namespace : dict
        The package's ``globals()``: it names the package (``__name__``), lists its
        public names (``__all__``, read when ``__dir__`` is called) and keeps each name
        once loaded, so the next look-up does not reach ``__getattr__``.
    modules : mapping of str to str
        Each lazy name and the submodule of the package that defines it.

    Returns
    -------
    tuple of callable
        ``(__getattr__, __dir__)``, to be bound to those names in the package.

    Examples
    --------
    >>> namespace = {"__name__": "tilewright.core", "__all__": ["TilewrightError"]}
    >>> getattr_, dir_ = lazy_names(namespace, {"TilewrightError": "errors"})
    >>> getattr_("TilewrightError").__name__, "TilewrightError" in namespace
    ('TilewrightError', True)
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'tilewright.core' has no attribute 'nothing'
    """
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        if name not in modules:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{modules[name]}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace["__all__"]})

    return __getattr__, __dir__
