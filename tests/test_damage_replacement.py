"""Static prevention and replacement effects of damage (CR 615.1a, 615.10, 615.12, 614.1a, 616.1): what
the compiler makes of their forms (an event, what is done to it, its source and its recipient), what it
leaves not understood, and where a query refuses: orders the affected player may choose that deal
different damage, which `next` doesn't branch on.  The ruling cases are
tests/cases/next/damage-replacements.yaml and tests/cases/mana/damage-replacements.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import mana_outcomes, next_states
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "damage-replacements.yml"
ANY = {"players": "any", "permanents": {"whose": "any"}}


@pytest.mark.parametrize(("text", "replacement"), [
    ("Prevent all damage that would be dealt to you.",
     {"how": "prevent_all", "from": {"whose": "any"}, "to": {"players": "you"}}),
    ("If a source an opponent controls would deal damage to you, prevent 1 of that damage.",
     {"how": "prevent", "amount": 1, "from": {"whose": "opponent"}, "to": {"players": "you"}}),
    ("If a green source would deal damage to you, prevent 2 of that damage.",
     {"how": "prevent", "amount": 2, "from": {"whose": "any", "filter": {"colors": ["G"]}}, "to": {"players": "you"}}),
    ("Prevent all damage that would be dealt to enchanted creature by artifact sources.",
     {"how": "prevent_all", "from": {"whose": "any", "filter": {"types": ["Artifact"]}}, "to": {"attached": True}}),
    ("Prevent all noncombat damage that would be dealt to other creatures you control.",
     {"how": "prevent_all", "from": {"whose": "any"},
      "to": {"permanents": {"whose": "you", "filter": {"other": True, "types": ["Creature"]}}}}),
    ("Prevent all damage that this creature would deal to snow creatures.",
     {"how": "prevent_all", "from": {"self": True},
      "to": {"permanents": {"whose": "any", "filter": {"supertypes": ["Snow"], "types": ["Creature"]}}}}),
    ("If damage would be dealt to this creature, prevent that damage.",
     {"how": "prevent_all", "from": {"whose": "any"}, "to": {"self": True}}),
    ("If a creature you control would deal damage to a permanent or player, it deals double that damage instead.",
     {"how": "double", "from": {"whose": "you", "filter": {"types": ["Creature"]}}, "to": ANY}),
    ("If a source you control would deal damage to a permanent or player, it deals triple that damage to that "
     "permanent or player instead.", {"how": "triple", "from": {"whose": "you"}, "to": ANY}),
    ("If a source you control would deal noncombat damage to an opponent or a permanent an opponent controls, it "
     "deals double that damage to that player or permanent instead.",
     {"how": "double", "from": {"whose": "you"}, "to": {"players": "opponent", "permanents": {"whose": "opponent"}}}),
    ("If an instant or sorcery source you control would deal damage to a permanent or player, it deals that much "
     "damage plus 2 to that permanent or player instead.",
     {"how": "plus", "amount": 2,
      "from": {"whose": "you", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}}, "to": ANY}),
    ("Double all damage equipped creature would deal.", {"how": "double", "from": {"attached": True}, "to": ANY}),
    ("If a source would deal damage to you or a Hero you control, prevent all but 1 of that damage.",
     {"how": "prevent_all_but", "amount": 1, "from": {"whose": "any"},
      "to": {"players": "you", "permanents": {"whose": "you", "filter": {"subtypes": ["Hero"]}}}}),
    # CR 607.1: a source of the color (creature type) chosen as its permanent entered
    ("Prevent all damage that would be dealt to you by sources of the chosen color.",
     {"how": "prevent_all", "from": {"whose": "any", "filter": {"chosen": "color"}}, "to": {"players": "you"}}),
    ("Double all damage that sources you control of the chosen creature type would deal.",
     {"how": "double", "from": {"whose": "you", "filter": {"chosen": "creature_type"}}, "to": ANY}),
    # CR 102.1: during its controller's turns
    ("During your turn, prevent all damage that would be dealt to you.",
     {"how": "prevent_all", "from": {"whose": "any"}, "to": {"players": "you"}, "during": "you"}),
    # recipients of two kinds, sources named by a filter alone
    ("Prevent all damage that would be dealt to you and creatures you control.",
     {"how": "prevent_all", "from": {"whose": "any"},
      "to": {"players": "you", "permanents": {"whose": "you", "filter": {"types": ["Creature"]}}}}),
    ("Prevent all damage that would be dealt to this creature and other creatures you control.",
     {"how": "prevent_all", "from": {"whose": "any"},
      "to": {"self": True, "permanents": {"whose": "you", "filter": {"other": True, "types": ["Creature"]}}}}),
    ("Prevent all damage that black creatures would deal.",
     {"how": "prevent_all", "from": {"whose": "any", "filter": {"colors": ["B"], "types": ["Creature"]}}, "to": ANY}),
    ("Prevent all damage that would be dealt by creatures with power 2 or less.",
     {"how": "prevent_all", "from": {"whose": "any", "filter": {"power_at_most": 2, "types": ["Creature"]}},
      "to": ANY}),
    # CR 614.1a, 120.3: replaced by -1/-1 counters (no damage dealt)
    ("If a source you control would deal noncombat damage to a creature an opponent controls, put that many -1/-1 "
     "counters on that creature instead.",
     {"how": "counters_instead", "from": {"whose": "you"},
      "to": {"permanents": {"whose": "opponent", "filter": {"types": ["Creature"]}}}}),
    ("If a creature you control would deal damage to a creature or player, it deals double that damage instead.",
     {"how": "double", "from": {"whose": "you", "filter": {"types": ["Creature"]}},
      "to": {"players": "any", "permanents": {"whose": "any", "filter": {"types": ["Creature"]}}}}),
])
def test_damage_replacement_forms(text, replacement):
    result = compile_card("Replacer", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"damage_replacement": replacement}])


def test_a_doubling_listed_as_the_keyword_double_is_the_effect():
    """CR 701.9: MTGJSON lists "Double" among the card's keywords; the sentence is an effect, never a keyword line."""
    result = compile_card("Doer", "Double all damage that sources you control would deal.", "Enchantment",
                          keywords=["Double"])
    assert (result.status, result.card["abilities"]) == (
        "ok", [{"damage_replacement": {"how": "double", "from": {"whose": "you"}, "to": ANY}}])


