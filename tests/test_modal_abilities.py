"""Modal abilities and spells (CR 700.2): the "•" lines after "Choose one —" are the modes of the ability or spell
above them, kept in its text; an activated one whose every mode has a target, or that looks at the modes chosen
before, is refused by can-activate (700.2a, 602.2b); a mode that adds mana (605.1a) or says what pays X is not
understood; a combat trigger's modes are irrelevant as it is; a modal spell's modes compile as no `spell:`."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import (MODE_ADDS_MANA, MODE_OF_ABOVE, MODE_OF_COMBAT, MODE_SPENDING, MODES_AIMED,
                                   MODES_CHOSEN, SPELL_EFFECT, UNAIMED, compile_card)

RELIC = "{1}, {T}: Choose one —\n• Destroy target artifact.\n• Tap target creature."
FUNGUS = ("{2}, Sacrifice this creature: Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.\n"
          "• Draw a card. Then you may put a land card from your hand onto the battlefield tapped.")
DECAY = ("Choose one —\n• Destroy target artifact.\n• Glorious Decay deals 4 damage to target creature with flying.\n"
         "• Exile target card from a graveyard. Draw a card.")


def classes(result):
    return [(s["text"], s["class"], s["why"]) for s in result.sentences]


def test_activated_modes_every_one_targeted():
    result = compile_card("Test Relic", RELIC, "Artifact", mana_cost="{2}")
    assert result.ok
    assert result.card["abilities"] == [{"activated": {
        "cost": ["{1}", "{T}"], "text": "Choose one — • Destroy target artifact. • Tap target creature.",
        "unjudged": [MODES_AIMED]}}]
    assert classes(result)[1:] == [("• Destroy target artifact.", "compiled", MODE_OF_ABOVE),
                                   ("• Tap target creature.", "compiled", MODE_OF_ABOVE)]


def test_activated_modes_one_untargeted():
    result = compile_card("Insidious Fungus", FUNGUS, "Creature — Fungus", mana_cost="{G}", power="1", toughness="2")
    assert result.ok
    assert result.card["abilities"] == [{"activated": {
        "cost": ["{2}", "sacrifice_self"],
        "text": "Choose one — • Destroy target artifact. • Destroy target enchantment. • Draw a card. Then you may put "
                "a land card from your hand onto the battlefield tapped."}}]


def test_activated_modes_chosen_before():
    result = compile_card("Three Bowls", "{2}, {T}: Choose one that hasn't been chosen —\n• Tap target creature.\n"
                          "• Sacrifice this artifact. You gain 3 life.", "Artifact — Food", mana_cost="{2}")
    assert result.ok
    assert result.card["abilities"][0]["activated"]["unjudged"] == [MODES_CHOSEN]


@pytest.mark.parametrize("mode, why", [("• Add {R}.", MODE_ADDS_MANA),
                                       ("• You gain X life. Spend only white mana on X.", MODE_SPENDING)])
def test_an_activated_mode_about_mana_is_not_understood(mode, why):
    result = compile_card("Test Totem", f"{{X}}, {{T}}: Choose one —\n{mode}\n• You gain 1 life.", "Artifact")
    assert [(s["text"], s["why"]) for s in result.sentences if s["class"] == "not understood"] == [
        (part, why) for part in ([mode] if "Spend" not in mode else ["• You gain X life.", "Spend only white mana on X."])]


def test_triggered_modes_chosen_before_and_more():
    text = ("At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life —\n"
            "• Draw a card.\n• Put a +1/+1 counter on Zuko.")
    result = compile_card("Zuko", text, "Legendary Creature — Human Rogue", mana_cost="{B}{R}", power="2",
                          toughness="3")
    assert result.ok
    assert result.card["abilities"] == [{"triggered": {
        "when": {"step": "precombat_main", "whose": "you"},
        "text": "choose one that hasn't been chosen and you lose 2 life — • Draw a card. • Put a +1/+1 counter on "
                "Zuko."}}]


def test_combat_trigger_modes_are_irrelevant():
    text = ("Vigilance, reach, trample\nWhenever this creature attacks or blocks, choose one —\n"
            "• Create a 3/3 green Beast creature token.\n• You gain 3 life.\n• Draw a card.")
    result = compile_card("Elder Gargaroth", text, "Creature — Beast", mana_cost="{3}{G}{G}", power="6",
                          toughness="6", keywords=["Vigilance", "Reach", "Trample"])
    assert result.ok
    assert [c[1:] for c in classes(result)[2:]] == [("irrelevant", MODE_OF_COMBAT)] * 3


def test_a_modal_spells_sentences_compile_as_no_spell():
    """Before, "Draw a card." of the last mode compiled as the spell's effect, and the rest was left out."""
    result = compile_card("Glorious Decay", DECAY, "Instant", mana_cost="{1}{G}")
    assert result.ok
    assert "spell" not in result.card and result.card["cast_unjudged"] == [UNAIMED]
    assert {c[1:] for c in classes(result)} == {("irrelevant", SPELL_EFFECT)}


BOARD = """\
players:
- {name: Alice, mana_pool: "{G}{G}{G}"}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: relic, card: Test Relic, controller: Alice}
- {id: fungus, card: Insidious Fungus, controller: Alice}
"""


@pytest.fixture
def files(tmp_path):
    import yaml
    cards = tmp_path / "cards.yml"
    cards.write_text(yaml.safe_dump({"format": "pysolver-oracle/1", "cards": [
        {"name": "Test Relic", "mana_cost": "{2}", "types": ["Artifact"], "oracle": RELIC},
        {"name": "Insidious Fungus", "mana_cost": "{G}", "types": ["Creature"], "subtypes": ["Fungus"],
         "power": "1", "toughness": "2", "oracle": FUNGUS}]}, allow_unicode=True), "utf-8")
    board = tmp_path / "board.yaml"
    board.write_text(BOARD, "utf-8")
    return board, cards


def test_can_activate_refuses_every_mode_targeted(cli, files):
    board, cards = files
    assert cli("can-activate", board, "relic", "--cards", cards) == (
        2, "", f"error: {board}: --ability: relic (Test Relic) ability 1: '{MODES_AIMED}' is not modelled, so whether "
               "it can be activated now is unknown\n")


def test_can_activate_a_mode_without_target(cli, files):
    board, cards = files
    assert cli("can-activate", board, "fungus", "--cards", cards) == (
        0, "yes: Insidious Fungus (fungus), ability 1: {2}, Sacrifice this creature: Choose one — • Destroy target "
           "artifact. • Destroy target enchantment. • Draw a card. Then you may put a land card from your hand onto "
           "the battlefield tapped.\n", "")
