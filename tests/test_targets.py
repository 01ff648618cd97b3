"""Targets in pysolver next (CR 115, 601.2c, 608.2b): the compiled forms, refusals of illegal
targets with the rule, the board's stack `targets:` and permanents' `until_end_of_turn:`."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cards.oracle import TARGET_WORDS, compile_card
from pysolver.cards.oracle_targets import targeted_effect
from pysolver.errors import BoardError, QueryError
from pysolver.next_state import next_states, parse_actions

CARDS = [str(Path(__file__).parent / "cases/next/targets.yml")]
BOARD = """\
    players:
    - {name: Alice, hand: [Searing Spear, Giant Growth, Murder], mana_pool: "{R}{R}{G}{B}{B}{B}"}
    - Bob
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: bears, card: Grizzly Bears, controller: Bob}
    - {id: scout, card: Gladecover Scout, controller: Bob}
    - {id: budoka, card: Humble Budoka, controller: Alice}
    - {id: forest, card: Forest, controller: Alice}
"""


def run(board, *words):
    return next_states(board, parse_actions(list(words)))


def refusal(board, *words) -> str:
    with pytest.raises(QueryError) as caught:
        run(board, *words)
    return caught.value.detail


@pytest.mark.parametrize("effect, expected", [
    ("~ deals 2 damage to target player", ([{"zone": "player", "whose": "any", "text": "target player"}],
                                            [{"damage": {"amount": 2, "target": 1}}])),
    ("~ deals 1 damage to target opponent", ([{"zone": "player", "whose": "opponent", "text": "target opponent"}],
                                              [{"damage": {"amount": 1, "target": 1}}])),
    ("Target creature you control gains hexproof and indestructible until end of turn",
     ([{"zone": "battlefield", "whose": "you", "filter": {"types": ["Creature"]}, "text": "target creature you control"}],
      [{"gain_keywords": {"keywords": ["hexproof", "indestructible"], "target": 1}}])),
    ("Target legendary creature gains menace until end of turn",
     ([{"zone": "battlefield", "filter": {"supertypes": ["Legendary"], "types": ["Creature"]},
        "text": "target legendary creature"}], [{"gain_keywords": {"keywords": ["menace"], "target": 1}}])),
    ("Target creature gets +X/+0 until end of turn", None),  # X: not this form
    ("~ deals 3 damage to target artifact", None),  # damage to a noncreature: not a form
    ("Destroy target card in a graveyard", None),
])
def test_targeted_effect_forms(effect, expected):
    assert targeted_effect(effect, TARGET_WORDS) == expected


def test_a_spell_with_more_sentences_keeps_no_partial_effect():
    """A targeted effect followed by a sentence no form compiles gets no `spell:`: resolution would
    leave the other sentence out (CR 608.2c); the card stays ok for every other query."""
    text = "Skeletonize deals 3 damage to target creature. When a creature dealt damage this way dies this turn, " \
           "create a 1/1 black Skeleton creature token."
    assert "spell" not in compile_card("Skeletonize", text, "Instant", mana_cost="{4}{R}").card


@pytest.mark.parametrize("text, expected", [
    # CR 608.2c: the targeted effect, then what its controller gains or draws, in the order written
    ("Target creature gets -6/-6 until end of turn. You gain 2 life.",
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
      "do": [{"pump": {"power": -6, "toughness": -6, "target": 1}}, {"gain_life": 2}],
      "text": "Target creature gets -6/-6 until end of turn; you gain 2 life"}),
    ("Target creature gets +1/+0 until end of turn.\nDraw a card.",
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
      "do": [{"pump": {"power": 1, "toughness": 0, "target": 1}}, {"draw": 1}],
      "text": "Target creature gets +1/+0 until end of turn; draw a card"}),
    ("As an additional cost to cast this spell, sacrifice a creature.\nTest Spell deals 3 damage to any target.\n"
     "Draw a card.",
     {"targets": [{"zone": "any_target", "text": "any target"}],
      "do": [{"damage": {"amount": 3, "target": 1}}, {"draw": 1}],
      "text": "Test Spell deals 3 damage to any target; draw a card"}),
])
def test_a_targeted_effect_then_more_effect(text, expected):
    result = compile_card("Test Spell", text, "Instant", mana_cost="{1}{B}")
    assert result.ok and result.card["spell"] == expected


def test_a_targeted_effect_this_form_leaves():
    """An effect before the targeted one (targets are applied first, CR 608.2c): the spell keeps both as text (no
    `spell:`, tests/test_spell_effects_kept.py); two targeted effects (one `targets:` list): no `spell:` either; and
    next refuses to cast it (CR 601.2c)."""
    before = compile_card("Test Spell", "Draw a card.\nTarget creature gets +1/+1 until end of turn.", "Instant")
    assert (before.status, "spell" in before.card) == ("ok", False)
    assert before.card["cast_unjudged"] == ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]
    two = compile_card("Test Spell", "Target creature gets +1/+1 until end of turn. Untap target creature.", "Instant")
    assert "spell" not in two.card
    assert two.card["cast_unjudged"] == ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]


@pytest.mark.parametrize("words, message", [
    (("cast", "Searing Spear", "target=scout"),
     'cast Searing Spear: Gladecover Scout (scout) can\'t be the target of "any target": it has hexproof and an '
     "opponent of Alice controls it (CR 702.11b)"),
    (("cast", "Giant Growth", "target=budoka"),
     'cast Giant Growth: Humble Budoka (budoka) can\'t be the target of "target creature": it has shroud '
     "(CR 702.18a)"),
    (("cast", "Giant Growth", "target=forest"),
     'cast Giant Growth: Forest (forest) can\'t be the target of "target creature": it isn\'t what "target '
     'creature" describes (CR 115.1)'),
    (("cast", "Searing Spear", "target=forest"),
     'cast Searing Spear: Forest (forest) can\'t be the target of "any target": "any target" is a creature, a '
     "player, a planeswalker or a battle (CR 115.4)"),
    (("cast", "Giant Growth", "target=Bob"),
     'cast Giant Growth: Bob can\'t be the target of "target creature": it is a player, and "target creature" '
     "asks for a permanent (CR 115.2)"),
    (("cast", "Murder", "target=bears", "target=scout"),
     'cast Murder: it has 1 target (one for each "target", CR 115.1, 601.2c); 2 given'),
    (("cast", "Searing Spear", "target=nobody"),
     "cast Searing Spear: target=nobody: no player or permanent with that name or id (players: Alice, Bob; "
     "permanents: bears, budoka, forest, scout)"),
])
def test_an_illegal_target_is_refused_with_the_rule(load, words, message):
    assert refusal(load(BOARD, CARDS), *words) == message


def test_no_legal_target_is_refused(load):
    board = load("""\
        players:
        - {name: Alice, hand: [Giant Growth], mana_pool: "{G}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: scout, card: Gladecover Scout, controller: Bob}
    """, CARDS)
    assert refusal(board, "cast", "Giant Growth") == \
        'cast Giant Growth: no legal target for "target creature" (CR 601.2c, 115.1)'


def test_a_spell_without_targets_refuses_target(load):
    board = load("""\
        players:
        - {name: Alice, hand: [Grizzly Bears], mana_pool: "{G}{G}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
    """, CARDS)
    assert refusal(board, "cast", "Grizzly Bears", "target=Bob") == \
        'cast Grizzly Bears: it has no targets (no "target" in its text, CR 115.1)'


def test_cli_exit_2_for_an_illegal_target(cli, board_file):
    path = board_file(BOARD)
    code, out, err = cli("next", "--cards", CARDS[0], path, "cast", "Searing Spear", "target=scout")
    assert code == 2 and out == ""
    assert err.strip().endswith("it has hexproof and an opponent of Alice controls it (CR 702.11b)")
    assert "action 1 (cast Searing Spear target=scout)" in err


@pytest.mark.parametrize("stack, place, message", [
    ("{card: Searing Spear, controller: Alice}", "stack[0].targets",
     'Searing Spear has 1 target (one for each "target", CR 115.1), the board gives 0'),
    ("{card: Giant Growth, controller: Alice, targets: [{player: Bob}]}", "stack[0].targets[0].player",
     '"target creature" is a permanent (CR 115.2)'),
    ("{card: Giant Growth, controller: Alice, targets: [{permanent: elk}]}", "stack[0].targets[0].permanent",
     "'elk' is not a permanent on the battlefield (a target that left it is written {left: ID}, CR 608.2b)"),
    ("{card: Searing Spear, controller: Alice, targets: [{player: Carol}]}", "stack[0].targets[0].player",
     "'Carol' is not a player in this game (players: Alice, Bob)"),
])
def test_stack_targets_are_validated(load, stack, place, message):
    with pytest.raises(BoardError) as caught:
        load(f"""\
            players: [Alice, Bob]
            battlefield:
            - {{id: bears, card: Grizzly Bears, controller: Bob}}
            stack:
            - {stack}
        """, CARDS)
    assert caught.value.detail == message
    assert place in str(caught.value)


def test_until_end_of_turn_counts_for_state_based_actions(load):
    """CR 613.4c: +3/+3 until end of turn is in the toughness 704.5g compares damage with."""
    text = """\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: bears, card: Grizzly Bears, controller: Bob, damage: 3%s}
    """
    [survives] = run(load(text % ", until_end_of_turn: {power: 3, toughness: 3}", CARDS), "check")
    assert survives.events == ()
    [dies] = run(load(text % "", CARDS), "check")
    assert dies.events == ("destroy bears (lethal damage, CR 704.5g)",)


def test_chain_replays_and_boards_reload(load):
    """Each resulting board (stack targets, until_end_of_turn) validates and loads again;
    replaying the chain in steps gives the same boards; no chance: each distinct choice has
    probability 1."""
    board = load(BOARD, CARDS)
    whole = run(board, "cast", "Giant Growth", "resolve", "cast", "Searing Spear")
    assert {r.probability for r in whole} == {Fraction(1)}
    assert len({r.choices for r in whole}) == len(whole) == 6  # 3 targets x 2 ways to pay {1}{R}
    stepped = []
    for first in run(board, "cast", "Giant Growth"):
        for second in run(pysolver.board_from_data(first.board, CARDS), "resolve"):
            assert second.board["battlefield"][0]["until_end_of_turn"] == {"power": 3, "toughness": 3}
            again = pysolver.board_from_data(second.board, CARDS)
            stepped += [(first.choices + second.choices + r.choices, r.board)
                        for r in run(again, "cast", "Searing Spear")]
    assert sorted(map(repr, stepped)) == sorted(repr((r.choices, r.board)) for r in whole)
    for result in whole:
        [item] = result.board["stack"]
        assert len(item["targets"]) == 1
        pysolver.board_from_data(result.board, CARDS)


LANDS = """\
    players:
    - {name: Alice, graveyard: [%s]}
    - Bob
    turn: {number: 3, active: Alice, step: %s}
    battlefield:
    - {id: pit, card: Cabal Pit, controller: Alice}
    - {id: dbb, card: Daily Bugle Building, controller: Alice}
    - {id: swamp, card: Swamp, controller: Alice}
    - {id: bears, card: Grizzly Bears, controller: Bob}
    - {id: yargle, card: "Yargle, Glutton of Urborg", controller: Bob}
"""


@pytest.mark.parametrize("graveyard, step, words, message", [
    ("Forest, Forest", "precombat_main", ("activate", "pit", "2", "target=bears"),
     "activate pit: 602.5b: Cabal Pit's ability can be activated only if there are 7 or more cards in Alice's "
     "graveyard; there are 2"),
    ("", "end", ("activate", "dbb", "3"),
     "activate dbb: 602.5d: Daily Bugle Building's ability can be activated only as a sorcery: in Alice's main "
     "phase with an empty stack"),
    ("", "precombat_main", ("activate", "dbb", "3", "target=bears"),
     'activate dbb: Grizzly Bears (bears) can\'t be the target of "target legendary creature": it isn\'t what '
     '"target legendary creature" describes (CR 115.1)'),
    ("", "precombat_main", ("activate", "dbb", "1", "target=bears"),
     "activate dbb: a mana ability has no targets (CR 605.1a)"),
])
def test_an_activated_ability_is_refused_with_the_rule(load, graveyard, step, words, message):
    assert refusal(load(LANDS % (graveyard, step), CARDS), *words) == message


def test_threshold_is_compiled_as_a_restriction():
    """"Activate only if there are seven or more cards in your graveyard" is read (CR 602.5b),
    never dropped: can-activate answers by it too."""
    cards = yaml.safe_load(Path(CARDS[0]).read_text("utf-8"))["cards"]
    [pit] = [c for c in cards if c["name"] == "Cabal Pit"]
    assert pit["abilities"][1]["activated"]["activation_restriction"] == \
        "Activate only if there are seven or more cards in your graveyard."


def test_an_activated_ability_on_the_stack_resolves_from_a_board(load):
    """A stack entry may be an activated ability with targets; its source gone, it resolves
    with last-known information (CR 608.2h, 113.7a: its keywords given, none of them changes
    the damage); outcomes refuses it (it resolves only triggers)."""
    text = """\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: bears, card: Grizzly Bears, controller: Bob}
        stack:
        - {id: r2, card: Barbarian Ring, controller: Alice, source: ring, ability: 2,
           last_known: {counters: {}, keywords: []}, targets: [{permanent: bears}]}
    """
    board = load(text, CARDS)
    [result] = run(board, "resolve")
    assert result.events == ("r2 (Barbarian Ring, ring:2) resolves (CR 608.2)",
                             "Barbarian Ring deals 2 damage to Grizzly Bears (bears) (CR 120.3e)",
                             "destroy bears (lethal damage, CR 704.5g)")
    with pytest.raises(QueryError) as caught:
        pysolver.outcomes(board)
    assert caught.value.detail == ("the top of the stack (r2) is an activated ability; only triggered abilities "
                                   "resolve here (pysolver next resolves it)")


def test_can_activate_judges_targets_by_the_same_rules(load):
    """CR 601.2c, 702.11b: can-activate's "a legal target" is asp/targets.lp's, so a creature
    with hexproof an opponent controls is no target there either; the same creature of its
    controller's is."""
    text = """\
        players:
        - {name: Alice, graveyard: [Forest, Forest, Forest, Forest, Forest, Forest, Forest]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: pit, card: Cabal Pit, controller: Alice}
        - {id: swamp, card: Swamp, controller: Alice}
        - {id: scout, card: Gladecover Scout, controller: %s}
    """
    theirs = pysolver.can_activate(load(text % "Bob", CARDS), "pit", 2)
    assert (theirs.can_activate, theirs.reasons) == (
        False, ("601.2c: no legal target for Cabal Pit's ability (target creature)",))
    assert pysolver.can_activate(load(text % "Alice", CARDS), "pit", 2).can_activate
