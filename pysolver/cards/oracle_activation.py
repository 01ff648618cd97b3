"""Restrictions on activating abilities (CR 602.5), for the compiler of pysolver/cards/oracle.py.

"Activated abilities of sources with the chosen name can't be activated unless they're mana
abilities", "Activated abilities of lands your opponents control can't be activated unless
they're mana abilities": the ability ``forbid_activating`` (asp/legality.lp), read by
can-activate; mana abilities stay free (605.1a), so no mana query is touched.  A restriction
that reaches mana abilities too is not this form (the line stays not understood).
"""

from __future__ import annotations

import re
from typing import Any, Callable

FORBID = re.compile(r"Activated abilities of (?P<what>.+?) can't be activated unless they're mana abilities")


def forbid_activating(bare: str, whose_filter: Callable[..., tuple[str, dict[str, Any]]],
                      unsupported: type[Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is), or None when the line is not this form or names objects
    the compiler can't read."""
    m = FORBID.fullmatch(bare)
    if not m:
        return None
    what = m.group("what")
    if what == "sources with the chosen name":  # CR 201.2, 607.1: the name chosen as it entered
        whose, spec = "any", {"named_chosen": True}
    else:
        try:
            whose, spec = whose_filter(what, plural=True)
        except unsupported:
            return None
    return ([("ability", {"forbid_activating": {"affects": spec, "whose": whose}})],
            "a restriction on activating the non-mana abilities of some permanents (CR 602.5): "
            "can-activate reads it")
