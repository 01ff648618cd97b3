"""Face-down permanents (CR 708, pysolver/face_down.py), turning them face up (next turn-face-up,
pysolver/next_face_up.py) and the keywords that make them (morph, megamorph, disguise: the compiler)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card
from helpers import write_inputs

CARDS = Path(__file__).parent / "fixtures" / "cards" / "face-down.yaml"
MORPH = ("Morph {2} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its "
         "morph cost.)")


def board_error(cli, tmp_path, text: str) -> str:
    path, _ = write_inputs(tmp_path, board=text)
    code, out, err = cli("could-produce", path, "--cards", CARDS)
    assert (code, out) == (2, "")
    return err.removeprefix(f"error: {path}: ").rstrip("\n")


@pytest.mark.parametrize(("entry", "error"), [
    ("{card: Forest, controller: Alice, face_down: morph}",
     "4:48: battlefield[0].face_down: Forest has no morph or megamorph, so it isn't face down by morph (CR 702.37a)"),
    ("{card: Zoetic Cavern, controller: Alice, face_down: disguise}",
     "4:55: battlefield[0].face_down: Zoetic Cavern has no disguise, so it isn't face down by disguise (CR 702.168a)"),
    ("{card: Zoetic Cavern, controller: Alice, face_down: morph, chosen: {color: G}}",
     "4:70: battlefield[0].chosen: a face-down permanent has no abilities, so nothing was chosen for it as it "
     "entered (CR 708.3)"),
    ("{card: Misthoof Kirin, controller: Alice, face_down: morph, copy_of: Grizzly Bears}",
     "4:72: battlefield[0].copy_of: a face-down permanent that copies another keeps its face-down "
     "characteristics (CR 708.10), which this board can't state: give the copied card as face up"),
    ("{card: Grizzly Bears, controller: Alice, face_down: manifest, token: true}",
     "4:72: battlefield[0].token: a face-down permanent here is a card turned face down (CR 701.34a, 702.37c)"),
    ("{card: Grizzly Bears, controller: Alice, face_down: hidden}",
     "4:55: battlefield[0].face_down: 'hidden' is not one of: morph, disguise, manifest, cloak"),
    ("{card: Face-down 2/2, controller: Alice}",
     "4:10: battlefield[0].card: 'Face-down 2/2' is no card: give the card with face_down: (CR 708)"),
])
def test_board_refuses_what_a_face_down_permanent_cant_be(cli, tmp_path, entry, error):
    assert board_error(cli, tmp_path, f"players: [Alice, Bob]\nbattlefield:\n\n- {entry}\n") == error


def test_a_manifested_instant_is_on_the_battlefield_face_down(cli, tmp_path):
    """CR 701.34a, 701.34g: any card can be manifested (Pale Moon, an instant); face down it is a 2/2 creature
    (no CR 110.4 refusal),
    and it can't be turned face up (not a creature card)."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, mana_pool: "{R}{R}"}, Bob]
        battlefield:
        - {id: hidden, card: Pale Moon, controller: Alice, face_down: manifest}
        """)
    code, out, err = cli("could-produce", path, "--json")
    assert (code, err) == (0, "")
    assert [(p["id"], p["types"]) for p in json.loads(out)["permanents"]] == [("hidden", [])]
    code, out, err = cli("next", path, "turn-face-up", "hidden")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (turn-face-up hidden): turn-face-up hidden: Pale Moon can't be "
                   "turned face up: it would have no morph or disguise cost face up, and it isn't a manifested or "
                   "cloaked creature card with a mana cost (CR 702.37e, 702.168d, 701.34b, 701.56b)\n")


@pytest.mark.parametrize(("board", "action", "error"), [
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hidden, card: Zoetic Cavern, controller: Alice, face_down: morph}
     - {id: moon, card: Blood Moon, controller: Bob}
     - {id: wastes, card: Wastes, controller: Alice}
     - {id: wastes2, card: Wastes, controller: Alice}
     """, "hidden",
     "turn-face-up hidden: Zoetic Cavern can't be turned face up: it would have no morph or disguise cost face up, "
     "and it isn't a manifested or cloaked creature card with a mana cost (CR 702.37e, 702.168d, 701.34b, 701.56b)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hidden, card: Zoetic Cavern, controller: Alice, face_down: morph}
     - {id: wastes, card: Wastes, controller: Alice}
     """, "hidden",
     "turn-face-up hidden: Alice can't pay its morph cost {2} with their mana pool and mana abilities "
     "(CR 601.2g, 601.2h)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: cavern, card: Zoetic Cavern, controller: Alice}
     """, "cavern", "turn-face-up cavern: it is face up already (CR 708.7)"),
    ("""\
     players: [{name: Alice, mana_pool: "{C}{C}"}, Bob]
     turn: {number: 2, active: Alice, step: cleanup}
     battlefield:
     - {id: hidden, card: Zoetic Cavern, controller: Alice, face_down: morph}
     """, "hidden",
     "turn-face-up hidden: no player has priority in the cleanup step (CR 514.3), and turning a permanent face up "
     "is a special action taken with priority (CR 116.2b)"),
])
def test_turning_face_up_refused(cli, tmp_path, board, action, error):
    """Blood Moon: face up, Zoetic Cavern would be a Mountain without its morph ability (CR 305.7), so it can't
    be turned face up for its morph cost (702.37e); the others: the cost, the state, the step."""
    path, _ = write_inputs(tmp_path, board=board)
    code, out, err = cli("next", path, "turn-face-up", action, "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: action 1 (turn-face-up {action}): {error}\n"


def test_face_down_has_no_characteristics_of_its_card(cli, tmp_path):
    """CR 708.2a: a face-down Misthoof Kirin is a colorless 2/2 creature with no name, no flying (none of its
    abilities), and a face-down disguised creature has ward (702.168a): the facts say so."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        battlefield:
        - {id: kirin, card: Misthoof Kirin, controller: Alice, face_down: morph}
        - {id: watch, card: Museum Nightwatch, controller: Alice, face_down: disguise}
        """)
    code, out, err = cli("facts", path, "--cards", CARDS)
    assert (code, err) == (0, "")
    lines = set(out.splitlines())
    assert {'card("kirin","Face-down 2/2").', 'card("watch","Face-down 2/2 with ward {2}").',
            'card_type("Face-down 2/2","Creature").', 'card_stat("Face-down 2/2",power,2).',
            'card_stat("Face-down 2/2",toughness,2).', 'card_mana_value("Face-down 2/2",0).',
            'card_keyword("Face-down 2/2 with ward {2}","ward").'} <= lines
    assert not [line for line in lines if "Misthoof" in line or "Nightwatch" in line or "flying" in line]


