"""Triggered abilities that may add mana ("Whenever you discard a card, add {R}", "Whenever a creature you control
dies, add {B}", their effect kept as text or a `do:` that adds mana): with no target, one that triggers from
activating a mana ability is a mana ability itself (CR 605.1b), which resolves at once, off the stack (605.4a),
adding mana its controller may spend in the same payment.  No rule here follows such an effect, so the queries
that activate mana abilities (mana, available, pay, can-activate, next's payments) refuse where one of the
player's may trigger."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pysolver.board import Board, Permanent
from pysolver.errors import LimitExceeded

# The events of a triggered ability (card data's `when.event`) that activating a mana ability may cause, by its
# costs (602.2b) or its effects (mana, damage, life, counters); not a spell cast, a land played, a target chosen
# (a mana ability has none, 605.1a), a permanent turned face up, a crime (which targets, 700.13), a permanent
# entering (no mana ability here puts one onto the battlefield), nor a step or a combat.
_BY_MANA_ABILITIES = frozenset({
    "dies", "sacrifice", "leaves", "put_into_graveyard", "returned_to_hand", "put_into_exile", "leave_graveyard",
    "becomes_tapped", "becomes_untapped", "tapped_for_mana", "counters_put", "last_counter_removed", "gain_life",
    "lose_life", "damage", "draw", "discard", "activate", "coin_flip"})
_SACRIFICE = frozenset({"sacrifice_self", "sacrifice", "sacrifice_x"})
# Events only costs of some kinds cause (CR 602.2b): a discard (701.8a), a sacrifice (701.17a: the permanent dies
# and leaves the battlefield), a card put into a graveyard by either, an untap ({Q}, 107.6), counters removed
# (122.8), cards exiled from a graveyard (701.11a); any other event is taken as one any mana ability may cause.
_DISCARD = frozenset({"discard", "discard_card"})
_EXILE = frozenset({"exile_from_graveyard"})
_CAUSES = {"discard": _DISCARD, "sacrifice": _SACRIFICE, "dies": _SACRIFICE, "leaves": _SACRIFICE,
           "put_into_graveyard": _SACRIFICE | _DISCARD, "becomes_untapped": frozenset({"{Q}", "untap_tapped"}),
           "last_counter_removed": frozenset({"remove_counters"}), "put_into_exile": _EXILE, "leave_graveyard": _EXILE}


def may_add_mana(spec: dict[str, Any]) -> bool:
    """Whether a triggered ability has no target and may add mana: its `do:` adds mana (`add_mana`, which next
    resolves on the stack), or its effect is kept as text only and says "add" (CR 605.1b: such an ability set off
    by a mana ability is a mana ability, which resolves at once)."""
    if spec.get("targets"):
        return False
    if "do" in spec:
        return any("add_mana" in effect for effect in spec["do"])
    return re.search(r"\badd\b", spec.get("text", ""), re.IGNORECASE) is not None


def refuse(board: Board, player: str, only: dict[str, Any] | None = None) -> None:
    """Refuse a board where one of ``player``'s permanents has such a triggered ability that activating their
    mana abilities (``only``: that one ability's body) may set off (only its controller's pool gets its mana,
    106.4): a discard or a sacrifice only where one of those abilities has that cost (and, for a discard of a card
    of some types, their hand holds one), any other event wherever they have a permanent."""
    if board.library is None:
        return
    mine = [p for p in board.battlefield if p.controller == player]
    for permanent in mine:
        card = board.library.get(permanent.card_name)
        for number, ability in enumerate(card.abilities() if card is not None else (), start=1):
            spec = ability.get("triggered") if isinstance(ability, dict) else None
            if not isinstance(spec, dict) or not may_add_mana(spec):
                continue
            event = spec.get("when", {}).get("event")
            if event not in _BY_MANA_ABILITIES:
                continue
            if event in _CAUSES and not _costs(board, mine, _CAUSES[event], only):
                continue
            if event == "discard" and not _hand_matches(board, player, spec["when"].get("filter", {})):
                continue
            raise LimitExceeded(f"incomplete: {permanent.id}'s ability {number} (\"{spec.get('text', '')}\") may "
                                f"trigger as {player}'s mana abilities are activated and add mana: a triggered mana "
                                "ability (CR 605.1b) resolves at once (605.4a), which no rule here follows",
                                file=board.name)


def _costs(board: Board, mine: list[Permanent], items: frozenset[str], only: dict[str, Any] | None) -> bool:
    """Whether a mana ability of these permanents (their cards' own or granted, and any an effect's card holds;
    ``only``: that one) has a cost item of ``items``."""
    assert board.library is not None
    names = {p.card_name for p in mine} | {e.card for e in board.effects}
    for data in [only] if only is not None else [
            card.data for name in names if (card := board.library.get(name)) is not None]:
        for mana in [data] if only is not None else _mana_abilities(data):
            for item in mana.get("cost", []):
                if (isinstance(item, str) and item in items) or (isinstance(item, dict) and set(item) & items):
                    return True
    return False


def _mana_abilities(data: Any) -> Iterator[dict[str, Any]]:
    if isinstance(data, dict):
        if isinstance(data.get("mana"), dict):
            yield data["mana"]
        for value in data.values():
            yield from _mana_abilities(value)
    elif isinstance(data, list):
        for item in data:
            yield from _mana_abilities(item)


def _hand_matches(board: Board, player: str, wanted: dict[str, Any]) -> bool:
    """Whether a card of the player's hand may be the card discarded ("a land card": its printed card types,
    701.8a); a filter of anything else is taken as matching any card."""
    hand = next(p.hand for p in board.players if p.name == player)
    if not hand or set(wanted) - {"types", "not_types"}:
        return bool(hand)
    assert board.library is not None
    for name in hand:
        card = board.library.get(name)
        types = set(card.types) if card is not None else set()
        if card is None or ((not wanted.get("types") or types & set(wanted["types"]))
                            and not types & set(wanted.get("not_types", []))):
            return True
    return False
