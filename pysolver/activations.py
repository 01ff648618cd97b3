"""CR 602.5b, 702.177a: how often a permanent's limited abilities were activated.

A board records, per permanent, ``activated: {N: count}``: the activations of its
printed activated ability N (the numbering of pysolver.query.abilities; printed
abilities come first) this turn, or in the whole game for one limited in the game
("Activate only once.", Exhaust).  Only an ability with such a limit may be given.
"""

from __future__ import annotations

from typing import Any

from clingo import Function, Number, String, Symbol

from pysolver.cards.restrictions import activation_clauses

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


def terms(card: Any, card_name: str, activated: tuple[tuple[int, int], ...]) -> list[tuple[Symbol, int]]:
    """(ability term, count) of each recorded ability (ab(Card, I), as pysolver.cards names it)."""
    printed = printed_activated(card)
    return [(Function("ab", [String(card_name), Number(printed[n - 1][0])]), count)
            for n, count in activated if 1 <= n <= len(printed)]


def count_of(card: Any, activated: tuple[tuple[int, int], ...], term: Symbol) -> int:
    """How often the ability ``term`` was activated, as recorded (0 when not)."""
    if not term.match("ab", 2):
        return 0
    index = term.arguments[1].number
    printed = [i for i, _ in printed_activated(card)]
    return next((count for n, count in activated if 1 <= n <= len(printed) and printed[n - 1] == index), 0)


def record(card: Any, activated: tuple[tuple[int, int], ...], term: Symbol,
           body: dict) -> tuple[tuple[int, int], ...] | None:
    """The counts after one more activation of ``term`` (an ability without a limit: unchanged);
    None for a limited ability the board can't record (one granted by another object)."""
    if limit(body) is None:
        return activated
    if not term.match("ab", 2):
        return None
    printed = printed_activated(card)
    number = next((n + 1 for n, (i, _) in enumerate(printed) if i == term.arguments[1].number), None)
    if number is None:
        return None
    counts = dict(activated)
    counts[number] = counts.get(number, 0) + 1
    return tuple(sorted(counts.items()))


def new_turn(card: Any, activated: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """CR 602.5b: a new turn forgets the activations of abilities limited each turn."""
    printed = printed_activated(card)
    return tuple((n, c) for n, c in activated
                 if 1 <= n <= len(printed) and (limit(printed[n - 1][1]) or (0, ""))[1] == "game")
