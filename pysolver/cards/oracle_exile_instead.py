"""Oracle compiler form of a permanent's replacement of other permanents going to a graveyard from the
battlefield (issue 13; CR 614.1a, 614.6, 700.4): "If a creature an opponent controls would die, exile it
instead", "If another creature would die, exile it instead", "If a permanent would be put into a graveyard,
exile it instead".  The event (dying: a creature or planeswalker put into a graveyard from the battlefield; or
any permanent put into a graveyard), the permanents it watches (a filter, whose, "another": not its source)
and what replaces it (exile) are its pieces.  The rule is asp/zone_change.lp's exiled_instead/2, which every
permanent `next`, `mana` and `outcomes` move to a graveyard goes through (pysolver/exiled_instead.py).  Not
read here: another zone instead (a library, a hand), a condition of what happened this turn.

``exiled_from_anywhere_form`` reads cards put into a graveyard from anywhere: "If a card or token would be put
into your graveyard from anywhere, exile it instead", "If an instant or sorcery card would be put into a
graveyard from anywhere, ..." (CR 614.1a, 614.6): whose graveyard (its owner's, relative to the source's
controller) and which cards.  From the battlefield the rule is asp/zone_change.lp's exiled_instead/2; from a
hand or the stack its exiled_card_instead/2 (pysolver/exiled_instead.py).  Read only when the kind of card is
judged alike on the battlefield and off it: any card (and token), or card types no permanent has (instant,
sorcery, CR 110.4); "a creature card" (its printed types, or the permanent's?) stays not understood.  This
module imports nothing of the package: ``whose_filter``, ``card_filter`` and ``unsupported`` are
pysolver.cards.oracle's."""

from __future__ import annotations

import re
from typing import Any, Callable

OTHERS_EXILED = re.compile(r"If (?P<what>.+?) would (?P<event>die|be put into a graveyard(?: from the battlefield)?), "
                           r"exile (?:it|that card|that permanent) instead")


def others_exiled_form(bare: str, whose_filter: Callable[..., tuple[str, dict[str, Any]]],
                       unsupported: type[Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    m = OTHERS_EXILED.fullmatch(bare)
    if m is None or m.group("what") == "~" or re.search(r"\b(this turn|dealt|card|cards|spell|token|chosen|"
                                                        r"that|was|were|enchanted|equipped)\b", m.group("what")):
        return None
    event = "dies" if m.group("event") == "die" else "graveyard"
    try:
        whose, spec = whose_filter(m.group("what"), other=True)
    except unsupported:
        return None
    if event == "dies" and spec.get("types") not in (["Creature"], ["Planeswalker"]):
        return None  # CR 700.4: only a creature or a planeswalker dies
    replacement = {"event": event, "whose": whose, "filter": spec}
    return ([("ability", {"exiled_instead": replacement})],
            ("a permanent of the kind that would die is exiled instead" if event == "dies" else
             "a permanent of the kind that would be put into a graveyard from the battlefield is exiled instead")
            + " (CR 614.1a, 614.6, 700.4; asp/zone_change.lp: every permanent a query moves to a graveyard)")


# CR 614.1a, 614.6: cards (and tokens) put into a graveyard from anywhere, exiled instead.
CARDS_EXILED = re.compile(r"If (?P<what>a card or token|a card|an? (?P<kind>[\w ,\-]+?) card) would be put into "
                          r"(?P<whose>a|your|an opponent's) graveyard from anywhere, exile (?:it|that card) instead")
GRAVEYARD_WHOSE = {"a": "any", "your": "you", "an opponent's": "opponent"}
NOT_PERMANENT_TYPES = {"Instant", "Sorcery"}  # CR 110.4: never a permanent's


# "If a black or red permanent, spell, or card not on the battlefield would be put into a graveyard, exile it
# instead": of those colors everywhere (a permanent's as it is, a spell's or card's as printed: CR 105.2, 202.2).
COLORED_EXILED = re.compile(r"If an? (?P<colors>[\w ,]+?) permanent, spell, or card not on the battlefield would be "
                            r"put into a graveyard, exile it instead")


def exiled_from_anywhere_form(bare: str, card_filter: Callable[[str], dict[str, Any]],
                              unsupported: type[Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    spec: dict[str, Any]
    colored = COLORED_EXILED.fullmatch(bare)
    if colored is not None:
        try:
            spec = card_filter(colored.group("colors") + " card")
        except unsupported:
            return None
        if not all(set(kind) == {"colors"} for kind in spec.get("any_of", [spec])):
            return None
        return ([("ability", {"exiled_from_anywhere": {"whose": "any", "filter": spec}})],
                "a permanent, spell or card of those colors that would be put into a graveyard is exiled instead "
                "(CR 614.1a, 614.6, 105.2; asp/zone_change.lp: the battlefield, a hand, the stack)")
    m = CARDS_EXILED.fullmatch(bare)
    if m is None:
        return None
    if m.group("kind") is None:  # any card; a token too when it says so (CR 111.1: a token is no card)
        spec = {} if m.group("what") == "a card or token" else {"token": False}
    else:
        try:
            spec = card_filter(m.group("kind") + " card")
        except unsupported:
            return None
        kinds = spec.get("any_of", [spec])
        if not kinds or any(set(kind) != {"types"} or not set(kind["types"]) <= NOT_PERMANENT_TYPES
                            for kind in kinds):
            return None  # judged on a permanent's characteristics or its card's: not read
    whose = GRAVEYARD_WHOSE[m.group("whose")]
    return ([("ability", {"exiled_from_anywhere": {"whose": whose, "filter": spec}})],
            "a card" + (" or token" if m.group("what") == "a card or token" else "") + " of that kind that would be "
            "put into " + {"any": "a", "you": "its controller's", "opponent": "an opponent's"}[whose]
            + " graveyard from anywhere is exiled instead (CR 614.1a, 614.6; asp/zone_change.lp: the battlefield, "
            "a hand, the stack)")
