"""The facts `pysolver next` adds to a board's for each kind of step it takes
(pysolver/next_state.py, asp/query/next_*.lp): the triggers waiting to be put on the
stack, a permanent entering, a land played, a step's turn-based actions, a spell cast."""

from __future__ import annotations

from collections.abc import Iterable

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.cards import mana_symbols
from pysolver.facts.cards import TYPE_CONSTANT, card_facts
from pysolver.errors import QueryError


def card(board: Board, name: str) -> list[Symbol]:
    """The facts of a card that is on no permanent yet (in a hand, being cast)."""
    definition = board.library.get(name) if board.library is not None else None
    return list(card_facts(definition)) if definition is not None else []


def pending_triggers(board: Board, controllers: Iterable[str]) -> list[Symbol]:
    """The players in turn order and the pending triggers' controllers (CR 603.3b)."""
    players = list(board.players)
    symbols = [Function("player", [String(p.name)]) for p in players]
    symbols += [Function("turn_position", [String(p.name), Number(i)]) for i, p in enumerate(players)]
    symbols.append(Function("active_player", [String(board.active_player)]))
    symbols += [Function("pending", [Number(i), String(c)]) for i, c in enumerate(controllers)]
    return symbols


def drew_from_empty(players: Iterable[str]) -> list[Symbol]:
    """Players who drew from an empty library (CR 704.5b)."""
    return [Function("drew_from_empty", [String(p)]) for p in sorted(players)]


def hand(player: str, cards: Iterable[str]) -> list[Symbol]:
    return [Function("hand_card", [String(player), Number(i), String(c)]) for i, c in enumerate(cards)]


def entering_objects(ids: Iterable[str]) -> list[Symbol]:
    """Objects entering the battlefield together (tokens created, CR 111.2, 603.6a)."""
    return [Function("entering", [String(obj)]) for obj in ids]


def entering(board: Board, permanent_id: str) -> list[Symbol]:
    """A permanent entering (CR 614.12), and the cards in hands it may reveal (701.16a)."""
    extra = [Function("entering", [String(permanent_id)])]
    for player in board.players:
        extra += hand(player.name, player.hand)
        for name in sorted(set(player.hand)):
            extra += card(board, name)
    return extra


def play(board: Board, player: str, cards: Iterable[str], index: int) -> list[Symbol]:
    """The active player plays the card ``index`` of their hand (CR 305.1)."""
    extra = hand(player, cards) + [Function("play_card", [String(player), Number(index)]),
                                   Function("lands_played", [Number(board.lands_played)])]
    return extra + ([Function("stack_in_use")] if board.stack else [])


def step(board: Board, active_hand: Iterable[str]) -> list[Symbol]:
    """The additional steps to come, the steps to lay out (2), the active player's hand."""
    symbols = [Function("additional_step", [Number(i), Function(s)])
               for i, s in enumerate(board.additional_steps)]
    symbols += [Function("step_limit", [Number(2)])]
    return symbols + hand(board.active_player, active_hand)


def cost(board: Board, mana_cost: str, x: int, place: str) -> list[Symbol]:
    """The total cost (CR 601.2f): its colored and colorless symbols, and the generic part
    with X (107.3); hybrid and Phyrexian symbols aren't paid here."""
    key = Function("cast")
    out: list[Symbol] = []
    generic = 0
    typed: dict[str, int] = {}
    for symbol in mana_symbols(mana_cost):
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "X":
            generic += x
        elif symbol in TYPE_CONSTANT:
            typed[symbol] = typed.get(symbol, 0) + 1
        else:
            raise QueryError(f"the cost {mana_cost} has the symbol {{{symbol}}}, which next doesn't pay yet",
                             file=board.name, place=place)
    # One fact per type with its count: facts are a set ({G}{G} is two, not one).
    out += [Function("cost_part", [key, TYPE_CONSTANT[t], Number(n)]) for t, n in sorted(typed.items())]
    if generic:
        out.append(Function("cost_generic", [key, Number(generic)]))
    return out


def cast(board: Board, player: str, name: str) -> list[Symbol]:
    """A player casts a card and pays its cost (CR 601.2)."""
    symbols = [Function("cast_card", [String(player), String(name)]),
               Function("cost_to_pay", [Function("cast"), String(player)])]
    return symbols + ([Function("stack_in_use")] if board.stack else [])
