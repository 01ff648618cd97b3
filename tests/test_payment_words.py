"""A payment's words are made once from its parts (pysolver/query/payment.py: PaidPart): what paid
each symbol, and the mana it spent, which next's events say and "if at least N mana was spent"
counts (CR 601.2h, 603.4).  Nothing reads them back: an id is any text."""

from __future__ import annotations

from pysolver.query.payment import ANY, Unit, paid_text, spent_text


def test_the_mana_spent_in_type_order_then_any_then_life():
    parts = [("{1}", Unit(ANY, source="birds"), ""), ("{G}", Unit("G", source="f, {R} with {R} from m"), "G"),
             ("{W}", Unit(ANY), "W"), ("2 life", None, "life"), ("{U}", Unit("U"), "U")]
    assert spent_text(parts) == "{W}{U}{G}{Any} and 2 life"
    assert paid_text(parts) == ("2 life, {1} with {Any} from birds, {G} with {G} from f, {R} with {R} from m, "
                                "{U} with {U} from pool, {W} with {Any} as {W} from pool")


def test_life_alone_and_nothing():
    assert spent_text([("2 life", None, "life"), ("2 life", None, "life")]) == "4 life"
    assert spent_text([]) == "nothing"
