"""Oracle compiler forms of replacement effects of counters being put on permanents (issue 13;
CR 614.1a, 616.1, 122.6): "If one or more +1/+1 counters would be put on a creature you control,
that many plus one +1/+1 counters are put on it instead" (on "another creature", "a creature or
Vehicle" likewise), "... that many -1/-1 counters minus one are put on it instead".  The rule is
asp/counter_put.lp, the one place every counter `pysolver next` puts goes through (an effect
resolving, a permanent entering with counters).  Not read: counters of any kind ("of each of
those kinds"), "twice that many", "If an effect would put ...", counters on players ("If you
would get one or more counters").  Called by pysolver.cards.oracle for a line no other form
read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

REPLACED = re.compile(r"If one or more (?P<kind>[+-]\d+/[+-]\d+) counters would be put on "
                      r"(?P<article>a|an|another) (?P<noun>.+?) you control, (?P<instead>.+) instead")
HOW = {"that many plus one {kind} counters are put on it": ("plus", 1),
       "that many {kind} counters minus one are put on it": ("minus", 1)}
WORDS = {"plus": "that many plus one", "minus": "that many minus one (none below zero)"}


def counters_replaced_form(bare: str, nouns: Callable[[str], dict[str, Any] | None]
                           ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 614.1a, 616.1, 122.6: "If one or more [kind] counters would be put on [a | another]
    [noun] you control, [that many plus one | that many ... minus one] [kind] counters are put on
    it instead"."""
    m = REPLACED.fullmatch(bare)
    if not m:
        return None
    kind = m.group("kind")
    found = [how for text, how in HOW.items() if m.group("instead") == text.format(kind=kind)]
    if not found:
        return None
    spec = nouns(m.group("noun"))
    if spec is None:
        return None
    if m.group("article") == "another":
        spec["other"] = True
    (how, amount), = found
    replacement = {"kind": kind, "how": how, "amount": amount, "filter": spec, "whose": "you"}
    return ([("ability", {"counter_replacement": replacement})],
            f"{kind} counters put on a permanent of that kind its controller controls are "
            f"{WORDS[how]} (CR 614.1a, 616.1, 122.6; asp/counter_put.lp: every counter next puts)")