def test_damage_that_cant_be_prevented():
    assert compile_card("Lynx", "Damage can't be prevented.", "Enchantment").card["abilities"] == [
        {"damage_unpreventable": "all"}]
    assert compile_card("Excruciator", "Damage that would be dealt by this creature can't be prevented.",
                        "Creature").card["abilities"] == [{"damage_unpreventable": "self"}]


@pytest.mark.parametrize("text", [
    # another effect beside the prevention, a redirection of damage to permanents, an amount of the board (attacking or blocking creatures:
    # irrelevant, tests/test_irrelevant_seams.py)
    "If a source would deal damage to you, prevent that damage and put an incarnation counter on this enchantment.",
    "All damage that would be dealt to creatures you control is dealt to this creature instead.",
    "Double all damage that sources you control of the chosen type would deal.",  # which kind of type: not read
    "If a source would deal damage to equipped creature, prevent X of that damage, where X is the number of "
    "creatures you control.",
    "If a spell you control would deal damage to an opponent, prevent that damage.",
    "If a source you control would deal exactly 2 damage to a permanent or player, it deals 3 damage instead.",
])
def test_forms_left_not_understood(text):
    assert compile_card("Replacer", text, "Enchantment").status == "partial"


def _board(tmp_path: Path, battlefield: str) -> Path:
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
                     + battlefield, encoding="utf-8")
    return board


ORDERED = ("- {id: sorcerer, card: Prodigal Sorcerer, controller: Alice}\n"
           "- {id: dictate, card: Dictate of the Twin Gods, controller: Bob}\n"
           "- {id: seraph, card: Guardian Seraph, controller: Bob}\n")


def test_orders_that_deal_different_damage_are_refused(tmp_path):
    # CR 616.1: doubled first, 2 less 1 is 1; prevented first, none is left to double (120.8): Bob chooses.
    board = _board(tmp_path, ORDERED)
    with pytest.raises(QueryError, match=r"the damage Prodigal Sorcerer would deal to Bob is changed by prevention "
                                         r"or replacement effects .* in an order its recipient chooses, and the "
                                         r"orders deal different damage \(CR 616.1"):
        next_states(board, ["activate", "sorcerer", "1", "target=Bob", "resolve"], cards=[CARDS])


SHIELD = """format: pysolver-oracle/1
cards:
- name: Test Shield
  types: [Enchantment]
  oracle: If a source would deal damage to you, prevent 1 of that damage.
"""


def test_a_mana_abilitys_damage_in_orders_that_differ_is_shown_not_dropped(tmp_path):
    # Ancient Tomb's 2 damage to Bob: doubled then 1 prevented, 3; 1 prevented then doubled, 2 (CR 616.1).
    board = _board(tmp_path, "- {id: tomb, card: Ancient Tomb, controller: Bob}\n"
                             "- {id: dictate, card: Dictate of the Twin Gods, controller: Alice}\n"
                             "- {id: shield, card: Test Shield, controller: Bob}\n")
    shield = tmp_path / "shield.yaml"
    shield.write_text(SHIELD, encoding="utf-8")
    result = mana_outcomes(board, "tomb", cards=[CARDS, shield])
    assert [[str(e) for e in outcome.effects] for outcome in result.outcomes] == [[
        "tomb: Ancient Tomb's damage: prevention and replacement effects apply in an order its recipient chooses, and "
        "the orders deal different damage (not modelled)"]]
    alone = _board(tmp_path, "- {id: tomb, card: Ancient Tomb, controller: Bob}\n"
                             "- {id: shield, card: Test Shield, controller: Bob}\n")
    result = mana_outcomes(alone, "tomb", cards=[CARDS, shield])
    assert [[str(e) for e in outcome.effects] for outcome in result.outcomes] == [["tomb deals 1 damage to Bob"]]


