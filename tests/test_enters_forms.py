"""Compiler forms of untapping and entering (issue 13, pysolver/cards/oracle_enters.py): each
compiled to card data a rule in asp/ reads (ruling cases: tests/cases/next/untap-statics.yaml),
or left not understood where no rule could read it exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

from helpers import write_inputs

HELD = {"doesnt_untap": True}


@pytest.mark.parametrize("text, type_line, static", [
    ("Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.", "Enchantment — Aura",
     {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True, **HELD}),
    ("Enchant artifact or creature\nEnchanted permanent doesn't untap during its controller's untap step.",
     "Enchantment — Aura", {"affects": {}, "whose": "any", "enchanted": True, **HELD}),
    ("Islands don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"subtypes": ["Island"]}, "whose": "any", **HELD}),
    ("Blue creatures don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"colors": ["U"], "types": ["Creature"]}, "whose": "any", **HELD}),
    ("Nonland permanents don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"not_types": ["Land"]}, "whose": "any", **HELD}),
    # a creature type: a changeling is every one (CR 702.73a), as the filter judges it
    ("Mercenaries don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"subtypes": ["Mercenary"]}, "whose": "any", **HELD}),
    # CR 122.1: one or more ice counters (not a layered characteristic)
    ("Creatures with ice counters on them don't untap during their controllers' untap steps.", "Creature — Dragon",
     {"affects": {"with_counter": "ice", "types": ["Creature"]}, "whose": "any", **HELD}),
    # CR 607.1: the creature type chosen as it entered, judged per source (asp/filter_conditions.lp)
    ("As this enchantment enters, choose a creature type.\nCreatures of the chosen type don't untap during their "
     "controllers' untap steps.", "Enchantment",
     {"affects": {"types": ["Creature"], "chosen": "creature_type"}, "whose": "any", **HELD}),
    # CR 722.1: unless the affected's controller is the monarch (the board's monarch:)
    ("Enchant creature\nEnchanted creature doesn't untap during its controller's untap step unless that player is "
     "the monarch.", "Enchantment — Aura",
     {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True, **HELD, "doesnt_untap_unless": "monarch"}),
])
def test_a_static_ability_that_keeps_others_tapped(text, type_line, static):
    result = compile_card("Thing", text, type_line)
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": static}])


@pytest.mark.parametrize("text", [
    # objects chosen by a keyword, which layer 6 grants (no static ability's filter reads it)
    "Creatures with flying don't untap during their controllers' untap steps.",
    # objects chosen by their power (layer 7)
    "Creatures with power 2 or less don't untap during their controllers' untap steps.",
    # an Equipment's: "Equipped creature gets +3/+3 and doesn't untap ..." is not this form
    "Equipped creature doesn't untap during its controller's untap step.",
    # a condition no rule reads
    "Enchanted creature doesn't untap during its controller's untap step unless that player is their own monarch.",
])
def test_an_untap_effect_no_rule_reads_exactly_is_not_understood(text):
    result = compile_card("Thing", text, "Enchantment")
    assert (result.status, result.ignored) == ("partial", [text])


def test_objects_with_counters_on_them():
    """CR 122.1: "with +1/+1 counters on them" (no article) is "with one or more"; "with two" is no such filter."""
    result = compile_card("Thing", "Creatures you control with +1/+1 counters on them have trample.", "Creature")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": {"with_counter": "+1/+1", "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Trample"]}}])
    text = "Creatures you control with two +1/+1 counters on them have trample."
    assert compile_card("Thing", text, "Creature").ignored == [text]


def test_doesnt_untap_while_you_control_one():
    """CR 502.3: "if you control a Reflection" is judged as the untap step untaps (asp/actions.lp)."""
    result = compile_card("Thing", "Thing doesn't untap during your untap step if you control a Reflection.", "Creature")
    assert (result.status, result.card["doesnt_untap"]) == ("ok", {"if_you_control": {"subtypes": ["Reflection"]}})
    text = "~ doesn't untap during your untap step if you control two or more Reflections."
    assert compile_card("Thing", text.replace("~", "Thing"), "Creature").ignored == [text]


def test_enters_tapped_and_doesnt_untap():
    result = compile_card("Thing", "Thing enters tapped and doesn't untap during your untap step.", "Creature")
    assert result.status == "ok"
    assert (result.card["enters_tapped"], result.card["doesnt_untap"]) == (True, True)


CARDS = Path(__file__).parent / "fixtures" / "cards" / "compiled-enters.yaml"
YOURS = {"whose": "you"}


@pytest.mark.parametrize("text, item", [
    ("~ enters with a +1/+1 counter on him.", {"kind": "+1/+1", "count": 1}),
    ("~ enters with X +1/+1 counters on her.", {"kind": "+1/+1", "count": "X"}),
    ("If ~ was kicked, it enters with two +1/+1 counters on it.", {"kind": "+1/+1", "count": 2, "if": "kicked"}),
    ("~ enters with a +1/+1 counter on it for each other creature you control.",
     {"kind": "+1/+1", "count": 1, "per": {"count": {**YOURS, "filter": {"other": True, "types": ["Creature"]}}}}),
    ("~ enters with a +1/+1 counter on it for each creature card in your graveyard.",
     {"kind": "+1/+1", "count": 1, "per": {"count": {**YOURS, "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("~ enters with X +1/+1 counters on it, where X is the number of other creatures on the battlefield.",
     {"kind": "+1/+1", "count": 1, "per": {"count": {"whose": "any", "filter": {"other": True, "types": ["Creature"]}}}}),
    ("~ enters with a +1/+1 counter on it for each other Kithkin you control.",  # a changeling too (702.73a)
     {"kind": "+1/+1", "count": 1, "per": {"count": {**YOURS, "filter": {"other": True, "subtypes": ["Kithkin"]}}}}),
    ("~ enters with a number of loyalty counters on him equal to the number of lands you control.",
     {"kind": "loyalty", "count": 1, "per": {"count": {**YOURS, "filter": {"types": ["Land"]}}}}),
    ("~ enters with X +1/+1 counters on it, where X is the greatest power among other creatures you control.",
     {"kind": "+1/+1", "count": 1, "per": {"greatest": {"stat": "power", **YOURS,
                                                        "filter": {"other": True, "types": ["Creature"]}}}}),
    ("~ enters with X +1/+1 counters on it, where X is the number of instant and sorcery cards in all graveyards.",
     {"kind": "+1/+1", "count": 1, "per": {"count": {"whose": "any", "zone": "graveyard", "filter": {
         "any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}}}}),
    ("~ enters with your choice of a vigilance counter or a reach counter on it.",
     {"kind": "vigilance", "count": 1, "or_kind": "reach"}),
    # CR 614.1c, 614.12a: two different kinds chosen from among three as it enters
    ("~ enters with your choice of two different counters on it from among menace, deathtouch, and lifelink.",
     {"kind": "menace", "count": 1, "or_kind": "deathtouch", "more_kinds": ["lifelink"], "choose": 2}),
    # CR 122.1b: a hexproof counter gives hexproof (asp/objects.lp)
    ("~ enters with your choice of a flying counter or a hexproof counter on it.",
     {"kind": "flying", "count": 1, "or_kind": "hexproof"}),
    # CR 208.1: the sum of their toughnesses, judged as it enters (asp/zone_change.lp)
    ("~ enters with X +1/+1 counters on it, where X is the total toughness of other creatures you control.",
     {"kind": "+1/+1", "count": 1, "per": {"total": {"stat": "toughness", **YOURS,
                                                     "filter": {"other": True, "types": ["Creature"]}}}}),
    # CR 601.2i, 119.3: what the board records of this turn (spells_cast_this_turn, life_gained)
    ("~ enters with two +1/+1 counters on it if you've cast two or more spells this turn.",
     {"kind": "+1/+1", "count": 2, "if": {"spells_cast": 2}}),
    ("~ enters with X +1/+1 counters on it, where X is the amount of life you've gained this turn.",
     {"kind": "+1/+1", "count": 1, "per": "life_gained"}),
    # what happened this turn or as it was cast: no board records it (next refuses it entering)
    ("~ enters with two +1/+1 counters on it unless you've cast two or more spells this turn.",
     {"kind": "+1/+1", "count": 2, "unjudged": "unless you've cast two or more spells this turn"}),
    ("Morbid — ~ enters with two +1/+1 counters on it if a creature died this turn.",
     {"kind": "+1/+1", "count": 2, "unjudged": "if a creature died this turn"}),
    ("~ enters with a +1/+1 counter on it for each time it was kicked.",
     {"kind": "+1/+1", "count": 1, "unjudged": "for each time it was kicked"}),
    ("Converge — ~ enters with a +1/+1 counter on it for each color of mana spent to cast it.",
     {"kind": "+1/+1", "count": 1, "unjudged": "for each color of mana spent to cast it"}),
    ("Adamant — If at least three mana of the same color was spent to cast this spell, ~ enters with a +1/+1 "
     "counter on it.", {"kind": "+1/+1", "count": 1,
                        "unjudged": "if at least three mana of the same color was spent to cast this spell"}),
    ("~ enters with two +1/+1 counters on it unless two or more colors of mana were spent to cast it.",
     {"kind": "+1/+1", "count": 2, "unjudged": "unless two or more colors of mana were spent to cast it"}),
    ("~ enters with a divinity counter on it if you cast it from your hand.",
     {"kind": "divinity", "count": 1, "unjudged": "if you cast it from your hand"}),
])
def test_counters_it_enters_with(text, item):
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Horror", mana_cost="{2}{B}")
    assert (result.status, result.card["enters_with_counters"]) == ("ok", [item])


@pytest.mark.parametrize("text, items", [
    ("~ enters with a +1/+1 counter on it for each other red creature you control and a +1/+1 counter on it for "
     "each other green creature you control.",
     [{"kind": "+1/+1", "count": 1, "per": {"count": {**YOURS, "filter": {"other": True, "colors": [c],
                                                                          "types": ["Creature"]}}}}
      for c in ("R", "G")]),
    ("~ enters with a +1/+1 counter on it plus an additional +1/+1 counter on it for each other creature you control.",
     [{"kind": "+1/+1", "count": 1},
      {"kind": "+1/+1", "count": 1, "per": {"count": {**YOURS, "filter": {"other": True, "types": ["Creature"]}}}}]),
    # a list of kinds, each an item (CR 122.1b: keyword counters; 122.1c: a shield counter)
    ("~ enters with a +1/+1 counter, a flying counter, a deathtouch counter, and a shield counter on it.",
     [{"kind": "+1/+1", "count": 1}, {"kind": "flying", "count": 1}, {"kind": "deathtouch", "count": 1},
      {"kind": "shield", "count": 1}]),
    ("~ enters with two +1/+1 counters and a trample counter on it.",
     [{"kind": "+1/+1", "count": 2}, {"kind": "trample", "count": 1}]),
])
def test_two_amounts_of_counters_are_two_items(text, items):
    """CR 614.1c, 122.6: two amounts in one sentence, each an item; their counters add up."""
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Horror")
    assert (result.status, result.card["enters_with_counters"]) == ("ok", items)


@pytest.mark.parametrize("text", [
    "~ enters with X +1/+1 counters on it, where X is the greatest power among creatures you control and creature "
    "cards in your graveyard.",
    # a keyword layer 6 grants, and cards (which have no total power here)
    "~ enters with X +1/+1 counters on it, where X is the total power of creatures you control with flying.",
    "~ enters with X +1/+1 counters on it, where X is the total toughness of creature cards in your graveyard.",
    # the second amount no form counts: not the first alone
    "~ enters with a +1/+1 counter on it for each other Zombie you control and a +1/+1 counter on it for each "
    "Zombie card in your graveyard this turn.",
    "~ enters with a +1/+1 counter on it for each other Zombie you control and each Zombie card in your graveyard.",
    "~ enters with a +1/+1 counter on it if you control a Dragon.",
    "~ enters with X +1/+1 counters on it, where X is the number of tapped lands on the battlefield.",
])
def test_counters_no_rule_counts_are_not_understood(text):
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Horror")
    assert (result.status, result.ignored) == ("partial", [text])


def test_next_refuses_counters_on_what_no_board_records():
    """CR 614.1c: "if a creature died this turn": the board doesn't say, so the creature isn't
    put onto the battlefield with a guess."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "boar", "card": "Festerhide Boar", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError) as error:
        pysolver.api.next_states(board, ["resolve"])
    assert str(error.value).endswith(
        "boar enters with +1/+1 counters if a creature died this turn (CR 614.1c), which the board doesn't "
        "record: give the board after it enters")


