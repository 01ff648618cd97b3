"""CR 603.2: "This ability triggers only once each turn" (the card data's ``when:
{once_each_turn: true}``).

Whether such an ability has triggered this turn is turn history no other field records: a board
records it per permanent as ``triggered_this_turn: [N, ...]``, the numbers of its abilities (every
kind counted, from 1: the numbering of a stack item's ``ability``) that have.  Only a printed
triggered ability with the limit may be listed.  asp/trigger_limits.lp keeps it from triggering
again; `pysolver next` records each one it puts on the stack and starts afresh each turn.
"""

from __future__ import annotations

from typing import Any


def limited(card: Any, number: int) -> bool:
    """Whether the card's ability ``number`` (from 1) triggers only once each turn."""
    abilities = card.abilities() if card is not None else []
    if not 1 <= number <= len(abilities):
        return False
    spec = abilities[number - 1].get("triggered")
    return isinstance(spec, dict) and bool(spec.get("when", {}).get("once_each_turn"))


def first_of(card: Any, number: int) -> int:
    """CR 603.2: the number of the first of the abilities that share ability ``number``'s limit (one ability with
    two trigger events, compiled as one ability each: ``limit_with_previous``), ``number`` itself if none."""
    abilities = card.abilities() if card is not None else []
    while 1 < number <= len(abilities) and abilities[number - 1].get("triggered", {}).get("when", {}).get(
            "limit_with_previous"):
        number -= 1
    return number


def check(card: Any, card_name: str, given: list[Any]) -> str | None:
    """The one-line problem with a permanent's ``triggered_this_turn`` field, or None."""
    for number in given:
        if not isinstance(number, int) or isinstance(number, bool) or not limited(card, number):
            return (f"{number!r} is not one of {card_name}'s triggered abilities that trigger only once "
                    "each turn (CR 603.2); whether another one triggered changes nothing")
    return None
