"""What an Aura may enchant (CR 702.5a, 303.4a): the "Enchant ..." line compiled whole, and a board
whose Aura is attached to something its line doesn't allow refused (CR 303.4c, 704.5m)."""

from __future__ import annotations

import json

import pytest

import pysolver
from pysolver import BoardError
from pysolver.cards.oracle import compile_card
from helpers import checked_events, write_inputs

CARE = "Enchant artifact or creature\nEnchanted permanent doesn't untap during its controller's untap step."
GRIP = "Enchant creature you control\nEnchanted creature gets +1/+1."


@pytest.mark.parametrize("line, enchant", [
    ("Enchant land", {"types": ["Land"]}),
    ("Enchant Forest", {"subtypes": ["Forest"]}),
    ("Enchant basic land", {"supertypes": ["Basic"], "types": ["Land"]}),
    ("Enchant player", "player"),
    ("Enchant opponent", "opponent"),
    ("Enchant permanent", "permanent"),
    ("Enchant artifact or creature", {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}),
    ("Enchant creature, land, or planeswalker",
     {"any_of": [{"types": ["Creature"]}, {"types": ["Land"]}, {"types": ["Planeswalker"]}]}),
    ("Enchant creature or Vehicle", {"any_of": [{"types": ["Creature"]}, {"subtypes": ["Vehicle"]}]}),
    ("Enchant creature you control", {"any_of": [{"types": ["Creature"]}], "whose": "you"}),
    ("Enchant creature an opponent controls", {"any_of": [{"types": ["Creature"]}], "whose": "opponent"}),
    ("Enchant creature (Target a creature as you cast this. This card enters attached to that creature.)",
     {"types": ["Creature"]}),
    # CR 702.5a, 105.2, 205.4: colors, and the types, subtypes and supertypes it hasn't, judged after every layer
    ("Enchant red or green creature",
     {"any_of": [{"colors": ["R"], "types": ["Creature"]}, {"colors": ["G"], "types": ["Creature"]}]}),
    ("Enchant green creature", {"colors": ["G"], "types": ["Creature"]}),
    ("Enchant nonland permanent", {"not_types": ["Land"]}),
    ("Enchant non-Wall creature you control", {"any_of": [{"not_subtypes": ["Wall"], "types": ["Creature"]}],
                                               "whose": "you"}),
    ("Enchant artifact creature", {"types": ["Artifact", "Creature"]}),
    ("Enchant nonbasic land", {"not_supertypes": ["Basic"], "types": ["Land"]}),
])
def test_the_enchant_line_is_compiled_whole(line, enchant):
    result = compile_card("Test Aura", f"{line}\nEnchanted permanent doesn't untap during its controller's untap "
                                       "step.", "Enchantment — Aura")
    assert (result.status, result.card["enchant"]) == ("ok", enchant)


@pytest.mark.parametrize("line", ["Enchant creature without flying", "Enchant tapped creature",
                                  "Enchant modified creature", "Enchant creature with power 3 or less",
                                  "Enchant creature card in a graveyard"])
def test_an_enchant_line_the_board_check_cant_judge_is_not_understood(line):
    """Once read as "any permanent" (or only its type), these let a board attach the Aura where the
    rules don't: the line is not understood and the card partial (a status, counters, an attachment or
    power may change as mana abilities are activated, between two checks of state-based actions)."""
    result = compile_card("Test Aura", f"{line}\nEnchanted creature gets +1/+1.", "Enchantment — Aura")
    assert result.status == "partial" and "enchant" not in result.card
    assert [(s["text"], s["class"]) for s in result.sentences if s["text"].startswith("Enchant ")] == [
        (f"{line}.", "not understood")]


@pytest.fixture
def cards(tmp_path):
    data = [compile_card(name, text, "Enchantment — Aura").card for name, text in
            (("Test Overgrowth", CARE), ("Test Grip", GRIP))]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": data})[1]


def board(aura, target, target_controller):
    return {"players": ["A", "B"], "battlefield": [
        {"id": "a", "card": aura, "controller": "A", "attached_to": {"permanent": "t"}},
        {"id": "t", "card": target, "controller": target_controller}]}


@pytest.mark.parametrize("aura, target, controller, error", [
    ("Test Overgrowth", "Sol Ring", "B", None),
    ("Test Overgrowth", "Grizzly Bears", "A", None),
    ("Test Overgrowth", "Forest", "A", "battlefield[0].attached_to.permanent: Test Overgrowth can "
     "enchant only an Artifact or Creature, and t (Forest) is not one (CR 303.4c, 704.5m)"),
    ("Test Grip", "Grizzly Bears", "A", None),
    ("Test Grip", "Grizzly Bears", "B", "battlefield[0].attached_to.permanent: Test Grip can enchant "
     "only a Creature its controller controls, and t (Grizzly Bears) is not one (CR 303.4c, 704.5m)"),
])
def test_an_aura_attached_where_its_line_forbids_is_refused(cards, aura, target, controller, error):
    """Before, both Auras read "any permanent" / "a creature": the Forest and the opponent's
    creature were accepted, and every answer kept the Aura's effect on them."""
    if error is None:
        assert pysolver.board_from_data(board(aura, target, controller), [cards]) is not None
    else:
        with pytest.raises(BoardError) as raised:
            pysolver.board_from_data(board(aura, target, controller), [cards])
        assert str(raised.value) == f"<board>: {error}"


