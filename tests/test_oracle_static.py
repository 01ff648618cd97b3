"""The static-ability and entering forms of pysolver/cards/oracle_static.py: what the compiler
makes of each, and the rules that read it (asp/static_conditions.lp, asp/zone_change.lp)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver import api, facts, solver
from pysolver.cards.oracle import compile_card


FIXTURES = Path(__file__).parent / "fixtures" / "cards"


def library(tmp_path: Path, *cards: tuple[str, ...]) -> Path:
    """A card file of (name, type line, Oracle text[, mana cost]), as the compiler makes them."""
    compiled = []
    for name, type_line, text, *cost in cards:
        result = compile_card(name, text, type_line, mana_cost=cost[0] if cost else None)
        assert result.ok, (name, result.problems, result.ignored)
        compiled.append(result.card)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": compiled}), "utf-8")
    return path


def keywords(battlefield: list[dict], cards: list[Path]) -> set[tuple[str, str]]:
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield}, cards)
    return {(a.arguments[0].string, a.arguments[1].string)
            for a in solver.ground(facts.board_facts(board)).atoms("has_keyword", 2)}


@pytest.mark.parametrize("text, expected", [
    ("~ has hexproof as long as it's untapped",
     {"affects": {}, "whose": "any", "self": True, "if": "untapped", "grant_keywords": ["Hexproof"]}),
    ("~ has hexproof as long as it entered this turn",
     {"affects": {}, "whose": "any", "self": True, "if": "entered_this_turn", "grant_keywords": ["Hexproof"]}),
    ("~ has flying and deathtouch as long as you control two or more Elves",
     {"affects": {}, "whose": "any", "self": True,
      "if_you_control": {"at_least": 2, "filter": {"subtypes": ["Elf"]}},
      "grant_keywords": ["Flying", "Deathtouch"]}),
])
def test_a_keyword_while_a_condition_holds_compiles(text, expected):
    result = compile_card("Test Druid", text.replace("~", "Test Druid") + ".", "Creature — Elf")
    assert result.ok
    assert result.card["abilities"] == [{"static": expected}]


@pytest.mark.parametrize("text", [
    "~ has hexproof as long as it's tapped",  # a condition not among the forms
    "~ has hexproof as long as you control two Elves",  # exactly two: not a form read
    "~ has banding as long as it's untapped",  # a keyword no rule knows
])
def test_a_keyword_under_a_condition_not_read_stays_partial(text):
    result = compile_card("Test Druid", text.replace("~", "Test Druid") + ".", "Creature — Elf")
    assert result.status == "partial"


def test_hexproof_only_while_untapped():
    """CR 611.3a, 702.11: Paradise Druid has hexproof while untapped (the compiled fixture)."""
    druid = {"card": "Paradise Druid", "controller": "Alice"}
    found = keywords([{"id": "up", **druid}, {"id": "down", "tapped": True, **druid}],
                     [FIXTURES / "compiled.yaml"])
    assert found == {("up", "hexproof")}


def test_a_keyword_while_you_control_a_kind_or_in_the_turn_it_entered(tmp_path):
    cards = library(tmp_path,
                    ("Test Octopus", "Creature — Octopus", "Test Octopus has hexproof as long as you control "
                                                           "an Illusion."),
                    ("Test Illusion", "Creature — Illusion", ""),
                    ("Test Hydra", "Creature — Hydra", "Test Hydra has hexproof as long as it entered this turn."))
    assert keywords([{"id": "octopus", "card": "Test Octopus", "controller": "Alice"},
                     {"id": "illusion", "card": "Test Illusion", "controller": "Bob"}], [cards]) == set()
    assert keywords([{"id": "octopus", "card": "Test Octopus", "controller": "Alice"},
                     {"id": "illusion", "card": "Test Illusion", "controller": "Alice"}], [cards]) == {
        ("octopus", "hexproof")}
    board = pysolver.board_from_data(
        {"players": ["Alice", "Bob"], "turn": {"number": 5, "active": "Alice"},
         "battlefield": [{"id": "new", "card": "Test Hydra", "controller": "Alice",
                          "entered": {"turn": 5, "step": "upkeep"}},
                         {"id": "old", "card": "Test Hydra", "controller": "Alice",
                          "entered": {"turn": 4, "step": "upkeep"}}]}, [cards])
    found = {a.arguments[0].string for a in solver.ground(facts.board_facts(board)).atoms("has_keyword", 2)}
    assert found == {"new"}


def test_a_keyword_while_you_control_another(tmp_path):
    """"Another Vampire": the source itself is not counted (Markov Crusader's form)."""
    cards = library(tmp_path, ("Test Vampire", "Creature — Vampire",
                               "Test Vampire has haste as long as you control another Vampire."))
    vampire = {"card": "Test Vampire", "controller": "Alice"}
    assert keywords([{"id": "one", **vampire}], [cards]) == set()
    assert keywords([{"id": "one", **vampire}, {"id": "two", **vampire}], [cards]) == {
        ("one", "haste"), ("two", "haste")}


def test_a_keyword_a_rule_reads_under_an_unread_condition_is_not_understood():
    """Haste matters (CR 302.6): a condition no rule reads leaves the sentence not understood,
    where before it was classified irrelevant; flying (combat only) stays irrelevant."""
    result = compile_card("Test Runner", "Test Runner has haste as long as you attacked with a creature this "
                          "turn.", "Creature — Kavu")
    assert result.status == "partial"
    assert result.sentences[0]["why"].startswith("compiled to data no rule reads yet: a keyword it has")
    result = compile_card("Test Bird", "Test Bird has flying as long as you attacked with a creature this "
                          "turn.", "Creature — Bird")
    assert result.ok and result.sentences[0]["class"] == "irrelevant"


@pytest.mark.parametrize("text, expected", [
    ("Each Dragon you control enters with an additional +1/+1 counter on it.",
     [{"filter": {"subtypes": ["Dragon"]}, "kind": "+1/+1", "count": 1}]),
    ("Each other Angel you control enters with an additional +1/+1 counter on it for each Angel you "
     "already control.",
     [{"filter": {"subtypes": ["Angel"]}, "kind": "+1/+1", "count": 1, "per": {"subtypes": ["Angel"]}}]),
    ("Each planeswalker you control enters with an additional loyalty counter on it.",
     [{"filter": {"types": ["Planeswalker"]}, "kind": "loyalty", "count": 1}]),
    ("Each other creature you control enters with two additional vigilance counters on it.",
     [{"filter": {"types": ["Creature"]}, "kind": "vigilance", "count": 2}]),
])
def test_others_enter_with_counters_compiles(text, expected):
    """CR 614.1c, 614.12: "other" needs no mark (such an effect never applies to its source)."""
    result = compile_card("Test Globe", text, "Artifact")
    assert result.ok
    assert result.card["others_enter_with_counters"] == expected


@pytest.mark.parametrize("text", [
    "Each other creature you control of the chosen type enters with an additional +1/+1 counter on it.",
    "Each creature you control with the chosen name enters with an additional +1/+1 counter on it.",
])
def test_others_enter_with_counters_not_read_stays_partial(text):
    result = compile_card("Test Globe", text, "Artifact")
    assert result.status == "partial"
    assert "others_enter_with_counters" not in result.card


def test_x_refuses_counters_another_permanent_may_add(tmp_path):
    """The x query reports a spell's own counters; with a permanent of its controller that has
    "enters with an additional counter" (CR 614.12), it refuses rather than answer short."""
    path = tmp_path / "cards.yaml"
    hydra = compile_card("Test X Dragon", "Test X Dragon enters with X +1/+1 counters on it.", "Creature — Dragon",
                         mana_cost="{X}{R}", power="0", toughness="0").card
    globe = compile_card("Test Globe", "Each Dragon you control enters with an additional +1/+1 counter on it.",
                         "Artifact").card
    path.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": [hydra, globe]}), "utf-8")
    board = {"players": ["Alice", "Bob"],
             "stack": [{"id": "dragon", "card": "Test X Dragon", "controller": "Alice", "x": 2}],
             "battlefield": [{"id": "globe", "card": "Test Globe", "controller": "Bob"}]}
    assert pysolver.x_value(pysolver.board_from_data(board, [path]), "dragon").resolves["counters"] == {"+1/+1": 2}
    board["battlefield"][0]["controller"] = "Alice"
    with pytest.raises(pysolver.errors.QueryError) as error:
        pysolver.x_value(pysolver.board_from_data(board, [path]), "dragon")
    assert "dragon (Test X Dragon) may enter with more counters from globe's replacement effect (CR 614.12)" \
        in str(error.value)


def test_instead_of_losing_compiles_and_a_leaving_source_is_refused():
    """CR 614.1a: The Golden Throne's form; if the permanent leaves by the same state-based
    actions (the legend rule here), next refuses rather than guess."""
    result = compile_card("Test Throne", "If you would lose the game, instead exile Test Throne and your life "
                          "total becomes 1.", "Legendary Artifact")
    assert result.ok and result.card["instead_of_losing"] == {"exile_self": True, "life": 1}
    cards = Path(__file__).parent / "cases" / "next" / "losing.yml"
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "life": 0}, "Bob"], "turn": {"number": 4, "active": "Alice"},
         "battlefield": [{"id": "throne", "card": "The Golden Throne", "controller": "Alice"},
                         {"id": "throne2", "card": "The Golden Throne", "controller": "Alice"}]}, [cards])
    with pytest.raises(pysolver.errors.QueryError) as error:
        api.next_states(board, ["check"])
    assert "Alice would lose the game while throne" in str(error.value)
    assert "leaves the battlefield by the same state-based actions: not modelled" in str(error.value)


