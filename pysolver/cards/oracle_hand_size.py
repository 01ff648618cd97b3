"""Oracle compiler forms of a player's maximum hand size (issue 13): "You have no maximum
hand size", "Your maximum hand size is increased by one", "Each opponent's maximum hand size
is reduced by one", "Your maximum hand size is five" -- static abilities of a permanent that
change a rule of the game (CR 402.2, 613.11), read by the cleanup step's discard (514.1,
asp/actions.lp).  A sentence about the maximum hand size no form reads is not understood
(oracle.RULES_WORDS names it): ``pysolver next`` reads the hand size."""

from __future__ import annotations

from typing import Any

from pysolver.cards import patterns as rx

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
# Whose maximum hand size, relative to the permanent's controller.
# "The chosen player's": the player chosen as the permanent entered (CR 607.1, 614.12; the board's chosen:).
WHOSE = {"You": "you", "Your": "you", "Each opponent's": "opponent", "Each player's": "any",
         "The chosen player's": "chosen_player",
         "Each player": "any", "Players": "any", "Your opponents": "opponent", "Each opponent": "opponent"}
NUMBER = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"

Form = tuple[list[tuple[str, Any]], str]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def maximum_hand_size(bare: str, card: dict[str, Any]) -> Form | None:
    """CR 402.2, 613.11: the card's ``maximum_hand_size`` list gains one effect: ``{whose,
    none: true}`` (no maximum), ``{whose, change: N}`` (increased by N, reduced: -N) or
    ``{whose, set: N}`` (is N).  Effects apply in the timestamp order of their sources."""
    effect: dict[str, Any] | None = None
    m = rx.fullmatch(r"(You|Each player|Players|Each opponent|Your opponents) (?:have|has) no maximum hand size", bare)
    if m:
        effect = {"whose": WHOSE[m.group(1)], "none": True}
    m = m or rx.fullmatch(rf"(Your|Each opponent's|Each player's) maximum hand size is (increased|reduced) by {NUMBER}",
                          bare)
    if m and effect is None:
        amount = _number(m.group(3))
        effect = {"whose": WHOSE[m.group(1)], "change": amount if m.group(2) == "increased" else -amount}
    m = m or rx.fullmatch(rf"(Your|Each opponent's|Each player's|The chosen player's) maximum hand size is {NUMBER}",
                          bare)
    if m and effect is None:
        effect = {"whose": WHOSE[m.group(1)], "set": _number(m.group(2))}
    if effect is None:
        return None
    return ([("card", {"maximum_hand_size": card.get("maximum_hand_size", []) + [effect]})],
            "a player's maximum hand size (CR 402.2, 613.11): the cleanup step's discard reads it (514.1)")