def test_x_refuses_counters_judged_as_it_enters(tmp_path):
    """`x` says what a spell with X enters with; counters judged as it enters (its kicker here,
    asp/zone_change.lp) are next's, so x refuses rather than leave them out."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [{
        "name": "Kicked Hydra", "mana_cost": "{X}{G}", "types": ["Creature"], "kicker": "{2}", "power": 0, "toughness": 0,
        "enters_with_counters": [{"kind": "+1/+1", "count": "X"}, {"kind": "+1/+1", "count": 2, "if": "kicked"}]}]})
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "hydra", "card": "Kicked Hydra", "controller": "Alice", "x": 3, "kicked": True}]}, [cards])
    with pytest.raises(QueryError) as error:
        pysolver.x_value(board, "hydra")
    assert str(error.value).endswith(
        "hydra (Kicked Hydra) enters with +1/+1 counters judged as it enters (CR 614.1c, 614.12), which x "
        "doesn't judge; pysolver next ... resolve applies it")
    done, = pysolver.api.next_states(board, ["resolve"])
    (hydra,) = done.board["battlefield"]
    assert (hydra["id"], hydra["x"], hydra["counters"]) == ("hydra", 3, {"+1/+1": 5})  # X, then 2 kicked


@pytest.mark.parametrize("text, type_line, others", [
    ("Artifacts, creatures, and lands your opponents control enter tapped.", "Enchantment",
     {"whose": "opponent", "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]},
                                                 {"types": ["Land"]}]}}),
    ("Creatures your opponents control enter tapped.", "Creature — Dinosaur",
     {"whose": "opponent", "filter": {"types": ["Creature"]}}),
    ("Creatures enter tapped.", "Artifact", {"whose": "any", "filter": {"types": ["Creature"]}}),
])
def test_others_enter_tapped(text, type_line, others):
    result = compile_card("Thing", text, type_line)
    assert (result.status, result.card["others_enter_tapped"]) == ("ok", others)


@pytest.mark.parametrize("text", [
    # a creature that could be of the kind itself: whether its own effect applies to it isn't judged
    "Creatures enter tapped.",
    "Creatures played by your opponents enter tapped.",
])
def test_others_enter_tapped_not_read(text):
    result = compile_card("Thing", text, "Creature — Elf")
    assert (result.status, result.ignored) == ("partial", [text])


@pytest.mark.parametrize("line, colors", [
    ("As ~ enters, choose a color.", ["W", "U", "B", "R", "G"]),
    ("As ~ enters, choose a color other than green.", ["W", "U", "B", "R"]),
])
def test_a_color_chosen_as_it_enters_lists_its_options(line, colors):
    result = compile_card("Thing", line.replace("~", "Thing") + "\n{T}: Add one mana of the chosen color.", "Land")
    assert (result.status, result.card["chooses_as_it_enters"]) == ("ok", {"color": colors})


@pytest.mark.parametrize("text, limit", [
    ("Players can't untap more than one artifact during their untap steps.",
     {"whose": "any", "filter": {"types": ["Artifact"]}}),
    ("Players can't untap more than one nonbasic land during their untap steps.",
     {"whose": "any", "filter": {"not_supertypes": ["Basic"], "types": ["Land"]}}),
    ("You can't untap more than one land during your untap step.", {"whose": "you", "filter": {"types": ["Land"]}}),
])
def test_an_untap_limit(text, limit):
    result = compile_card("Thing", text, "Enchantment")
    assert (result.status, result.card["untap_limit"]) == ("ok", limit)


def test_turns_refuse_the_choice_of_which_to_untap():
    """CR 502.3: under Damping Field the player chooses which artifact untaps; `turn --turns`
    makes no choices, so it refuses rather than pick one."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "ring1", "card": "Sol Ring", "controller": "Bob", "tapped": True},
                        {"id": "ring2", "card": "Sol Ring", "controller": "Bob", "tapped": True},
                        {"id": "field", "card": "Damping Field", "controller": "Alice"}]}, [CARDS])
    from pysolver.query.turns import listing
    with pytest.raises(QueryError) as error:
        listing(board, 2)
    assert str(error.value).endswith(
        "in turn 5's untap step Bob chooses which of ring1, ring2 to untap (CR 502.3), and the "
        "following turns depend on it; list them from a board after that untap step (pysolver next)")