def test_a_loyalty_ability_is_one_ability_with_all_its_sentences():
    """CR 606.3, 605.1a: every sentence of a loyalty ability is the loyalty ability's (none
    left over as not understood)."""
    text = ("Elves you control have \"{T}: Add {B}.\"\n[+1]: Put a +1/+1 counter on up to one target Elf. "
            "Untap it. It gains deathtouch until end of turn.")
    result = compile_card("Test Tyvar", text, "Legendary Planeswalker — Tyvar")
    assert result.ok
    loyalty = [s for s in result.sentences if s["line"] == 2]
    assert len(loyalty) == 3 and all(s["why"].startswith("a loyalty ability (CR 606)") for s in loyalty)


def test_a_static_ability_only_while_attacking_is_combat_only():
    result = compile_card("Test Andrios", "As long as Test Andrios is attacking, tapped creatures you control "
                          "with base power and toughness 4/3 have base power and toughness 16/9.",
                          "Legendary Creature — Wizard")
    assert result.ok
    assert result.sentences[0]["why"].startswith("a combat-only static ability")


def test_starting_town_on_a_later_turn_is_refused():
    """CR 614.1c: on turn 5, Alice's turn could be her second or third (she went second) or a later
    one; the board doesn't say, so next refuses rather than guess."""
    lands = Path(__file__).parent / "cases" / "next" / "conditional-lands.yml"
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Starting Town"]}, "Bob"],
                                      "turn": {"number": 5, "active": "Alice", "step": "precombat_main"}}, [lands])
    with pytest.raises(pysolver.errors.QueryError) as error:
        api.next_states(board, ["play", "Starting Town"])
    assert "on turn 5, which of Alice's turns this is the board doesn't say" in str(error.value)
    assert compile_card("Test Town", "Test Town enters tapped unless it's your first turn of the game.",
                        "Land").card["enters_tapped"] == {"unless_your_turn_at_most": 1}