@pytest.mark.parametrize(("action", "error"), [
    (["cast", "Zoetic Cavern"], "cast Zoetic Cavern: Zoetic Cavern is a land: it is played, not cast (CR 305.9, 305.1); "
     "with its morph it may be cast face down: cast Zoetic Cavern face-down (CR 702.37c, 702.168b)"),
    (["cast", "Grizzly Bears", "face-down"], "cast Grizzly Bears: it has no morph, megamorph or disguise, so it can't be "
     "cast face down (CR 702.37d, 702.168c)"),
    (["cast", "Misthoof Kirin", "face-down", "kicked"], "cast Misthoof Kirin: a face-down spell has no mana cost, text "
     "or targets: no X, kicker or target is chosen for it (CR 708.2a, 702.37c)"),
    (["cast", "Zoetic Cavern", "face-down", "by=Bob"], "cast Zoetic Cavern: Bob has no Zoetic Cavern in hand (hand: "
     "nothing); next casts a spell from its caster's hand (CR 601.2a), or by flashback: a permission to cast one "
     "from another zone isn't modelled"),
])
def test_casting_face_down_refused(cli, tmp_path, action, error):
    """CR 702.37c-d: only a card with morph or disguise is cast face down, and a land only so."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, hand: [Zoetic Cavern, Misthoof Kirin, Grizzly Bears], mana_pool: "{W}{W}{W}"}, Bob]
        """)
    code, out, err = cli("next", path, *action, "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: action 1 ({' '.join(action)}): {error}\n"


def test_a_face_down_spell_is_a_creature_spell_for_timing(cli, tmp_path):
    """CR 708.4, 307.1: cast face down, a land card is a creature spell: only in a main phase of its caster's turn."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, hand: [Zoetic Cavern], mana_pool: "{C}{C}{C}"}, Bob]
        turn: {number: 2, active: Alice, step: end}
        """)
    code, out, err = cli("next", path, "cast", "Zoetic Cavern", "face-down", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Zoetic Cavern face-down): cast Zoetic Cavern: Zoetic Cavern face "
                   "down (a creature spell) can be cast only by the active player in a main phase with the stack "
                   "empty (it is Alice's end step; CR 307.1)\n")


def test_mana_for_a_chosen_creature_type_never_pays_a_face_down_spell(cli, tmp_path):
    """CR 106.6, 607.2a, 708.4: "only to cast a creature spell of the chosen creature type" is judged by the source's
    choice (Beast): Krosan Colossus, a Beast, can't be cast for its mana cost with three mana, and face down it is a
    2/2 with no creature type, which that mana never pays: the one way taps the Territory for {C} (it paid any
    creature spell, a face-down one too, before session 41; then it was refused)."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        battlefield:
        - {id: territory, card: Unclaimed Territory, controller: Alice, chosen: {creature_type: Beast}}
        - {id: w1, card: Wastes, controller: Alice}
        - {id: w2, card: Wastes, controller: Alice}
        """)
    code, out, err = cli("pay", path, "Alice", "--spell", "Krosan Colossus", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line.startswith(("Alice", "  paid", "  rather"))] == [
        "Alice can pay {6}{G}{G}{G}: 1 way", "  rather than its mana cost: face down for {3} (CR 118.9)",
        "  paid: {1} with {C} from territory, {1} with {C} from w1, {1} with {C} from w2"]


