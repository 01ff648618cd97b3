"""The players' facts the activation rules read beyond the board facts: life, hand
size, mana pool (as an m(W, U, B, R, G, C) vector), graveyard, and the order of
each player's permanents."""

from __future__ import annotations

from collections.abc import Iterator

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.cards import card_facts, mana_symbols
from pysolver.errors import BoardError
from pysolver.mana import TYPES


def pool_vector(counts: dict[str, int]) -> Symbol:
    return Function("m", [Number(counts.get(t, 0)) for t in TYPES])


def mana_pool_counts(board: Board, index: int) -> dict[str, int]:
    """A player's mana pool ({G}{G}) as counts of each type (CR 106.4)."""
    player = board.players[index]
    counts: dict[str, int] = {}
    for symbol in mana_symbols(player.mana_pool):
        if symbol not in TYPES:
            place = board.document.place(("players", index, "mana_pool")) if board.document else None
            raise BoardError(f"a mana pool holds mana of the six types ({{W}}{{U}}{{B}}{{R}}{{G}}{{C}}), "
                             f"not {{{symbol}}}", file=board.name, place=place)
        counts[symbol] = counts.get(symbol, 0) + 1
    return counts


def player_facts(board: Board) -> Iterator[Symbol]:
    """Life, hand size, mana pool and graveyard of each player; the order of their permanents."""
    for index, player in enumerate(board.players):
        name = String(player.name)
        yield Function("life", [name, Number(player.life)])
        yield Function("hand_size", [name, Number(len(player.hand))])
        yield Function("mana_pool", [name, pool_vector(mana_pool_counts(board, index))])
        mine = [p for p in board.battlefield if p.controller == player.name]
        for position, permanent in enumerate(mine):
            yield Function("chain_order", [name, String(permanent.id), Number(position)])
        yield Function("chain_length", [name, Number(len(mine))])
    if board.stack:
        yield Function("stack_in_use", [])
    yield from graveyard_facts(board)


def graveyard_facts(board: Board) -> Iterator[Symbol]:
    """graveyard_card(P, I, C) and hand_card(P, I, C) for each card of each graveyard and
    hand, and the facts of the cards not on the battlefield (targets, the colors and counts
    of cards in a graveyard, cards revealed from a hand)."""
    known = {p.card_name for p in board.battlefield}
    extra: set[str] = set()
    for player in board.players:
        for position, card in enumerate(player.graveyard):
            yield Function("graveyard_card", [String(player.name), Number(position), String(card)])
            if card not in known:
                extra.add(card)
        for position, card in enumerate(player.hand):
            yield Function("hand_card", [String(player.name), Number(position), String(card)])
            if card not in known:
                extra.add(card)
    for card in sorted(extra):
        definition = board.library.get(card) if board.library else None
        if definition is not None:
            yield from card_facts(definition)
