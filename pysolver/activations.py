"""CR 602.5b, 702.177a: how often a permanent's limited abilities were activated.

A board records, per permanent, ``activated: {N: count}``: the activations of its
printed activated ability N (the numbering of pysolver.query.abilities; printed
abilities come first) this turn, or in the whole game for one limited in the game
("Activate only once.", Exhaust).  Only an ability with such a limit may be given.
"""

from __future__ import annotations

from typing import Any

from clingo import Symbol

from pysolver.cards.restrictions import activation_clauses
from pysolver.errors import LimitExceeded
from pysolver.predicates import match
from pysolver.terms import PrintedAbility

ACTIVATED_KINDS = ("mana", "activated")


def printed_activated(card: Any) -> list[tuple[int, dict]]:
    """(index in the card's abilities, body) of each printed activated ability, in order."""
    found = []
    for index, ability in enumerate(card.abilities() if card is not None else []):
        kind, body = next(iter(ability.items()))
        if kind in ACTIVATED_KINDS:
            found.append((index, body if isinstance(body, dict) else {}))
    return found


def limit(body: dict) -> tuple[int, str] | None:
    """(times, "turn" | "game") of an ability's "Activate only once each turn" and the like."""
    text = body.get("activation_restriction")
    for kind, value in (activation_clauses(text) or []) if text else []:
        if kind == "limit":
            return value[0], value[1]
    return None


def check(card: Any, card_name: str, activated: dict) -> str | None:
    """The one-line problem with a permanent's ``activated`` field, or None."""
    printed = printed_activated(card)
    for number, count in activated.items():
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(printed):
            have = f"1 to {len(printed)}" if printed else "it has none"
            return f"{number!r} is not one of {card_name}'s printed activated abilities ({have})"
        limited = limit(printed[number - 1][1])
        if limited is None:
            return (f"{card_name}'s ability {number} has no activation limit "
                    "(CR 602.5b); how often it was activated changes nothing")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= limited[0]:
            when = "each turn" if limited[1] == "turn" else "in the game"
            return (f"{card_name}'s ability {number} can be activated at most "
                    f"{limited[0]} time{'s' * (limited[0] != 1)} {when} (CR 602.5b), not {count!r}")
    return None


def count_of(card: Any, activated: tuple[tuple[int, int], ...], term: Symbol) -> int:
    """How often the ability ``term`` was activated, as recorded (0 when not)."""
    printed_term = match(PrintedAbility, term)
    if printed_term is None:
        return 0
    index = printed_term.position
    printed = [i for i, _ in printed_activated(card)]
    return next((count for n, count in activated if 1 <= n <= len(printed) and printed[n - 1] == index), 0)


def record(card: Any, activated: tuple[tuple[int, int], ...], term: Symbol,
           body: dict) -> tuple[tuple[int, int], ...] | None:
    """The counts after one more activation of ``term`` (an ability without a limit: unchanged);
    None for a limited ability the board can't record (one granted by another object)."""
    if limit(body) is None:
        return activated
    printed_term = match(PrintedAbility, term)
    if printed_term is None:  # nothing to count if it sacrifices its source (``unrecorded``)
        return None if unrecorded(term, body) else activated
    printed = printed_activated(card)
    number = next((n + 1 for n, (i, _) in enumerate(printed) if i == printed_term.position), None)
    if number is None:
        return None
    counts = dict(activated)
    counts[number] = counts.get(number, 0) + 1
    return tuple(sorted(counts.items()))


def unrecorded(term: Symbol, body: dict) -> bool:
    """Whether the ability ``term`` is limited (CR 602.5b) but its activations can't be on the
    board: one granted by another object (only printed abilities have numbers a count can be
    kept under).  Its count matters even with {T} or {Q} in its cost (the permanent may have
    been untapped since); not when the ability sacrifices its source, which then can't have
    been activated before."""
    return (limit(body) is not None and match(PrintedAbility, term) is None
            and "sacrifice_self" not in body.get("cost", []))


def refuse_unrecorded(permanent_id: str, number: int, term: Symbol, body: dict, kind: str,
                      file: str | None) -> None:
    """The one refusal of every query for an ability ``unrecorded`` (exit 3, "incomplete")."""
    if unrecorded(term, body):
        what = "mana ability" if kind == "mana" else "ability"
        raise LimitExceeded(f"incomplete: {permanent_id}'s {what} {number} says "
                            f"{body['activation_restriction']!r}, and the board records the activations "
                            "of printed abilities only (CR 602.5b)", file=file)


def new_turn(card: Any, activated: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """CR 602.5b: a new turn forgets the activations of abilities limited each turn."""
    printed = printed_activated(card)
    return tuple((n, c) for n, c in activated
                 if 1 <= n <= len(printed) and (limit(printed[n - 1][1]) or (0, ""))[1] == "game")
