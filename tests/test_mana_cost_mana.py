"""Mana in a mana ability's cost ("{1}, {T}: Add {U}{R}", "{G/U}, {T}: ...", Doubling Cube's "{3}, {T}"):
`mana` took it as paid from other sources, whether or not any could pay it, while can-activate judged it
by the payment search and said no (CR 602.2b, 601.2g-h, 118.3: an ability is activated only if its costs
are paid).  `mana` now judges it as can-activate does; an ability that adds the mana left in the pool once
its cost is paid (Doubling Cube, CR 701.9f) adds what the way of paying leaves, and is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "payment" / "test-cards.yml"


def _board(*cards: str, pool: str = ""):
    alice = {"name": "Alice", "mana_pool": pool} if pool else "Alice"
    return pysolver.board_from_data({"players": [alice, "Bob"], "battlefield": [
        {"id": card.lower().replace(" ", "-"), "card": card, "controller": "Alice"} for card in cards]}, [CARDS])


def test_signet_with_no_mana_to_pay_it_has_no_outcome():
    board = _board("Izzet Signet")
    result = pysolver.mana_outcomes(board, "izzet-signet")
    verdict = pysolver.can_activate(board, "izzet-signet")
    assert result.outcomes == ()
    assert result.cannot_activate == verdict.reasons == (
        "118.3: Alice can't produce {1} with Alice's mana pool and the mana abilities Alice can activate now",)


@pytest.mark.parametrize("cards, pool", [(("Izzet Signet", "Forest"), ""), (("Izzet Signet",), "{G}")])
def test_signet_paid_by_a_land_or_the_pool(cards, pool):
    result = pysolver.mana_outcomes(_board(*cards, pool=pool), "izzet-signet")
    assert result.cannot_activate == ()
    assert [o.canonical() for o in result.outcomes] == [{"mana": "{U}{R}"}]


def test_doubling_cube_its_cost_paid_from_the_pool_is_refused():
    # {C}{W}{W}{B}: paying {3} leaves {C}, {W} or {B}, which the Cube doubles; the mana query doubled all four.
    with pytest.raises(QueryError) as caught:
        pysolver.mana_outcomes(_board("Doubling Cube", pool="{C}{W}{W}{B}"), "doubling-cube")
    assert str(caught.value) == (
        "<board>: doubling-cube's ability 1 adds the mana left in the pool once its cost is paid (CR 601.2g-h, "
        "701.9f), which depends on the way the cost is paid: pysolver next BOARD activate doubling-cube 1 gives "
        "each way")
    answers = {r.board["players"][0].get("mana_pool") for r in
               pysolver.api.next_states(_board("Doubling Cube", pool="{C}{W}{W}{B}"), ["activate", "doubling-cube"])}
    assert answers == {"{C}{C}", "{W}{W}", "{B}{B}"}