@pytest.mark.parametrize("lands_played, dryads, mine, legal", [
    (1, 1, True, True),    # CR 305.2a: two land plays, one made
    (2, 1, True, False),   # both made
    (2, 2, True, True),    # two such permanents: three land plays
    (1, 1, False, False),  # the opponent's permanent gives Alice none
])
def test_additional_land_plays_count_each_permanent_of_the_player(lands_played, dryads, mine, legal):
    """CR 305.2, 305.2a: one land a turn, one more for each additional land play."""
    result = compile_card("Test Dryad", "You may play an additional land on each of your turns.", "Creature — Dryad")
    assert result.ok and result.card["additional_land_plays"] == 1
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", "hand": ["Forest"]}, "Bob"],
         "turn": {"number": 3, "active": "Alice", "step": "precombat_main", "lands_played": lands_played},
         "battlefield": [{"id": f"dryad{i}", "card": "Dryad of the Ilysian Grove",
                          "controller": "Alice" if mine else "Bob"} for i in range(dryads)]})
    if legal:
        (outcome,) = api.next_states(board, ["play", "Forest"])
        assert "Alice plays Forest as forest (CR 305.1)" in [str(e) for e in outcome.events]
    else:
        with pytest.raises(pysolver.errors.QueryError) as error:
            api.next_states(board, ["play", "Forest"])
        assert str(error.value) == (
            f"<board>: action 1 (play Forest): play Forest: Alice already played {lands_played} "
            f"land{'s' if lands_played > 1 else ''} this turn: as many as they may play (one, and one more for "
            "each additional land play their permanents give; CR 305.2, 305.2a)")