CLONE_BOARD = {"players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}


def test_a_clone_states_the_card_it_copies():
    """CR 707.2, 707.3: the copy's board states the card copied: the copied permanent's card, or
    the card that permanent copies itself."""
    board = pysolver.board_from_data({**CLONE_BOARD, "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "elves", "card": "Mirror Image", "controller": "Bob", "copy_of": "Llanowar Elves"}],
        "stack": [{"id": "imp", "card": "Clever Impersonator", "controller": "Alice"}]}, [CARDS])
    copies = sorted(next((p.get("copy_of") for p in r.board["battlefield"] if p["id"] == "imp"), "gone")
                    for r in pysolver.api.next_states(board, ["resolve"]))
    assert copies == ["Grizzly Bears", "Llanowar Elves", "gone"]


@pytest.mark.parametrize("copied, error", [
    ({"id": "morph", "card": "Grizzly Bears", "controller": "Bob", "face_down": "manifest"},
     "imp may enter as a copy of morph, whose copiable values are face down (CR 707.2, 708.2, 718.3d), which next "
     "doesn't model: give the board after it enters"),
    ({"id": "other", "card": "Clever Impersonator", "controller": "Bob", "counters": {"+1/+1": 1}},  # not 0/0
     "imp may enter as a copy of other (Clever Impersonator), which may itself enter as a copy (CR 616.1f), which "
     "next doesn't model: give the board after it enters"),
])
def test_a_copy_next_cant_make_is_refused(copied, error):
    board = pysolver.board_from_data({**CLONE_BOARD, "battlefield": [copied],
                                      "stack": [{"id": "imp", "card": "Clever Impersonator", "controller": "Alice"}]},
                                     [CARDS])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["resolve"])
    assert str(caught.value).endswith(error)


