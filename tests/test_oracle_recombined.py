"""Mana abilities that combine known pieces in new ways (issue 13): a known cost, amount, object
phrase or "Activate only" condition read by one general reader in every form that takes it, not
only in the forms real cards of the compiler's development printed.  The ruling cases are
tests/cases/oracle/recombined.yaml (the cards: tests/fixtures/cards/compiled-recombined.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver import api
from pysolver.cards.oracle import compile_card

FIXTURES = Path(__file__).parent / "fixtures" / "cards"

ELVES = {"count": {"whose": "you", "filter": {"subtypes": ["Elf"]}}}


def mana_ability(text: str, type_line: str = "Artifact") -> dict:
    result = compile_card("Test Card", text, type_line)
    assert (result.status, result.problems, result.ignored) == ("ok", [], [])
    (ability,) = result.card["abilities"]
    return ability["mana"]


@pytest.mark.parametrize("text, add", [
    # CR 608.2h: "the sacrificed creature's power" in every amount form, not only "an amount of {G} equal to"
    ("{T}, Sacrifice a creature: Add X mana of any one color, where X is the sacrificed creature's power.",
     {"one_of": "any_color", "amount": {"sacrificed": "power"}}),
    ("{T}, Sacrifice a creature: Add X mana in any combination of colors, where X is the sacrificed "
     "creature's toughness.", {"combination": "any_color", "amount": {"sacrificed": "toughness"}}),
    ("{T}, Sacrifice an artifact: Add X mana in any combination of {B} and/or {R}, where X is the sacrificed "
     "artifact's mana value.", {"combination": ["B", "R"], "amount": {"sacrificed": "mana_value"}}),
    ("{T}, Sacrifice a creature: Add X {R} or X {G}, where X is the sacrificed creature's power.",
     {"one_of": ["R", "G"], "amount": {"sacrificed": "power"}}),
    ("{T}, Sacrifice a creature: Add X {B}, where X is the sacrificed creature's mana value.",
     {"mana": "{B}", "amount": {"sacrificed": "mana_value"}}),
    # CR 107.3: "Add X {G}, where X is ...": that many {G}, as "an amount of {G} equal to ..."
    ("{T}: Add X {G}, where X is the number of Elves you control.", {"mana": "{G}", "amount": ELVES}),
    ("{T}: Add X {C}, where X is ~'s power.", {"mana": "{C}", "amount": "power"}),
    # CR 700.5: devotion to a color named in the text, in every amount form (was: "that color" only)
    ("{T}: Add an amount of {G} equal to your devotion to green.", {"mana": "{G}", "amount": {"devotion": "G"}}),
    ("{T}: Add X mana of any one color, where X is your devotion to black.",
     {"one_of": "any_color", "amount": {"devotion": "B"}}),
    ("{T}: Add X mana in any combination of {B} and/or {R}, where X is your devotion to red.",
     {"combination": ["B", "R"], "amount": {"devotion": "R"}}),
    # CR 208.1, 202.3: a total the cost changes read, now a mana amount too
    ("{T}: Add X mana of any one color, where X is the total power of creatures you control.",
     {"one_of": "any_color", "amount": {"total": {"stat": "power", "whose": "you", "filter": {"types": ["Creature"]}}}}),
    ("{T}: Add X mana in any combination of colors, where X is the total mana value of artifacts you control.",
     {"combination": "any_color", "amount": {"total": {"stat": "mana_value", "whose": "you",
                                                        "filter": {"types": ["Artifact"]}}}}),
    # CR 106.1a: "Choose a color. Add two mana of that color" (was: one mana only)
    ("{T}: Choose a color. Add two mana of that color.", {"one_of": "any_color", "amount": 2}),
    ("{T}: Choose a color. Add one mana of that color for each Elf you control.",
     {"one_of": "any_color", "amount": ELVES}),
    # CR 402.1: the cards of its controller's hand, in every amount form (the board's hand:)
    ("{T}: Add {R} for each card in your hand.",
     {"mana": "{R}", "amount": {"count": {"whose": "you", "zone": "hand", "filter": {}}}}),
    ("{T}: Add X mana of any one color, where X is the number of creature cards in your hand.",
     {"one_of": "any_color", "amount": {"count": {"whose": "you", "zone": "hand", "filter": {"types": ["Creature"]}}}}),
])
def test_amounts_in_every_form(text, add):
    assert mana_ability(text, "Creature — Elf")["add"] == add


def test_a_sacrificed_amount_without_a_sacrifice_is_refused():
    result = compile_card("Test Card", "{T}: Add X mana of any one color, where X is the sacrificed creature's "
                          "power.", "Artifact")
    assert result.problems == ["line 1: can't compile the amount 'the sacrificed creature's power' (it depends on "
                               "which permanent the cost sacrifices; no amount form reads it)"]


@pytest.mark.parametrize("text, ability", [
    # CR 614.15: the ability's own "instead" with one object, beside any plain amount
    ("{T}: Add {C}. If you control a Forest, add one mana of any color instead.",
     {"add": {"mana": "{C}"}, "instead": {"if": {"you_control": [{"subtypes": ["Forest"]}]},
                                          "add": {"one_of": "any_color"}}}),
    ("{T}: Add {B} or {R}. If you control a Swamp, add {B}{B} instead.",
     {"add": {"one_of": ["B", "R"]}, "instead": {"if": {"you_control": [{"subtypes": ["Swamp"]}]},
                                                "add": {"mana": "{B}{B}"}}}),
    # the plain one-symbol form keeps its amount (unchanged)
    ("{T}: Add {G}. If you control a Forest, add {G}{G} instead.",
     {"add": {"mana": "{G}", "amount": {"if_you_control": {"subtypes": ["Forest"]}, "then": 2, "else": 1}}}),
    # CR 602.5b, 602.1b: both limits hold
    ("{T}: Add {G}{G}. Activate only once each turn and only if you control a Forest.",
     {"add": {"mana": "{G}{G}"}, "activation_restriction": "Activate only once each turn.",
      "only_if_you_control": {"subtypes": ["Forest"]}}),
    ("{T}: Add {C}{C}. Activate only as a sorcery and only if you control three or more artifacts.",
     {"add": {"mana": "{C}{C}"}, "activation_restriction": "Activate only as a sorcery.",
      "only_if": [{"you_control": {"types": ["Artifact"]}, "at_least": 3}]}),
    # CR 602.5b: threshold's condition on a mana ability
    ("{T}: Add {G}{G}. Activate only if there are seven or more cards in your graveyard.",
     {"add": {"mana": "{G}{G}"}, "activation_restriction": "Activate only if there are seven or more cards in "
                                                           "your graveyard."}),
    ("{T}: Add {G}. Activate only as a sorcery and only if there are seven or more cards in your graveyard.",
     {"add": {"mana": "{G}"}, "activation_restriction": "Activate only as a sorcery and only if there are seven "
                                                         "or more cards in your graveyard."}),
    # CR 109.1: "another Elf" is one other than the source (asp/legality.lp, asp/mana_instead.lp)
    ("{T}: Add {G}{G}. Activate only if you control another Elf.",
     {"add": {"mana": "{G}{G}"}, "only_if": [{"you_control": {"subtypes": ["Elf"], "other": True}}]}),
    ("{T}: Add {C}. Activate only if you control three or more other creatures.",
     {"add": {"mana": "{C}"}, "only_if": [{"you_control": {"other": True, "types": ["Creature"]}, "at_least": 3}]}),
    ("{T}: Add {G}. If you control another Elf, add {G}{G} instead.",
     {"add": {"mana": "{G}"}, "instead": {"if": {"you_control": [{"subtypes": ["Elf"], "other": True}]},
                                          "add": {"mana": "{G}{G}"}}}),
    # CR 109.2: "on the battlefield" before a "with" clause (whose_filter reads it; the check refused it)
    ("{T}: Add {C} for each creature on the battlefield with flying.",
     {"add": {"mana": "{C}", "amount": {"count": {"whose": "any", "filter": {"keywords": ["Flying"],
                                                                          "types": ["Creature"]}}}}}),
    # CR 602.1b, 402.1, 119.1: hellbent's and fateful hour's conditions
    ("{T}: Add {R}{R}. Activate only if you have no cards in hand.", {"add": {"mana": "{R}{R}"},
                                                                       "only_if": [{"hand_at_most": 0}]}),
    ("{T}: Add {U}. Activate only if you have seven or more cards in hand.",
     {"add": {"mana": "{U}"}, "only_if": [{"hand_at_least": 7}]}),
    ("{T}: Add {B}{B}{B}. Activate only if you have 5 or less life.", {"add": {"mana": "{B}{B}{B}"},
                                                                        "only_if": [{"life_at_most": 5}]}),
])
def test_riders_and_limits_beside_any_amount(text, ability):
    assert mana_ability(text) == {"cost": ["{T}"], **ability}


@pytest.mark.parametrize("text, problem", [
    # an "instead" over an amount other than the plain one (CR 614.15): which amount it replaces is not read
    ("{T}: Add two mana of any one color. If you control a Forest, add {G}{G}{G} instead.",
     "'If you control a Forest, add {G}{G}{G} instead' (instead of an amount)"),
    # two "only if" conditions that must both hold: only_if's are alternatives (CR 602.1b)
    ("{T}: Add {C}. Activate only if you control an Elf and only if you control a Forest.",
     "'Activate only if you control an Elf and only if you control a Forest'"),
    # "other" in a total: the cost changes' total leaves nobody out
    ("{T}: Add X mana of any one color, where X is the total power of other creatures you control.",
     "'other creatures' (\"other\" objects)"),
    ("{T}: Add {C}. Activate only if you have three cards in hand.", "'Activate only if you have three cards in hand'"),
    # two sentences of one kind: both would hold, one would be lost
    ("{T}: Add {C}. Activate only if you control an Elf. Activate only if you control a Forest.",
     "'Activate only if you control a Forest' (a second limit of one kind: both must hold, CR 602.1b)"),
    # a limit given twice
    ("{T}: Add {C}. Activate only once each turn and only if you control an Elf and only if ~ is a creature.",
     "'Activate only once each turn and only if you control an Elf and only if ~ is a creature'"),
])
def test_combinations_the_rules_do_not_read_are_refused(text, problem):
    assert compile_card("Test Card", text, "Artifact").problems == [f"line 1: can't compile {problem}"]


def test_a_hand_count_after_a_discard_in_the_cost_is_refused():
    """CR 601.2h, 608.2h: the discard changes the hand the amount counts as the ability resolves."""
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "hand": ["Forest", "Test Goat"]}, "Bob"],
         "battlefield": [{"card": "Test Discarding Idol", "controller": "Alice"}]},
        [FIXTURES / "compiled-recombined.yaml", FIXTURES / "goats.yaml"])
    with pytest.raises(pysolver.LimitExceeded) as refused:
        pysolver.mana_outcomes(board, "test-discarding-idol", 1)
    assert str(refused.value.detail) == (
        "incomplete: test-discarding-idol's mana ability 1 pays a cost that changes what it reads from the board "
        "for what it adds (a sacrifice, a tap or untap, life, cards, counters), which it does as it resolves, "
        "after the cost (CR 601.2h, 608.2h): not modelled")


def test_a_hand_written_mana_count_of_exiled_cards_is_refused(tmp_path):
    """No mana amount rule counts the cards exiled with the source: refused (it counted the permanents)."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Test Exile Counter\n  types: [Artifact]\n"
                     "  abilities:\n  - mana:\n      cost: ['{T}']\n      add:\n        mana: '{C}'\n"
                     "        amount: {count: {whose: you, zone: exiled, filter: {types: [Artifact]}}}\n")
    board = pysolver.board_from_data({"Alice": ["Test Exile Counter"], "Bob": []}, [cards])
    with pytest.raises(pysolver.PysolverError) as refused:
        pysolver.mana_outcomes(board, "test-exile-counter", 1)
    assert str(refused.value) == "a mana amount counts permanents, cards in graveyards or in hands, not zone 'exiled'"


