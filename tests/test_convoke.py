"""Convoke and improvise (pysolver/query/convoke.py, CR 702.51a, 702.126a): the plans, each a
choice of permanents tapped and what each pays; tests/cases/payment/spell-costs.yaml pays whole
spells with them."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query import convoke
from pysolver.query.payment import _pip_alternatives


def pips(*symbols):
    return [_pip_alternatives(s) for s in symbols]


def tapped(plans):
    return sorted(plan.tapped for plan in plans)


def test_convoke_a_creature_pays_one_generic_or_one_mana_of_its_color():
    plans = convoke.plans("convoke", [("elf", frozenset("G"))], pips("1", "G"), None)
    assert tapped(plans) == [(), (("elf", "{1}"),), (("elf", "{G}"),)]
    rest = {plan.tapped: plan.pips for plan in plans}
    assert rest[(("elf", "{G}"),)] == ((("generic", 1),),)
    assert rest[(("elf", "{1}"),)] == ((("G", 1),),)


def test_convoke_pays_no_colorless_snow_or_other_color_symbol():
    # CR 702.51a: generic mana, or colored mana of the creature's color; {C} and {S} are neither
    plans = convoke.plans("convoke", [("lions", frozenset("W"))], pips("C", "S", "G"), None)
    assert tapped(plans) == [()]


def test_convoke_pays_a_hybrid_or_phyrexian_symbol_of_its_color_wholly():
    plans = convoke.plans("convoke", [("lions", frozenset("W"))], pips("G/W", "2/W", "W/P"), None)
    assert tapped(plans) == [(), (("lions", "{2/W}"),), (("lions", "{G/W}"),), (("lions", "{W/P}"),)]
    assert {len(plan.pips) for plan in plans if plan.tapped} == {2}


def test_symbols_alike_make_one_plan():
    plans = convoke.plans("convoke", [("elf", frozenset("G")), ("elf-2", frozenset("G"))], pips("G", "G"), None)
    assert tapped(plans) == [(), (("elf", "{G}"),), (("elf", "{G}"), ("elf-2", "{G}")), (("elf-2", "{G}"),)]


def test_improvise_pays_generic_mana_only():
    plans = convoke.plans("improvise", [("citadel", frozenset())], pips("1", "R"), None)
    assert tapped(plans) == [(), (("citadel", "{1}"),)]
    plans = convoke.plans("improvise", [("ornament", frozenset("R"))], pips("R"), None)
    assert tapped(plans) == [()]


def test_too_many_plans_are_refused():
    creatures = [(f"c{i}", frozenset("G")) for i in range(12)]
    with pytest.raises(LimitExceeded, match=r"more than 256 ways to tap permanents for convoke \(CR 702.51a\)"):
        convoke.plans("convoke", creatures, pips("6", "G", "G"), None)


@pytest.mark.parametrize("text, keyword", [
    ("Convoke (Your creatures can help cast this spell. Each creature you tap while casting this spell pays for "
     "{1} or one mana of that creature's color.)", "Convoke"),
    ("Improvise (Your artifacts can help cast this spell. Each artifact you tap after you're done activating "
     "mana abilities pays for {1}.)", "Improvise"),
])
def test_convoke_and_improvise_compile_as_keywords_pay_reads(text, keyword):
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["keywords"] == [keyword]
    assert convoke.keyword(result.card) == keyword.lower()


CARDS = """\
format: pysolver-oracle/1
cards:
- name: Skirk Prospector
  mana_cost: '{R}'
  types: [Creature]
  subtypes: [Goblin]
  power: 1
  toughness: 1
  oracle: 'Sacrifice a Goblin: Add {R}.'
- name: Raging Goblin
  mana_cost: '{R}'
  types: [Creature]
  subtypes: [Goblin, Berserker]
  power: 1
  toughness: 1
  oracle: Haste
- name: Stoke the Flames
  mana_cost: '{2}{R}{R}'
  types: [Instant]
  oracle: "Convoke\\nStoke the Flames deals 4 damage to any target."
- name: Chord of Calling
  mana_cost: '{X}{G}{G}{G}'
  types: [Instant]
  oracle: "Convoke\\nSearch your library for a creature card with mana value X or less, put it onto the\\
    \\ battlefield, then shuffle."
