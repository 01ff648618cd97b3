"""`turn` judges a later step's intervening "if" (CR 603.4) on the board, and resolves no listed trigger: it refuses,
naming both, only where a trigger listed at an earlier step has an effect that may change what the condition reads
(pysolver/query/turn_reads.py: what each condition reads, what each effect can change), and answers otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import schemas
from pysolver.errors import QueryError
from pysolver.query import turn_reads
from pysolver.query.turn_reads import BATTLEFIELD, COUNTERS, GRAVEYARD, HAND, LEAVES, LIFE, TAPS, UNTAPS

TESTS = Path(__file__).parent
LIFE_GAINED = TESTS / "fixtures" / "cards" / "oracle-life-gained-ifs.yaml"
PLAYER_CONDITIONS = TESTS / "cases" / "turn" / "player-conditions.yml"
REACH = TESTS / "fixtures" / "cards" / "turn-reach.yaml"


def board(battlefield: list[dict], cards: list[Path], step: str = "upkeep", **alice) -> pysolver.Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", **alice}, "Bob"], "turn": {"number": 3, "active": "Alice", "step": step},
        "battlefield": battlefield}, cards)


def listed(steps) -> list[tuple[str, list[str]]]:
    return [(step.step, [t.key for t in step.triggers]) for step in steps if step.triggers]


def test_every_condition_key_is_classed():
    """Each key of a triggered ability's `if` (the schema's) reads classes the table says."""
    handled = set(turn_reads.READS) | turn_reads.FILTERED | {"self_tapped", "self_untapped", "attached_tapped",
                                                              "player_state"}
    assert set(schemas.TRIGGER_IF["properties"]) == handled


@pytest.mark.parametrize(("text", "card", "classes"), [
    ("you draw a card and you lose 1 life", "Phyrexian Arena", {HAND, LIFE}),
    ("sacrifice Stasis unless you pay {U}", "Stasis", {BATTLEFIELD, GRAVEYARD, LEAVES}),
    ("you may pay {4}; if you do, untap Mana Vault", "Mana Vault", {UNTAPS}),
    ("create a 1/1 green Saproling creature token", "Verdant Force", {BATTLEFIELD}),
    ("remove a time counter from it", "Deadwood Treefolk", {COUNTERS}),
    ("tap it", "Narcolepsy", {TAPS}),
    ("Misers' Cage deals 2 damage to that player", "Misers' Cage", {LIFE, BATTLEFIELD, GRAVEYARD, COUNTERS, LEAVES}),
    ("Sage's Row's owner shuffles it into their library", "Sage's Row", {BATTLEFIELD, GRAVEYARD, HAND, LEAVES}),
    ("scry 2", "Test Scryer", set()),
    # A word the table doesn't know can change anything.
    ("you may cast a copy of it", "Test Caster", turn_reads.ALL),
    ("all lands you control phase out", "Taniwha", turn_reads.ALL),
    # CR 701.28a: its other face's abilities (a later trigger of it may not trigger)
    ("transform Curious Homunculus", "Curious Homunculus", {BATTLEFIELD, LEAVES}),
    # CR 122.1: counters put move no object; -1/-1 counters or a toughness lowered may kill a creature (704.5f)
    ("put a +1/+1 counter on target creature", "Magus Lucea Kane", {COUNTERS}),
    ("put a -1/-1 counter on target creature", "Test Witherer", {BATTLEFIELD, GRAVEYARD, LEAVES, COUNTERS}),
    ("target creature gets -1/-1 until end of turn", "Test Shrinker", {BATTLEFIELD, GRAVEYARD, LEAVES}),
    ("target creature loses all abilities until end of turn", "Test Silencer", {BATTLEFIELD, LEAVES}),  # CR 613.1f
    # A condition reads and changes nothing (CR 608.2c): "descended", "cast" in it are not read as changes
    ("if you descended this turn, create a 1/1 black Fungus creature token", "Broodrage Mycoid", {BATTLEFIELD}),
    ("Impatience deals 2 damage to that player if that player didn't cast a spell this turn", "Impatience",
     {LIFE, BATTLEFIELD, GRAVEYARD, COUNTERS, LEAVES}),
    # CR 701.14a, 117: a permission to play, the player's action
    ("exile the top card of your library. You may play that card this turn", "Visions of Phyrexia",
     {BATTLEFIELD, GRAVEYARD, HAND, LEAVES}),
    ("flip a coin until you lose a flip", "Okaun, Eye of Chaos", set()),  # CR 705
    ("roll a d20", "Test Roller", set()),  # CR 706
    ("Ruhan of the Fomori attacks that player this combat if able", "Ruhan of the Fomori", set()),  # CR 508.1d
    ("bolster 2", "Test Bolsterer", {COUNTERS}),  # CR 701.33a
    ("investigate", "Morska, Undersea Sleuth", {BATTLEFIELD}),  # CR 701.36a: a Clue token
    ("that player untaps a land they control", "Test Untapper", {UNTAPS}),  # "they control": a filter's clause
    ("you draw X cards and you lose X life, where X is the number of Zombies you control", "Graveborn Muse",
     {HAND, LIFE}),  # a subtype's plural
    # A card put onto the battlefield may have an ability that triggers as it enters (CR 603.6a), not read: "put" may
    # remove a permanent; cards of a library put into a hand (401.1) move no permanent
    ("that player may put an artifact, creature, or land card from their hand onto the battlefield", "Test Putter",
     {BATTLEFIELD, GRAVEYARD, HAND, LEAVES}),
    ("look at the top three cards of your library. Put one of them into your hand and the rest on the bottom of your "
     "library in any order", "Test Looker", {HAND, GRAVEYARD}),
    ("goad target creature an opponent controls", "Test Goader", set()),  # CR 701.38a
    ("Test Explorer explores", "Test Explorer", {HAND, GRAVEYARD, COUNTERS}),  # CR 701.40a
    ("turn target face-down creature face up", "Test Turner", {BATTLEFIELD, LEAVES}),  # CR 708.2
    # An ability in quotes a token gets: what it does isn't read (CR 113.1a)
    ("create a 1/1 black Rat creature token with \"This creature can't block.\"", "Test Rat Maker", turn_reads.ALL),
])
def test_what_an_effect_can_change(text, card, classes):
    assert turn_reads.changes(text, card) == classes


def test_a_condition_an_earlier_effect_cant_change_is_answered():
    """Stasis's upkeep trigger may sacrifice it, which the end step's "if you gained 3 or more life this turn" doesn't
    read: the condition holds on the board (life_gained 3), and Griffin Aerie is listed.  It was refused (any listed
    trigger whose effect isn't followed, before a life_gained condition: fails before the classes)."""
    steps = pysolver.turn(board([{"id": "aerie", "card": "Griffin Aerie", "controller": "Alice"},
                                 {"id": "stasis", "card": "Stasis", "controller": "Alice"}],
                                [LIFE_GAINED], life_gained=3))
    assert listed(steps) == [("upkeep", ["stasis:2"]), ("end", ["aerie:1"])]


def test_the_paradox_haze_case_is_answered():
    """Phyrexian Arena (a hand, life: Alice at 20 survives it), Verdant Force (a token) and Mana Vault (an untapping)
    change nothing an untapped Mana Vault's draw-step "if Mana Vault is tapped" reads: it fails on the board, and only
    a tapping could make it hold (tests/cases/turn/paradox_haze.yaml's case, with the draw step).  A self-sacrifice
    (Contamination, Stasis) refuses the second upkeep (tests/test_turn_sources.py)."""
    steps = pysolver.turn(board([
        {"card": "Paradox Haze", "controller": "Alice", "attached_to": {"player": "Alice"}},
        {"card": "Phyrexian Arena", "controller": "Alice"}, {"card": "Mana Vault", "controller": "Alice"},
        {"card": "Verdant Force", "controller": "Bob"}], []))
    upkeep = ["mana-vault:1", "phyrexian-arena:1", "verdant-force:1"]
    assert listed(steps) == [("upkeep", sorted([*upkeep, "paradox-haze:1"])), ("upkeep", upkeep)]


def test_an_untapping_before_a_tapped_condition_is_refused():
    """A tapped Mana Vault's draw-step ability was listed, though its upkeep ability may untap it (CR 603.4)."""
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board([{"id": "vault", "card": "Mana Vault", "controller": "Alice", "tapped": True}], []))
    assert str(refused.value) == (
        "<board>: vault's \"Mana Vault deals 1 damage to you\" has an intervening \"if\" judged as turn 3's draw step "
        "begins (CR 603.4), after vault's \"you may pay {4}; if you do, untap Mana Vault\" triggers in its upkeep "
        "step, whose effect may change what the condition reads (what is untapped) and isn't followed (the listing "
        "resolves no ability); list it from a board after it (pysolver next)")


