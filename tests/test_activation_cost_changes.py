"""A static ability that changes what the activated abilities of a group's permanents cost ("Activated abilities
of white enchantments cost {3} more to activate", "... of Foods you control cost {1} less ...", "... unless
they're mana abilities"; CR 601.2f, 602.2b): compiled with its sentence (activation_cost_unjudged), which no rule
applies, so can-activate, mana, available and pay refuse an ability it affects (activation_unknown,
asp/legality.lp), and answer as before for the abilities it doesn't; could-produce ignores costs (CR 106.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-activation-cost-changes.yaml"
GLOOM = "Activated abilities of white enchantments cost {3} more to activate."
TOLL = "Activated abilities of artifacts cost {2} more to activate unless they're mana abilities."
FIELD = "Activated abilities cost {2} more to activate unless they're mana abilities."


@pytest.mark.parametrize(("text", "static"), [
    (GLOOM, {"affects": {"colors": ["W"], "types": ["Enchantment"]}, "whose": "any",
             "activation_cost_unjudged": GLOOM}),
    ("Activated abilities of Foods you control cost {1} less to activate.",
     {"affects": {"subtypes": ["Food"]}, "whose": "you",
      "activation_cost_unjudged": "Activated abilities of Foods you control cost {1} less to activate."}),
    ('Activated abilities of nontoken Rebels cost an additional "Sacrifice a land" to activate.',
     {"affects": {"token": False, "subtypes": ["Rebel"]}, "whose": "any",
      "activation_cost_unjudged": 'Activated abilities of nontoken Rebels cost an additional "Sacrifice a land" '
                                  "to activate."}),
    (TOLL, {"affects": {"types": ["Artifact"]}, "whose": "any", "activation_cost_unjudged": TOLL,
            "except_mana": True}),
    # every permanent's (Suppression Field)
    (FIELD, {"affects": {}, "whose": "any", "activation_cost_unjudged": FIELD, "except_mana": True}),
    # CR 702.6a: equip, an activated ability of Equipment (only its controller's), never a mana ability (605.1a)
    ("Equip abilities you activate cost {1} less to activate.",
     {"affects": {"subtypes": ["Equipment"]}, "whose": "you", "except_mana": True,
      "activation_cost_unjudged": "Equip abilities you activate cost {1} less to activate."}),
    ("Equip abilities you activate of other Equipment cost {1} less to activate.",
     {"affects": {"subtypes": ["Equipment"], "other": True}, "whose": "you", "except_mana": True,
      "activation_cost_unjudged": "Equip abilities you activate of other Equipment cost {1} less to activate."}),
    ("Equip costs you pay cost {1} less.",
     {"affects": {"subtypes": ["Equipment"]}, "whose": "you", "except_mana": True,
      "activation_cost_unjudged": "Equip costs you pay cost {1} less."}),
])
def test_a_groups_cost_change_compiles_with_its_sentence(text, static):
    result = compile_card("Test Enchantment", text, "Enchantment")
    assert result.status == "ok" and result.card["abilities"] == [{"static": static}]


@pytest.mark.parametrize("text", [
    # a group the layer-6 reach can't judge (a choice made as the source entered)
    "Activated abilities of sources with the chosen name cost {2} more to activate unless they're mana abilities.",
    # an ability kind no rule names
    "Exhaust abilities of other permanents you control cost {2} less to activate.",
])
def test_a_cost_change_of_another_form_stays_not_understood(text):
    result = compile_card("Test Enchantment", text, "Enchantment")
    assert result.status == "partial" and result.ignored == [text]


def board(*permanents: tuple[str, str]) -> pysolver.Board:
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": id_, "card": card, "controller": "Alice"} for id_, card in permanents]}, [CARDS])


def test_can_activate_refuses_an_ability_whose_cost_a_group_change_reaches():
    with pytest.raises(QueryError) as refused:
        pysolver.can_activate(board(("sam", "Sam, Loyal Attendant"), ("food", "Test Food")), "food")
    assert str(refused.value).endswith(
        "food (Test Food) ability 1: 'Activated abilities of Foods you control cost {1} less to activate.' is not "
        "modelled, so whether it can be activated now is unknown")


@pytest.mark.parametrize("ask", [
    lambda b: pysolver.mana_outcomes(b, "shrine"),
    lambda b: pysolver.available(b, "Alice"),
    lambda b: api.pay(b, "Alice", "{W}"),
])
def test_the_mana_queries_refuse_a_mana_ability_it_reaches(ask):
    """CR 602.5 makes no exception for mana abilities, nor does Gloom: the Shrine's {T}: Add {W} costs {3}{T}."""
    with pytest.raises(QueryError) as refused:
        ask(board(("gloom", "Gloom"), ("shrine", "Test White Shrine")))
    assert str(refused.value).endswith(
        f"shrine (Test White Shrine) ability 1: {GLOOM!r} is not modelled, so whether it can be activated now, "
        "and what activating it pays, are unknown (CR 601.2f, 602.2b)")


def test_could_produce_ignores_the_cost_change():
    """CR 106.7: what the ability could produce, whatever it costs."""
    answers = {a.id: a.types for a in pysolver.could_produce(board(("gloom", "Gloom"), ("shrine", "Test White Shrine")))}
    assert answers["shrine"] == ("W",)


@pytest.mark.parametrize("changer, permanent, refused", [
    # 'unless they're mana abilities': the Talisman's {T}: Add {C} is untouched (kind mana), its draw ability refused
    (("toll", "Test Toll Collector"), ("talisman", "Test Talisman"), r".*unless they're mana abilities"),
    # Suppression Field: every permanent's activated abilities but mana abilities
    (("field", "Suppression Field"), ("talisman", "Test Talisman"), r".*unless they're mana abilities"),
    # CR 702.6a, 601.2f: Auriok Steelshaper's change reaches the equip ability of its controller's Equipment, not
    # the Equipment's mana ability
    (("steelshaper", "Auriok Steelshaper"), ("blade", "Test Mana Blade"), r"'Equip costs you pay cost \{1\} less\.'"),
])
def test_a_change_that_spares_mana_abilities_leaves_them_answered(changer, permanent, refused):
    both = board(changer, permanent)
    assert pysolver.available(both, "Alice").pools == ("{C}",)
    assert pysolver.can_activate(both, permanent[0], 1).can_activate
    with pytest.raises(QueryError, match=rf"{permanent[0]} \({permanent[1]}\) ability 2: {refused}"):
        pysolver.can_activate(both, permanent[0], 2)


@pytest.mark.parametrize("text", ["Cycling abilities you activate cost {2} less to activate.",
                                  "Ninjutsu abilities you activate cost {1} less to activate."])
def test_a_cost_change_of_abilities_activated_from_a_hand_is_irrelevant(text):
    """CR 702.29a, 702.49a: cycling and ninjutsu are activated from a hand, which no query does."""
    result = compile_card("Test Artifact", text, "Artifact")
    assert result.status == "ok"
    [sentence] = result.sentences
    assert (sentence["class"], sentence["why"][:60]) == (
        "irrelevant", "a change to what abilities activated from a hand cost (cycli")