def test_life_paid_beside_a_life_condition_is_refused(tmp_path):
    """CR 602.1b, 119.4: the search judges whether an ability can be activated once, before any life is
    paid; a life total condition beside an ability that pays life would be judged on the wrong total."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Test Painful Land\n  types: [Land]\n"
                     "  abilities:\n  - mana:\n      cost: ['{T}', {pay_life: 1}]\n      add: {mana: '{G}'}\n")
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "life": 6}, "Bob"],
         "battlefield": [{"card": "Test Fateful Altar", "controller": "Alice"},
                         {"card": "Test Painful Land", "controller": "Alice"}]},
        [FIXTURES / "compiled-recombined.yaml", cards])
    with pytest.raises(pysolver.LimitExceeded) as refused:
        pysolver.available(board, "Alice")
    assert str(refused.value.detail) == (
        "incomplete: test-painful-land's mana ability 1 pays life, and an ability on the board can be activated "
        "only at some life total, which the payment search judges once, before any life is paid (CR 602.1b, 119.4)")


@pytest.mark.parametrize("card", ["Test Hellbent Shrine", "Test Hoard Idol"])
def test_a_hand_reader_while_a_spell_is_cast_from_hand_is_refused(card, tmp_path):
    """CR 601.2a: the spell is on the stack while its costs are paid, not in the hand the board states."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Test Shock\n  mana_cost: '{R}'\n"
                     "  types: [Instant]\n")
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "hand": ["Test Shock"]}, "Bob"],
         "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
         "battlefield": [{"card": card, "controller": "Alice"}]}, [FIXTURES / "compiled-recombined.yaml", cards])
    with pytest.raises(pysolver.LimitExceeded) as refused:
        api.pay(board, "Alice", spell="Test Shock")
    assert str(refused.value.detail) == (
        "incomplete: Test Shock leaves its caster's hand as it is cast (CR 601.2a), and an ability on the board "
        "reads the cards of a hand, which the payment search reads with the card still there")


