"""Every query's facts: the board's facts and the facts that ask the question.

What a query grounds is exactly ``facts(board, **args)`` of its registry entry
and its entry program asp/query/<query>.lp; ``pysolver facts BOARD --query Q``
writes the same facts, so ``python -m clingo asp/query/<q>.lp facts.lp``
gives the query's answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.facts import board_facts
from pysolver.cards import Card
from pysolver.cards.library import has_abilities
from pysolver.facts.cards import card_facts, filter_facts
from pysolver.facts.creature_types import creature_type_facts
from pysolver.facts.next_steps import additional_steps, stack_in_use
from pysolver.facts.players import graveyard_facts, player_facts
from pysolver.facts.stack import stack_facts


def could_produce(board: Board, ids=()) -> Iterator[Symbol]:
    """could-produce: the board and its graveyards (the permanents asked about are picked
    when decoding)."""
    yield from board_facts(board)
    yield from graveyard_facts(board)


def turn(board: Board, max_steps: int = 100) -> Iterator[Symbol]:
    """turn: the board, the additional steps created after its step and whether its stack is in use (its
    step has begun: asp/turn.lp), step_limit(N) (lay the turn out for at most N steps), and reach_asked(I, F) for
    the I-th filter of what the board's step triggers may remove (pysolver/query/turn_reads.py reach_filters)."""
    yield from board_facts(board)
    yield from additional_steps(board)
    yield from stack_in_use(board)
    yield Function("step_limit", [Number(max_steps)])
    from pysolver.query import turn_reads  # what the step triggers may remove: the filters of its reach

    for index, spec in enumerate(turn_reads.reach_filters(board)):
        term, facts = filter_facts(spec)
        yield from facts
        yield Function("reach_asked", [Number(index), term])


def outcomes(board: Board) -> Iterator[Symbol]:
    """outcomes: the board."""
    yield from board_facts(board)


def can_activate(board: Board, permanent: str) -> Iterator[Symbol]:
    """can-activate: the board, the players' facts, and query_permanent(O)."""
    yield from board_facts(board)
    yield from player_facts(board)
    yield Function("query_permanent", [String(permanent)])


def x(board: Board, object: str) -> Iterator[Symbol]:
    """x: the board, the spells on the stack, and x_object(O)."""
    yield from board_facts(board)
    yield from stack_facts(board)
    yield Function("x_object", [String(object)])


def mana(board: Board, permanent: str, triggers: bool = True) -> Iterator[Symbol]:
    """mana: the board, the players' facts (asp/legality.lp reads them), query_permanent(O), and
    query_no_triggers without triggered mana abilities."""
    yield from board_facts(board)
    yield from player_facts(board)
    yield Function("query_permanent", [String(permanent)])
    if not triggers:
        yield Function("query_no_triggers", [])


def next_actions(board: Board, actions=()) -> Iterator[Symbol]:
    """next: the board (each action grounds it with the facts of that step, next_state.py)."""
    yield from board_facts(board)


def pay_objects(board: Board, card_filters: Sequence[dict[str, Any]] = ()) -> Iterator[Symbol]:
    """pay's objects (asp/query/pay_objects.lp): the board, and colors_asked (the five colors
    of every permanent are judged: convoke and the costs that tap or sacrifice one of a color
    read them, CR 702.51a, 105.2); with ``card_filters`` (the costs that choose a card of a hand
    or graveyard, 601.2h), the cards there and cost_card_asked(I, F) for the I-th filter."""
    yield from board_facts(board)
    yield Function("colors_asked", [])
    if _changeling_on(board):  # CR 702.73a: every creature type a cost's filter of permanents may name
        yield from creature_type_facts()
    if card_filters:
        yield from graveyard_facts(board)
    for index, spec in enumerate(card_filters):
        term, facts = filter_facts(spec)
        yield from facts
        yield Function("cost_card_asked", [Number(index), term])


def _changeling_on(board: Board) -> bool:
    """Whether a permanent's card has changeling (it is every creature type, CR 702.73a: asp/filter_conditions.lp
    gives it each creature type the facts name)."""
    library = board.library
    return library is not None and any(
        (card := library.get(p.card_name)) is not None
        and "changeling" in (str(k).lower() for k in card.data.get("keywords", [])) for p in board.battlefield)


def spend_spell(card: Card, card_filters: Sequence[dict[str, Any]]) -> Iterator[Symbol]:
    """pay's judgement of a spell by the kinds of spells restricted mana may pay (asp/query/pay_objects.lp,
    asp/spend_restriction.lp, CR 106.6): the spell's card, spend_spell(C) and spend_filter_asked(I, F) for
    the I-th kind; the card's characteristics alone decide, not the board's."""
    yield from card_facts(card)
    yield Function("spend_spell", [String(card.name)])
    if any(spec.get("no_abilities") for spec in card_filters) and has_abilities(card.data):
        yield Function("card_has_abilities", [String(card.name)])
    for index, spec in enumerate(card_filters):
        term, facts = filter_facts(spec)
        yield from facts
        yield Function("spend_filter_asked", [Number(index), term])


def pay(board: Board, player: str, cost: str | None = None, asked: frozenset | None = None) -> Iterator[Symbol]:
    """pay: the board, and query_permanent(O) for each permanent of the player (their mana
    abilities are activated together, pysolver/query/payment.py); ``asked``: only those."""
    yield from board_facts(board)
    yield from player_facts(board)
    for permanent in board.battlefield:
        if permanent.controller == player and (asked is None or permanent.id in asked):
            yield Function("query_permanent", [String(permanent.id)])