"""


def test_a_creature_sacrificed_for_mana_is_not_also_tapped_for_convoke(tmp_path):
    # CR 601.2g-h: mana abilities first, then convoke taps untapped creatures still there
    import pysolver
    from pysolver.query.payment import pay
    cards = tmp_path / "cards.yml"
    cards.write_text(CARDS)
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nbattlefield:\n"
                     + "".join(f"- {{card: {c}, controller: Alice}}\n"
                               for c in ("Mountain", "Mountain", "Skirk Prospector", "Raging Goblin")))
    result = pay(pysolver.load_board(board, [cards]), "Alice", spell="Stoke the Flames")
    convoked = [{c.split()[1] for c in way.costs if c.startswith("convoke ")} for way in result.ways]
    assert result.payable and any(convoked) and not all(convoked)  # both Goblins may be sacrificed for {R}
    assert not any(c & way.end.gone for c, way in zip(convoked, result.ways, strict=True))
    assert {frozenset(c) | way.end.gone for c, way in zip(convoked, result.ways, strict=True)} == {
        frozenset({"skirk-prospector", "raging-goblin"})}  # two Mountains pay two of the four mana


def test_convoke_with_x_and_no_x_given_is_refused(tmp_path):
    import pysolver
    from pysolver.query.payment import pay
    cards = tmp_path / "cards.yml"
    cards.write_text(CARDS)
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nbattlefield:\n- {card: Forest, controller: Alice}\n")
    with pytest.raises(LimitExceeded, match=r"board.yaml: incomplete: Chord of Calling has X and convoke, improvise, delve or waterbend "
                                            r"\(CR 702.51a, 702.126a, 702.66a\); give --x$"):
        pay(pysolver.load_board(board, [cards]), "Alice", spell="Chord of Calling")


def test_delve_exiles_a_card_for_each_generic_mana_cards_of_one_name_alike():
    # CR 702.66a: generic mana only; cards of one name make one plan
    plans = convoke.delve_plans(["Forest", "Forest", "Opt"], pips("2", "U"), None)
    assert tapped(plans) == [(), (("Forest", "{1}"),), (("Forest", "{1}"), ("Forest", "{1}")),
                             (("Forest", "{1}"), ("Opt", "{1}")), (("Opt", "{1}"),)]
    rest = {plan.tapped: plan.pips for plan in plans}
    assert rest[(("Forest", "{1}"), ("Opt", "{1}"))] == ((("U", 1),),)
    assert rest[(("Opt", "{1}"),)] == ((("U", 1),), (("generic", 1),))
    assert all(plan.ids == frozenset() for plan in plans)  # it taps nothing


def test_delve_and_another_cost_never_exile_one_card_twice():
    plan = convoke.delve_plans(["Forest", "Opt"], pips("1"), None)[-1]
    assert plan.tapped == (("Opt", "{1}"),)

    class Way:
        costs = ("exile Opt from the graveyard",)
    assert not plan.possible(Way())
    Way.costs = ("exile Forest from the graveyard",)
    assert plan.possible(Way())


def test_next_cast_exiles_the_cards_delve_exiles(cli, board_file):
    # CR 702.66a, 601.2h: the cards exiled for delve go to the player's exile (the board's exile:)
    import json
    from pathlib import Path
    cards = Path(__file__).parent / "cases" / "payment" / "cost-cards.yml"
    path = board_file("""\
        players:
        - {name: Alice, hand: ["Tasigur's Cruelty"], graveyard: [Forest, Forest, Forest, Forest, Forest, Island]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {card: Swamp, controller: Alice}
        """)
    code, out, err = cli("next", path, "--cards", cards, "cast", "Tasigur's Cruelty", "--json")
    assert (code, err) == (0, "")
    outcomes = json.loads(out)["outcomes"]
    assert sorted((o["board"]["players"][0]["exile"], o["board"]["players"][0]["graveyard"]) for o in outcomes) == [
        (["Forest", "Forest", "Forest", "Forest", "Forest"], ["Island"]),
        (["Forest", "Forest", "Forest", "Forest", "Island"], ["Forest"])]
    assert all(o["events"][-1] == "Alice casts Tasigur's Cruelty as tasigur-s-cruelty, paying {B} (CR 601.2)"
               for o in outcomes)