@pytest.mark.parametrize("text, condition", [
    ("~ has haste as long as you have 30 or more life", {"if_life": {"whose": "you", "at_least": 30}}),
    ("~ has haste as long as you have at least 15 life", {"if_life": {"whose": "you", "at_least": 15}}),
    ("~ has haste as long as an opponent has 10 or less life", {"if_life": {"whose": "opponent", "at_most": 10}}),
    ("~ has haste as long as it has a divinity counter on it", {"if_counters": {"kind": "divinity", "at_least": 1}}),
    ("~ has haste as long as ~ has four or more +1/+1 counters on it",
     {"if_counters": {"kind": "+1/+1", "at_least": 4}}),
    ("~ has haste as long as ~ is equipped", {"if": "equipped"}),
    ("~ has haste as long as it's enchanted", {"if": "enchanted"}),
    ("~ has haste as long as you control ten or more lands",
     {"if_you_control": {"at_least": 10, "filter": {"types": ["Land"]}}}),
    ("~ has haste as long as you control a white or black permanent",
     {"if_you_control": {"filter": {"any_of": [{"colors": ["W"]}, {"colors": ["B"]}]}}}),
    ("~ has haste as long as you control another multicolored permanent",
     {"if_you_control": {"filter": {"multicolored": True, "other": True}}}),
])
def test_conditions_on_life_counters_attachments_and_colors_compile(text, condition):
    """CR 611.3a: a life total (119.1), counters on the source (122.1), an Equipment or Aura
    attached to it (301.5, 303.4), two colors or multicolored (105.2b)."""
    result = compile_card("Test Druid", text.replace("~", "Test Druid") + ".", "Creature — Elf")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {"affects": {}, "whose": "any", "self": True, **condition,
                                                    "grant_keywords": ["Haste"]}}]


@pytest.mark.parametrize("text", [
    "~ has haste as long as it has two divinity counters on it",  # exactly two: not a form read
    "~ has haste as long as you have exactly 20 life",
    "~ has haste as long as you control exactly two Elves",
])
def test_conditions_not_read_stay_partial(text):
    result = compile_card("Test Druid", text.replace("~", "Test Druid") + ".", "Creature — Elf")
    assert result.status == "partial"


def test_conditions_on_life_counters_and_attachments_decide_keywords(tmp_path):
    """The rules of asp/static_conditions.lp: each condition judged per source and board."""
    cards = library(tmp_path,
                    ("Test Monk", "Creature — Human", "Test Monk has haste as long as you have 30 or more life."),
                    ("Test Blade", "Creature — Vampire", "Test Blade has haste as long as an opponent has 10 or "
                                                         "less life."),
                    ("Test Myojin", "Creature — Spirit", "Test Myojin has indestructible as long as it has a "
                                                         "divinity counter on it."),
                    ("Test Guard", "Creature — Cat", "As long as Test Guard is equipped, it has hexproof."),
                    ("Test Heirloom", "Artifact — Equipment", "As long as equipped creature is legendary, it "
                                                              "has haste."),
                    ("Test Hero", "Legendary Creature — Human", ""),
                    ("Test Brawler", "Creature — Orc", "Test Brawler has haste as long as you control a red or "
                                                       "white permanent."),
                    ("Test Red", "Enchantment", "", "{R}"))

    def found(lives, battlefield):
        players = [{"name": name, "life": life} for name, life in zip(("Alice", "Bob"), lives, strict=True)]
        board = pysolver.board_from_data({"players": players, "battlefield": battlefield}, [cards])
        return {(a.arguments[0].string, a.arguments[1].string)
                for a in solver.ground(facts.board_facts(board)).atoms("has_keyword", 2)}

    lifers = [{"id": f"{who}-{card}", "card": f"Test {card.capitalize()}", "controller": who.capitalize()}
              for who in ("alice", "bob") for card in ("monk", "blade")]
    assert found((30, 11), lifers) == {("alice-monk", "haste")}
    assert found((29, 10), lifers) == {("alice-blade", "haste")}
    assert found((10, 30), lifers) == {("bob-monk", "haste"), ("bob-blade", "haste")}
    assert found((20, 20), [
        {"id": "kept", "card": "Test Myojin", "controller": "Alice", "counters": {"divinity": 1}},
        {"id": "bare", "card": "Test Myojin", "controller": "Alice"},
        {"id": "guard", "card": "Test Guard", "controller": "Alice"},
        {"id": "heirloom", "card": "Test Heirloom", "controller": "Alice", "attached_to": {"permanent": "guard"}},
        {"id": "guard-2", "card": "Test Guard", "controller": "Alice"},
        {"id": "hero", "card": "Test Hero", "controller": "Bob"},
        {"id": "heirloom-2", "card": "Test Heirloom", "controller": "Bob", "attached_to": {"permanent": "hero"}},
        {"id": "brawler", "card": "Test Brawler", "controller": "Alice"},
        {"id": "bob-brawler", "card": "Test Brawler", "controller": "Bob"},
        {"id": "red", "card": "Test Red", "controller": "Alice"}]) == {
        ("kept", "indestructible"), ("guard", "hexproof"), ("hero", "haste"), ("brawler", "haste")}