def test_cards_revealed_from_hand_while_a_spell_is_cast_from_hand_is_refused(tmp_path):
    """CR 601.2a, 701.16a: the artifact being cast is on the stack, so it can't be revealed from the hand to pay
    for itself; the search, which reads the board's hand, would reveal it (it answered payable)."""
    worker = compile_card("Test Metalworker", "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for "
                          "each card revealed this way.", "Artifact Creature — Construct", power="1", toughness="2")
    golem = compile_card("Test Golem", "", "Artifact Creature — Golem", mana_cost="{2}", power="3", toughness="3")
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": [worker.card, golem.card]}))
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "hand": ["Test Golem"]}, "Bob"],
         "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
         "battlefield": [{"card": "Test Metalworker", "controller": "Alice"}]}, [cards])
    with pytest.raises(pysolver.LimitExceeded) as refused:
        api.pay(board, "Alice", spell="Test Golem")
    assert str(refused.value.detail) == (
        "incomplete: Test Golem leaves its caster's hand as it is cast (CR 601.2a), and an ability on the board "
        "reads the cards of a hand, which the payment search reads with the card still there")
    assert api.pay(board, "Alice", cost="{2}").payable  # a cost of no spell: the Golem may be revealed


def mana_trigger(text: str, type_line: str = "Enchantment") -> dict:
    result = compile_card("Test Card", text, type_line)
    assert (result.status, result.problems, result.ignored) == ("ok", [], [])
    (ability,) = result.card["abilities"]
    return ability["mana_trigger"]


