"""Protection from a quality (CR 702.16) and hexproof from a quality (702.11d): the compiler's
forms (keyword lines, grants), the qualities read (pysolver/protection.py), and what `next`
refuses: an illegal target with the rule, a quality the rules can't judge.  The ruling cases
are tests/cases/next/protection.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

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


@pytest.mark.parametrize("text, expected", [
    ("protection from red", ["protection from red"]),
    ("Protection from black and from red", ["protection from black", "protection from red"]),
    ("protection from artifacts and from each color", ["protection from artifacts"] + [
        f"protection from {c}" for c in ("white", "blue", "black", "red", "green")]),
    ("protection from multicolored", ["protection from multicolored"]),
    ("protection from everything", ["protection from everything"]),
    ("hexproof from artifacts and enchantments", ["hexproof from artifacts", "hexproof from enchantments"]),
    ("Protection from Zombies", ["protection from Zombies"]),
    ("protection from planeswalkers and from Wizards", ["protection from planeswalkers", "protection from Wizards"]),
    ("protection from zombies", None),  # a creature type is capitalized
    ("protection from Arcane", None),  # a spell type, not a creature type
    ("protection from non-Squirrels", None),
    ("protection from odd mana values", None),
    ("protection from the chosen color", None),
    ("protection from red and from Arcane", None),
    ("flying", None),
])
def test_a_phrase_splits_into_one_keyword_per_quality(text, expected):
    assert split(text) == expected


@pytest.mark.parametrize("keyword, expected", [
    ("Protection from red", ("protection", ("color", "r"))),
    ("protection from creatures", ("protection", ("card_type", "Creature"))),
    ("protection from monocolored", ("protection", ("monocolored",))),
    ("Protection", ("protection", None)),  # MTGJSON's bare name: not judged
    ("protection from zombies", ("protection", ("subtype", "Zombie"))),
    ("protection from elves", ("protection", ("subtype", "Elf"))),
    ("protection from kavu", ("protection", ("subtype", "Kavu"))),
    ("protection from arcane", ("protection", None)),
    ("hexproof from black", ("hexproof", ("color", "b"))),
    # CR 607.1: the color chosen as the keyword's source entered, judged per source (asp/protection.lp)
    ("Protection from the chosen color", ("protection", ("chosen_color",))),
    ("hexproof from the chosen color", ("hexproof", None)),
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
    result = _compiled("Flying, protection from Arcane", keywords=["Flying", "Protection"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Flying.", "compiled"), ("protection from Arcane.", "not understood")]
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
    ("Cats you control have protection from Rats.", ["Protection from Rats"]),
])
def test_a_grant_of_protection(text, grant):
    result = _compiled(text, "Enchantment")
    assert result.status == "ok"
    assert result.card["abilities"][0]["static"]["grant_keywords"] == grant


@pytest.mark.parametrize("text, reach", [
    ("This creature has protection from the chosen color.", {"affects": {}, "whose": "any", "self": True}),
    ("Enchanted creature has protection from the chosen color.",
     {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}),
    ("All Slivers have protection from the chosen color.", {"affects": {"subtypes": ["Sliver"]}, "whose": "any"}),
])
def test_a_grant_of_protection_from_the_chosen_color(text, reach):
    """CR 702.16a, 607.1: of a card that chooses a color as it enters (without one, below: not understood)."""
    result = _compiled(f"As this permanent enters, choose a color.\n{text}", "Enchantment")
    assert (result.status, result.card["abilities"]) == (
        "ok", [{"static": {**reach, "grant_keywords": ["Protection from the chosen color"]}}])


@pytest.mark.parametrize("text", [
    "Enchanted creature has protection from the chosen color.",
    "Creatures you control have protection from Arcane.",
    # a player's protection: no rule judges a player's (and "You" is no subtype); a player's hexproof
    # and shroud are read (tests/test_player_hexproof.py)
    "You and permanents you control have protection from Salamanders.",
    # CR 702.16n: what the protection doesn't remove is not read
    "Enchanted creature has protection from green. This effect doesn't remove this Aura.",
])
def test_a_grant_the_rules_cant_judge_is_not_understood(text):
    assert _compiled(text, "Enchantment").status == "partial"


UNJUDGED = """\
format: pysolver-cards/1
cards:
- name: Arcane Ward Knight
  types: [Creature]
  keywords: [Protection from Arcane]
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
        - {id: knight, card: Arcane Ward Knight, controller: Bob}
    """, CARDS + [str(cards)])
    assert refusal(board, "cast", "Searing Spear") == (
        "cast Searing Spear: Arcane Ward Knight (knight) has protection from arcane, and whether it may be "
        "targeted isn't judged (a quality the rules here can't judge, CR 702.16a, 702.11d)")


def test_an_attachment_to_a_protection_not_judged_is_refused(load, tmp_path):
    cards = tmp_path / "unjudged.yml"
    cards.write_text(UNJUDGED, encoding="utf-8")
    board = load("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: knight, card: Arcane Ward Knight, controller: Bob}
        - {id: kitesail, card: Kitesail, controller: Bob, attached_to: {permanent: knight}}
    """, CARDS + [str(cards)])
    assert refusal(board, "check") == (
        "kitesail is attached to a permanent with protection from arcane, a quality the rules here can't judge, "
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


ABILITY_SOURCES = """\
format: pysolver-cards/1
cards:
- name: Test Zombie Shaman
  types: [Creature]
  subtypes: [Zombie]
  power: 1
  toughness: 1
  abilities:
  - activated:
      cost: ['{T}']
      targets:
      - {zone: battlefield, whose: opponent, filter: {types: [Creature]}, text: target creature an opponent controls}
      do:
      - pump: {power: -1, toughness: -1, target: 1}
      text: Target creature an opponent controls gets -1/-1 until end of turn.
- name: Test Shapeshifter
  types: [Creature]
  subtypes: [Shapeshifter]
  keywords: [Changeling]
  power: 1
  toughness: 1
  abilities:
  - activated:
      cost: ['{T}']
      targets:
      - {zone: battlefield, whose: opponent, filter: {types: [Creature]}, text: target creature an opponent controls}
      do:
      - pump: {power: -1, toughness: -1, target: 1}
      text: Target creature an opponent controls gets -1/-1 until end of turn.
- name: Test Land Warden
  types: [Creature]
  keywords: [Protection from lands, Protection from colorless]
  power: 2
  toughness: 2
"""


@pytest.mark.parametrize("source, target, legal", [
    ("Test Zombie Shaman", "Grave Bramble", False),  # 702.16a: from a Zombie source
    ("Test Shapeshifter", "Grave Bramble", False),  # 702.73a: a changeling is a Zombie too
    ("Test Zombie Shaman", "Silver Knight", True),  # a black Zombie is no red source
    ("Cabal Pit", "Test Land Warden", False),  # from a land, colorless
    ("Cabal Pit", "Grave Bramble", True),
])
def test_an_ability_is_judged_by_its_source(load, tmp_path, source, target, legal):
    """CR 702.16b, 113.7: an ability's source is the permanent it is from: can-activate's
    "a legal target" (asp/targets.lp) reads the source's types, subtypes and colors."""
    import pysolver

    cards = tmp_path / "sources.yml"
    cards.write_text(ABILITY_SOURCES, encoding="utf-8")
    graveyard = ", ".join(["Forest"] * 7)
    board = load(f"""\
        players:
        - {{name: Alice, graveyard: [{graveyard}]}}
        - Bob
        turn: {{number: 3, active: Alice, step: precombat_main}}
        battlefield:
        - {{id: source, card: {source}, controller: Alice}}
        - {{id: swamp, card: Swamp, controller: Alice}}
        - {{id: target, card: {target}, controller: Bob}}
    """, CARDS + [str(cards)])
    number = 2 if source == "Cabal Pit" else 1
    answer = pysolver.can_activate(board, "source", number)
    assert answer.can_activate is legal, answer.reasons


@pytest.mark.parametrize("effect, keywords", [
    ("Target creature gains protection from black until end of turn.", ["protection from black"]),
    ("Target creature you control gains protection from black and from red until end of turn.",
     ["protection from black", "protection from red"]),
    ("Target creature gains protection from the color of your choice until end of turn.", None),
])
def test_gaining_protection_until_end_of_turn(effect, keywords):
    """CR 611.2a, 702.16g: a targeted "gains protection from ... until end of turn"."""
    result = _compiled("{W}: " + effect)
    activated = result.card["abilities"][0]["activated"]
    assert activated.get("do") == (None if keywords is None else [{"gain_keywords": {"keywords": keywords,
                                                                                      "target": 1}}])


def test_an_ability_whose_source_left_is_refused_against_protection(load):
    """CR 113.7a: Barbarian Ring, sacrificed to pay its ability's cost, is no longer on the
    battlefield as the ability resolves; its last known qualities aren't kept, so whether
    Silver Knight's protection from red makes the target illegal isn't judged: refused."""
    board = load("""\
        players:
        - {name: Alice, mana_pool: "{R}", graveyard: [Forest, Forest, Forest, Forest, Forest, Forest, Forest]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: ring, card: Barbarian Ring, controller: Alice}
        - {id: knight, card: Silver Knight, controller: Bob}
    """, CARDS)
    assert len(next_states(board, parse_actions(["activate", "ring", "2", "target=knight"]))) == 1
    assert refusal(board, "activate", "ring", "2", "target=knight", "resolve") == (
        "resolve: ring-2: Silver Knight (knight) has protection or hexproof from a quality, and the ability's "
        "source left the battlefield, and its last known qualities aren't kept (CR 113.7a, 702.16b, 702.11d)")


@pytest.mark.parametrize("text, ban", [
    ("~ can't be the target of white spells or abilities from white sources.",
     {"by": "both", "whose": "any", "color": "W"}),
    ("~ can't be the target of abilities your opponents control.", {"by": "abilities", "whose": "opponent"}),
    ("~ can't be the target of Aura spells.", {"by": "spells", "whose": "any", "subtype": "Aura"}),
    ("~ can't be the target of nongreen spells your opponents control or abilities from nongreen sources your "
     "opponents control.", {"by": "both", "whose": "opponent", "not_color": "G"}),
    ("~ can't be the target of abilities from artifact sources.",
     {"by": "abilities", "whose": "any", "card_type": "Artifact"}),
])
def test_cant_be_the_target_of(text, ban):
    """CR 115.1: the restriction as a static ability of the card itself."""
    result = _compiled(text)
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {"affects": {}, "whose": "any", "self": True,
                                                    "cant_be_targeted": ban}}]


