"""Oracle compiler form of entering as a copy (issue 13): "You may have ~ enter as a copy of any
creature on the battlefield", "... of a creature you control" (CR 614.1c, 707.5, 616.1c): an
optional replacement effect of the permanent itself; `pysolver next` gives an outcome for it
entering as itself and one for each permanent it may copy (asp/zone_change.lp finds them).  A
copy with exceptions ("except it's an artifact in addition to its other types", "except it has
haste", CR 707.9) changes copiable values no board states: not read here, so not understood.
Called by pysolver.cards.oracle with its reader of "a creature you control" (whose, filter);
this module imports nothing of the package."""

from __future__ import annotations

import re
from typing import Any, Callable

Form = tuple[list[tuple[str, Any]], str]
# What asp's matches/2 judges of a permanent it may copy: its types, subtypes and supertypes.
JUDGED = {"types", "not_types", "subtypes", "supertypes", "not_supertypes"}


def enters_as_copy(bare: str, whose_filter: Callable[[str], tuple[str, dict[str, Any]] | None]) -> Form | None:
    """CR 614.1c, 707.5: "You may have ~ enter as a copy of any artifact or creature on the
    battlefield", "... of a creature an opponent controls": the permanents of that kind of the
    players it names (relative to its controller), as they are while it enters."""
    # "enter the battlefield as a copy": the Oracle wording before 2024 (the same event, CR 603.6a)
    m = re.fullmatch(r"You may have ~ enter(?: the battlefield)? as a copy of (?:any |an? )"
                     r"(.+? (?:on the battlefield|you control|an opponent controls))", bare)
    if not m:
        return None
    found = whose_filter(m.group(1))
    if found is None:
        return None
    whose, spec = found
    alternatives = spec.get("any_of", [spec])
    if set(spec) - JUDGED - {"any_of"} or any(set(each) - JUDGED for each in alternatives):
        return None
    return ([("card", {"enters_as_copy": {"whose": whose, "filter": spec}})],
            "it may enter as a copy of a permanent of that kind (CR 614.1c, 707.5): next gives an outcome for "
            "each, and one for entering as itself")
