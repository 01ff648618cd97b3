"""Life a mana ability makes its controller gain (CR 119.3) and the payment search: counted
where it is paid with nothing else, refused where life is paid in the same search (119.4),
never answered short.  The cards: tests/cases/next/life-riders.yml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.errors import LimitExceeded

CARDS = [Path(__file__).parent / "cases" / "next" / "life-riders.yml"]
REFUSED = ("<board>: incomplete: henge's mana ability 1 makes Alice gain life, which the search over mana "
           "abilities doesn't count toward life paid or an amount that reads it (CR 119.3, 119.4)")


def board(*permanents: tuple[str, str], life: int = 20):
    return pysolver.board_from_data({"players": [{"name": "Alice", "life": life}, "Bob"],
                                     "battlefield": [{"id": i, "card": c, "controller": "Alice"}
                                                     for i, c in permanents]}, CARDS)


def test_a_phyrexian_symbol_the_gained_life_could_pay_is_refused():
    """At 1 life the land's {G}{G} and its 2 life (3 then) pay {G}{G}{G/P}: a search that
    doesn't count the gain would say it can't be paid."""
    with pytest.raises(LimitExceeded) as refused:
        api.pay(board(("henge", "Test Henge Land"), life=1), "Alice", "{G}{G}{G/P}")
    assert str(refused.value) == REFUSED


def test_a_life_cost_beside_a_life_gaining_ability_is_refused():
    with pytest.raises(LimitExceeded) as refused:
        pysolver.available(board(("henge", "Test Henge Land"), ("pain", "Test Painland"), life=1), "Alice")
    assert str(refused.value) == REFUSED


def test_without_life_paid_the_ability_pays_and_its_gain_is_an_effect():
    result = api.pay(board(("henge", "Test Henge Land"), life=1), "Alice", "{G}{G}")
    assert [way.to_json()["activations"] for way in result.ways] == [[
        {"permanent": "henge", "card": "Test Henge Land", "ability": 1, "text": "{T}: Add {G}{G}. You gain 2 life.",
         "paid": "", "added": "{G}{G}", "effects": ["Alice gains 2 life"]}]]


def test_a_life_gain_kept_as_text_is_refused_too():
    """Springjack Pasture's "You gain X life." stays text (X is the Goats sacrificed): life
    paid beside it is refused the same way."""
    fixtures = Path(__file__).parent / "fixtures" / "cards"
    pasture = pysolver.board_from_data(
        {"players": [{"name": "Alice", "life": 1}, "Bob"],
         "battlefield": [{"id": "pasture", "card": "Springjack Pasture", "controller": "Alice"},
                         {"id": "goat", "card": "Test Goat", "controller": "Alice"}]},
        [fixtures / "compiled-xcosts.yaml", fixtures / "goats.yaml"])
    with pytest.raises(LimitExceeded) as refused:
        api.pay(pasture, "Alice", "{W/P}")
    assert str(refused.value) == REFUSED.replace("henge's mana ability 1", "pasture's mana ability 3")
