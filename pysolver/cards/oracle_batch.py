"""Oracle compiler form for abilities that trigger once for an event however many permanents it
concerns (issue 13): "Whenever one or more other creatures you control die", "Whenever one or more
tokens you control enter", "Whenever one or more permanents you control leave the battlefield"
(CR 603.2c).

The sentence is read, in the singular ("Whenever another creature you control dies"), by the form
that reads it (``single``: oracle_leaves, oracle_triggers), and its ``when`` marked ``batch``:
asp/zone_change.lp triggers it once for each event.  Called by pysolver.cards.oracle for a line no
other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import triggered_of

BATCH = re.compile(r"Whenever one or more (?P<other>other )?(?P<noun>.+?)(?P<whose> you control| an opponent controls|"
                   r" your opponents control)?(?P<with> with .+?)? (?P<verb>die|enter|leave the battlefield|"
                   r"are put into (?:a|your|an opponent's) graveyard from the battlefield), (?P<effect>.+)")
VERBS = {"die": "dies", "enter": "enters", "leave the battlefield": "leaves the battlefield",
         "are put into a graveyard from the battlefield": "is put into a graveyard from the battlefield",
         "are put into your graveyard from the battlefield": "is put into your graveyard from the battlefield",
         "are put into an opponent's graveyard from the battlefield":
         "is put into an opponent's graveyard from the battlefield"}
WHOSE = {" your opponents control": " an opponent controls"}
# The events asp/zone_change.lp triggers once for each (trig_batch).
BATCHED = ("dies", "put_into_graveyard", "leaves", "permanent_enters", "sacrifice")
# CR 603.2c, 701.17a: "Whenever you sacrifice one or more other creatures": once for each event that sacrifices them.
SACRIFICE_BATCH = re.compile(r"Whenever (?P<who>you|a player|an opponent) (?P<verb>sacrifices?) one or more "
                             r"(?P<other>other )?(?P<noun>[^,]+?), (?P<effect>.+)")


def _singular(noun: str, singular: Callable[[str], str]) -> str | None:
    """``nontoken creatures`` -> ``nontoken creature``, ``artifacts and/or creatures`` -> ``artifact or
    creature``, ``noncreature, nonland permanents`` -> ``noncreature, nonland permanent``; None when a word
    isn't a plain word."""
    words = []
    for word in noun.replace(" and/or ", " or ").split():
        bare, comma = word.removesuffix(","), "," if word.endswith(",") else ""  # "noncreature, nonland permanents"
        if not rx.fullmatch(r"[\w\-']+", bare):
            return None
        words.append((singular(bare) if bare.endswith("s") and bare not in ("or",) else bare) + comma)
    return " ".join(words)


# CR 603.2c, 122.6: "Whenever one or more +1/+1 counters are put on one or more creatures you control".
COUNTERS_ON = re.compile(r"Whenever one or more (?P<kind>[\w+/\-]+ )?counters are put on one or more "
                         r"(?P<other>other )?(?P<noun>.+?)(?P<whose> you control| an opponent controls)?, "
                         r"(?P<effect>.+)")


def counters_batch_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None],
                        singular: Callable[[str], str]) -> tuple[list[tuple[str, Any]], str] | None:
    """The sentence with one permanent ("... are put on a creature you control", read by ``single``),
    its ``when`` marked ``batch``: once for each event that puts such counters, however many of the
    permanents it puts them on (asp/counter_events.lp)."""
    m = COUNTERS_ON.fullmatch(bare)
    noun = _singular(m.group("noun"), singular) if m else None
    if m is None or noun is None:
        return None
    article = "another" if m.group("other") else "an" if noun[0].lower() in "aeiou" else "a"
    found = single(f"Whenever one or more {m.group('kind') or ''}counters are put on {article} {noun}"
                   f"{m.group('whose') or ''}, {m.group('effect')}")
    if found is None:
        return None
    data, why = found
    abilities = triggered_of(data)
    if len(data) != 1 or len(abilities) != 1 or abilities[0]["when"].get("event") != "counters_put" or (
            "filter" not in abilities[0]["when"] or "if" in abilities[0]):
        return None
    abilities[0]["when"]["batch"] = True
    return data, f"{why}; once for each event, however many permanents it puts counters on (CR 603.2c)"


def batch_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None],
               singular: Callable[[str], str]) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2c: "Whenever one or more [noun] [you control] die / enter / leave the battlefield":
    ``single`` reads a sentence (the compiler's forms, or None); ``singular`` a plural word."""
    sacrificed = SACRIFICE_BATCH.fullmatch(bare)
    if sacrificed:  # read in the singular ("Whenever you sacrifice another creature")
        noun = _singular(sacrificed.group("noun"), singular)
        if noun is None:
            return None
        article = "another" if sacrificed.group("other") else "an" if noun[0].lower() in "aeiou" else "a"
        return _batched(single(f"Whenever {sacrificed.group('who')} {sacrificed.group('verb')} {article} {noun}, "
                               f"{sacrificed.group('effect')}"))
    m = BATCH.fullmatch(bare)
    if not m:
        return counters_batch_form(bare, single, singular)
    noun = _singular(m.group("noun"), singular)
    if noun is None:
        return None
    whose = WHOSE.get(m.group("whose") or "", m.group("whose") or "")
    article = "another" if m.group("other") else "a"
    sentence = (f"Whenever {article} {noun}{whose}{m.group('with') or ''} {VERBS[m.group('verb')]}, "
                f"{m.group('effect')}")
    return _batched(single(sentence))


def _batched(found: tuple[list[tuple[str, Any]], str] | None) -> tuple[list[tuple[str, Any]], str] | None:
    """The sentence read in the singular, its trigger marked ``batch`` (CR 603.2c); None unless it is one trigger of a
    batched event, without its own leaving or an intervening "if" (read of one permanent, not of the batch), but for
    one no rule reads (``unjudged``: refused wherever the ability would trigger, whatever it is about)."""
    if found is None:
        return None
    data, why = found
    abilities = triggered_of(data)
    if len(data) != 1 or len(abilities) != 1 or abilities[0]["when"].get("event") not in BATCHED or (
            abilities[0]["when"].get("or_self") or set(abilities[0].get("if", {"unjudged": ""})) != {"unjudged"}):
        return None
    abilities[0]["when"]["batch"] = True
    return data, f"{why}; once for each event, however many permanents it concerns (CR 603.2c)"