@pytest.mark.parametrize(("text", "replacement"), [
    ("All damage that would be dealt to you is dealt to this creature instead.",
     {"how": "redirect", "into": "self", "from": {"whose": "any"}, "to": {"players": "you"}}),
    ("All damage that would be dealt to you is dealt to equipped creature instead.",
     {"how": "redirect", "into": "attached", "from": {"whose": "any"}, "to": {"players": "you"}}),
    # CR 509.1h: an unblocked creature is an attacking one (none on a board); 611.3a: while it is untapped
    ("As long as this creature is untapped, all damage that would be dealt to you by unblocked creatures is dealt to "
     "this creature instead.",
     {"how": "redirect", "into": "self", "from": {"whose": "any", "filter": {"types": ["Creature"], "attacking": True}},
      "to": {"players": "you"}, "while": "untapped"}),
])
def test_redirection_forms(text, replacement):
    """CR 614.9: damage to its controller dealt to its source (or to the creature its source is attached to)."""
    result = compile_card("Redirector", text, "Creature")
    assert (result.status, result.card["abilities"]) == ("ok", [{"damage_replacement": replacement}])


REDIRECT = ("- {id: sorcerer, card: Prodigal Sorcerer, controller: Alice}\n"
            "- {id: giant, card: Hill Giant, controller: Bob}\n")


def _events(results) -> list[list[str]]:
    return [list(result.events) for result in results]


def _marked(results, obj: str) -> tuple[int, list[int]]:
    """The damage marked on ``obj`` and each player's life, on the one board the actions leave."""
    (result,) = results
    board = result.board
    damage = next(p.get("damage", 0) for p in board["battlefield"] if p["id"] == obj)
    return damage, [p.get("life", 20) for p in board["players"]]


def test_damage_to_its_controller_is_dealt_to_the_equipped_creature(tmp_path):
    # CR 614.9, 120.3e: Pariah's Shield: the 1 damage to Bob is marked on the Hill Giant; Bob loses no life.
    board = _board(tmp_path, REDIRECT + "- {id: shield, card: Pariah's Shield, controller: Bob, "
                                        "attached_to: {permanent: giant}}\n")
    result = next_states(board, ["activate", "sorcerer", "1", "target=Bob", "resolve"], cards=[CARDS])
    assert _events(result)[0][-2:] == [
        "the damage Prodigal Sorcerer would deal to Bob is dealt to Hill Giant (giant) instead (shield, CR 614.9)",
        "Prodigal Sorcerer deals 1 damage to Hill Giant (giant) (CR 120.3e)"]
    assert _marked(result, "giant") == (1, [20, 20])


def test_unblocked_creatures_and_a_tapped_bodyguard_redirect_nothing(tmp_path):
    # CR 509.1h: the Sorcerer attacks nothing (no combat on the board); 611.3a: the Bodyguard's ability applies only
    # while it is untapped: either way Bob is dealt the damage.
    for tapped in ("false", "true"):
        board = _board(tmp_path, REDIRECT + f"- {{id: guard, card: Veteran Bodyguard, controller: Bob, "
                                            f"tapped: {tapped}}}\n")
        result = next_states(board, ["activate", "sorcerer", "1", "target=Bob", "resolve"], cards=[CARDS])
        assert _events(result)[0][-1] == "Prodigal Sorcerer deals 1 damage to Bob: Bob loses 1 life (CR 120.3a; " \
                                         "20 -> 19)"


def test_a_mana_abilitys_damage_redirected_is_marked_on_the_creature(tmp_path):
    # CR 614.9, 605.3b: Ancient Tomb's 2 damage to Bob is dealt to Empyrial Archangel; next marks it there.
    board = _board(tmp_path, "- {id: tomb, card: Ancient Tomb, controller: Bob}\n"
                             "- {id: angel, card: Empyrial Archangel, controller: Bob}\n")
    result = mana_outcomes(board, "tomb", cards=[CARDS])
    assert [[str(e) for e in outcome.effects] for outcome in result.outcomes] == [["tomb deals 2 damage to angel"]]
    assert _marked(next_states(board, ["activate", "tomb"], cards=[CARDS]), "angel") == (2, [20, 20])


