"""Protection from a quality (CR 702.16) and hexproof from a quality (702.11d): the compiler's
forms (keyword lines, grants), the qualities read (pysolver/protection.py), and what `next`
refuses: an illegal target with the rule, a quality the rules can't judge.  The ruling cases
are tests/cases/next/protection.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions
from pysolver.protection import keyword_quality, split

CASES = Path(__file__).parent / "cases" / "next"
CARDS = [str(CASES / "targets.yml"), str(CASES / "protection.yml")]


def refusal(board, *words) -> str:
    with pytest.raises(QueryError) as caught:
        next_states(board, parse_actions(list(words)))
    return caught.value.detail


def test_protection_cards_are_what_the_compiler_makes():
    """The cards of protection.yml are the compiler's output for their Oracle text."""
    for card in yaml.safe_load(Path(CARDS[1]).read_text("utf-8"))["cards"]:
        type_line = " ".join(card.get("supertypes", []) + card["types"]) + \
            (" — " + " ".join(card["subtypes"]) if card.get("subtypes") else "")
        stats = {k: str(card[k]) for k in ("power", "toughness") if k in card}
        result = compile_card(card["name"], card["oracle"], type_line, mana_cost=card.get("mana_cost"),
                              keywords=card.get("keywords"), **stats)
        assert (result.status, result.card) == ("ok", card), card["name"]


@pytest.mark.parametrize("text, expected", [
    ("protection from red", ["protection from red"]),
    ("Protection from black and from red", ["protection from black", "protection from red"]),
    ("protection from artifacts and from each color", ["protection from artifacts"] + [
        f"protection from {c}" for c in ("white", "blue", "black", "red", "green")]),
    ("protection from multicolored", ["protection from multicolored"]),
    ("protection from everything", ["protection from everything"]),
    ("hexproof from artifacts and enchantments", ["hexproof from artifacts", "hexproof from enchantments"]),
    ("protection from Zombies", None),
    ("protection from the chosen color", None),
    ("protection from red and from Goblins", None),
    ("flying", None),
])
def test_a_phrase_splits_into_one_keyword_per_quality(text, expected):
    assert split(text) == expected


@pytest.mark.parametrize("keyword, expected", [
    ("Protection from red", ("protection", ("color", "r"))),
    ("protection from creatures", ("protection", ("card_type", "Creature"))),
    ("protection from monocolored", ("protection", ("monocolored",))),
    ("Protection", ("protection", None)),  # MTGJSON's bare name: not judged
    ("protection from zombies", ("protection", None)),
    ("hexproof from black", ("hexproof", ("color", "b"))),
    ("Hexproof from", ("hexproof", None)),
    ("hexproof", None),
    ("flying", None),
])
def test_the_quality_of_a_keyword(keyword, expected):
    assert keyword_quality(keyword) == expected


def _compiled(text, type_line="Creature — Knight", keywords=None):
    return compile_card("Test Card", text, type_line, power="2", toughness="2", keywords=keywords)


def test_a_keyword_line_becomes_one_keyword_per_quality():
    result = _compiled("First strike, protection from black and from red", keywords=["First strike", "Protection"])
    assert (result.status, result.card["keywords"]) == ("ok", ["First strike", "Protection from black",
                                                               "Protection from red"])