@pytest.mark.parametrize(("line", "data"), [
    (MORPH, {"morph": "{2}"}),
    ("Megamorph {1}{W} (reminder)", {"megamorph": "{1}{W}"}),
    ("Disguise {4}{R/G}{R/G} (reminder)", {"disguise": "{4}{R/G}{R/G}"}),
])
def test_face_down_keywords_compile_their_cost(line, data):
    """CR 702.37a, 702.37b, 702.168a: the cost that turns the permanent face up is the card's."""
    result = compile_card("Test Hider", line, "Creature — Bear", power="2", toughness="2")
    assert result.status == "ok"
    assert {k: result.card[k] for k in data} == data


@pytest.mark.parametrize("line", ["Morph—Reveal a white card in your hand.", "Morph {X}{G}", "Disguise—Pay 5 life."])
def test_face_down_keywords_other_costs_are_not_understood(line):
    """A cost other than mana, or with X (CR 702.37f), is one turn-face-up can't pay: not understood."""
    result = compile_card("Test Hider", line, "Creature — Bear", power="2", toughness="2")
    assert result.status == "partial"
    assert not {"morph", "disguise"} & set(result.card)


@pytest.mark.parametrize(("line", "when", "rest"), [
    ("When this creature is turned face up, untap it.", {"event": "turned_face_up"}, {"text": "untap it"}),
    ("When this creature is turned face up, you gain 2 life.", {"event": "turned_face_up"},
     {"do": [{"gain_life": 2}], "text": "you gain 2 life"}),
    ("Whenever a permanent is turned face up, put a +1/+1 counter on this creature.",
     {"event": "turned_face_up", "filter": {}, "whose": "any"},  # any permanent
     {"do": [{"counter_on_self": "+1/+1"}], "text": "put a +1/+1 counter on Test Hider"}),
    ("Whenever a face-down permanent you control is turned face up, put a +1/+1 counter on it.",
     {"event": "turned_face_up", "filter": {}, "whose": "you"},
     {"text": "put a +1/+1 counter on it"}),  # "it": the permanent turned face up, not the source (CR 603.2)
    ("Whenever this creature or another creature you control is turned face up, you may draw a card.",
     {"event": "turned_face_up", "filter": {"types": ["Creature"], "other": True}, "whose": "you", "or_self": True},
     {"do": [{"draw": 1}], "may": True, "text": "you may draw a card"}),
])
def test_turned_face_up_triggers_compile(line, when, rest):
    """CR 603.2, 708.8: abilities that trigger on a permanent turned face up (pysolver/cards/oracle_face_up.py)."""
    result = compile_card("Test Hider", line, "Creature — Bear", power="2", toughness="2")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {"when": when, **rest}}]


def test_turned_face_up_with_a_second_event_compiles_each():
    """CR 603.2: "When ~ enters or is turned face up": one ability per event (oracle_ifs.double_event_form)."""
    result = compile_card("Test Hider", "When this creature enters or is turned face up, you gain 2 life.",
                          "Creature — Bear", power="2", toughness="2")
    assert result.status == "ok"
    assert [a["triggered"]["when"] for a in result.card["abilities"]] == [{"event": "enters"},
                                                                          {"event": "turned_face_up"}]


@pytest.mark.parametrize(("board", "actions", "error"), [
    ("""\
     players: [{name: Alice, mana_pool: "{W}{W}"}, Bob]
     battlefield:
     - {id: liege, card: Liege of the Axe, controller: Alice, face_down: morph, tapped: true}
     """, ["turn-face-up", "liege", "resolve"],
     "stack[0]: resolve: liege-1 (Liege of the Axe: \"untap it\"): its effect isn't modelled (the card's `do:`), so "
     "the board it leaves can't be computed"),
])
def test_a_face_up_trigger_whose_effect_isnt_modelled_is_refused(cli, tmp_path, board, actions, error):
    """CR 603.3, 708.8: the trigger goes on the stack; an effect kept as text is never resolved as nothing
    (Atarka Efreet's targeted damage is modelled now: tests/test_trigger_effects.py)."""
    path, _ = write_inputs(tmp_path, board=board)
    code, out, err = cli("next", path, *actions, "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {error}\n"
