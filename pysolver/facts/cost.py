"""The facts that ask a spell's total cost (CR 601.2f; asp/query/cost.lp, pysolver/query/cost.py):
the board's, the players', the spell's card, and total_cost_of/total_cost_mana for each X."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.facts import board_facts
from pysolver.facts.cards import card_facts
from pysolver.facts.players import player_facts


def total_cost(board: Board, player: str, card: str, parts: Sequence[tuple[int, int, int]],
               zone: str | None = None, paid: Sequence[str] = (),
               targets: Sequence[str] | None = None, cast_now: bool = False,
               paid_count: int | None = None) -> Iterator[Symbol]:
    """``parts``: for each X asked, (X, the generic mana with X, the number of other symbols);
    ``zone``: the zone the spell is cast from (hand, graveyard), None when not known; ``paid``: the
    optional costs paid as it is cast (kicker, bargain, ...); ``targets``: what it targets
    (CR 601.2c: permanents; all its targets, players too, for a cost counted per target), None when
    none were chosen; ``cast_now``: the card is being cast (not a
    spell already on the stack): the spells each player cast this turn are all before it (601.2i);
    ``paid_count``: how many permanents or cards
    its "any number of" additional cost pays (601.2b), None when not chosen."""
    board = _left_for_the_stack(board, player, card, zone)
    yield from board_facts(board)
    yield from player_facts(board)
    spell_card = board.library.get(card) if board.library else None
    if spell_card is not None:
        yield from card_facts(spell_card)
    yield Function("total_cost_of", [String(player), String(card)])
    if zone is not None:
        yield Function("total_cost_zone", [Function(zone)])
    for name in sorted(set(paid)):
        yield Function("total_cost_paid", [Function(name)])
    if paid_count is not None:
        yield Function("total_cost_paid_count", [Number(paid_count)])
    if cast_now:
        yield Function("cost_spells_counted", [])
        for each in board.players:
            yield Function("cost_spells_cast", [String(each.name), Number(each.spells_cast_this_turn)])
    if targets is not None:
        yield Function("total_cost_targets_chosen", [])
        for target in sorted(set(targets)):
            yield Function("total_cost_target", [String(target)])
        yield Function("total_cost_target_count", [Number(len(targets))])  # CR 601.2c: each target chosen
    for x, generic, other in parts:
        yield Function("total_cost_mana", [Number(x), Number(generic), Number(other)])


def _left_for_the_stack(board: Board, player: str, card: str, zone: str | None) -> Board:
    """CR 601.2a: the card is on the stack as its total cost is determined (601.2f): one copy of it
    leaves its caster's hand (or graveyard) when the board still lists it there."""
    if zone != "hand" and zone != "graveyard":
        return board
    players = []
    for each in board.players:
        cards = list(each.hand if zone == "hand" else each.graveyard)
        if each.name == player and card in cards:
            cards.remove(card)
            each = replace(each, hand=tuple(cards)) if zone == "hand" else replace(each, graveyard=tuple(cards))
        players.append(each)
    return replace(board, players=players)
