"""Triggered abilities of the broad forms (pysolver/cards/oracle_triggers.py, issue 13): another
permanent entering ("Whenever a land you control enters", "Whenever ~ or another Ally you control
enters", with "you may", CR 603.5, and an intervening "if", 603.4), "~ or another" dying, becoming
tapped, the beginning of combat and the upkeep of an enchanted creature's controller; an effect
about the object that triggered it ("it", "that creature") keeps only its text."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"


def triggered(text: str, type_line: str = "Creature — Elf Ally") -> dict:
    result = compile_card("Watcher", text, type_line)
    assert result.status == "ok", result.ignored
    [ability] = result.card["abilities"]
    return ability["triggered"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Landfall — Whenever a land you control enters, you may gain 2 life.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "you"},
      "text": "you may gain 2 life", "do": [{"gain_life": 2}], "may": True}),
    ("Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "you"},
      "text": "Watcher gets +2/+2 until end of turn", "do": [{"pump_self": {"power": 2, "toughness": 2}}]}),
    ("Whenever this creature or another Ally you control enters, you may put a +1/+1 counter on this creature.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Ally"], "other": True}, "whose": "you",
               "or_self": True},
      "text": "you may put a +1/+1 counter on Watcher", "do": [{"counter_on_self": "+1/+1"}], "may": True}),
    ("Whenever a creature you control with power 3 or greater enters, draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "power_at_least": 3}, "whose": "you"},
      "text": "draw a card", "do": [{"draw": 1}]}),
    ("Whenever a land enters the battlefield under an opponent's control, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "opponent"},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
    ("Whenever another Goblin enters, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Goblin"], "other": True}, "whose": "any"},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
    ("When a Cartouche you control enters, return this creature to its owner's hand.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Cartouche"]}, "whose": "you"},
      "text": "return Watcher to its owner's hand", "do": [{"return_self_to_hand": True}]}),
    ("Whenever a creature you control enters, if you control no other Elves, draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "you"},
      "if": {"you_control": {"at_most": 0, "filter": {"subtypes": ["Elf"], "other": True}}},
      "text": "draw a card", "do": [{"draw": 1}]}),
    # CR 603.2c: "one or more": once for the event, however many entered
    ("Whenever one or more tokens you control enter, you may draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"token": True}, "whose": "you", "batch": True},
      "text": "you may draw a card", "do": [{"draw": 1}], "may": True}),
])
def test_others_enter_forms(text, expected):
    """CR 603.2, 603.6a: the event next produces; the effect as `do` where a form models it."""
    assert triggered(text) == expected


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever another creature you control enters, put a +1/+1 counter on it.",
     {"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "you"}),
    ("Whenever a creature you control dies, put a +1/+1 counter on it.",
     {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "you"}),
    ("Whenever you cast a creature spell, put a +1/+1 counter on it.",
     {"event": "cast", "filter": {"types": ["Creature"]}, "whose": "you"}),
    ("Whenever an artifact you control is put into a graveyard from the battlefield, return it to its owner's hand.",
     {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "you"}),
])
def test_it_is_the_object_that_triggered_it(text, when):
    """CR 603.2: "it" is the permanent that entered or died, the spell cast: not the source the `do`
    forms act on, so the ability keeps only its text (next refuses to resolve it)."""
    assert triggered(text) == {"when": when, "text": text.split(", ", 1)[1].rstrip(".")}


@pytest.mark.parametrize("text", [
    "Whenever a creature you control enters, if it entered from your graveyard, draw a card.",  # another "if"
    "Whenever a creature with power 2 or more enters, draw a card.",  # a filter no form reads ("or greater" is)
    # a second event no form reads (one that is read makes two abilities: oracle_ifs.joint_event_form)
    "Whenever a land you control enters and whenever a player shuffles a library, draw a card.",
    "Whenever one or more creatures you control enter, if they entered from exile, draw a card.",  # an "if"
])
def test_others_enter_forms_left_unread(text):
    result = compile_card("Watcher", text, "Creature — Elf")
    assert (result.status, result.ignored) == ("partial", [text])


def test_a_trigger_that_targets_with_an_effect_of_no_form_is_refused_on_the_stack(cli, tmp_path):
    """CR 603.3d: its targets are chosen as it is put on the stack; an effect next doesn't model
    would leave them unchosen, so next refuses there rather than put it on the stack without."""
    board, cards = write_inputs(tmp_path, cards="""\
format: pysolver-oracle/1
cards:
- name: Aim Ground
  types: [Enchantment]
  oracle: "Landfall — Whenever a land you control enters, target creature can't block this turn."
