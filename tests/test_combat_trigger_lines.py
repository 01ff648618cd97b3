"""CR 603.1: a triggered ability is "[When/Whenever/At] [trigger event], [effect]. [Instructions (if any).]": on a
combat trigger's line (no query declares attackers or blockers or deals combat damage, so it never triggers) the
sentences after the first are more of its effect or its limit, irrelevant with it -- unless one changes the turn's
phases, steps or turns (CR 500.7, 500.8), which `turn` lists: then it stays not understood and the card is refused."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import COMBAT_ADDS_TO_TURN, compile_card

from helpers import write_inputs

COMBAT = "a combat trigger: no query declares attackers or blockers or deals combat damage"
REST = "more of the combat trigger before it on its line, its effect or its limit (CR 603.1): no query resolves it either"
KAMI = ("Whenever a modified creature you control attacks, exile the top card of your library. You may play that card "
        "this turn. (Equipment, Auras you control, and counters are modifications.)\nWhenever you cast a spell from "
        "exile, put a +1/+1 counter on target creature you control.")
SQUAD = ("Whenever one or more modified creatures you control attack, untap all modified creatures you control. After "
         "this phase, there is an additional combat phase. This ability triggers only once each turn. (Equipment, "
         "Auras you control, and counters are modifications.)")


def test_the_rest_of_a_combat_trigger_line_is_its_effect():
    result = compile_card("Kami of Celebration", KAMI, "Creature — Spirit", power="3", toughness="3")
    assert result.status == "ok"
    assert [(s["text"], s["why"]) for s in result.sentences if s["line"] == 1 and "reminder" not in s["why"]] == [
        ("Whenever a modified creature you control attacks, exile the top card of your library.", COMBAT),
        ("You may play that card this turn.", REST)]


def test_an_ability_word_stays_in_the_text():
    result = compile_card("Weapon", "Raid — Whenever equipped creature attacks, draw a card and reveal it. The creature "
                          "gets +X/+X until end of turn and you lose X life, where X is that card's mana value.",
                          "Artifact — Equipment")
    assert [(s["class"], s["text"], s["why"]) for s in result.sentences] == [
        ("irrelevant", "Raid — Whenever equipped creature attacks, draw a card and reveal it.", COMBAT),
        ("irrelevant", "The creature gets +X/+X until end of turn and you lose X life, where X is that card's mana "
         "value.", REST)]


def test_an_additional_phase_after_a_combat_trigger_stays_not_understood():
    """CR 500.8: the phase it adds changes the turn `turn` lists, which doesn't follow attacks: the whole line."""
    result = compile_card("Akki Battle Squad", SQUAD, "Creature — Goblin Samurai", power="6", toughness="6")
    assert (result.status, result.ignored) == (
        "partial", ["Whenever one or more modified creatures you control attack, untap all modified creatures you "
                    "control.", "After this phase, there is an additional combat phase.",
                    "This ability triggers only once each turn."])


KAMI_CARD = {"name": "Kami of Celebration", "mana_cost": "{4}{R}", "types": ["Creature"], "subtypes": ["Spirit"],
             "power": 3, "toughness": 3, "oracle": KAMI}
SQUAD_CARD = {"name": "Akki Battle Squad", "mana_cost": "{5}{R}", "types": ["Creature"], "subtypes": ["Goblin", "Samurai"],
              "power": 6, "toughness": 6, "oracle": SQUAD}


def test_turn_answers_with_the_one_and_refuses_the_other(cli, board_file, tmp_path):
    board = """\
        players: [Alice, Bob]
        turn: {number: 4, active: Alice, step: end}
        battlefield:
        - {id: c, card: %s, controller: Alice}
        """
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [KAMI_CARD]})
    code, out, err = cli("turn", board_file(board % "Kami of Celebration"), "--cards", cards)
    assert (code, err) == (0, ""), err
    assert out.splitlines() == ["turn 4, Alice's turn", "#  STEP     NOTE  TRIGGERS", "1  end", "2  cleanup"]
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [SQUAD_CARD]})
    code, out, err = cli("turn", board_file(board % "Akki Battle Squad"), "--cards", cards)
    assert code == 2
    assert "card 'Akki Battle Squad': its Oracle text does not compile ok" in err


@pytest.mark.parametrize("text", [
    # what the trigger's resolution leaves behind that no board states: a delayed trigger (CR 603.7), an effect
    # beyond the turn or until an event (611.2b), on mana (500.4), a spell to come, characteristics
    "Whenever ~ attacks, create a 1/1 red Goblin creature token that's tapped and attacking. Sacrifice that token at "
    "the beginning of the next end step.",
    "Whenever ~ attacks, tap target creature an opponent controls. That creature doesn't untap during its controller's "
    "next untap step.",
    "Whenever ~ attacks, add {R}{R}. Until end of turn, you don't lose this mana as steps and phases end.",
    "Whenever ~ attacks, you may cast target instant card from your graveyard without paying its mana cost. If that "
    "spell would be put into your graveyard, exile it instead.",
    "Whenever ~ attacks, put a blight counter on target land. For as long as that land has a blight counter on it, it "
    "loses all land types and abilities.",
    "Whenever ~ attacks, draw a card. You have no maximum hand size for the rest of the game.",
])
def test_what_no_board_states_stays_not_understood(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, result.ignored) == ("partial", [text.split(". ", 1)[1]])


ADDS = COMBAT_ADDS_TO_TURN


@pytest.mark.parametrize("text", [
    # one sentence (it was irrelevant, as any combat trigger)
    "Whenever Raider attacks, untap all creatures you control and after this phase, there is an additional combat "
    "phase.",
    # its own sentence after the trigger's (it was not understood, for no reason given)
    "Whenever Raider attacks for the first time each turn, untap all creatures you control. After this phase, there is "
    "an additional combat phase.",
    # after "If you do" (it was irrelevant)
    "Whenever Raider attacks, you may pay {5}{R}{R}. If you do, untap all attacking creatures and after this phase, "
    "there is an additional combat phase.",
    # after exerting's reflexive trigger (CR 701.39a, 603.12: it was irrelevant)
    "If Raider hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all other creatures "
    "you control and after this phase, there is an additional combat phase.",
    # an extra turn after combat damage (CR 500.7: it was irrelevant)
    "Whenever Raider deals combat damage to a player, take an extra turn after this one.",
])
def test_a_combat_trigger_that_adds_to_the_turn_is_not_understood_in_every_form(text):
    """CR 500.8, 506.1, 508.8: one rule (combat_adds_to_turn) classes every sentence of the line."""
    result = compile_card("Raider", text, "Creature — Human Warrior", power="2", toughness="2")
    assert result.status == "partial"
    assert [(s["class"], s["why"]) for s in result.sentences] == [("not understood", ADDS)] * len(result.sentences)


def test_a_combat_trigger_that_adds_nothing_to_the_turn_stays_irrelevant():
    for text in ("Whenever Raider attacks, untap all creatures you control.",
                 "If Raider hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all "
                 "other creatures you control."):
        result = compile_card("Raider", text, "Creature — Human Warrior", power="2", toughness="2")
        assert result.status == "ok"
        assert {s["class"] for s in result.sentences} == {"irrelevant"}
