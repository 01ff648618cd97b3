"""Modules imported when first used (issue 16: a run imports what it needs).

``lazy_module(name)`` is the module ``name``, bound now and imported the first time one
of its attributes is read (importlib's LazyLoader): clingo's syntax trees, say, are
read only when an encoding is parsed, which a run whose analyses are cached never does.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """``name``, imported when it is first used (at once if it already was)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module