""", board="""\
players: [{name: Alice, hand: [Forest]}, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: aim, card: Aim Ground, controller: Alice}
""")
    assert cli("next", board, "play", "Forest", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (play Forest): aim's \"target creature can't block this turn\" triggers (CR 603.2), and its "
               "effect isn't modelled (the card's `do:`) and chooses targets or a mode as it is put on the stack "
               "(CR 603.3c, 603.3d)\n")


@pytest.mark.parametrize(("text", "expected"), [
    ("At the beginning of combat on your turn, target creature you control gets +2/+0 until end of turn.",
     {"when": {"step": "beginning_of_combat", "whose": "you"},  # chosen as it goes on the stack (CR 603.3d)
      "targets": [{"zone": "battlefield", "whose": "you", "filter": {"types": ["Creature"]},
                   "text": "target creature you control"}],
      "do": [{"pump": {"power": 2, "toughness": 0, "target": 1}}],
      "text": "target creature you control gets +2/+0 until end of turn"}),
    ("At the beginning of each combat, untap this creature.",
     {"when": {"step": "beginning_of_combat", "whose": "any"}, "text": "untap Watcher"}),
    ("At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life.",
     {"when": {"step": "upkeep", "whose": "enchanted_controller"}, "text": "that player loses 1 life"}),
    # "it" is the enchanted creature, not the Aura the do forms would act on
    ("At the beginning of the upkeep of enchanted creature's controller, put a -1/-1 counter on it.",
     {"when": {"step": "upkeep", "whose": "enchanted_controller"}, "text": "put a -1/-1 counter on it"}),
    ("Whenever this creature or another Zombie you control dies, you gain 1 life.",
     {"when": {"event": "dies", "filter": {"subtypes": ["Zombie"], "other": True}, "whose": "you", "or_self": True},
      "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever this creature becomes tapped, you may draw a card.",
     {"when": {"event": "becomes_tapped"}, "do": [{"draw": 1}], "may": True, "text": "you may draw a card"}),
    ("Whenever this creature becomes tapped, scry 1.", {"when": {"event": "becomes_tapped"}, "text": "scry 1"}),
])
def test_step_leave_and_tap_forms(text, expected):
    """CR 603.2b (505.1: the beginning of combat step), 603.10a ("~ or another"), 603.2 (becoming tapped)."""
    assert triggered(text, "Enchantment Creature — Aura Zombie") == expected


@pytest.mark.parametrize("text", [
    "Whenever ~ becomes tapped, if it's enchanted, draw a card.",  # an "if" no form reads
    # crewing taps it for another permanent's cost (compiled without it: tests/test_attached_bans.py)
    "Enchanted permanent can't attack, block, or crew Vehicles, and its activated abilities can't be activated "
    "unless they're mana abilities.",
])
def test_left_not_understood(text):
    result = compile_card("Watcher", text, "Enchantment — Aura")
    assert (result.status, result.ignored) == ("partial", [text])


def test_mana_lists_a_becomes_tapped_trigger(cli, tmp_path):
    """CR 603.2, 605.5a: tapping the land for mana ({T}) triggers it; the mana query lists it among
    the activation's effects, and next puts it on the stack after the activation (603.3), where
    resolving it is refused (its effect is text)."""
    board, cards = write_inputs(tmp_path, cards="""\
format: pysolver-oracle/1
cards:
- name: Scrying Pool
  types: [Land]
  oracle: "Whenever this land becomes tapped, scry 1.\\n{T}: Add {U}."
""", board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: pool, card: Scrying Pool, controller: Alice}
""")
    assert cli("mana", board, "pool", "--cards", cards) == (
        0, "pool (Scrying Pool, Alice), ability 2: {T}: Add {U}.\nMANA  EFFECTS\n{U}   trigger: becomes-tapped "
           "pool's ability: scry 1\n", "")
    assert cli("next", board, "activate", "pool", "--cards", cards) == (
        0, "outcome 1: probability 1\n  - Alice taps pool for {U} (CR 605.3b, 106.4)\n  - put pool-1 (Scrying Pool, "
           "pool:1) on the stack\n", "")


