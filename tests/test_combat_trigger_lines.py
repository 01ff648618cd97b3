"""CR 603.1: a triggered ability is "[When/Whenever/At] [trigger event], [effect]. [Instructions (if any).]": on a
combat trigger's line (no query declares attackers or blockers or deals combat damage, so it never triggers) the
sentences after the first are more of its effect or its limit, irrelevant with it -- unless one changes the turn's
phases, steps or turns (CR 500.7, 500.8), which `turn` lists: then it stays not understood and the card is refused."""

from __future__ import annotations

import json

import pytest

from pysolver.cards.oracle import ONCE_IRRELEVANT, compile_card

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
    """CR 500.8: the phase it adds changes the turn `turn` lists, which doesn't follow attacks."""
    result = compile_card("Akki Battle Squad", SQUAD, "Creature — Goblin Samurai", power="6", toughness="6")
    assert (result.status, result.ignored) == ("partial", ["After this phase, there is an additional combat phase."])
    assert result.sentences[-1]["why"] == ONCE_IRRELEVANT  # the limit of a trigger no query follows


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
    "untap step for as long as you control ~.",
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


# A line whose sentences hang together ("If you do", "then", "When you do", CR 603.12) was classed irrelevant whole
# as a combat trigger, with no look at what its later sentences leave behind: Alora, Cheerful Mastermind's delayed
# trigger, Kavaron Harrier's "Sacrifice that token at end of combat", Doors of Durin's "Until your next turn" were
# dropped and the cards ok.
ALORA = ("Whenever you attack, up to one target attacking creature can't be blocked this turn. At the beginning of the "
         "next end step, return that creature to its owner's hand. If you do, create a 1/1 white Soldier creature token.")


@pytest.mark.parametrize(("text", "left"), [
    (ALORA, "At the beginning of the next end step, return that creature to its owner's hand."),
    ("Whenever ~ attacks, you may pay {2}. If you do, create a 2/2 colorless Robot artifact creature token that's "
     "tapped and attacking. Sacrifice that token at end of combat.", "Sacrifice that token at end of combat."),
    ("Whenever you attack, scry 2, then you may reveal the top card of your library. If it's a creature card, put it "
     "onto the battlefield tapped and attacking. Until your next turn, it gains trample.",
     "Until your next turn, it gains trample."),
])
def test_what_no_board_states_stays_not_understood_on_a_reflexive_line(text, left):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, result.ignored) == ("partial", [left])


@pytest.mark.parametrize("text", [
    "Whenever ~ attacks, you may sacrifice a Blood token. If you do, put a +1/+1 counter on ~ and draw a card.",
    # a reflexive trigger resolves in that combat (CR 603.12): nothing is left behind
    "Whenever you attack, you may pay {E}{E}{E}{E}. When you do, put two +1/+1 counters on target attacking creature.",
])
def test_a_reflexive_combat_trigger_line_that_leaves_nothing_is_irrelevant(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, [s["why"] for s in result.sentences]) == ("ok", [COMBAT, REST])


ALORA_CARD = {"name": "Alora, Cheerful Mastermind", "mana_cost": "{1}{W}{U}", "types": ["Creature"],
              "supertypes": ["Legendary"], "subtypes": ["Human", "Rogue"], "power": 2, "toughness": 3, "oracle": ALORA}


