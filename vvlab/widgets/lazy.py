"""Lazy attributes of a package: its ipywidgets views load on first use.

The controllers import neither ipywidgets nor plotly, so a package exposes its views
through :func:`lazy_attributes`: importing the package (or a controller) stays light.
A view asked for on an install without the widgets' packages says which extra brings
them (:data:`LAB_EXTRA`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

LAB_EXTRA = "pip install 'vvlab[lab]'"
"""The command that installs what the widgets need (ipywidgets, anywidget, JupyterLab)."""


def lazy_attributes(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``modules[name]`` when ``name`` is first
    asked for, and gives that module's attribute ``name``. When a package outside
    vvlab is missing for it, the ``ModuleNotFoundError`` names the extra to install.

    Examples
    --------
    >>> getattr_ = lazy_attributes("pkg", {"sqrt": "math"})
    >>> getattr_("sqrt")(9.0)
    3.0
    >>> getattr_("cube")
    Traceback (most recent call last):
    ...
    AttributeError: module 'pkg' has no attribute 'cube'
    >>> lazy_attributes("pkg", {"View": "no_such_widgets"})("View")
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: pkg.View needs no_such_widgets, which is not installed: \
install the widgets with pip install 'vvlab[lab]'
    """

    def __getattr__(name: str) -> Any:
        if name not in modules:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        try:
            module = importlib.import_module(modules[name])
        except ModuleNotFoundError as err:
            missing = (err.name or "").partition(".")[0]
            if not missing or missing == "vvlab":
                raise
            raise ModuleNotFoundError(
                f"{package}.{name} needs {missing}, which is not installed: install the "
                f"widgets with {LAB_EXTRA}",
                name=err.name,
            ) from err
        return getattr(module, name)

    return __getattr__