def test_life_lost_before_an_additional_upkeep_is_refused():
    """Felidar Sovereign's "if you have 40 or more life" holds in the first upkeep; Phyrexian Arena's trigger there
    may leave Alice at 39 before the additional upkeep Paradox Haze gives, where the listing gave the Sovereign's
    trigger again (CR 603.4, 119.3)."""
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board([
            {"id": "haze", "card": "Paradox Haze", "controller": "Alice", "attached_to": {"player": "Alice"}},
            {"id": "arena", "card": "Phyrexian Arena", "controller": "Alice"},
            {"id": "sovereign", "card": "Felidar Sovereign", "controller": "Alice"}], [PLAYER_CONDITIONS], life=40))
    assert str(refused.value) == (
        "<board>: sovereign's \"you win the game\" has an intervening \"if\" judged as turn 3's upkeep step begins "
        "(CR 603.4), after arena's \"you draw a card and you lose 1 life\" triggers in its upkeep step, whose effect "
        "may change what the condition reads (life) and isn't followed (the listing resolves no ability); list it "
        "from a board after it (pysolver next)")


def test_a_token_before_a_condition_on_life_is_answered():
    """Verdant Force's token changes the permanents, which Felidar Sovereign's "if you have 40 or more life" doesn't
    read: the Sovereign's trigger is listed in both upkeeps."""
    steps = pysolver.turn(board([
        {"card": "Paradox Haze", "controller": "Alice", "attached_to": {"player": "Alice"}},
        {"card": "Verdant Force", "controller": "Alice"},
        {"card": "Felidar Sovereign", "controller": "Alice"}], [PLAYER_CONDITIONS], life=40))
    assert listed(steps) == [("upkeep", ["felidar-sovereign:1", "paradox-haze:1", "verdant-force:1"]),
                             ("upkeep", ["felidar-sovereign:1", "verdant-force:1"])]


