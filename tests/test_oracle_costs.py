"""What a spell costs (pysolver/cards/oracle_costs.py): what the compiler makes of its own cost
change (CR 113.6d, 601.2f: "This spell costs {X} less to cast, where X is ...", "... for each ...")
and of its alternative costs (118.9: "You may ... rather than pay this spell's mana cost"), and
what it leaves not understood.  tests/cases/payment/spell-costs.yaml pays them."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

CREATURES_YOU_CONTROL = {"whose": "you", "filter": {"types": ["Creature"]}}


@pytest.mark.parametrize("text, expected", [
    ("This spell costs {X} less to cast, where X is the greatest power among creatures you control.",
     {"less": 1, "per": {"greatest": {"stat": "power", **CREATURES_YOU_CONTROL}}}),
    ("This spell costs {X} less to cast, where X is the amount of life you gained this turn.",
     {"less": 1, "per": "life_gained"}),
    ("This spell costs {1} less to cast for each creature card in your graveyard.",
     {"less": 1, "per": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {2} less to cast for each creature card in your graveyard.",
     {"less": 2, "per": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {1} less to cast for each creature your opponents control.",
     {"less": 1, "per": {"count": {"whose": "opponent", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {1} less to cast for each creature on the battlefield.",
     {"less": 1, "per": {"count": {"whose": "any", "filter": {"types": ["Creature"]}}}}),
    # once, while a condition on an amount holds
    ("This spell costs {2} less to cast if you control a creature with flying.",
     {"less": 2, "if": {"amount": {"count": {"whose": "you", "filter": {"keywords": ["Flying"], "types": ["Creature"]}}},
                        "at_least": 1}}),
    ("Metalcraft — This spell costs {1} less to cast if you control three or more artifacts.",
     {"less": 1, "if": {"amount": {"count": {"whose": "you", "filter": {"types": ["Artifact"]}}}, "at_least": 3}}),
    ("This spell costs {2} less to cast if your opponents control three or more creatures.",
     {"less": 2, "if": {"amount": {"count": {"whose": "opponent", "filter": {"types": ["Creature"]}}}, "at_least": 3}}),
    ("This spell costs {8} less to cast if you have eight or more instant and/or sorcery cards in your graveyard.",
     {"less": 8, "if": {"amount": {"count": {"whose": "you", "zone": "graveyard", "filter": {
         "any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}}}, "at_least": 8}}),
    ("This spell costs {3} less to cast if you've gained 3 or more life this turn.",
     {"less": 3, "if": {"amount": "life_gained", "at_least": 3}}),
    ("This spell costs {2} less to cast if you gained life this turn.",
     {"less": 2, "if": {"amount": "life_gained", "at_least": 1}}),
    ("This spell costs {2} less to cast if your life total is 5 or less.",
     {"less": 2, "if": {"amount": "life_total", "at_most": 5}}),
    ("If you have 3 or less life, this spell costs {6} less to cast.",
     {"less": 6, "if": {"amount": "life_total", "at_most": 3}}),
    # one opponent (CR 102.3), cards in hand (402.1), card types in a graveyard (205.2a), a party (700.8)
    ("This spell costs {X} less to cast, where X is the greatest number of artifacts an opponent controls.",
     {"less": 1, "per": {"count": {"whose": "an_opponent", "filter": {"types": ["Artifact"]}}}}),
    ("If an opponent controls seven or more lands, this spell costs {6} less to cast.",
     {"less": 6, "if": {"amount": {"count": {"whose": "an_opponent", "filter": {"types": ["Land"]}}}, "at_least": 7}}),
    ("If an opponent has no cards in hand, this spell costs {6} less to cast.",
     {"less": 6, "if": {"amount": {"count": {"whose": "an_opponent", "zone": "hand", "filter": {}}}, "at_most": 0}}),
    ("This spell costs {2} less to cast if there are no land cards in your hand.",
     {"less": 2, "if": {"amount": {"count": {"whose": "you", "zone": "hand", "filter": {"types": ["Land"]}}},
                        "at_most": 0}}),
    ("This spell costs {1} less to cast if you have four or more cards in hand.",
     {"less": 1, "if": {"amount": {"count": {"whose": "you", "zone": "hand", "filter": {}}}, "at_least": 4}}),
    ("Delirium — This spell costs {2} less to cast as long as there are four or more card types among cards in your "
     "graveyard.", {"less": 2, "if": {"amount": "graveyard_card_types", "at_least": 4}}),
    ("This spell costs {1} less to cast for each creature in your party.", {"less": 1, "per": "party"}),
    # CR 700.6: historic, an artifact, a legendary permanent or a Saga
    ("This spell costs {X} less to cast, where X is the total mana value of historic permanents you control.",
     {"less": 1, "per": {"total": {"stat": "mana_value", "whose": "you", "filter": {"any_of": [
         {"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]}}}}),
    # CR 601.2f: "for each A and each B": the counts added
    ("This spell costs {1} less to cast for each Cave you control and each Cave card in your graveyard.",
     {"less": 1, "per": {"sum": [{"count": {"whose": "you", "filter": {"subtypes": ["Cave"]}}},
                                 {"count": {"whose": "you", "zone": "graveyard", "filter": {"subtypes": ["Cave"]}}}]}}),
    ("This spell costs {1} less to cast for each artifact you control and each artifact card in your hand.",
     {"less": 1, "per": {"sum": [{"count": {"whose": "you", "filter": {"types": ["Artifact"]}}},
                                 {"count": {"whose": "you", "zone": "hand", "filter": {"types": ["Artifact"]}}}]}}),
    # CR 702.166b: when its optional cost is paid
    ("This spell costs {2} less to cast if it's bargained.", {"less": 2, "if": {"paid": "bargain"}}),
])
def test_own_cost_changes_compile(text, expected):
    result = compile_card("Test Spell", text, "Creature — Beast", power="5", toughness="5")
    assert result.ok and result.card["own_cost"] == expected
    assert result.sentences[0]["class"] == "compiled"


@pytest.mark.parametrize("text", [
    # amounts no rule counts for a cost: each leaves the card partial, never irrelevant
    "This spell costs {X} less to cast, where X is the total power of creatures an opponent controls.",
    "This spell costs {X} less to cast, where X is the greatest mana value among Elementals you control.",
    "This spell costs {1} less to cast for each other creature you control.",
    "This spell costs {G} less to cast for each green creature you control.",
    # a condition no rule judges yet, though the board states it
    "This spell costs {2} less to cast if you control at least two creatures that share a creature type.",
    "This spell costs {2} less to cast if you control another Elf.",
])
def test_own_cost_changes_not_read_make_the_card_partial(text):
    result = compile_card("Test Spell", text, "Creature — Beast", power="5", toughness="5")
    assert not result.ok and "own_cost" not in result.card
    assert result.sentences[0]["class"] == "not understood"


@pytest.mark.parametrize("text, expected", [
    ("This spell costs {1} less to cast for each card you've drawn this turn.",
     {"less": 1, "per": {"unjudged": "for each card you've drawn this turn"}}),
    ("This spell costs {1} less to cast for each creature that died this turn.",
     {"less": 1, "per": {"unjudged": "for each creature that died this turn"}}),
    ("This spell costs {2} less to cast for each card you've cycled or discarded this turn.",
     {"less": 2, "per": {"unjudged": "for each card you've cycled or discarded this turn"}}),
    ("This spell costs {1} less to cast for each attacking creature.",
     {"less": 1, "per": {"unjudged": "for each attacking creature"}}),
    ("This spell costs {X} less to cast, where X is the total amount of noncombat damage dealt to your opponents "
     "this turn.", {"less": 1, "per": {"unjudged": "where X is the total amount of noncombat damage dealt to your "
                                                   "opponents this turn"}}),
    ("This spell costs {3} less to cast if it targets an attacking creature.",
     {"less": 3, "if": {"unjudged": "if it targets an attacking creature"}}),
    ("Morbid — This spell costs {3} less to cast if a creature died this turn.",
     {"less": 3, "if": {"unjudged": "if a creature died this turn"}}),
    ("This spell costs {2} less to cast if a creature is attacking you.",
     {"less": 2, "if": {"unjudged": "if a creature is attacking you"}}),
    ("This spell costs {2} less to cast if it's night.", {"less": 2, "if": {"unjudged": "if it's night"}}),
])
def test_own_cost_changes_by_what_no_board_records_compile_unjudged(text, expected):
    """CR 601.2f: a count or condition of what happened this turn, of attackers, of day or night: compiled
    with it unjudged, so pay --spell and next cast refuse the spell (tests/test_spell_costs.py)."""
    result = compile_card("Test Spell", text, "Instant")
    assert result.ok and result.card["own_cost"] == expected
    assert result.sentences[0]["class"] == "compiled"


@pytest.mark.parametrize("text, expected", [
    ("Affinity for artifacts (This spell costs {1} less to cast for each artifact you control.)",
     {"whose": "you", "filter": {"types": ["Artifact"]}}),
    ("Affinity for Swamps", {"whose": "you", "filter": {"subtypes": ["Swamp"]}}),
    ("Affinity for Equipment", {"whose": "you", "filter": {"subtypes": ["Equipment"]}}),
])
def test_affinity_is_a_cost_reduction_for_each_permanent(text, expected):
    # CR 702.41a: "This spell costs {1} less to cast for each [quality] you control"
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["own_cost"] == {"less": 1, "per": {"count": expected}}
    assert result.card["keywords"] == ["Affinity"]


def test_affinity_for_permanents_no_filter_reads_is_not_understood():
    result = compile_card("Test Spell", "Affinity for outlaws", "Sorcery")
    assert not result.ok and "own_cost" not in result.card
    assert result.sentences[0]["class"] == "not understood"
    assert "Affinity for outlaws: permanents no filter reads (CR 702.41a)" in result.sentences[0]["why"]


def test_a_second_change_of_its_own_cost_is_not_understood():
    # the card holds one own_cost: a second one is never dropped in silence (CR 601.2f)
    result = compile_card("Test Spell", "Affinity for artifacts\nThis spell costs {1} less to cast for each "
                          "creature card in your graveyard.", "Sorcery")
    assert result.card["own_cost"] == {"less": 1, "per": {"count": {"whose": "you", "filter": {"types": ["Artifact"]}}}}
    assert [s["class"] for s in result.sentences] == ["compiled", "not understood"]
    assert not result.ok


@pytest.mark.parametrize("text, expected", [
    ("Strive — This spell costs {2}{W} more to cast for each target beyond the first.",
     {"more": 2, "more_colored": "{W}", "per": "targets_beyond_first"}),
    ("This spell costs {1} more to cast for each target beyond the first.", {"more": 1, "per": "targets_beyond_first"}),
    ("Strive — This spell costs {R}{W} more to cast for each target beyond the first.",
     {"more_colored": "{R}{W}", "per": "targets_beyond_first"}),
])
def test_a_cost_per_target_beyond_the_first_compiles(text, expected):
    """CR 601.2c, 601.2f (strive, an ability word: 207.2c): next cast counts the targets it chooses."""
    result = compile_card("Test Spell", text, "Instant")
    assert result.ok and result.card["own_cost"] == expected


@pytest.mark.parametrize("text, expected", [
    ("You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's "
     "mana cost.", [["{1}", {"return_to_hand": {"supertypes": ["Basic"], "types": ["Land"]}}]]),
    ("You may return an Island you control to its owner's hand rather than pay this spell's mana cost.",
     [[{"return_to_hand": {"subtypes": ["Island"]}}]]),
    ("You may sacrifice a Mountain rather than pay this spell's mana cost.",
     [[{"sacrifice": {"subtypes": ["Mountain"]}}]]),
    ("You may pay {2}{U} rather than pay this spell's mana cost.", [["{2}{U}"]]),
    # CR 701.8a, 601.2h: a card of the hand judged by its printed characteristics
    ("You may discard a Mountain card rather than pay this spell's mana cost.",
     [[{"discard_card": {"subtypes": ["Mountain"]}}]]),
    # CR 701.17a: that many distinct permanents; CR 111.1: "nontoken"
    ("You may sacrifice two Mountains rather than pay this spell's mana cost.",
     [[{"sacrifice": {"subtypes": ["Mountain"]}}] * 2]),
    ("You may sacrifice three black creatures rather than pay this spell's mana cost.",
     [[{"sacrifice": {"colors": ["B"], "types": ["Creature"]}}] * 3]),
    ("You may sacrifice a nontoken red creature rather than pay this spell's mana cost.",
     [[{"sacrifice": {"token": False, "colors": ["R"], "types": ["Creature"]}}]]),
])
def test_alternative_costs_compile(text, expected):
    """CR 118.9: an alternative cost pay --spell pays beside the mana cost."""
    result = compile_card("Test Spell", text, "Instant")
    assert result.ok and result.card["alternative_costs"] == expected


@pytest.mark.parametrize("text", [
    # a condition no rule judges, a card exiled from the hand (no cost item pays it), a permanent tapped with a
    # keyword pay doesn't read
    "If it's your turn, you may sacrifice a Mountain rather than pay this spell's mana cost.",
    "If an opponent gained life this turn, you may pay {B} rather than pay this spell's mana cost.",
    "If you control a Forest, rather than pay this spell's mana cost, you may have an opponent gain 3 life.",
    "You may exile a red card from your hand rather than pay this spell's mana cost.",
    "You may pay {W} and tap four untapped creatures you control with flying rather than pay this spell's "
    "mana cost.",
])
def test_alternative_costs_not_read_make_the_card_partial(text):
    result = compile_card("Test Spell", text, "Instant")
    assert result.status == "partial" and "alternative_costs" not in result.card
    assert result.sentences[0]["class"] == "not understood"


def _you_control(subtype: str) -> dict:
    return {"amount": {"count": {"whose": "you", "filter": {"subtypes": [subtype]}}}, "at_least": 1}


@pytest.mark.parametrize("text, expected", [
    ("If you control a Forest, you may cast this spell without paying its mana cost.",
     {"cost": [], "if": [_you_control("Forest")]}),
    ("If an opponent controls an Island and you control a Forest, you may cast this spell without paying its "
     "mana cost.",
     {"cost": [], "if": [{"amount": {"count": {"whose": "opponent", "filter": {"subtypes": ["Island"]}}},
                          "at_least": 1}, _you_control("Forest")]}),
    ("If you control a Swamp, you may sacrifice a creature rather than pay this spell's mana cost.",
     {"cost": [{"sacrifice": {"types": ["Creature"]}}], "if": [_you_control("Swamp")]}),
    ("If you control a Forest, you may sacrifice a Mountain rather than pay this spell's mana cost.",
     {"cost": [{"sacrifice": {"subtypes": ["Mountain"]}}], "if": [_you_control("Forest")]}),
    ("You may pay {B} rather than pay this spell's mana cost if there are thirteen or more creatures on the "
     "battlefield.",
     {"cost": ["{B}"], "if": [{"amount": {"count": {"whose": "any", "filter": {"types": ["Creature"]}}},
                               "at_least": 13}]}),
])
def test_alternative_costs_with_a_condition_compile(text, expected):
    """CR 118.9: the alternative cost and each part of its condition (asp/alternative_costs.lp judges it)."""
    result = compile_card("Test Spell", text, "Instant")
    assert result.ok and result.card["alternative_costs"] == [expected]


ADDITIONAL = "As an additional cost to cast this spell, "


@pytest.mark.parametrize("text, expected", [
    ("sacrifice an artifact or creature.", [{"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}}]),
    ("sacrifice two creatures.", [{"sacrifice": {"types": ["Creature"]}}] * 2),
    ("return a land you control to its owner's hand.", [{"return_to_hand": {"types": ["Land"]}}]),
    ("return a permanent you control to its owner's hand.", [{"return_to_hand": {}}]),
    ("sacrifice a creature and pay 2 life.", [{"sacrifice": {"types": ["Creature"]}}, {"pay_life": 2}]),
    # CR 601.2b: a choice between costs, one option chosen and paid
    ("sacrifice a creature or pay {3}.", [{"one_of": [[{"sacrifice": {"types": ["Creature"]}}], ["{3}"]]}]),
    ("sacrifice an artifact or creature, discard a card, or pay 4 life.", [{"one_of": [
        [{"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}}], [{"discard": 1}],
        [{"pay_life": 4}]]}]),
    ("pay {4} or sacrifice an artifact or creature.", [{"one_of": [
        ["{4}"], [{"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}}]]}]),
    ("tap an untapped artifact you control or pay {1}.", [{"one_of": [
        [{"tap_untapped": {"filter": {"types": ["Artifact"]}}}], ["{1}"]]}]),
    # CR 601.2h: a card of the hand or graveyard, judged by its printed characteristics
    ("reveal an Elf card from your hand or pay {3}.", [{"one_of": [[{"reveal": {"subtypes": ["Elf"]}}], ["{3}"]]}]),
    ("discard a land card.", [{"discard_card": {"types": ["Land"]}}]),
    ("discard a red or green card.", [{"discard_card": {"any_of": [{"colors": ["R"]}, {"colors": ["G"]}]}}]),
    ("exile two creature cards from your graveyard.",
     [{"exile_from_graveyard": {"count": 2, "filter": {"types": ["Creature"]}}}]),
    ("reveal a colorless creature card from your hand.", [{"reveal": {"colorless": True, "types": ["Creature"]}}]),
    # CR 701.17a: every one its caster controls as the cost is paid, or any number of them (none too)
    ("sacrifice all creatures you control.", [{"sacrifice_all": {"types": ["Creature"]}}]),
    ("sacrifice any number of creatures.", [{"sacrifice_any_number": {"types": ["Creature"]}}]),
    # CR 701.8b, 601.2h: a random discard, paid last
    ("discard a card at random.", [{"discard_at_random": 1}]),
    ("discard X cards at random.", [{"discard_at_random": "X"}]),
    # CR 107.3a, 400.7: X permanents returned, X announced as it is cast
    ("return X Swamps you control to their owner's hand.",
     [{"return_to_hand": {"count": "X", "filter": {"subtypes": ["Swamp"]}}}]),
    # CR 118.3: a list of kinds, one filter
    ("tap four untapped artifacts, creatures, and/or lands you control.", [{"tap_untapped": {"count": 4, "filter": {
        "any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}, {"types": ["Land"]}]}}}]),
])
def test_additional_costs_compile(text, expected):
    """CR 601.2b, 118.8: the additional costs pay --spell and next cast pay."""
    result = compile_card("Test Spell", ADDITIONAL + text, "Sorcery")
    assert result.ok and result.card["additional_costs"] == expected


@pytest.mark.parametrize("text", [
    "sacrifice a creature or sacrifice a creature.",  # a choice between two options alike
    "sacrifice a creature or gobble 1.",  # a choice with an option no item pays
    "you may gobble 1.",  # an optional cost no item pays
    "sacrifice a creature that dealt damage this turn.",
])
def test_additional_costs_not_read_make_the_card_partial(text):
    result = compile_card("Test Spell", ADDITIONAL + text, "Sorcery")
    assert result.status == "partial" and "additional_costs" not in result.card


@pytest.mark.parametrize("text, additional, per", [
    ("As an additional cost to cast this spell, you may sacrifice any number of creatures. This spell costs {2} less "
     "to cast for each creature sacrificed this way.", [{"sacrifice_any_number": {"types": ["Creature"]}}], 2),
    ("As an additional cost to cast this spell, you may exile any number of white cards from your hand. This spell "
     "costs {2} less to cast for each card exiled this way.", [{"exile_from_hand_any_number": {"colors": ["W"]}}], 2),
])
def test_a_cost_reduced_for_each_one_paid_this_way(text, additional, per):
    """CR 601.2b, 601.2f: pay --spell and next cast determine the total for each number paid."""
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["additional_costs"] == additional
    assert result.card["own_cost"] == {"less": per, "per": "paid_this_way"}


def test_this_way_with_no_cost_it_counts_is_not_understood():
    result = compile_card("Test Spell", "This spell costs {1} less to cast for each creature sacrificed this way.",
                          "Sorcery")
    assert not result.ok and "own_cost" not in result.card
    assert result.sentences[0]["why"] == "it counts what an additional cost the compiler doesn't read pays (CR 601.2b, " \
        "601.2f)"


def test_collecting_evidence_is_an_optional_cost():
    """CR 701.57a, 601.2b: pay --spell --additional collect_evidence pays it (tests/test_additional_sacrifices.py)."""
    result = compile_card("Test Spell", ADDITIONAL + "you may collect evidence 6.", "Sorcery")
    assert result.ok and result.card["optional_costs"] == {"collect_evidence": [{"collect_evidence": 6}]}


def test_an_optional_reveal_is_an_optional_cost():
    """CR 601.2b, 118.8, 701.16a: pay --spell --additional reveal pays it (tests/test_additional_sacrifices.py)."""
    result = compile_card("Test Spell", ADDITIONAL + "you may reveal a Dragon card from your hand.", "Sorcery")
    assert result.ok and result.card["optional_costs"] == {"reveal": [{"reveal": {"subtypes": ["Dragon"]}}]}
    assert "additional_costs" not in result.card


def test_a_total_of_permanents_is_a_spells_own_cost_amount():
    """CR 601.2f, 208.1, 202.3: "where X is the total power (mana value) of ... you control"."""
    from pysolver.cards.oracle import compile_card
    result = compile_card("Metalwork Colossus", "This spell costs {X} less to cast, where X is the total mana value of "
                          "noncreature artifacts you control.", "Artifact Creature — Construct", mana_cost="{11}",
                          power="10", toughness="10")
    assert result.status == "ok"
    assert result.card["own_cost"] == {"less": 1, "per": {"total": {
        "stat": "mana_value", "whose": "you", "filter": {"not_types": ["Creature"], "types": ["Artifact"]}}}}


def test_a_graveyard_ability_whose_cost_sacrifices_other_permanents_is_no_ability_on_the_battlefield():
    """CR 113.6m: "{2}{G}, Sacrifice a land: Return this card from your graveyard to your hand" functions only in
    a graveyard (its cost sacrifices a land, not the card itself): can-activate never offers it."""
    from pysolver.cards.oracle import compile_card
    result = compile_card("Earthquake Dragon", "{2}{G}, Sacrifice a land: Return this card from your graveyard to "
                          "your hand.", "Creature — Elemental Dragon", mana_cost="{14}{G}", power="10",
                          toughness="10")
    assert (result.status, result.card.get("abilities")) == ("ok", None)
    assert [s["class"] for s in result.sentences] == ["irrelevant"]


@pytest.mark.parametrize("text, expected", [
    ("Spells your opponents cast that target ~ cost {2} more to cast.",
     {"spells": {}, "whose": "opponent", "more": 2, "if_targets_self": True}),
    ("Spells you cast that target ~ cost {2} less to cast.",
     {"spells": {}, "whose": "you", "less": 2, "if_targets_self": True}),
])
def test_a_cost_change_of_spells_that_target_its_source(text, expected):
    """CR 601.2c, 601.2f: judged on the targets chosen (next cast); pay --spell refuses it."""
    result = compile_card("Test Creature", text, "Creature")
    assert (result.status, result.card["abilities"]) == ("ok", [{"cost_change": expected}])


@pytest.mark.parametrize("text, mana", [
    ("You may cast this spell as though it had flash if you pay {2} more to cast it. (You may cast it any time you "
     "could cast an instant.)", "{2}"),
    ("You may cast this spell as though it had flash if you pay {1}{U} more to cast it.", "{1}{U}"),
])
def test_flash_if_you_pay_more_is_an_additional_cost_to_use_the_permission(text, mana):
    """CR 601.3c, 118.8: pay --spell --additional flash and next cast CARD additional=flash pay it
    (tests/test_flash_cost.py)."""
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["flash_cost"] == mana and "cast_as_though_flash" not in result.card
    assert result.sentences[-1]["class"] == "compiled"


@pytest.mark.parametrize("text, condition", [
    ("You may cast this spell as though it had flash if X is 3 or less.", {"x_at_most": 3}),
    ("You may cast this spell as though it had flash if a creature is attacking and a creature is blocking.",
     {"blocking": True}),
])
def test_flash_while_a_condition_holds(text, condition):
    """CR 601.3d: next cast judges it (tests/test_flash_cost.py)."""
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["flash_if"] == condition