def test_turn_refuses_a_board_where_a_delayed_trigger_may_wait(cli, board_file, tmp_path):
    """After combat, Alora's trigger may have left 'At the beginning of the next end step, return that creature to its
    owner's hand' (CR 603.7), which no board states: turn listed the end step with no trigger."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [ALORA_CARD]})
    code, out, err = cli("turn", board_file("""\
        players: [Alice, Bob]
        turn: {number: 4, active: Alice, step: postcombat_main}
        battlefield:
        - {id: alora, card: "Alora, Cheerful Mastermind", controller: Alice}
        """), "--cards", cards)
    assert (code, out) == (2, "")
    assert "card 'Alora, Cheerful Mastermind': its Oracle text does not compile ok" in err


@pytest.mark.parametrize(("text", "left"), [
    # each sentence of a combat trigger's line was classified alone where one left something behind, and one with
    # no rules word was irrelevant as touching nothing (Geist of Saint Traft, Scrappy Bruiser)
    ("Whenever ~ attacks, create a 4/4 white Angel creature token with flying that's tapped and attacking. Exile that "
     "token at end of combat.", "Exile that token at end of combat."),
    # a trigger whose event no query produces leaves behind what its resolution did, as a combat trigger does
    # (Combat Celebrant's additional combat phase, Entangling Trap, Deadly Dancer)
    ("If ~ hasn't been exerted this turn, you may exert it as it attacks. When you do, untap all other creatures you "
     "control and after this phase, there is an additional combat phase.",
     "When you do, untap all other creatures you control and after this phase, there is an additional combat phase."),
    ("Whenever you clash, tap target creature an opponent controls. If you won, that creature doesn't untap during its "
     "controller's untap step for as long as you control ~.",
     "If you won, that creature doesn't untap during its controller's untap step for as long as you control ~."),
])
def test_what_an_irrelevant_trigger_leaves_behind_stays_not_understood(text, left):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, result.ignored) == ("partial", [left])


CELEBRANT = {"name": "Combat Celebrant", "mana_cost": "{2}{R}", "types": ["Creature"], "subtypes": ["Human", "Warrior"],
             "power": 4, "toughness": 1, "oracle": "If this creature hasn't been exerted this turn, you may exert it as it "
             "attacks. When you do, untap all other creatures you control and after this phase, there is an additional "
             "combat phase. (An exerted creature won't untap during your next untap step.)"}


def turn_with(cli, board_file, tmp_path, card: dict, step: str) -> tuple[int, str, str]:
    """`pysolver turn` on Alice's turn 4 at ``step`` with the one permanent of ``card`` (Oracle text)."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [card]})
    return cli("turn", board_file(f"""\
        players: [Alice, Bob]
        turn: {{number: 4, active: Alice, step: {step}}}
        battlefield:
        - {{id: it, card: "{card['name']}", controller: Alice}}
        """), "--cards", cards)


def test_turn_refuses_a_combat_where_an_additional_phase_may_come(cli, board_file, tmp_path):
    """CR 500.8: exerted as it attacked, Combat Celebrant adds a combat phase after this one, which no board states:
    turn listed the combat damage step, end of combat, then the postcombat main phase."""
    code, out, err = turn_with(cli, board_file, tmp_path, CELEBRANT, "combat_damage")
    assert (code, out) == (2, "")
    assert "card 'Combat Celebrant': its Oracle text does not compile ok" in err


@pytest.mark.parametrize("text", [
    # the first sentence's own effect leaves it behind: Tangle Asp, Conduit of Storms
    "Whenever ~ blocks or becomes blocked by a creature, destroy that creature at end of combat.",
    "Whenever ~ attacks, add {R} at the beginning of your next main phase this turn.",
])
def test_what_a_combat_triggers_own_effect_leaves_behind_stays_not_understood(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, result.ignored) == ("partial", [text.replace("this creature", "~")])


