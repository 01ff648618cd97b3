""""Whenever a land card is put into your graveyard from anywhere", "When ~ is put into a graveyard from anywhere"
(issue 13; CR 603.2, 603.2c, 603.6c, 113.6k): from the battlefield the event is followed (the cases
tests/cases/next/from-anywhere.yaml); from another zone the trigger condition functions there, which no query
follows: next refuses the action, turn the cleanup discard, and mana shows a discard cost's as not modelled."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml


from helpers import compile_stored, lone_trigger, write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "from-anywhere.yml"
BOLT = Path(__file__).parent / "cases" / "next" / "lose-life-triggers.yml"
FROM = {"event": "put_into_graveyard", "from_anywhere": True}


def trigger(text: str) -> dict | None:
    return lone_trigger(text, "Creature — Horror", power="1", toughness="1")


@pytest.mark.parametrize(("text", "when"), [
    ("When ~ is put into a graveyard from anywhere, shuffle it into its owner's library.", FROM),
    ("Whenever a land card is put into your graveyard from anywhere, put a +1/+1 counter on ~.",
     {**FROM, "filter": {"token": False, "types": ["Land"]}, "whose": "any", "graveyard": "you"}),
    ("Whenever one or more creature cards are put into your graveyard from anywhere, you gain 1 life.",
     {**FROM, "filter": {"token": False, "types": ["Creature"]}, "whose": "any", "graveyard": "you", "batch": True}),
    ("Whenever a card is put into an opponent's graveyard from anywhere, you gain 1 life.",
     {**FROM, "filter": {"token": False}, "whose": "any", "graveyard": "opponent"}),
    ("Whenever one or more land cards are put into your graveyard from anywhere for the first time each turn, "
     "you gain 1 life.",
     {**FROM, "filter": {"token": False, "types": ["Land"]}, "whose": "any", "graveyard": "you", "batch": True,
      "unjudged": "it triggers only the first time each turn such cards are put into that graveyard, which next "
                  "doesn't follow from the events of earlier actions (CR 603.2)"}),
])
def test_from_anywhere_forms(text, when):
    assert trigger(text)["when"] == when


@pytest.mark.parametrize("text", [
    "When ~ is put into a graveyard from anywhere, if it's your turn, you gain 1 life.",
    "When ~ is put into a graveyard from anywhere for the first time each turn, you gain 1 life.",
])
def test_from_anywhere_forms_left_unread(text):
    assert trigger(text) is None


END_STEP_HAND = """\
players: [{name: Alice, hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, %s]}, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: crusher, card: Countryside Crusher, controller: Bob}
"""


def test_next_refuses_a_discard_that_triggers(cli, tmp_path):
    """CR 514.1, 113.6k: Alice discards down to seven in her cleanup step, from her hand: a land card put into her
    graveyard from there triggers her Crusher, which next doesn't follow."""
    board, _ = write_inputs(tmp_path, board=(END_STEP_HAND % "Forest").replace("controller: Bob", "controller: Alice"))
    code, out, err = cli("next", board, "pass", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err.endswith("Forest is put into Alice's graveyard from a zone other than the battlefield, which triggers "
                        "crusher's ability 2 (\"put into a graveyard from anywhere\": CR 113.6k, 603.2); next follows "
                        "that event from the battlefield only\n")


def test_next_follows_a_discard_to_an_unwatched_graveyard(cli, tmp_path):
    """Bob's Crusher watches Bob's graveyard only (CR 400.3): Alice's discard triggers nothing."""
    board, _ = write_inputs(tmp_path, board=END_STEP_HAND % "Forest")
    code, out, _ = cli("next", board, "pass", "--cards", CARDS)
    assert code == 0 and "Alice discards" in out


def test_next_refuses_a_card_whose_own_ability_triggers(cli, tmp_path):
    """Worldspine Wurm discarded from a hand: its own "put into a graveyard from anywhere" functions there."""
    board, _ = write_inputs(tmp_path, board=(END_STEP_HAND % "Worldspine Wurm").replace(
        "battlefield:\n- {id: crusher, card: Countryside Crusher, controller: Bob}\n", ""))
    code, out, err = cli("next", board, "pass", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert "which triggers its own ability 2" in err


def test_next_spell_not_of_the_kind_is_followed(cli, tmp_path):
    """Lightning Bolt goes to Alice's graveyard from the stack; it isn't a land card, so her Crusher doesn't
    trigger and next answers."""
    board, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Lightning Bolt], mana_pool: '{R}'}, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: crusher, card: Countryside Crusher, controller: Alice}
""")
    code, out, _ = cli("next", board, "cast", "Lightning Bolt", "target=Bob", "resolve", "--cards", CARDS,
                       "--cards", BOLT)
    assert code == 0 and "Bob loses 3 life" in out


@pytest.mark.parametrize("hand", ["Forest", "Worldspine Wurm"])
def test_turn_refuses_the_cleanup_discard_that_may_trigger(cli, tmp_path, hand):
    """CR 514.1, 113.6k: turn doesn't follow the cleanup discard, which may trigger the ability."""
    board, _ = write_inputs(tmp_path, board=(END_STEP_HAND % hand).replace("controller: Bob", "controller: Alice"))
    code, out, err = cli("turn", board, "--cards", CARDS)
    assert (code, out) == (2, "")
    who = "crusher" if hand == "Forest" else "Worldspine Wurm"
    assert f"{who}'s triggered ability may trigger as the cleanup step's discard to the maximum hand size" in err


def test_mana_shows_a_discard_cost_that_may_trigger(cli, tmp_path):
    """CR 605.5a, 113.6k: the card a mana ability's cost discards may trigger it: shown as not modelled."""
    board, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Forest]}, Bob]
battlefield:
- {id: scrap, card: Scrap Spring, controller: Alice}
- {id: crusher, card: Countryside Crusher, controller: Alice}
""")
    code, out, _ = cli("mana", board, "scrap", "--cards", CARDS)
    assert code == 0 and "triggers on cards put into a graveyard from anywhere" in out


def test_from_anywhere_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load(CARDS.read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