@pytest.mark.parametrize("player, error", [
    ("B", None),
    ("A", "battlefield[0].attached_to.player: Test Curse enchants an opponent of its controller, and A controls "
          "it (CR 303.4a, 702.5d)"),
])
def test_an_aura_that_enchants_an_opponent_is_never_on_its_controller(tmp_path, player, error):
    """Before, "Enchant opponent" read as "Enchant player": a board could attach it to its controller."""
    card = compile_card("Test Curse", "Enchant opponent\nAt the beginning of enchanted player's upkeep, that player "
                                      "loses 1 life.", "Enchantment — Aura Curse").card
    path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [card]})[1]
    data = {"players": ["A", "B"], "battlefield": [
        {"id": "c", "card": "Test Curse", "controller": "A", "attached_to": {"player": player}}]}
    if error is None:
        assert pysolver.board_from_data(data, [path]) is not None
    else:
        with pytest.raises(BoardError) as raised:
            pysolver.board_from_data(data, [path])
        assert str(raised.value) == f"<board>: {error}"


# CR 704.5m, 303.4d: what the enchant ability allows, judged on the permanent as it is now, after every layer.
INSTINCTS = "Enchant red or green creature\nEnchanted creature doesn't untap during its controller's untap step."
AGGRESSION = "Enchant non-Wall creature\nEnchanted creature has first strike and trample."
SKY = "As this enchantment enters, choose a color.\nAll nonland permanents are the chosen color."


@pytest.fixture
def layered(tmp_path):
    made = [compile_card(name, text, type_line).card for name, text, type_line in (
        ("Test Instincts", INSTINCTS, "Enchantment — Aura"), ("Test Aggression", AGGRESSION, "Enchantment — Aura"),
        ("Test Sky", SKY, "Enchantment"), ("Test Changeling", "Changeling", "Creature — Shapeshifter"),
        ("Test Red Bear", "", "Creature — Bear"), ("Test Wall", "Defender", "Creature — Wall"))]
    for card, cost in zip(made[3:], ("{1}{U}", "{1}{R}", "{1}{W}"), strict=True):
        card.update(mana_cost=cost, power=2, toughness=2)
    made[0]["mana_cost"] = "{U}"
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made})[1]


@pytest.mark.parametrize("color, events", [
    ("R", []), ("G", []),
    ("U", ["put into the graveyard: ci (attached illegally, CR 704.5m)"]),
])
def test_an_aura_on_a_creature_no_longer_its_color_goes_to_the_graveyard(cli, tmp_path, layered, color, events):
    """Shifting Sky makes the red creature blue (CR 613.1e): "Enchant red or green creature" no longer allows it, and
    the Aura is put into its owner's graveyard (704.5m).  Before, the line was not understood (the card partial)."""
    assert checked_events(cli, tmp_path, layered, f"""\
        - {{id: bear, card: Test Red Bear, controller: Bob}}
        - {{id: ci, card: Test Instincts, controller: Alice, attached_to: {{permanent: bear}}}}
        - {{id: sky, card: Test Sky, controller: Alice, chosen: {{color: {color}}}}}
        """) == events


def test_a_non_wall_aura_on_a_changeling_goes_to_the_graveyard(cli, tmp_path, layered):
    """A changeling is every creature type, a Wall too (CR 702.73a): "Enchant non-Wall creature" doesn't allow it."""
    assert checked_events(cli, tmp_path, layered, """\
        - {id: ch, card: Test Changeling, controller: Bob}
        - {id: ag, card: Test Aggression, controller: Alice, attached_to: {permanent: ch}}
        """) == ["put into the graveyard: ag (attached illegally, CR 704.5m)"]


def test_a_non_wall_aura_on_a_printed_wall_is_refused(tmp_path, layered):
    data = {"players": ["A", "B"], "battlefield": [
        {"id": "a", "card": "Test Aggression", "controller": "A", "attached_to": {"permanent": "w"}},
        {"id": "w", "card": "Test Wall", "controller": "B"}]}
    with pytest.raises(BoardError) as raised:
        pysolver.board_from_data(data, [layered])
    assert str(raised.value) == ("<board>: battlefield[0].attached_to.permanent: Test Aggression can enchant only a "
                                 "non-Wall Creature, and w (Test Wall) is not one (CR 303.4c, 704.5m)")


def test_an_aura_spell_targets_only_what_its_colors_allow(cli, tmp_path, layered):
    """CR 303.4a: the Aura spell's target is what its enchant ability allows: the red creature, not the blue one."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, hand: [Test Instincts], mana_pool: '{U}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: bear, card: Test Red Bear, controller: Bob}
        - {id: ch, card: Test Changeling, controller: Bob}
        """)
    code, out, err = cli("next", path, "cast", "Test Instincts", "resolve", "--cards", layered, "--json")
    assert (code, err) == (0, "")
    [outcome] = json.loads(out)["outcomes"]
    assert [(p["id"], p.get("attached_to")) for p in outcome["board"]["battlefield"]] == [
        ("bear", None), ("ch", None), ("test-instincts", {"permanent": "bear"})]
    code, out, err = cli("next", path, "cast", "Test Instincts", "target=ch", "--cards", layered)
    assert code == 2 and err.endswith("Test Changeling (ch) can't be the target of \"enchant ability\": it isn't what "
                                      "\"enchant ability\" describes (CR 115.1)\n")