@pytest.mark.parametrize("text", [
    # a life total the board states (CR 119.5); a look at a card exiled face down, which no query reads (406.3)
    "Whenever ~ attacks a player and isn't blocked, that player's life total becomes 1.",
    "Whenever ~ deals combat damage to a player, exile the top card of that player's library face down. You may look "
    "at it for as long as it remains exiled.",
    # a permission to play an exiled card, which no query does (next plays and casts from a hand only): Edward Kenway,
    # Fiend of the Shadows, Gila Courser (the last two were partial by it before)
    "Whenever ~ deals combat damage to a player, that player exiles a card from their hand. You may play that card for "
    "as long as it remains exiled.",
    "Whenever ~ attacks, exile the top card of your library. Until the end of your next turn, you may play that card.",
    # a permanent that doesn't untap during its controller's next untap step (CR 502.3: the board's
    # skips_next_untap) and the monarch (722.1: the board's monarch): Labyrinth Minotaur, Kashi-Tribe Elite, Ojutai,
    # Soul of Winter, Apes of Rath, Starscream (partial before)
    "Whenever ~ blocks a creature, that creature doesn't untap during its controller's next untap step.",
    "Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its controller's next "
    "untap step.",
    "Whenever a Dragon you control attacks, tap target nonland permanent an opponent controls. That permanent doesn't "
    "untap during its controller's next untap step.",
    "Whenever ~ attacks, it doesn't untap during its controller's next untap step.",
    "Whenever you clash, tap target creature an opponent controls. If you won, that creature doesn't untap during its "
    "controller's next untap step.",  # Entangling Trap
    "Whenever ~ deals combat damage to a player, if there is no monarch, that player becomes the monarch.",
])
def test_what_a_board_states_or_no_query_reads_is_no_left_behind(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert result.status == "ok", result.sentences


ELITE = {"name": "Kashi-Tribe Elite", "mana_cost": "{1}{G}{G}", "types": ["Creature"], "subtypes": ["Snake", "Warrior"],
         "power": 2, "toughness": 3, "oracle": "Legendary Snakes you control have shroud.\nWhenever Kashi-Tribe Elite "
         "deals combat damage to a creature, tap that creature and it doesn't untap during its controller's next untap "
         "step."}


def test_next_keeps_tapped_what_a_combat_trigger_left_so(cli, tmp_path):
    """CR 502.3: the creature Kashi-Tribe Elite's combat trigger tapped, as the board states it, stays tapped in its
    controller's next untap step (the card was partial and refused before)."""
    board, cards = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        turn: {number: 4, active: Alice, step: cleanup}
        battlefield:
        - {id: elite, card: Kashi-Tribe Elite, controller: Alice}
        - {id: bears, card: Grizzly Bears, controller: Bob, tapped: true, skips_next_untap: true}
        - {id: forest, card: Forest, controller: Bob, tapped: true}
        """, cards={"format": "pysolver-oracle/1", "cards": [ELITE]})
    code, out, err = cli("next", board, "pass", "--json", "--cards", cards)
    assert (code, err) == (0, ""), err
    [outcome] = json.loads(out)["outcomes"]
    tapped = {p["id"]: p.get("tapped", False) for p in outcome["board"]["battlefield"]}
    assert (outcome["board"]["turn"], tapped) == ({"number": 5, "active": "Bob", "step": "upkeep", "upkeeps": 0},
                                                  {"elite": False, "bears": True, "forest": False})


@pytest.mark.parametrize("text", [
    # CR 111.3: the abilities a token is created with are its text, which the board's token lists (Queen Brahne, Relic
    # Robber, Maestros Diabolist were partial by the quote's "Whenever" / "At the beginning of" / "When")
    'Whenever ~ attacks, create a 0/1 black Wizard creature token with "Whenever you cast a noncreature spell, this '
    'token deals 1 damage to each opponent."',
    'Whenever ~ deals combat damage to a player, that player creates a 0/1 colorless Goblin Construct artifact creature '
    'token with "This token can\'t block" and "At the beginning of your upkeep, this token deals 1 damage to you."',
    'Whenever ~ attacks, create a tapped and attacking 1/1 red Devil creature token with haste and "When this token '
    'dies, it deals 1 damage to any target."',
])
def test_a_token_created_with_its_abilities_leaves_nothing_behind(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert (result.status, [s["why"] for s in result.sentences]) == ("ok", [COMBAT])


@pytest.mark.parametrize("text", [
    # a quoted ability an object gains, or a copy's exception (which a board's copy_of can't state, CR 707.9b), is
    # left behind; so is what follows the token's quotes
    'Whenever ~ attacks, target creature gains "At the beginning of your upkeep, sacrifice this creature."',
    'Whenever ~ attacks, create a token that\'s a copy of it, except it has "At the beginning of the end step, '
    'sacrifice this token."',
    'Whenever ~ attacks, create a 1/1 red Devil creature token with "When this token dies, it deals 1 damage to any '
    'target." and it gains "At the beginning of your upkeep, sacrifice this creature."',
])
def test_other_quoted_abilities_are_left_behind(text):
    result = compile_card("Raider", text, "Creature — Goblin", power="2", toughness="2")
    assert result.status == "partial"


BRAHNE = {"name": "Queen Brahne", "mana_cost": "{2}{B}{R}", "types": ["Creature"], "supertypes": ["Legendary"],
          "subtypes": ["Human", "Noble"], "power": 2, "toughness": 2,
          "oracle": "Prowess\nWhenever Queen Brahne attacks, create a 0/1 black Wizard creature token with \"Whenever "
                    "you cast a noncreature spell, this token deals 1 damage to each opponent.\""}


def test_turn_answers_with_a_token_maker(cli, board_file, tmp_path):
    """The Wizard token an earlier attack created is on the board with its ability: turn was refused, the card partial."""
    code, out, err = turn_with(cli, board_file, tmp_path, BRAHNE, "end")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["turn 4, Alice's turn", "#  STEP     NOTE  TRIGGERS", "1  end", "2  cleanup"]
