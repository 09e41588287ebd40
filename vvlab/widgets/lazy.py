"""Lazy attributes of a package: its ipywidgets views load on first use.

The controllers import neither ipywidgets nor plotly, so a package exposes its views
through :func:`lazy_attributes`: importing the package (or a controller) stays light.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_attributes(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``modules[name]`` when ``name`` is first
    asked for, and gives that module's attribute ``name``.

    Examples
    --------
    >>> getattr_ = lazy_attributes("pkg", {"sqrt": "math"})
    >>> getattr_("sqrt")(9.0)
    3.0
    >>> getattr_("cube")
    Traceback (most recent call last):
    ...
    AttributeError: module 'pkg' has no attribute 'cube'
    """

    def __getattr__(name: str) -> Any:
        if name in modules:
            return getattr(importlib.import_module(modules[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
