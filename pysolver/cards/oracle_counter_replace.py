"""Oracle compiler forms of replacement effects of counters being put on permanents (issue 13;
CR 614.1a, 616.1, 122.6): "If one or more +1/+1 counters would be put on a creature you control,
that many plus one +1/+1 counters are put on it instead" (on "another creature", "a creature or
Vehicle" likewise), "... that many -1/-1 counters minus one are put on it instead".  The rule is
asp/counter_put.lp, the one place every counter `pysolver next` puts goes through (an effect
resolving, a permanent entering with counters); "that many plus one of each of those kinds of counters"
(every kind), and "If you would get one or more counters, you get that many plus one ..." (its controller's
counters: asp/damage.lp's poison counters).  Not read: "twice that many", "If an effect would put ...", "If you
would put ..." (counters its controller puts, on players too).  Called by pysolver.cards.oracle for a line no other form
read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

REPLACED = re.compile(r"If one or more (?P<kind>[+-]\d+/[+-]\d+) counters would be put on "
                      r"(?P<article>a|an|another) (?P<noun>.+?) you control, (?P<instead>.+) instead")
# CR 614.1a, 122.6: "... of each of those kinds": every kind of counter the event puts, each that many plus one.
EACH_KIND = re.compile(r"If one or more counters would be put on (?P<article>a|an|another) (?P<noun>.+?) you "
                       r"control, that many plus one of each of those kinds of counters are put on (?:that "
                       r"permanent|it) instead")
# CR 614.1a, 122.1, 120.3b: "If you would get one or more counters, you get that many plus one ...": the counters its
# controller gets (poison counters from a source with infect, asp/damage.lp: the only ones a query gives a player).
PLAYER_PLUS = re.compile(r"If you would get one or more counters, you get that many plus one of each of those kinds of "
                         r"counters instead")
HOW = {"that many plus one {kind} counters are put on it": ("plus", 1),
       "that many {kind} counters minus one are put on it": ("minus", 1)}
WORDS = {"plus": "that many plus one", "minus": "that many minus one (none below zero)"}


def counters_replaced_form(bare: str, nouns: Callable[[str], dict[str, Any] | None]
                           ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 614.1a, 616.1, 122.6: "If one or more [kind] counters would be put on [a | another]
    [noun] you control, [that many plus one | that many ... minus one] [kind] counters are put on
    it instead"."""
    if PLAYER_PLUS.fullmatch(bare):
        return ([("ability", {"player_counter_replacement": {"whose": "you", "how": "plus", "amount": 1}})],
                "the counters its controller would get are that many plus one of each kind (CR 614.1a, 122.1; "
                "asp/damage.lp: poison counters from a source with infect, 120.3b, the only ones a query gives a "
                "player)")
    each = EACH_KIND.fullmatch(bare)
    if each:
        spec = nouns(each.group("noun"))
        if spec is None:
            return None
        if each.group("article") == "another":
            spec["other"] = True
        return ([("ability", {"counter_replacement": {"every_kind": True, "how": "plus", "amount": 1, "filter": spec,
                                                      "whose": "you"}})],
                "counters of each kind put on a permanent of that kind its controller controls are that many plus one "
                "(CR 614.1a, 616.1, 122.6; asp/counter_put.lp: every counter next puts)")
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