@pytest.mark.parametrize(("text", "activated"), [
    # CR 207.2d: a flavor word has no rules meaning
    ("Summary Execution — {2}, Sacrifice another creature: You gain 2 life and draw a card.",
     {"cost": ["{2}", {"text": "Sacrifice another creature"}], "text": "You gain 2 life and draw a card."}),
    # CR 207.2c: an ability word neither
    ("Cohort — {T}, Tap an untapped Ally you control: Target opponent loses 2 life.",
     {"cost": ["{T}", {"tap_untapped": {"filter": {"subtypes": ["Ally"]}}}],
      "targets": [{"zone": "player", "whose": "opponent", "text": "target opponent"}],
      "do": [{"target_loses_life": {"amount": 2, "target": 1}}], "text": "Target opponent loses 2 life."}),
    # CR 702.177a: an exhaust ability is activated only once
    ("Exhaust — {4}{U}: Put two +1/+1 counters on this creature.",
     {"cost": ["{4}{U}"], "text": "Put two +1/+1 counters on ~.", "activation_restriction": "Activate only once."}),
])
def test_words_before_an_activated_ability(text, activated):
    assert compile_card("Watcher", text, "Creature — Elf").card["abilities"] == [{"activated": activated}]


@pytest.mark.parametrize("text", [
    "Power-up — {1}{R}: Put a +1/+1 counter on this creature.",  # a keyword with rules of its own
    "Dissolve — {X}{B}: Put target creature card with mana value X exiled with ~ into its owner's graveyard.",
])
def test_a_word_that_may_have_rules_meaning_stays_not_understood(text):
    result = compile_card("Watcher", text, "Creature — Elf")
    assert result.status == "partial"


def test_counts_in_words_up_to_twenty():
    assert triggered("At the beginning of your upkeep, if you control twenty or more artifacts, you win the game.",
                     "Creature — Dragon")["if"] == {"you_control": {"at_least": 20, "filter": {"types": ["Artifact"]}}}


def test_new_targets_for_a_copy_beside_a_delayed_trigger_of_a_mana_ability():
    """CR 605.1a, 603.7, 115.1b, 707.10c: "You may choose new targets for the copy" is the copy's choice, no
    target of the ability, so it is a mana ability with its delayed trigger as text riders (a real target
    there stays unsupported: tests/test_mana_delayed_copy.py)."""
    result = compile_card("Watcher", "{T}: Add {C}{C}. When you next cast a spell with {X} in its mana cost this "
                          "turn, copy that spell. You may choose new targets for the copy.", "Creature — Elf")
    assert (result.status, result.has_mana_ability, result.problems) == ("ok", True, [])
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"mana": "{C}{C}"}, "riders": [
        {"text": "When you next cast a spell with {X} in its mana cost this turn, copy that spell."},
        {"text": "You may choose new targets for the copy."}]}}]


@pytest.mark.parametrize(("text", "status"), [
    ("Whenever ~ attacks, untap target land.", "ok"),  # no query declares attackers (CR 508.1)
    ("Whenever ~ attacks or blocks, you gain 1 life.", "ok"),
    # CR 508.1: a player is attacked as attackers are declared
    ("Whenever enchanted player is attacked, you gain 2 life.", "ok"),
    # "enters or attacks" also triggers on entering (CR 603.6a), which next produces: never a combat trigger,
    # its entering or dying event compiled (tests/test_trigger_ifs.py)
    ("Whenever ~ enters or attacks, untap target land.", "compiled"),
    ("Whenever ~ attacks or dies, you gain 1 life.", "compiled"),
])
def test_a_combat_trigger_names_only_combat_events(text, status):
    result = compile_card("Watcher", text, "Creature — Bird")
    assert result.status == ("ok" if status in ("ok", "compiled") else status)
    assert [s["why"] for s in result.sentences if s["class"] == "irrelevant"] == (
        ["a combat trigger: no query declares attackers or blockers or deals combat damage"] if status == "ok" else [])


@pytest.mark.parametrize(("text", "effect"), [
    ("When ~ enters or is put into a graveyard from the battlefield, you draw a card and you lose 1 life.",
     [{"draw": 1}, {"lose_life": 1}]),
    ("When ~ enters, draw a card.", [{"draw": 1}]),
    ("When ~ enters or dies, you gain 2 life and draw a card.", [{"gain_life": 2}, {"draw": 1}]),
])
def test_every_trigger_form_reads_its_effect_the_one_way(text, effect):
    """CR 603.2, 608.2: an enters trigger's effect was read by a smaller reader than the other
    triggers': Mephitic Draught's "you draw a card and you lose 1 life" resolved when it went to a
    graveyard, and next refused to resolve it when it entered. One reader now serves them (step
    triggers keep the smaller one: outcomes resolves them and applies no draw)."""
    card = compile_card("Test Draught", text.replace("~", "Test Draught"), "Artifact Creature — Golem")
    assert card.status == "ok"
    assert [ability["triggered"].get("do") for ability in card.card["abilities"]] == \
        [effect] * len(card.card["abilities"])