@pytest.mark.parametrize("effect, add", [
    # CR 605.1b, 106.1: a triggered mana ability's mana is read as a mana ability's "Add ..." is
    ("its controller adds an additional {G}{G}", {"mana": "{G}{G}"}),
    ("its controller adds an additional {R} or {G}", {"one_of": ["R", "G"]}),
    ("its controller adds an additional one mana of any color", {"one_of": "any_color"}),
    ("its controller adds an additional one mana of any one color", {"one_of": "any_color"}),
    ("its controller adds two additional mana of any one color",
     {"options": ["{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"]}),
    ("its controller adds an additional two mana in any combination of colors", {"any_combination": 2}),
    ("its controller adds two additional mana in any combination of {B} and/or {R}",
     {"options": ["{B}{B}", "{B}{R}", "{R}{R}"]}),
    ("its controller adds an additional {U}{U}, {U}{R}, or {R}{R}", {"options": ["{U}{U}", "{U}{R}", "{R}{R}"]}),
    ("its controller adds one additional mana of any type that land produced", {"same_type": 1}),
    ("its controller adds an additional mana of any type that land produced", {"same_type": 1}),
    ("its controller adds two additional {C}", {"mana": "{C}{C}"}),
])
def test_trigger_adds_in_every_form(effect, add):
    assert mana_trigger(f"Whenever a basic land is tapped for mana, {effect}.")["add"] == add