def test_each_word_is_classed_once():
    """A word given two classes would keep the last silently (the table is a dict)."""
    import inspect
    import re

    source = inspect.getsource(turn_reads)
    table = source[source.index("CHANGES = _words("):source.index("\n)\n", source.index("CHANGES = _words("))]
    words = [word for group in re.findall(r'\(((?:\s*"[^"]*")+),', table)
             for word in "".join(re.findall(r'"([^"]*)"', group)).split()]
    assert len(words) == len(set(words)) == len(turn_reads.CHANGES)


@pytest.mark.parametrize(("text", "card", "reach"), [
    ("sacrifice Stasis unless you pay {U}", "Stasis", [("self", None)]),
    ("sacrifice Contamination unless you sacrifice a creature", "Contamination",
     [("self", None), ("you", {"types": ["Creature"]})]),
    ("each player sacrifices a creature", "Test Edict", [("any", {"types": ["Creature"]})]),
    ("each opponent sacrifices a nonland permanent", "Test Edict", [("opponent", {"not_types": ["Land"]})]),
    ("target player reveals a card and sacrifices a land", "Test Edict", [("any", {"types": ["Land"]})]),
    ("destroy target artifact", "Test Breaker", [("any", {"types": ["Artifact"]})]),
    # A list of kinds (CR 109.2): one of them; it was read as its first kind alone (a silent wrong answer)
    ("you may sacrifice an artifact, creature, or land", "Test Edict",
     [("you", {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}, {"types": ["Land"]}]})]),
    ("destroy target artifact, enchantment, or land", "Test Breaker",
     [("any", {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}, {"types": ["Land"]}]})]),
    ("return target creature you control to its owner's hand", "Test Bouncer", [("you", {"types": ["Creature"]})]),
    ("exile the top card of your library", "Test Exiler", []),  # CR 701.11a: no permanent
    ("Test Pinger deals 1 damage to each creature and each player", "Test Pinger", [("any", {"types": ["Creature"]})]),
    ("Test Pinger deals 1 damage to you", "Test Pinger", []),  # at 20 life: no player may lose by it
    ("you may transform Test Flipper", "Test Flipper", [("self", None)]),
    ("sacrifice it", "Test Sacrificer", [("you", None)]),  # CR 701.17a: a permanent its controller controls
    # A keyword a listed effect may grant ("gains flying") is not judged on the board: every permanent
    ("destroy target creature with flying", "Test Breaker", [("any", None)]),
    # Words it doesn't read: any permanent
    ("destroy target artifact and target enchantment", "Test Breaker", None),

    ("put a -1/-1 counter on target creature", "Test Witherer", [("any", {"types": ["Creature"]})]),  # CR 704.5f
    ("put a -0/-1 counter on that creature", "Test Witherer", None),
    ("Test Pinger deals 1 damage to you", "Test Pinger at 1 life", None),
    ("exile it", "Test Exiler", None),
])
def test_what_an_effect_may_remove(text, card, reach):
    """turn_reads.reach: the parts (whose, filter) of what an effect may remove, the filter the compiler's reading
    (pysolver/cards/oracle.py whose_filter), or None: any permanent."""
    life = 1 if card.endswith("at 1 life") else 20
    card = card.removesuffix(" at 1 life")
    assert turn_reads.reach(text, card, life) == (None if reach is None else tuple(reach))


