"""pysolver's queries, one module each; QUERIES names them all.

Each query module offers ``answer(board, **args)``: the answer as canonical
plain data (sets as sorted lists, in a stable order), so that a ruling case's
expected answer compares with ``==`` and prints as a readable diff.
"""

from __future__ import annotations

from typing import Any, Callable

from pysolver.query import activation, could_produce, mana, outcomes, payment, turn, x_value
from pysolver.query import next as next_query

QUERIES: dict[str, Callable[..., Any]] = {
    "could-produce": could_produce.answer,
    "turn": turn.answer,
    "outcomes": outcomes.answer,
    "can-activate": activation.answer_can_activate,
    "available": payment.answer_available,
    "x": x_value.answer,
    "mana": mana.answer,
    "pay": payment.answer_pay,
    "next": next_query.answer,
}
