"""Layer 7 amounts that count names (CR 201.2, 613.4): "~'s power and toughness are each equal to the number of
differently named lands you control" (a characteristic-defining ability, 604.3), "~ gets +1/+1 for each differently
named token among permanents you control": each name among the matching permanents once; a face-down permanent has
no name (708.2a).  Both sentences were not understood before (Awakened Amalgam, Grek the Ogre partial)."""

from __future__ import annotations


import pytest

from helpers import checked_events, write_inputs
from pysolver.cards.oracle import compile_card

AMALGAM = "Test Amalgam's power and toughness are each equal to the number of differently named lands you control."
GREK = "Test Grek gets +1/+1 for each differently named token among permanents you control."
NAMER = "Test Namer gets +0/+1 for each differently named creature you control."


@pytest.mark.parametrize("name, text, amount", [
    ("Test Amalgam", AMALGAM, {"cda": {"power": {"names_among": {"whose": "you", "filter": {"types": ["Land"]}}},
                                       "toughness": {"names_among": {"whose": "you", "filter": {"types": ["Land"]}}}}}),
    ("Test Grek", GREK, {"pt": {"power": 1, "toughness": 1},
                         "per": {"names_among": {"whose": "you", "filter": {"token": True}}}}),
    ("Test Namer", NAMER, {"pt": {"power": 0, "toughness": 1},
                           "per": {"names_among": {"whose": "you", "filter": {"types": ["Creature"]}}}}),
])
def test_differently_named_is_a_count_of_names(name, text, amount):
    result = compile_card(name, text, "Creature — Ogre", power="*", toughness="*")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {"affects": {}, "whose": "any", "self": True, **amount}}]


def test_other_differently_named_counts_stay_not_understood():
    """A count of names of cards in a graveyard, or of "other" permanents, is no form yet."""
    for text in ("Test Namer gets +1/+1 for each differently named card in your graveyard.",
                 "Test Namer gets +1/+1 for each other differently named creature you control."):
        assert compile_card("Test Namer", text, "Creature — Ogre").status == "partial"


@pytest.fixture
def cards(tmp_path):
    made = [compile_card("Test Amalgam", AMALGAM, "Artifact Creature — Golem", mana_cost="{4}", power="*",
                         toughness="*").card,
            compile_card("Test Grek", GREK, "Creature — Ogre", mana_cost="{3}", power="1", toughness="1").card,
            compile_card("Test Namer", NAMER, "Creature — Human", mana_cost="{2}", power="1", toughness="1").card]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made})[1]


@pytest.mark.parametrize("damage, events", [(1, []), (2, ["destroy am (lethal damage, CR 704.5g)"])])
def test_two_forests_and_an_island_are_two_names(cli, tmp_path, cards, damage, events):
    """Forest, Forest, Island: 2/2 (the opponent's Plains isn't counted); 2 damage is lethal, 1 isn't (704.5g)."""
    assert checked_events(cli, tmp_path, cards, f"""\
        - {{id: am, card: Test Amalgam, controller: Alice, damage: {damage}}}
        - {{id: f1, card: Forest, controller: Alice}}
        - {{id: f2, card: Forest, controller: Alice}}
        - {{id: i1, card: Island, controller: Alice}}
        - {{id: p1, card: Plains, controller: Bob}}
        """) == events


@pytest.mark.parametrize("tokens, events", [
    (["Forest", "Forest"], ["destroy grek (lethal damage, CR 704.5g)"]),
    (["Forest", "Forest", "Island"], []),
])
def test_tokens_of_one_name_count_once(cli, tmp_path, cards, tokens, events):
    """Grek is 1/1 and +1/+1 for each name among its controller's tokens: two Forest tokens make it 2/2 (2 damage
    is lethal), a Forest and an Island token 3/3."""
    listed = "".join(f"- {{id: t{i}, card: {name}, controller: Alice, token: true}}\n" for i, name in enumerate(tokens))
    assert checked_events(cli, tmp_path, cards, "- {id: grek, card: Test Grek, controller: Alice, damage: 2}\n" + listed) \
        == events


def test_a_face_down_creature_has_no_name(cli, tmp_path, cards):
    """Two face-down 2/2s and the Namer itself (1/1, +0/+1 for each name): one name (CR 708.2a), so it is 1/2 and
    2 damage is lethal (a face-down creature counted as a name would make it 1/3)."""
    assert checked_events(cli, tmp_path, cards, """\
        - {id: namer, card: Test Namer, controller: Alice, damage: 2}
        - {id: fd1, card: Test Grek, controller: Alice, face_down: manifest}
        - {id: fd2, card: Test Amalgam, controller: Alice, face_down: manifest}
        """) == ["destroy namer (lethal damage, CR 704.5g)"]
