"""Card definitions and libraries of them: the bottom of the ``pysolver.cards`` package.

``Card`` and ``Library`` depend on nothing else of the package, so the
imported-card database (``cards/db.py``) and the built-in library
(``cards/__init__.py``) both build on them without importing each other.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

# The variable naming card files and databases to add to the built-in library.
ENVIRONMENT = "PYSOLVER_CARDS"
# Partial cards (some sentence not understood) are used only when allowed
# (--allow-partial); the ones a query used, with their ignored sentences, are
# collected here for the answer to name them (cards/db.py).  Here, not in db.py,
# so that a query that names no card database doesn't import it (issue 16).
ALLOW_PARTIAL: ContextVar[bool] = ContextVar("allow_partial", default=False)
PARTIAL_USED: ContextVar[dict[str, list[str]] | None] = ContextVar("partial_used", default=None)


def left_out(name: str, texts: list[str]) -> None:
    """With --allow-partial, a query uses card ``name`` without its sentences ``texts``: the answer
    names them (cards/db.py)."""
    used = PARTIAL_USED.get()
    if used is not None:
        used[name] = list(dict.fromkeys(used.get(name, []) + texts))


def aura_target(enchant: Any) -> dict[str, Any]:
    """CR 303.4a, 702.5a: an Aura spell's target, as a ``targets`` entry, from its enchant
    ability: a player, an opponent, or a permanent of the kinds it names (``whose``: you /
    opponent control it)."""
    if enchant in ("player", "opponent"):
        return {"zone": "player", "whose": "any" if enchant == "player" else "opponent",
                "text": f"enchant {enchant}"}
    if enchant == "permanent":
        return {"zone": "battlefield", "text": "enchant permanent"}
    whose = {"whose": enchant["whose"]} if "whose" in enchant else {}
    kinds = {"any_of": enchant["any_of"]} if "any_of" in enchant else dict(enchant)
    return {"zone": "battlefield", **whose, "filter": kinds, "text": "enchant ability"}


@dataclass(frozen=True)
class Card:
    """One card definition, as read from a library file."""

    name: str
    data: dict[str, Any]
    origin: str

    @property
    def mana_cost(self) -> str:
        return self.data.get("mana_cost", "")

    @property
    def types(self) -> list[str]:
        return self.data["types"]

    def abilities(self) -> list[dict[str, Any]]:
        return self.data.get("abilities", [])

    def spell_targets(self) -> list[dict[str, Any]]:
        """CR 115.1, 601.2c: the targets of the card as a spell: its ``spell:``'s, or an Aura
        spell's one target, what its enchant ability lets it enchant (303.4a)."""
        if "Aura" in self.data.get("subtypes", []) and "enchant" in self.data:
            return [aura_target(self.data["enchant"])]
        return self.data.get("spell", {}).get("targets", [])

    def ability(self, number: int, granted: int | None = None) -> dict[str, Any]:
        """The card's ability ``number``: its place in ``abilities``, from 1, the one
        numbering of pysolver/query/abilities.py; with ``granted``, the ability that static
        ability grants at that place among its grants, from 1 (CR 613.1f: granted(G, I))."""
        ability = self.abilities()[number - 1]
        return ability if granted is None else ability["static"]["grant"][granted - 1]


def has_abilities(card_data: dict[str, Any]) -> bool:
    """Whether a card's rules text holds an ability (CR 113.1): its ``oracle`` text, reminder text left out (207.2a),
    or its keywords.  A card that states no ``oracle`` is judged by the caller (spend_restriction refuses it)."""
    text = re.sub(r"\([^()]*\)", "", card_data.get("oracle", ""))
    return bool(text.strip() or card_data.get("keywords"))


def has_flashback(card_data: dict[str, Any]) -> bool:
    """Whether a card's data (the compiled card) has a flashback cost (CR 702.34a).  Here, beside
    the data it reads, not with the Oracle forms that compile it (cards/oracle_costs.py): a board
    that is read imports none of the compiler's patterns (issue 16)."""
    return any(isinstance(a, dict) and a.get("name") == "flashback" for a in card_data.get("alternative_costs", []))


def from_anywhere_whens(abilities: list[Any]) -> list[tuple[int, dict[str, Any]]]:
    """(ability number, ``when``) of each "put into a graveyard from anywhere" trigger among a card's
    abilities (its own when it has no ``filter``, CR 113.6k).  Here, beside the data it reads, not with
    the form that compiles it (cards/oracle_from_anywhere.py): a query imports none of the compiler."""
    found = []
    for number, ability in enumerate(abilities, start=1):
        when = ability.get("triggered", {}).get("when", {}) if isinstance(ability, dict) else {}
        if when.get("from_anywhere"):
            found.append((number, when))
    return found


def card_matches(when: dict[str, Any], types: list[str]) -> bool:
    """Whether a card of these card types may match the trigger's filter (a filter of other keys than
    its types and "nontoken" may: the caller refuses rather than guess)."""
    spec = when.get("filter", {})
    if set(spec) - {"types", "token"}:
        return True
    return set(spec.get("types", [])) <= set(types)


class Library:
    """Cards by name; later files override earlier ones.  ``fallbacks`` are
    consulted, in order, for the cards this library doesn't define (imported
    card databases, pysolver/cards/db.py)."""

    def __init__(self, cards: dict[str, Card] | None = None, fallbacks: tuple = ()):
        self.cards: dict[str, Card] = dict(cards or {})
        self.fallbacks: tuple[Library, ...] = tuple(fallbacks)

    def __contains__(self, name: str) -> bool:
        return name in self.cards or any(name in f for f in self.fallbacks)

    def __len__(self) -> int:
        return len(self.cards) + sum(len(f) for f in self.fallbacks)

    def get(self, name: str) -> Card | None:
        if name in self.cards:
            card = self.cards[name]
            used = PARTIAL_USED.get()
            if card.data.get("ignored") and used is not None:  # allowed: the answer names them
                used[name] = list(card.data["ignored"])
            return card
        for fallback in self.fallbacks:
            if name in fallback:
                return fallback.get(name)
        return None

    def unsupported(self, name: str) -> str | None:
        """Why a card the library knows can't be used, after its name ("could not be compiled
        from its Oracle text: ..."; "leaves out ..."), or None."""
        if name in self.cards:
            ignored = self.cards[name].data.get("ignored")
            if ignored and not ALLOW_PARTIAL.get():  # a definition that leaves sentences out is partial
                return (f"is partial: its definition leaves out {', '.join(map(repr, ignored))}; "
                        "--allow-partial uses it without them")
            return None
        for fallback in self.fallbacks:
            if name in fallback:
                reason = fallback.unsupported(name)
                return None if reason is None else f"could not be compiled from its Oracle text: {reason}"
        return None

    def closest(self, name: str, n: int = 3) -> list[str]:
        import difflib  # only for a name that isn't known

        by_lower = {key.lower(): key for key in self.cards}
        found = difflib.get_close_matches(name.lower(), list(by_lower), n=n, cutoff=0.6)
        names = [by_lower[key] for key in found]
        for fallback in self.fallbacks:
            names += [m for m in fallback.closest(name, n) if m not in names]
        return names[:n]

    def extended(self, other: Library) -> Library:
        merged = dict(self.cards)
        merged.update(other.cards)
        return Library(merged, self.fallbacks)

    def with_fallbacks(self, fallbacks) -> Library:
        return Library(self.cards, self.fallbacks + tuple(fallbacks))