def test_a_copy_of_a_copy_with_exceptions_is_refused():
    """CR 707.9b: Phyrexian Metamorph's copy of Grizzly Bears is an artifact too; a copy of it
    would copy that exception, which a board's copy_of (a card) can't state."""
    board = pysolver.board_from_data({**CLONE_BOARD, "battlefield": [
        {"id": "morph", "card": "Phyrexian Metamorph", "controller": "Bob", "copy_of": "Grizzly Bears"}],
        "stack": [{"id": "imp", "card": "Clever Impersonator", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["resolve"])
    assert str(caught.value).endswith(
        "imp may enter as a copy of morph, a copy of Grizzly Bears with the exceptions of Phyrexian Metamorph (CR "
        "707.9b), which next doesn't model: give the board after it enters")


@pytest.mark.parametrize("text, exceptions", [
    ("You may have ~ enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to "
     "its other types.", {"types": ["Enchantment"]}),
    ("You may have ~ enter as a copy of any creature on the battlefield, except it has haste.", {"keywords": ["haste"]}),
    ("You may have ~ enter as a copy of any creature on the battlefield, except it's a Wall in addition to its other "
     "types and has defender.", {"subtypes": ["Wall"], "keywords": ["defender"]}),
    ("You may have ~ enter as a copy of a creature you control, except it's a Shapeshifter Rogue in addition to its "
     "other types.", {"subtypes": ["Shapeshifter", "Rogue"]}),
    ("You may have ~ enter as a copy of a creature an opponent controls, except it has flying, haste, and trample "
     "and it isn't legendary.", {"keywords": ["flying", "haste", "trample"], "not_supertypes": ["Legendary"]}),
    ("You may have ~ enter as a copy of any creature on the battlefield, except it's legendary in addition to its "
     "other types.", {"supertypes": ["Legendary"]}),
    ("You may have ~ enter as a copy of a creature you control, except his name is ~.", {"own_name": True}),
    ("You may have ~ enter as a copy of any creature on the battlefield, except its name is ~ and it's legendary in "
     "addition to its other types.", {"own_name": True, "supertypes": ["Legendary"]}),
    # CR 707.9e, 707.9f, 107.3m: counters as it enters as the copy (X: the spell's), if it's then of the type
    ("You may have ~ enter as a copy of any creature on the battlefield, except it enters with X additional +1/+1 "
     "counters on it.", {"enters_with_counters": [{"kind": "+1/+1", "count": "X"}]}),
    ("You may have ~ enter as a copy of a creature or planeswalker you control, except it enters with an additional "
     "+1/+1 counter on it if it's a creature, it enters with an additional loyalty counter on it if it's a "
     "planeswalker, and it isn't legendary.",
     {"enters_with_counters": [{"kind": "+1/+1", "count": 1, "if_type": "Creature"},
                               {"kind": "loyalty", "count": 1, "if_type": "Planeswalker"}],
      "not_supertypes": ["Legendary"]}),
    # CR 707.9a: dethrone, an attack trigger no query reaches, adds nothing
    ("You may have ~ enter as a copy of any creature on the battlefield, except it has haste and dethrone.",
     {"keywords": ["haste"]}),
    ("You may have ~ enter as a copy of any creature on the battlefield, except it's a Pirate in addition to its "
     "other types and it has \"Whenever ~ deals combat damage to a player, create a Treasure token.\"",
     {"subtypes": ["Pirate"]}),
])
def test_a_copy_with_exceptions(text, exceptions):
    """CR 707.9b: the exceptions are part of the copy's copiable values."""
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Shapeshifter")
    assert (result.status, result.card["enters_as_copy"]["except"]) == ("ok", exceptions)


def test_a_copy_gains_only_an_ability_no_query_reads():
    """CR 707.9a: "except it has "Whenever ~ attacks, it connives."": a combat trigger, which the
    compiler reads printed as irrelevant, so the copy has no exception any rule reads."""
    text = "You may have ~ enter as a copy of any creature on the battlefield, except it has \"Whenever ~ attacks, " \
           "it connives.\""
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Shapeshifter")
    assert (result.status, result.card["enters_as_copy"]) == ("ok", {"whose": "any", "filter": {"types": ["Creature"]}})
    assert result.sentences[0]["why"].endswith(
        "; the abilities it gains (CR 707.9a) no query reads: a combat trigger: no query declares attackers or "
        "blockers or deals combat damage")


@pytest.mark.parametrize("text", [
    "You may have ~ enter as a copy of any creature card in a graveyard.",
    "You may have ~ enter as a copy of a creature with flying you control.",
    # exceptions no rule reads: another name, an ability in quotes a rule reads (an activated one), counters,
    # abilities of its own card (no keyword: CR 702)
    "You may have ~ enter as a copy of a creature you control, except its name is ~ and it has its other abilities.",
    "You may have ~ enter as a copy of a creature you control, except its name is Bob.",
    "You may have ~ enter as a copy of a creature you control, except it has \"{2}{U}{U}: Return ~ to its owner's "
    "hand.\"",
    # a creature type added to a copy that may be no creature (CR 205.3d)
    "You may have ~ enter as a copy of any artifact on the battlefield, except it's a Wall in addition to its other "
    "types.",
])
def test_a_copy_with_exceptions_is_not_understood(text):
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Shapeshifter")
    assert (result.status, result.ignored) == ("partial", [text])


def test_prepared_is_not_understood_with_its_reason():
    """"prepared" is defined by no rule of the Comprehensive Rules this project follows."""
    result = compile_card("Thing", "Thing enters prepared.", "Creature — Human")
    assert [(each["class"], each["why"]) for each in result.sentences] == [(
        "not understood", "\"prepared\": a status of a permanent the Comprehensive Rules this project follows "
        "(February 7, 2025) don't define (no rule says what it changes)")]


@pytest.mark.parametrize("text, more", [
    ("Colorless creatures you control enter with two additional +1/+1 counters on them.",
     {"filter": {"colorless": True, "types": ["Creature"]}, "kind": "+1/+1", "count": 2}),
    ("Each creature you control that's a Wolf or a Werewolf enters with an additional +1/+1 counter on it.",
     {"filter": {"any_of": [{"types": ["Creature"], "subtypes": ["Wolf"]},
                            {"types": ["Creature"], "subtypes": ["Werewolf"]}]}, "kind": "+1/+1", "count": 1}),
    # CR 607.1: the creature type chosen as the source entered (the board's chosen: {creature_type: ..})
    ("Each other creature you control of the chosen creature type enters with an additional +1/+1 counter on it.",
     {"filter": {"types": ["Creature"], "chosen": "creature_type"}, "kind": "+1/+1", "count": 1}),
    # what happened this turn, which no board records: next refuses a permanent entering that it applies to
    ("Each creature you control enters with an additional +1/+1 counter on it for each land that entered the "
     "battlefield under your control this turn.",
     {"filter": {"types": ["Creature"]}, "kind": "+1/+1", "count": 1,
      "unjudged": "for each land that entered the battlefield under your control this turn"}),
    # CR 122.1: "X ..., where X is the number of +1/+1 counters on ~": the source's counters as the other enters
    ("Each other creature you control enters with an additional X +1/+1 counters on it, where X is the number of "
     "+1/+1 counters on ~.", {"filter": {"types": ["Creature"]}, "kind": "+1/+1", "count": 1,
                              "per_counters": "+1/+1"}),
])
def test_others_enter_with_more_counters(text, more):
    """CR 614.1c, 614.12: the plural form, and "that's a [type] or a [type]"."""
    result = compile_card("Thing", text.replace("~", "Thing"), "Creature — Beast")
    assert (result.status, result.card["others_enter_with_counters"]) == ("ok", [more])


def test_a_copy_on_what_happened_this_turn_is_refused_by_next():
    """Raid (CR 207.2c): "If you attacked this turn, you may have ~ enter as a copy of ...": no board
    records whether its controller attacked, so next refuses to put it onto the battlefield."""
    result = compile_card("Protean Raider", "Raid — If you attacked this turn, you may have Protean Raider enter as "
                          "a copy of any creature on the battlefield.", "Creature — Shapeshifter Pirate")
    assert (result.status, result.card["enters_as_copy"]) == ("ok", {
        "whose": "any", "filter": {"types": ["Creature"]}, "unjudged": "if you attacked this turn"})
    board = pysolver.board_from_data({**CLONE_BOARD, "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
        "stack": [{"id": "raider", "card": "Protean Raider", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["resolve"])
    assert str(caught.value).endswith(
        "raider may enter as a copy if you attacked this turn (CR 614.1c, 707.5), which next doesn't model: give the "
        "board after it enters")


def test_assigning_combat_damage_as_though_unblocked_is_irrelevant():
    """CR 510.1c: a choice made only as combat damage is assigned, which no query does."""
    result = compile_card("Wolf Pack", "You may have Wolf Pack assign its combat damage as though it weren't blocked.",
                          "Creature — Wolf")
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("irrelevant", "a choice as combat damage is assigned (CR 510.1c), and no query deals combat damage")]


@pytest.mark.parametrize("exception, survivors", [
    ("it isn't legendary", ["copy", "isamaru"]),  # CR 707.9b: no legend rule between them
    ("it's a Dog in addition to its other types", None),  # a legendary copy: the legend rule, 704.5j
    ("its name is Mimic", ["copy", "isamaru"]),  # CR 707.9b, 201.2: two legends of different names
])
def test_the_legend_rule_reads_a_copys_supertype_exception(tmp_path, exception, survivors):
    text = f"You may have this creature enter as a copy of a creature you control, except {exception}."
    compiled = compile_card("Mimic", text, "Creature — Shapeshifter", mana_cost="{3}{U}", power="0", toughness="0")
    assert compiled.status == "ok"
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [compiled.card]})
    board = pysolver.board_from_data({**CLONE_BOARD, "battlefield": [
        {"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "Alice"},
        {"id": "copy", "card": "Mimic", "controller": "Alice", "copy_of": "Isamaru, Hound of Konda"}]}, [cards])
    outcomes = pysolver.api.next_states(board, ["check"])
    left = sorted(sorted(p["id"] for p in r.board["battlefield"]) for r in outcomes)
    assert left == ([survivors] if survivors else [["copy"], ["isamaru"]])


def test_a_star_toughness_an_entering_card_totals_must_be_stated():
    """CR 208.2, 614.12: Towering Titan on the stack totals the toughness of its controller's other
    creatures as it enters; a "*" toughness the board doesn't state has no value to add."""
    shapeshifter = Path(__file__).parent / "fixtures" / "cards" / "creatures.yaml"
    data = {"players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
            "battlefield": [{"id": "s", "card": "Test Shapeshifter", "controller": "Alice"}],
            "stack": [{"id": "titan", "card": "Towering Titan", "controller": "Alice"}]}
    with pytest.raises(BoardError, match=r"battlefield\[0\]: Test Shapeshifter's power is '\*' and "
                                         r"Towering Titan reads it: give it as power: N$"):
        pysolver.board_from_data(data, [CARDS, shapeshifter])
    data["battlefield"][0].update(power=2, toughness=5)
    (outcome,) = pysolver.api.next_states(pysolver.board_from_data(data, [CARDS, shapeshifter]), ["resolve"])
    assert "titan enters with 5 +1/+1 counters (CR 614.1c)" in outcome.events


OTHERS = Path(__file__).parent / "cases" / "next" / "others-enter-more.yml"


def test_next_refuses_more_counters_on_what_happened_this_turn():
    """CR 614.1c: Bioengineered Future's "for each land that entered the battlefield under your
    control this turn": no board records it, so a creature entering under its controller's control
    is refused; one entering under another player's isn't."""
    data = {"players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
            "battlefield": [{"id": "future", "card": "Test Future", "controller": "Alice"}],
            "stack": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}]}
    with pytest.raises(QueryError) as error:
        pysolver.api.next_states(pysolver.board_from_data(data, [OTHERS]), ["resolve"])
    assert str(error.value).endswith(
        "bears would enter with more counters by future's replacement effect, for each land that entered the "
        "battlefield under your control this turn (CR 614.1c), which the board doesn't record: give the board after "
        "it enters")
    data["stack"][0]["controller"] = "Bob"
    done, = pysolver.api.next_states(pysolver.board_from_data(data, [OTHERS]), ["resolve"])
    assert "counters" not in next(p for p in done.board["battlefield"] if p["id"] == "bears")
