"""Bestow, mutate, disturb and assist (CR 702.103a, 702.140a, 702.146a, 702.132a), and the alternative and additional
costs overload, cleave, spectacle, surge, emerge, freerunning, prowl, offering and conspire (702.96a, 702.148a,
702.137a, 702.117a, 702.119a, 702.173a, 702.76a, 702.48a, 702.78a): a way to cast the card or to pay
for it that pay --spell and next cast don't model; the keyword is compiled to the card's keywords, which they read
to refuse casting it (pysolver/cards/oracle_keywords.py CAST_REFUSED; pysolver/query/payment.py _spell), and a
permanent on the battlefield is what it is without it (tests/cases/next/cast-refused.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.board import Board
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "cast-refused.yml"


@pytest.mark.parametrize("line, type_line, keyword, rule", [
    ("Bestow {2}{W}", "Enchantment Creature — Human Soldier", "bestow", "702.103a"),
    ("Mutate {2}{W}", "Creature — Fox Bird", "mutate", "702.140a"),
    ("Disturb {3}{W}", "Creature — Human Cleric", "disturb", "702.146a"),
    ("Assist", "Instant", "assist", "702.132a"),
    ("Overload {4}{R}", "Sorcery", "overload", "702.96a"),
    ("Cleave {1}{U}{U}", "Instant", "cleave", "702.148a"),
    ("Spectacle {R}", "Sorcery", "spectacle", "702.137a"),
    ("Surge {2}{U}", "Creature — Sphinx", "surge", "702.117a"),
    ("Emerge {6}{U}", "Creature — Dinosaur", "emerge", "702.119a"),
    ("Freerunning {U}{B}", "Creature — Human Assassin", "freerunning", "702.173a"),
    ("Prowl {1}{B}", "Kindred Sorcery — Rogue", "prowl", "702.76a"),
    ("Fox offering", "Legendary Creature — Spirit", "offering", "702.48a"),
    ("Conspire", "Sorcery", "conspire", "702.78a"),
])
def test_a_way_to_cast_that_casting_refuses_is_the_cards_keyword(line, type_line, keyword, rule):
    result = compile_card("Test Card", line, type_line, power="1", toughness="1", keywords=[keyword.capitalize()])
    assert result.status == "ok"
    [sentence] = result.sentences
    assert sentence["class"] == "compiled"
    assert sentence["why"].startswith(f"{keyword} (CR {rule}): the card's keywords, which pay --spell and next cast "
                                      "read to refuse casting it")
    assert keyword.capitalize() in result.card["keywords"]


def test_a_way_to_cast_with_a_cost_after_a_dash_is_the_keyword_too():
    """CR 702.103a: "Bestow—{R}, Collect evidence 6" (a cost other than mana) is the keyword bestow, which casting
    refuses, never a line that touches nothing (it was read so once bestow left the unmodelled keywords)."""
    result = compile_card("Test Phoenix", "Bestow—{R}, Collect evidence 6.", "Creature — Phoenix", power="2",
                          toughness="2", keywords=["Bestow"])
    assert [(s["class"], s["why"][:6]) for s in result.sentences] == [("compiled", "bestow")]


def _board(hand: str) -> Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": [hand], "mana_pool": "{W}{W}{W}{W}{R}{R}{R}{R}{R}{R}{R}{R}{R}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "ring", "card": "Sol Ring", "controller": "Bob"}]}, [CARDS])  # a target for some


@pytest.mark.parametrize("card, why", [
    ("Nyxborn Shieldmate", "has bestow: it may be cast bestowed for its bestow cost, an Aura spell (CR 702.103a-b)"),
    ("Vulpikeet", "has mutate: it may be cast for its mutate cost, a mutating creature spell (CR 702.140a-c)"),
    ("Chaplain of Alms", "has disturb: it may be cast transformed from its owner's graveyard for its disturb cost "
                         "(CR 702.146a-b)"),
    ("Lava-Field Overlord", "has assist: another player may pay generic mana of its total cost (CR 702.132a)"),
    ("Vandalblast", "has overload: it may be cast for its overload cost, its text's \"target\" changed to \"each\" "
                    "(CR 702.96a)"),
    ("Wash Away", "has cleave: it may be cast for its cleave cost, its text in square brackets removed (CR 702.148a)"),
    ("Skewer the Critics", "has spectacle: it may be cast for its spectacle cost if an opponent lost life this turn "
                           "(CR 702.137a)"),
    ("Jwar Isle Avenger", "has surge: it may be cast for its surge cost if its caster has cast another spell this "
                          "turn (CR 702.117a)"),
    ("Cresting Mosasaurus", "has emerge: it may be cast for its emerge cost by sacrificing a creature, reduced by "
                            "that creature's mana value (CR 702.119a)"),
    ("Achilles Davenport", "has freerunning: it may be cast for its freerunning cost if a player was dealt combat "
                           "damage this turn by an Assassin or a commander its caster controlled (CR 702.173a)"),
    ("Noggin Whack", "has prowl: it may be cast for its prowl cost if a player was dealt combat damage this turn by "
                     "a source its caster controlled that shared a creature type with it (CR 702.76a)"),
    ("Patron of the Kitsune", "has offering: it may be cast any time its caster could cast an instant by sacrificing "
                              "a permanent of its quality, its total cost reduced by that permanent's mana cost "
                              "(CR 702.48a)"),
    ("Gleeful Sabotage", "has conspire: its caster may tap two untapped creatures they control that share a color "
                         "with it as an additional cost, and then copy it (CR 702.78a)"),
])
def test_pay_and_next_refuse_casting_it(card, why):
    board = _board(card)
    with pytest.raises(QueryError) as paying:
        pysolver.api.pay(board, "Alice", spell=card)
    assert str(paying.value) == f"<board>: --spell: {card} {why}, which isn't modelled"
    with pytest.raises(QueryError) as casting:
        pysolver.api.next_states(board, ["cast", card])
    # next cast refuses a spell whose target no rule judges before its costs (CR 601.2c before 601.2f)
    unaimed = "its target, which the compiler keeps in its text (CR 115.1c, 601.2c) isn't judged"
    assert (unaimed if card in ("Wash Away", "Noggin Whack") else f"{card} {why}, which isn't modelled") \
        in str(casting.value)


def test_escape_is_refused_in_the_graveyard_and_paid_from_a_hand():
    """CR 702.138a: a card with escape may be cast from its owner's graveyard for its escape cost, which pay --spell
    (paying as though from a hand) refuses there; in a hand it is paid as any card is ({R})."""
    result = compile_card("Satyr's Cunning", "Create a 1/1 red Satyr creature token with \"This token can't block.\""
                          "\nEscape—{2}{R}, Exile two other cards from your graveyard.", "Sorcery", keywords=["Escape"])
    assert result.status == "ok"
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "graveyard": ["Satyr's Cunning"], "mana_pool": "{R}{R}{R}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [CARDS])
    with pytest.raises(QueryError) as paying:
        pysolver.api.pay(board, "Alice", spell="Satyr's Cunning")
    assert str(paying.value) == (
        "<board>: --spell: Satyr's Cunning has escape and is in Alice's graveyard: it may be cast from there by "
        "paying its escape cost rather than its mana cost (CR 702.138a), which pay doesn't model")
    paid = pysolver.api.pay(_board("Satyr's Cunning"), "Alice", spell="Satyr's Cunning")
    assert paid.cost == "{R}"
    assert paid.payable


@pytest.mark.parametrize("line, onto", [
    ("Splice onto Arcane {1}{R}", ["Arcane"]),
    ("Splice onto instant or sorcery {3}{W}", ["Instant", "Sorcery"]),
    ("Splice onto Arcane—Sacrifice two Mountains", ["Arcane"]),
])
def test_splice_is_the_cards_keyword_and_what_it_splices_onto(line, onto):
    """CR 702.47a: the quality of the spells the card may be spliced onto, a subtype or card types."""
    result = compile_card("Test Ray", "Test Ray deals 2 damage to any target.\n" + line, "Instant — Arcane",
                          keywords=["Splice"])
    assert result.status == "ok"
    assert result.sentences[-1]["class"] == "compiled"
    assert result.sentences[-1]["why"].startswith("splice (CR 702.47a): the card's keywords and what it splices onto")
    assert result.card["splice_onto"] == onto


def _holding(*hand: str) -> Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": list(hand), "mana_pool": "{W}{U}{U}{U}{R}{R}{R}{R}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [CARDS])


def test_a_spell_cast_is_not_spliced_onto_itself():
    """CR 702.47a, 601.2a: the spell cast is on the stack, so a lone Glacial Ray is paid as any card is."""
    board = _holding("Glacial Ray")
    assert pysolver.api.pay(board, "Alice", spell="Glacial Ray").payable
    cast = pysolver.api.next_states(board, ["cast", "Glacial Ray", "target=Bob"])
    assert sorted(r.events for r in cast) == [
        (f"Alice casts Glacial Ray as glacial-ray targeting Bob, paying {paid} (CR 601.2)",)
        for paid in ("{R}{R}", "{U}{R}", "{W}{R}")]


@pytest.mark.parametrize("hand, spell, held, onto", [
    (["Glacial Ray", "Glacial Ray"], "Glacial Ray", "Glacial Ray", "Arcane"),
    (["Divination", "Splicer's Skill"], "Divination", "Splicer's Skill", "Instant or Sorcery"),
])
def test_pay_and_next_refuse_a_spell_a_held_card_may_be_spliced_onto(hand, spell, held, onto):
    """CR 702.47a: a card with splice in its caster's hand may be revealed as they cast a spell of its quality, its
    splice cost added (601.2b, 601.2f) and its text gained (702.47c), which pay and next don't model."""
    why = (f"{spell}: Alice holds {held}, which may be spliced onto it (splice onto {onto}, CR 702.47a): its splice "
           "cost added and its text gained, which pay doesn't model")
    board = _holding(*hand)
    with pytest.raises(QueryError) as paying:
        pysolver.api.pay(board, "Alice", spell=spell)
    assert str(paying.value) == f"<board>: --spell: {why}"
    with pytest.raises(QueryError) as casting:
        pysolver.api.next_states(board, ["cast", spell] + (["target=Bob"] if spell == "Glacial Ray" else []))
    assert why in str(casting.value)