@pytest.mark.parametrize("text", [
    "~ can't be the target of white spells or abilities.",  # the abilities' quality unsaid
    "~ can't be the target of spells unless it attacked or blocked this turn.",
    "~ can't be the target of spells that can target only Walls or of abilities that can target only Walls.",
    "Enchanted creature can't be the target of spells and can't be enchanted by other Auras.",
    "Cards in graveyards can't be the targets of spells or abilities.",
    "~ can't be the target of Arcane spells.",
])
def test_a_restriction_not_read_is_not_understood(text):
    assert _compiled(text).status == "partial"


PIT_BOARD = """\
    players:
    - {name: Alice, graveyard: [Forest, Forest, Forest, Forest, Forest, Forest, Forest]}
    - Bob
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: pit, card: Cabal Pit, controller: Alice}
    - {id: swamp, card: Swamp, controller: Alice}
"""


@pytest.mark.parametrize("others, legal", [
    # Dense Foliage: creatures can't be the targets of spells; an ability may target them
    (["Grizzly Bears", "Dense Foliage"], True),
    # Shanna: not of abilities its controller's opponents control (Alice's Cabal Pit)
    (["Shanna, Sisay's Legacy"], False),
])
def test_a_restriction_on_spells_or_on_abilities(load, others, legal):
    """CR 115.1: can-activate's "a legal target" for Cabal Pit's ability (target creature)."""
    import pysolver

    board = load(PIT_BOARD + "".join(f'    - {{id: o{i}, card: "{name}", controller: Bob}}\n'
                                     for i, name in enumerate(others)), CARDS)
    assert pysolver.can_activate(board, "pit", 2).can_activate is legal