@pytest.mark.parametrize("earlier", [{"id": "stasis", "card": "Stasis", "controller": "Alice"},
                                     {"id": "contamination", "card": "Contamination", "controller": "Alice"}])
def test_a_removal_out_of_what_a_condition_counts_is_answered(earlier):
    """Stasis's upkeep trigger may remove Stasis, Contamination's Contamination or a creature Alice controls, of which
    she has none: no creature leaves, and "if you control no creatures" reads what the board has (CR 603.4;
    turn_reads.condition_filters, only_removes).  Both were refused (a sacrifice changes the permanents: fails
    before)."""
    steps = pysolver.turn(board([earlier, {"id": "shrine", "card": "Test Lonely Shrine", "controller": "Alice"}],
                                [REACH]))
    assert listed(steps) == [("upkeep", [f"{earlier['id']}:{2 if earlier['id'] == 'stasis' else 1}"]),
                             ("end", ["shrine:1"])]


def test_a_removal_of_what_a_condition_counts_is_refused():
    """Contamination may make Alice sacrifice her bear, after which she controls no creatures."""
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board([{"id": "contamination", "card": "Contamination", "controller": "Alice"},
                             {"id": "bear", "card": "Test Dusk Bear", "controller": "Alice"},
                             {"id": "shrine", "card": "Test Lonely Shrine", "controller": "Alice"}], [REACH]))
    assert str(refused.value) == (
        "<board>: shrine's \"you gain 1 life\" has an intervening \"if\" judged as turn 3's end step begins (CR 603.4), "
        "after contamination's \"sacrifice Contamination unless you sacrifice a creature\" triggers in its upkeep "
        "step, whose effect may change what the condition reads (the permanents on the battlefield) and isn't "
        "followed (the listing resolves no ability); list it from a board after it (pysolver next)")


@pytest.mark.parametrize(("text", "only"), [("sacrifice Stasis unless you pay {U}", True),
                                            ("sacrifice a creature and draw a card", True),
                                            ("sacrifice a creature, then create a 1/1 Saproling creature token", False),
                                            ("exile it", False)])
def test_an_effect_that_only_removes(text, only):
    assert turn_reads.only_removes(text, "Stasis") == only


@pytest.mark.parametrize(("condition", "filters"), [
    ({"you_control": {"filter": {"types": ["Creature"]}, "at_most": 0}}, [{"types": ["Creature"]}]),
    ({"total_stat": {"of": "power", "at_least": 8}}, [{"types": ["Creature"]}]),
    ({"self_is": {"types": ["Enchantment"]}, "life_gained": {"at_least": 3}}, []),
    ({"with_counter": {"whose": "you", "kind": "+1/+1", "at_least": 1}}, None)])
def test_what_a_condition_counts_of_the_battlefield(condition, filters):
    assert turn_reads.condition_filters(condition) == filters
