"""Results computed once per object: for values that hash by content poorly or not at all
(a card definition holds a dict), kept by the object's identity.

A card's facts and its printed lines are a pure function of its definition, and a
ruling corpus asks for the same few cards thousands of times (issue 16: a tenth of
``pysolver verify``'s Python time).  The object itself is kept with its result, so
its identity can't be reused by another object while the entry lives.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar

Result = TypeVar("Result")


def per_object(kept: int) -> Callable[[Callable[[Any], Result]], Callable[[Any], Result]]:
    """Decorate a function of one object whose result depends only on that object (which
    is never changed after it is made) and is never changed by its callers: the result is
    computed once per object, for up to ``kept`` objects at a time (then forgotten all)."""

    def decorate(function: Callable[[Any], Result]) -> Callable[[Any], Result]:
        found: dict[int, tuple[Any, Result]] = {}

        @wraps(function)
        def once(thing: Any) -> Result:
            entry = found.get(id(thing))
            if entry is not None and entry[0] is thing:
                return entry[1]
            if len(found) >= kept:
                found.clear()
            result = function(thing)
            found[id(thing)] = (thing, result)
            return result

        once.cache_clear = found.clear  # type: ignore[attr-defined]
        return once

    return decorate