def test_a_quality_not_judged_leaves_its_piece_not_understood():
    result = _compiled("Flying, protection from Zombies", keywords=["Flying", "Protection"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Flying.", "compiled"), ("protection from Zombies.", "not understood")]
    assert result.card["keywords"] == ["Flying", "Protection"]  # kept bare: a query meeting it refuses


def test_hexproof_from_is_not_hexproof():
    """MTGJSON lists "Hexproof" beside "Hexproof from" (CR 702.11d): the card has only the latter."""
    result = _compiled("Hexproof from black", keywords=["Hexproof", "Hexproof from"])
    assert (result.status, result.card["keywords"]) == ("ok", ["Hexproof from black"])


@pytest.mark.parametrize("text, grant", [
    ("Equipped creature gets +2/+2 and has protection from red and from blue.",
     ["Protection from red", "Protection from blue"]),
    ("Creatures you control have flying and protection from black.", ["Flying", "Protection from black"]),
    ("Enchanted creature has protection from creatures.", ["Protection from creatures"]),
])
def test_a_grant_of_protection(text, grant):
    result = _compiled(text, "Enchantment")
    assert result.status == "ok"
    assert result.card["abilities"][0]["static"]["grant_keywords"] == grant


@pytest.mark.parametrize("text", [
    "Enchanted creature has protection from the chosen color.",
    "Creatures you control have protection from Zombies.",
    # CR 702.16n: what the protection doesn't remove is not read
    "Enchanted creature has protection from green. This effect doesn't remove this Aura.",
])
def test_a_grant_the_rules_cant_judge_is_not_understood(text):
    assert _compiled(text, "Enchantment").status == "partial"


UNJUDGED = """\
format: pysolver-cards/1
cards:
- name: Zombie Ward Knight
  types: [Creature]
  keywords: [Protection from Zombies]
  power: 2
  toughness: 2
"""


def test_a_target_whose_protection_isnt_judged_is_refused(load, tmp_path):
    cards = tmp_path / "unjudged.yml"
    cards.write_text(UNJUDGED, encoding="utf-8")
    board = load("""\
        players:
        - {name: Alice, hand: [Searing Spear], mana_pool: "{R}{R}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: knight, card: Zombie Ward Knight, controller: Bob}
    """, CARDS + [str(cards)])
    assert refusal(board, "cast", "Searing Spear") == (
        "cast Searing Spear: Zombie Ward Knight (knight) has protection from zombies, and whether it may be "
        "targeted isn't judged (a quality the rules here can't judge, CR 702.16a, 702.11d)")


def test_an_attachment_to_a_protection_not_judged_is_refused(load, tmp_path):
    cards = tmp_path / "unjudged.yml"
    cards.write_text(UNJUDGED, encoding="utf-8")
    board = load("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: knight, card: Zombie Ward Knight, controller: Bob}
        - {id: kitesail, card: Kitesail, controller: Bob, attached_to: {permanent: knight}}
    """, CARDS + [str(cards)])
    assert refusal(board, "check") == (
        "kitesail is attached to a permanent with protection from zombies, a quality the rules here can't judge, "
        "so whether it stays attached can't be checked (CR 702.16c, 702.16d, 704.5m, 704.5n)")


@pytest.mark.parametrize("target, message", [
    ("knight", "Silver Knight (knight) can't be the target of \"any target\": it has protection from a quality "
               "Searing Spear has (CR 702.16b)"),
    ("guardian", "Guardian of the Guildpact (guardian) can't be the target of \"any target\": it has protection "
                 "from a quality Searing Spear has (CR 702.16b)"),
])
def test_an_illegal_target_names_protection(load, target, message):
    board = load("""\
        players:
        - {name: Alice, hand: [Searing Spear], mana_pool: "{R}{R}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: knight, card: Silver Knight, controller: Bob}
        - {id: guardian, card: Guardian of the Guildpact, controller: Bob}
    """, CARDS)
    assert refusal(board, "cast", "Searing Spear", f"target={target}") == f"cast Searing Spear: {message}"


def test_hexproof_from_stops_only_opponents(load):
    board = load("""\
        players:
        - {name: Alice, hand: [Mortify], mana_pool: "{W}{B}{C}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: harbinger, card: "Garruk's Harbinger", controller: Bob}
    """, CARDS)
    assert refusal(board, "cast", "Mortify", "target=harbinger") == (
        "cast Mortify: Garruk's Harbinger (harbinger) can't be the target of \"target creature or enchantment\": it "
        "has hexproof from a quality Mortify has and an opponent of Alice controls it (CR 702.11d)")
