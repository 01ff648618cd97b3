"""Oracle compiler forms for abilities that trigger on another permanent being tapped (issue 13):
"When enchanted land becomes tapped, destroy it", "Whenever fortified land becomes tapped, ...",
"Whenever an Island an opponent controls becomes tapped, you may gain 1 life" (CR 603.2, 603.2e),
on a permanent (its source too) becoming untapped: "Inspired — Whenever ~ becomes untapped, ...",
"Whenever a permanent you control becomes untapped, ..." (603.2; next fires them in the untap step,
502.3-502.4, on an effect that untaps, 701.21b, and on a {Q} cost, 118.3),
and "Whenever a player taps a land for mana, ~ deals 1 damage to that player", "Whenever a land
an opponent controls is tapped for mana, ..." when the effect adds no mana (CR 106.12a, 605.5a).

`pysolver next` taps permanents as it pays costs (a mana ability's {T}, "tap an untapped creature
you control"; CR 118.3, 601.2g-h), and the mana query activates a mana ability with {T}: the
first form is an event of asp/tapping.lp (put on the stack after the payment, 603.3; listed by
the mana query), the second of asp/mana_triggers.lp (listed by the mana query; next refuses a
payment that would trigger it).  An effect about the permanent tapped or its controller ("destroy
it", "that player") keeps only its text, which next refuses to resolve.  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import about_the_event, resolution, watched

# CR 603.2e: "becomes tapped" (not entering tapped), of the permanent an Aura or Fortification is
# attached to, or of a permanent of a kind, controlled by you, an opponent or anyone.
# CR 603.2: "becomes untapped" the same ways, and of its own source ("Inspired — Whenever ~ becomes
# untapped"): by a {Q} cost, an effect or the untap step (asp/tapping.lp).
BECOMES_TAPPED = re.compile(r"(?:When|Whenever) (?:(?P<attached>enchanted|fortified|equipped) (?:land|creature|"
                            r"artifact|permanent)|(?P<article>a|an|another) (?P<noun>.+?)"
                            r"(?: (?P<owner>you control|an opponent controls))?|(?P<self>~)) becomes "
                            r"(?P<state>tapped|untapped), (?P<effect>.+)")
# CR 106.12a: "tapped for mana": a mana ability with {T} in its cost, activated by its controller.
TAPS_FOR_MANA = re.compile(r"Whenever (?P<who>you|a player|an opponent) taps? (?:a|an) (?P<noun>.+?) for mana, "
                           r"(?P<effect>.+)")
IS_TAPPED_FOR_MANA = re.compile(r"Whenever (?:a|an) (?P<noun>.+?)(?: (?P<owner>you control|an opponent controls))? "
                                r"is tapped for mana, (?P<effect>.+)")
WHOSE = {None: "any", "you control": "you", "an opponent controls": "opponent"}
TAPPER = {"you": "you", "a player": "any", "an opponent": "opponent"}


def _refused(effect: str) -> bool:
    """An intervening "if" (CR 603.4) or a limit on how often it triggers: not read here."""
    return bool(rx.match(r"if\b", effect) or rx.search(r"\btriggers only\b", effect))


def becomes_tapped_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                        do_forms: Callable[[str], list[dict[str, Any]] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2, 603.2e: "When(ever) [enchanted/fortified land | a [noun] [you control]] becomes
    tapped, [effect]", and "When(ever) [~ | enchanted land | a [noun] ...] becomes untapped".
    ``nouns`` reads a noun phrase as a filter (oracle.noun_filter) or None;
    ``do_forms`` an effect as the ability's ``do``."""
    m = BECOMES_TAPPED.fullmatch(bare)
    if not m or _refused(m.group("effect")) or (m.group("self") and m.group("state") == "tapped"):
        return None  # "Whenever ~ becomes tapped": oracle_next's form
    effect, state = m.group("effect"), m.group("state")
    when: dict[str, Any] = {"event": f"becomes_{state}"}
    if m.group("self"):  # CR 603.2: "it" is its source, the permanent untapped
        triggered = {"when": when, **resolution(effect, name, do_forms)}
        return ([("ability", {"triggered": triggered})],
                "a triggered ability when it becomes untapped (CR 603.2): next puts it on the stack after a {Q} "
                "cost or an effect untaps it, and in the upkeep after its untap step (502.4)")
    if m.group("attached"):  # the permanent its source is attached to (CR 301.5, 303.4, 301.6)
        when["attached"] = True
        what = f"the permanent it is attached to ({m.group('attached')})"
    else:
        spec = watched(m, nouns)
        if spec is None:
            return None
        when.update({"filter": spec, "whose": WHOSE[m.group("owner")]})
        what = "a permanent of that kind"
    triggered = {"when": when, **resolution(effect, name, do_forms, about_the_event(effect))}
    if state == "untapped":
        return ([("ability", {"triggered": triggered})],
                f"a triggered ability when {what} becomes untapped (CR 603.2): next puts it on the stack after a "
                "{Q} cost or an effect untaps it, and in the upkeep after the untap step (502.4)")
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when {what} becomes tapped (CR 603.2, 603.2e): next puts it on the stack "
            "after a payment that taps it; the mana query lists it")


def tapped_for_mana_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None]
                         ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 106.12a, 605.5a: "Whenever [you / a player / an opponent] taps a [noun] for mana" and
    "Whenever a [noun] [an opponent controls] is tapped for mana", with an effect that adds no
    mana (that one is a triggered mana ability, 605.1b: oracle.py's forms): it uses the stack."""
    m = TAPS_FOR_MANA.fullmatch(bare)
    tapper = TAPPER[m.group("who")] if m else None
    if m is None:
        m = IS_TAPPED_FOR_MANA.fullmatch(bare)
        tapper = WHOSE[m.group("owner")] if m else None  # CR 605.3a: its controller activates it
    if m is None or tapper is None or _refused(m.group("effect")) or rx.search(r"\badds?\b", m.group("effect")):
        return None
    if rx.match(r"~\b", m.group("noun")) or m.group("noun").startswith(("enchanted", "one or more")):
        return None  # its own source (oracle.tap_trigger), or an Aura's land (a triggered mana ability)
    spec = nouns(m.group("noun"))
    if spec is None:
        return None
    effect = m.group("effect")
    triggered = {"when": {"event": "tapped_for_mana", "tapped": spec, "tapper": tapper},
                 "text": effect.replace("~", name)}  # no do: next refuses a payment that triggers it
    return ([("ability", {"triggered": triggered})],
            "a triggered ability when a permanent of that kind is tapped for mana, adding no mana (CR 106.12a, "
            "605.5a): the mana query lists it; next refuses a payment that triggers it")