@pytest.mark.parametrize("text, trigger", [
    # CR 603.2, 106.12a: who controls the tapped object, or its own source
    ("Whenever a land you control is tapped for mana, add an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "you", "add": {"mana": "{C}"}}),
    ("Whenever a land an opponent controls is tapped for mana, its controller adds an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "opponent", "add": {"mana": "{C}"}}),
    ("Whenever a creature you control is tapped for mana, add an additional {G}.",
     {"tapped": {"types": ["Creature"]}, "tapper": "you", "add": {"mana": "{G}"}}),
    ("Whenever this enchantment is tapped for mana, add an additional {G}.",
     {"tapped": {}, "tapper": "any", "self": True, "add": {"mana": "{G}"}}),
    # CR 106.12a, 614.12: "tapped for mana of the chosen color", beside "tapped for {C}"
    ("Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana "
     "of that color.", {"tapped": {"supertypes": ["Basic"], "types": ["Land"]}, "tapper": "any",
                        "tapped_for": "chosen", "add": {"chosen_color": 1}}),
    ("Whenever you tap a Forest for mana of the chosen color, add two additional mana of the chosen color.",
     {"tapped": {"subtypes": ["Forest"]}, "tapper": "you", "tapped_for": "chosen", "add": {"chosen_color": 2}}),
    ("Whenever a player taps a land for {C}, that player adds an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "any", "tapped_for": "C", "add": {"mana": "{C}"}}),
])
def test_trigger_objects_in_every_form(text, trigger):
    assert mana_trigger(text) == trigger


def test_a_trigger_amount_the_board_decides_is_refused():
    result = compile_card("Test Card", "Whenever you tap a land for mana, add an additional {C} for each Elf you "
                          "control.", "Enchantment")
    assert result.problems == ["line 1: can't compile 'add an additional {C} for each Elf you control' (an amount "
                               "the trigger's data can't state)"]


LANDS = {"at_least": 8, "filter": {"types": ["Land"]}}


@pytest.mark.parametrize("sentence, entering", [
    # CR 614.1c, 102.3: the opponents' permanents, together or some one opponent's
    ("~ enters tapped unless your opponents control eight or more lands.", {"unless_opponents_control": LANDS}),
    ("~ enters tapped unless an opponent controls eight or more lands.", {"unless_an_opponent_controls": LANDS}),
    ("~ enters tapped unless an opponent controls a Swamp.",
     {"unless_an_opponent_controls": {"at_least": 1, "filter": {"subtypes": ["Swamp"]}}}),
    # CR 614.1c: "if you control ..." after the verb as before it
    ("~ enters tapped if you control two or more other lands.",
     {"when_you_control": {"at_least": 2, "filter": {"other": True, "types": ["Land"]}}}),
    ("If you control two or more other lands, ~ enters tapped.",
     {"when_you_control": {"at_least": 2, "filter": {"other": True, "types": ["Land"]}}}),
    # CR 102.1: whose turn it is
    ("~ enters tapped if it's not your turn.", {"unless_your_turn": True}),
    ("~ enters tapped unless it's your turn.", {"unless_your_turn": True}),
])
def test_enters_tapped_conditions_in_every_form(sentence, entering):
    result = compile_card("Test Land", sentence + "\n{T}: Add {C}.", "Land")
    assert (result.status, result.card["enters_tapped"]) == ("ok", entering)


def test_other_lands_of_an_opponent_are_not_read():
    result = compile_card("Test Land", "~ enters tapped unless your opponents control two or more other lands.\n"
                          "{T}: Add {C}.", "Land")
    assert result.ignored == ["~ enters tapped unless your opponents control two or more other lands."]
