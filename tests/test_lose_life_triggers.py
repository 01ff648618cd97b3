""""Whenever an opponent loses life", "Whenever you lose life during your turn" (issue 13; CR 603.2, 119.3,
120.3a): a player's life loss is an event of asp/player_events.lp, which pysolver next produces as a spell or
ability resolves (a loss, damage to a player) and as life is paid (119.4: a cost, a mana ability's, paying as a
permanent enters); the mana query lists it, outcomes refuses it.  Cases: tests/cases/next/lose-life-triggers.yaml,
tests/cases/mana/lose-life-triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored, lone_trigger, write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "lose-life-triggers.yml"


def trigger(text: str) -> dict | None:
    return lone_trigger(text, "Enchantment")


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever an opponent loses life, you gain 1 life.",
     {"when": {"event": "lose_life", "whose": "opponent"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever you lose life during your turn, draw a card.",
     {"when": {"event": "lose_life", "whose": "you", "during": "you"}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever a player loses life, you draw a card.",
     {"when": {"event": "lose_life", "whose": "any"}, "do": [{"draw": 1}], "text": "you draw a card"}),
    # the amount lost, the player who lost it: the effect reads the event, so only its text
    ("Whenever an opponent loses life, you gain that much life.",
     {"when": {"event": "lose_life", "whose": "opponent"}, "text": "you gain that much life"}),
    ("Whenever an opponent loses life during your turn, you draw that many cards.",
     {"when": {"event": "lose_life", "whose": "opponent", "during": "you"}, "text": "you draw that many cards"}),
])
def test_lose_life_forms(text, triggered):
    assert trigger(text) == triggered


def test_gain_or_lose_life_is_two_events():
    """CR 603.2, 119.3: "Whenever you gain or lose life during your turn": one ability for each event, each limited
    to its controller's turn (the cases next-gain-or-lose-life-*)."""
    result = compile_card("Fiend", "Whenever you gain or lose life during your turn, draw a card.", "Enchantment")
    assert result.status == "ok"
    assert [a["triggered"]["when"] for a in result.card["abilities"]] == [
        {"event": "gain_life", "whose": "you", "during": "you"}, {"event": "lose_life", "whose": "you", "during": "you"}]


def test_a_draw_if_it_isnt_their_turn():
    """CR 603.4: "if it isn't that player's turn" reads as "if it's not their turn" (not_player)."""
    assert trigger("Whenever an opponent draws a card, if it isn't that player's turn, you gain 1 life.") == {
        "when": {"event": "draw", "whose": "opponent", "during": "not_player"}, "do": [{"gain_life": 1}],
        "text": "you gain 1 life"}


@pytest.mark.parametrize("text", [
    "Whenever an opponent loses life for the first time each turn, you gain 1 life.",
    "Whenever you lose life, if you have 10 or less life, draw a card.",
])
def test_lose_life_forms_left_unread(text):
    """How often or when beyond the event itself: no form states it, so the sentence stays not understood."""
    assert trigger(text) is None


def test_outcomes_refuses_a_life_loss_that_triggers(cli, tmp_path):
    """CR 603.2: outcomes resolves the top of the stack but doesn't put what a life loss triggers on the stack:
    refused, naming the ability (pysolver next resolves it)."""
    board, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: rally, card: Rally Caller, controller: Alice}
- {id: idol, card: Leech Idol, controller: Alice}
stack:
- {card: Rally Caller, controller: Alice, source: rally, ability: 1}
""", cards="""\
format: pysolver-oracle/1
cards:
- {name: Rally Caller, types: [Creature], power: 1, toughness: 1,
   oracle: "When this creature enters, each opponent loses 2 life."}
""")
    code, out, err = cli("outcomes", board, "--cards", CARDS, "--cards", str(tmp_path / "cards.yaml"))
    assert (code, out) == (2, "")
    assert err.endswith("Bob loses life, which can trigger Leech Idol (idol:1) (CR 603.2, 119.3); outcomes doesn't "
                        "put the abilities a life loss triggers on the stack (pysolver next resolve does)\n")


def test_lose_life_trigger_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load(CARDS.read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