def test_a_redirection_beside_another_effect_or_a_triggers_damage_is_refused(tmp_path):
    # CR 616.1, 616.2: Guardian Seraph prevents 1 of the damage to Bob first, or the Archangel takes all of it:
    # Bob chooses, and the orders deal different damage.
    board = _board(tmp_path, REDIRECT + "- {id: angel, card: Empyrial Archangel, controller: Bob}\n"
                                        "- {id: seraph, card: Guardian Seraph, controller: Bob}\n")
    with pytest.raises(QueryError, match=r"the damage Prodigal Sorcerer would deal to Bob is changed by prevention "
                                         r"or replacement effects \(a shield counter or a redirection among them\)"):
        next_states(board, ["activate", "sorcerer", "1", "target=Bob", "resolve"], cards=[CARDS])
    # CR 614.9: City of Brass's trigger's damage, redirected: next doesn't follow it.
    brass = _board(tmp_path, "- {id: brass, card: City of Brass, controller: Alice}\n"
                             "- {id: angel, card: Empyrial Archangel, controller: Alice}\n")
    with pytest.raises(QueryError, match=r"^.*resolve: the damage brass would deal to Alice is dealt to angel instead "
                                         r"\(a redirection effect, CR 614.9\), which next doesn't follow for a "
                                         r"triggered ability's damage$"):
        next_states(brass, ["activate", "brass", "resolve"], cards=[CARDS])


MAGE = ("- {id: sorcerer, card: Prodigal Sorcerer, controller: Alice}\n"
        "- {id: mage, card: Soul-Scar Mage, controller: Alice}\n"
        "- {id: giant, card: Hill Giant, controller: Bob}\n")


def test_damage_replaced_by_counters(tmp_path):
    # CR 614.1a, 120.3: Soul-Scar Mage: the 1 damage to Bob's Hill Giant is a -1/-1 counter on it instead, and no
    # damage is marked.
    results = next_states(_board(tmp_path, MAGE), ["activate", "sorcerer", "1", "target=giant", "resolve"],
                          cards=[CARDS])
    assert _events(results)[0][-1] == ("the damage Prodigal Sorcerer would deal to Hill Giant (giant) is replaced: "
                                       "1 -1/-1 counter put on it instead (mage, CR 614.1a)")
    giant = next(p for p in results[0].board["battlefield"] if p["id"] == "giant")
    assert (giant.get("damage", 0), giant.get("counters")) == (0, {"-1/-1": 1})


def test_damage_replaced_by_counters_beside_a_doubler_is_refused(tmp_path):
    # CR 616.1: doubled first, two counters; counters first, nothing left to double: Bob chooses.
    board = _board(tmp_path, MAGE + "- {id: dictate, card: Dictate of the Twin Gods, controller: Bob}\n")
    with pytest.raises(QueryError, match=r"the damage Prodigal Sorcerer would deal to Hill Giant \(giant\) is changed "
                                         r"by prevention or replacement effects"):
        next_states(board, ["activate", "sorcerer", "1", "target=giant", "resolve"], cards=[CARDS])


PAINLAND = """\
format: pysolver-oracle/1
cards:
- name: Karplusan Forest
  types: [Land]
  oracle: "{T}: Add {C}.\\n{T}: Add {R} or {G}. This land deals 1 damage to you."
- name: Protector of the Crown
  mana_cost: '{4}{W}'
  types: [Creature]
  subtypes: [Giant, Soldier]
  power: '2'
  toughness: '5'
  oracle: "All damage that would be dealt to you is dealt to this creature instead."
- name: Twinflame Tyrant
  mana_cost: '{3}{R}{R}'
  types: [Creature]
  subtypes: [Dragon]
  power: '3'
  toughness: '5'
  oracle: "Flying\\nIf a source you control would deal damage to an opponent or a permanent an opponent controls, it deals
    double that damage instead."
"""


def test_an_effect_the_source_doesnt_match_leaves_a_redirection_alone(tmp_path):
    """CR 614.9: redirected damage keeps its source. Bob's Twinflame Tyrant doubles only the damage of Bob's sources:
    Karplusan Forest's 1 damage to Alice, redirected to her Protector of the Crown (a permanent Bob's opponent
    controls), is 1 damage to it. It was left unjudged: the Tyrant's source filter wasn't looked at."""
    cards = tmp_path / "cards.yaml"
    cards.write_text(PAINLAND, encoding="utf-8")
    board = _board(tmp_path, "- {id: forest, card: Karplusan Forest, controller: Alice}\n"
                             "- {id: protector, card: Protector of the Crown, controller: Alice}\n"
                             "- {id: tyrant, card: Twinflame Tyrant, controller: Bob}\n")
    result = mana_outcomes(board, "forest", 2, cards=[cards])
    assert [[str(e) for e in outcome.effects] for outcome in result.outcomes] == [
        ["forest deals 1 damage to protector"], ["forest deals 1 damage to protector"]]