@pytest.mark.parametrize("text, condition", [
    ("~ gets +3/+3 as long as an opponent has no cards in hand", {"if_hand": {"at_most": 0, "whose": "opponent"}}),
    ("~ gets +3/+3 as long as an opponent has two or fewer cards in their hand",
     {"if_hand": {"at_most": 2, "whose": "opponent"}}),
    ("~ gets +3/+3 as long as there are five or more soul counters on ~",
     {"if_counters": {"kind": "soul", "at_least": 5}}),
    ("~ gets +3/+3 as long as ~ has four or more counters on it", {"if_counters": {"at_least": 4}}),
])
def test_conditions_on_an_opponents_hand_and_on_counters_compile(text, condition):
    """CR 611.3a, 402.1, 102.3 (some one opponent's hand); 122.1 (counters of a kind, or of every kind)."""
    result = compile_card("Test Specter", text.replace("~", "Test Specter") + ".", "Creature — Specter")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": {}, "whose": "any", "self": True, "pt": {"power": 3, "toughness": 3}, **condition}}])


@pytest.mark.parametrize("text", [
    "~ gets +3/+3 as long as an opponent has no cards in your hand",
    "~ gets +3/+3 as long as there are five soul counters on ~",  # exactly five: not a form read
    "~ has protection from Arcane as long as you control a Forest",  # a quality no rule judges
])
def test_hand_and_counter_conditions_not_read_stay_partial(text):
    result = compile_card("Test Specter", text.replace("~", "Test Specter") + ".", "Creature — Specter")
    assert result.status == "partial"


def test_protection_while_a_condition_holds(tmp_path):
    """CR 702.16g, 611.3a: "Threshold — ~ has protection from green and from white as long as there are
    seven or more cards in your graveyard" (Masked Gorgon's form): one keyword per quality, while it holds."""
    result = compile_card("Test Gorgon", "Threshold — Test Gorgon has protection from green and from white as long "
                          "as there are seven or more cards in your graveyard.", "Creature — Gorgon")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": {}, "whose": "any", "self": True, "if_graveyard": {"at_least": 7},
        "grant_keywords": ["Protection from green", "Protection from white"]}}])


def test_a_keyword_while_its_source_has_counters_of_every_kind():
    """CR 611.3a, 122.1: Gavel of the Righteous: "As long as this Equipment has four or more counters on
    it, equipped creature has double strike": counters of every kind together (the compiled fixture)."""
    def found(counters):
        return keywords([{"id": "bear", "card": "Werebear", "controller": "Alice"},
                         {"id": "gavel", "card": "Gavel of the Righteous", "controller": "Alice",
                          "attached_to": {"permanent": "bear"}, "counters": counters}],
                        [FIXTURES / "compiled-statics.yaml"])
    printed = {("bear", "threshold"), ("gavel", "equip")}
    assert found({"charge": 2, "+1/+1": 1}) == printed
    assert found({"charge": 2, "+1/+1": 2}) == printed | {("bear", "double strike")}


@pytest.mark.parametrize("text, effect", [
    ("During turns other than yours, creatures you control get +0/+2.",
     {"affects": {"types": ["Creature"]}, "whose": "you", "pt": {"power": 0, "toughness": 2}}),
    ("During turns other than yours, Test Wall has base power and toughness 1/4.",
     {"affects": {}, "whose": "any", "self": True, "base_pt": {"power": 1, "toughness": 4}}),
])
def test_during_turns_other_than_yours(text, effect):
    """CR 611.3a, 102.1: while another player is the active player (static_conditions.lp other_turns)."""
    result = compile_card("Test Wall", text, "Creature — Wall")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {**effect, "if": "other_turns"}}])
