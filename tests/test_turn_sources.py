"""CR 603.2: a trigger listed at a later step of the turn triggers only if its source is still on the battlefield
under its controller as that step begins.  `turn` follows no trigger's effect, so after an earlier listed trigger
whose effect may make a permanent leave or change control (a sacrifice unless a cost is paid, damage, a life loss
its player may not survive: turn_reads.LEAVES), a later trigger is refused, naming both.  Before, the second upkeep
Paradox Haze gives listed Contamination's and cumulative upkeep's triggers again though, with no creature and no
mana, each is sacrificed in the first."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

TURN = {"number": 3, "active": "Alice", "step": "upkeep"}
REACH = Path(__file__).parent / "fixtures" / "cards" / "turn-reach.yaml"
HAZE = {"id": "haze", "card": "Paradox Haze", "controller": "Alice", "attached_to": {"player": "Alice"}}


def listing(permanents: list[dict], life: int = 20) -> list[tuple[str, list[str]]]:
    board = pysolver.board_from_data({"players": [{"name": "Alice", "life": life}, "Bob"], "turn": TURN,
                                      "battlefield": [HAZE, *permanents]})
    return [(step.step, sorted(t.key for t in step.triggers)) for step in pysolver.turn(board)][:2]


def test_a_self_sacrifice_in_the_first_upkeep_refuses_the_second():
    with pytest.raises(QueryError) as refused:
        listing([{"id": "contamination", "card": "Contamination", "controller": "Alice"}])
    assert str(refused.value) == (
        "<board>: contamination's \"sacrifice Contamination unless you sacrifice a creature\" triggers as turn 3's "
        "upkeep step begins if contamination is still on the battlefield under Alice's control with the ability "
        "(CR 603.2), after contamination's \"sacrifice Contamination unless you sacrifice a creature\" triggers in its "
        "upkeep step, whose effect may make contamination leave, change control or lose its abilities and isn't "
        "followed (the listing resolves no ability); list it from a board after it (pysolver next)")


def test_cumulative_upkeep_refuses_the_second_upkeep():
    """CR 702.24a: its cost unpaid, it is sacrificed; the listing doesn't follow the payment."""
    with pytest.raises(QueryError) as refused:
        listing([{"id": "forces", "card": "Illusionary Forces", "controller": "Alice", "counters": {"age": 1}}])
    upkeep = ("\"cumulative upkeep: put an age counter on it, then sacrifice it unless you pay its upkeep cost for each "
              "age counter (CR 702.24a)\"")
    assert str(refused.value) == (
        f"<board>: forces's {upkeep} triggers as turn 3's upkeep step begins if forces is still on the battlefield "
        f"under Alice's control with the ability (CR 603.2), after forces's {upkeep} triggers in its upkeep step, "
        "whose effect may make forces leave, change control or lose its abilities and isn't followed (the listing "
        "resolves no ability); list it from a board after it (pysolver next)")


@pytest.mark.parametrize(("life", "answered"), [(20, True), (2, True), (1, False)])
def test_a_life_loss_refuses_only_where_its_player_may_not_survive_it(life, answered):
    """Phyrexian Arena's 'you lose 1 life': at 1 life Alice may lose the game (CR 704.5a) and her permanents leave
    (800.4a); at 2 or more she can't by it."""
    arena = [{"id": "arena", "card": "Phyrexian Arena", "controller": "Alice"}]
    if answered:
        assert listing(arena, life) == [("upkeep", ["arena:1", "haze:1"]), ("upkeep", ["arena:1"])]
    else:
        with pytest.raises(QueryError, match=r"after arena's \"you draw a card and you lose 1 life\" triggers"):
            listing(arena, life)


def test_a_sacrifice_of_its_own_source_refuses_only_that_source_s_later_triggers():
    """Stasis's 'sacrifice Stasis unless you pay {U}' may remove Stasis alone: its own later trigger is refused, a later
    trigger of another permanent is not (Griffin Aerie's end step, tests/test_turn_reads.py)."""
    with pytest.raises(QueryError, match=r"^<board>: stasis's \"sacrifice Stasis unless you pay \{U\}\" triggers as "
                                         r"turn 3's upkeep step begins if stasis is still on the battlefield"):
        listing([{"id": "stasis", "card": "Stasis", "controller": "Alice"}])
    from pysolver.query import turn_reads
    assert turn_reads.reach("sacrifice Stasis unless you pay {U}", "Stasis") == (("self", None),)
    assert turn_reads.reach("sacrifice Contamination unless you sacrifice a creature", "Contamination") == (
        ("self", None), ("you", {"types": ["Creature"]}))


@pytest.mark.parametrize(("text", "leaves"), [
    ("you draw a card and you lose 1 life", False), ("you lose life equal to the number of cards in your hand", True),
    ("each player loses half their life, rounded up", False), ("you may pay 3 life", True), ("you may pay 2 life", False),
    ("you lose 3 life", True)])
def test_a_life_loss_without_a_number_or_a_life_payment_may_end_a_game(text, leaves):
    """At 3 life: 'lose 1 life' can't make the player lose; 'lose life equal to ...' (no number: it was missed) or
    paying 3 life at 3 may (CR 119.4, 704.5a); losing half of 3, rounded up, leaves 1 (107.1a)."""
    from pysolver.query import turn_reads
    assert (turn_reads.LEAVES in turn_reads.changes(text, "Test Card", 3)) == leaves


@pytest.mark.parametrize(("text", "lives", "leaves"), [
    # CR 119.4: a player pays life only with at least that much, so only one with exactly that much is left at 0
    # (104.3b): at 2 and 4 no payment of 3 ends the game (both were taken as able to: 2 <= 3, and any payment).
    ("you may pay 3 life", (20, 3), True), ("you may pay 3 life", (20, 2), False),
    ("you may pay 3 life", (20, 4), False),
    # CR 107.1a: half of L rounded up lost leaves half rounded down: 0 only from 1; rounded down, never from 1 or more
    # (both were taken as able to end the game).
    ("each player loses half their life, rounded up", (20, 1), True),
    ("each player loses half their life, rounded up", (20, 2), False),
    ("each player loses half their life, rounded down", (20, 1), False),
    ("each player loses half their life", (20, 1), True),  # no rounding said: not judged
    ("you lose x life", (20, 20), True), ("each opponent loses 2 life", (20, 2), True),
    ("each opponent loses 2 life", (20, 3), False)])
def test_a_life_loss_may_end_a_game_by_the_board_s_life_totals(text, lives, leaves):
    """Whether a life loss or payment may leave a player at 0 life (CR 104.3b, 704.5a: they lose, and their
    permanents leave, 800.4a) is judged on every player's life total the board gives."""
    from pysolver.query import turn_reads
    assert (turn_reads.LEAVES in turn_reads.changes(text, "Test Card", lives)) == leaves


def reached(permanents: list[dict]) -> list[tuple[str, list[str]]]:
    """The steps with triggers of Alice's turn 3 from her upkeep, with the fixture's cards (turn-reach.yaml)."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": TURN, "battlefield": permanents}, [REACH])
    return [(step.step, sorted(t.key for t in step.triggers)) for step in pysolver.turn(board) if step.triggers]


CONTAMINATION = {"id": "contamination", "card": "Contamination", "controller": "Alice"}


@pytest.mark.parametrize("later", [{"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"},
                                   {"id": "bear", "card": "Test Dusk Bear", "controller": "Bob"}])
def test_a_sacrifice_of_a_creature_doesn_t_reach_a_noncreature_or_an_opponent_s_creature(later):
    """Contamination's "unless you sacrifice a creature" may remove a creature Alice controls (CR 701.17a: a player
    sacrifices only what they control): an artifact's end-step trigger, or Bob's creature's, is listed.  Both were
    refused (any listed sacrifice refused every later trigger: fails before the reach)."""
    assert reached([CONTAMINATION, later]) == [("upkeep", ["contamination:1"]), ("end", [f"{later['id']}:1"])]


def test_a_sacrifice_of_a_creature_reaches_its_controller_s_creature():
    with pytest.raises(QueryError) as refused:
        reached([CONTAMINATION, {"id": "bear", "card": "Test Dusk Bear", "controller": "Alice"}])
    assert str(refused.value) == (
        "<board>: bear's \"you gain 1 life\" triggers as turn 3's end step begins if bear is still on the battlefield "
        "under Alice's control with the ability (CR 603.2), after contamination's \"sacrifice Contamination unless you "
        "sacrifice a creature\" triggers in its upkeep step, whose effect may make bear leave, change control or lose "
        "its abilities and isn't followed (the listing resolves no ability); list it from a board after it (pysolver "
        "next)")


def test_a_permanent_the_board_can_make_a_creature_is_in_reach():
    """Test Dusk Village is a land that can become a creature ("~ becomes a 3/3 green Ape creature", an ability of its
    own): whether it is one as Contamination's trigger resolves the board doesn't settle, so every permanent is in
    reach (turn_reads.settled)."""
    with pytest.raises(QueryError, match=r"^<board>: village's \"you gain 1 life\" triggers as turn 3's end step .* "
                                         r"whose effect may make any permanent leave"):
        reached([CONTAMINATION, {"id": "village", "card": "Test Dusk Village", "controller": "Alice"}])


def test_a_word_of_a_condition_settles_nothing():
    """Test Idle Idol's "if this artifact is a creature" reads a type and changes none (its intervening "if" is data,
    self_is: CR 603.4): Contamination's sacrifice of a creature doesn't reach Alice's relic, whose end-step trigger is
    listed.  The board was unsettled by the words of the idol's whole text ("is a creature"), and the relic's trigger
    refused (fails before)."""
    assert reached([CONTAMINATION, {"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"},
                    {"id": "idol", "card": "Test Idle Idol", "controller": "Bob"}]) == [
        ("upkeep", ["contamination:1"]), ("end", ["relic:1"])]


def test_a_compiled_sentence_settles_by_its_data():
    """Test Idle Behemoth's "~ gets +3/+3 as long as there is a land card in your graveyard" is compiled (a static
    ability's data, CR 613.4c): its words ("is a land") change no type, and Contamination's sacrifice of a creature
    doesn't reach Alice's relic.  The board was unsettled by the words of a sentence no ability's text held, and the
    relic's trigger refused (fails before)."""
    assert reached([CONTAMINATION, {"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"},
                    {"id": "behemoth", "card": "Test Idle Behemoth", "controller": "Bob"}]) == [
        ("upkeep", ["contamination:1"]), ("end", ["relic:1"])]


def test_bestow_unsettles_the_board():
    """A bestowed Aura becomes a creature again once unattached (CR 702.103f): the keyword (its data) unsettles the
    board, not its reminder text, which has no effect on the game (207.2a).  Before, the words of the reminder were
    left out with it and the board was settled (fails before)."""
    with pytest.raises(QueryError, match=r"^<board>: relic's \"you gain 1 life\" triggers as turn 3's end step .* "
                                         r"whose effect may make any permanent leave"):
        reached([CONTAMINATION, {"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"},
                 {"id": "pup", "card": "Test Nyx Pup", "controller": "Bob"}])


@pytest.mark.parametrize(("life", "answered"), [(20, True), (3, False)])
def test_a_trigger_on_the_stack_is_judged_as_one_of_the_step(life, answered):
    """A dies trigger on the stack (CR 603.3, 603.10a) resolves before the turn goes on: "each player loses 3 life"
    may leave Alice at 0 life (704.5a), and her relic leave (800.4a), so its end-step trigger is refused; at 20 life it
    can't.  The listing didn't read what was on the stack and listed the relic's trigger at 3 life (fails before)."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "life": life}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"}],
        "stack": [{"id": "cage-1", "card": "Test Soul Cage", "controller": "Bob", "source": "cage", "ability": 1,
                   "last_known": {"counters": {}}}]}, [REACH])
    if answered:
        assert [(step.step, [t.key for t in step.triggers]) for step in pysolver.turn(board) if step.triggers] == [
            ("end", ["relic:1"])]
    else:
        with pytest.raises(QueryError, match=r"^<board>: relic's \"you gain 1 life\" triggers as turn 3's end step "
                                             r".* after cage's \"each player loses 3 life\" triggers in its "
                                             r"precombat_main step, whose effect may make any permanent leave"):
            pysolver.turn(board)


def test_a_vehicle_s_crew_unsettles_the_board():
    """"Crew 1" is no ability of the card's data (the compiler finds it touches nothing), and crewed the Vehicle is an
    artifact creature (CR 702.122a): the sentence no ability holds is read alone, and every permanent is in reach."""
    with pytest.raises(QueryError, match=r"^<board>: cart's \"you gain 1 life\" triggers as turn 3's end step .* "
                                         r"whose effect may make any permanent leave"):
        reached([CONTAMINATION, {"id": "cart", "card": "Test Dusk Cart", "controller": "Alice"}])


@pytest.mark.parametrize(("later", "answered"), [("Test Dusk Bear", True), ("Test Dusk Relic", False)])
def test_a_destruction_reaches_what_its_target_may_be(later, answered):
    """"destroy target artifact" (CR 701.7a) may remove an artifact, not a creature (the compiler's reading of the
    target, judged on the board after the layers: asp/turn.lp reach_fits)."""
    permanents = [{"id": "breaker", "card": "Test Artifact Breaker", "controller": "Alice"},
                  {"id": "later", "card": later, "controller": "Alice"}]
    if answered:
        assert reached(permanents) == [("upkeep", ["breaker:1"]), ("end", ["later:1"])]
    else:
        with pytest.raises(QueryError, match=r"whose effect may make later leave"):
            reached(permanents)


@pytest.mark.parametrize(("controller", "answered"), [("Alice", True), ("Bob", False)])
def test_a_lowered_toughness_reaches_the_creatures_it_may_target(controller, answered):
    """"target creature an opponent controls gets -1/-1 until end of turn": a creature left with toughness 0 dies (CR
    704.5f); Alice's own creature is out of its reach, Bob's is in it.  The effect was read as changing the
    permanents alone, and Bob's creature's later trigger listed (a silent wrong answer: fails before)."""
    permanents = [{"id": "curse", "card": "Test Shrinking Curse", "controller": "Alice"},
                  {"id": "bear", "card": "Test Dusk Bear", "controller": controller}]
    if answered:
        assert reached(permanents) == [("upkeep", ["curse:1"]), ("end", ["bear:1"])]
    else:
        with pytest.raises(QueryError, match=r"whose effect may make bear leave"):
            reached(permanents)


def test_an_aura_leaves_with_what_it_enchants():
    """Contamination may make Alice sacrifice her Grizzly Bears, and Bob's Aura on it goes to the graveyard with it
    (CR 704.5m): its end-step trigger is refused.  It was listed (the reach held the creature alone: fails before)."""
    with pytest.raises(QueryError, match=r"^<board>: charm's .* whose effect may make charm leave"):
        reached([CONTAMINATION, {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                 {"id": "charm", "card": "Test Dusk Charm", "controller": "Bob", "attached_to": {"permanent": "bears"}}])


def test_a_removal_that_may_trigger_another_reaches_every_permanent():
    """Grizzly Bears sacrificed to Contamination dies, and Test Grim Watcher's "Whenever a creature dies, destroy target
    artifact" may destroy the relic (CR 603.10a): the listing follows no such trigger, so the relic's end-step trigger
    is refused.  It was listed (fails before)."""
    with pytest.raises(QueryError, match=r"^<board>: relic's .* whose effect may make any permanent leave"):
        reached([CONTAMINATION, {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                 {"id": "watcher", "card": "Test Grim Watcher", "controller": "Bob"},
                 {"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"}])


@pytest.mark.parametrize(("life", "answered"), [(1, False), (2, True)])
def test_a_life_loss_an_effect_may_trigger_is_judged_on_the_life_totals(life, answered):
    """Grizzly Bears sacrificed to Contamination dies, and Test Grim Mourner makes Bob lose 1 life (CR 603.10a): at 1
    life he loses the game and his permanents leave (704.5a, 800.4a), his bear's end-step trigger with them: refused
    (it was listed: the chained trigger's life loss was judged on no life total, fails before); at 2 he can't."""
    board = pysolver.board_from_data({
        "players": ["Alice", {"name": "Bob", "life": life}], "turn": TURN,
        "battlefield": [CONTAMINATION, {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                        {"id": "mourner", "card": "Test Grim Mourner", "controller": "Bob"},
                        {"id": "bear", "card": "Test Dusk Bear", "controller": "Bob"}]}, [REACH])
    if answered:
        assert [(s.step, sorted(t.key for t in s.triggers)) for s in pysolver.turn(board) if s.triggers] == [
            ("upkeep", ["contamination:1"]), ("end", ["bear:1"])]
    else:
        with pytest.raises(QueryError, match=r"^<board>: bear's .* whose effect may make any permanent leave"):
            pysolver.turn(board)


def test_an_effect_that_may_trigger_a_removal_refuses_a_later_trigger():
    """Verdant Force's Saproling entering triggers Test Gate Warden's "destroy target artifact" (CR 603.2), which
    the listing doesn't follow: the relic's end-step trigger is refused.  It was listed (a token changes no
    permanent's place: fails before)."""
    with pytest.raises(QueryError) as refused:
        reached([{"id": "force", "card": "Verdant Force", "controller": "Bob"},
                 {"id": "warden", "card": "Test Gate Warden", "controller": "Bob"},
                 {"id": "relic", "card": "Test Dusk Relic", "controller": "Alice"}])
    assert str(refused.value) == (
        "<board>: relic's \"you gain 1 life\" triggers as turn 3's end step begins if relic is still on the battlefield "
        "under Alice's control with the ability (CR 603.2), after force's \"create a 1/1 green Saproling creature "
        "token\" triggers in its upkeep step, whose effect may trigger an ability (CR 603.2) that may make any "
        "permanent leave, change control or lose its abilities and isn't followed (the listing resolves no ability); "
        "list it from a board after it (pysolver next)")


def test_a_delayed_trigger_an_effect_creates_is_refused():
    """CR 603.7: the upkeep trigger creates "sacrifice it at the beginning of the next end step", which triggers at the
    end step; the listing showed no end-step trigger (a silent wrong answer: fails before)."""
    with pytest.raises(QueryError) as refused:
        reached([{"id": "summoner", "card": "Test Dusk Summoner", "controller": "Alice"}])
    assert str(refused.value) == (
        "<board>: summoner's \"create a 1/1 white Spirit creature token. Sacrifice it at the beginning of the next end "
        "step\" triggers in turn 3's upkeep step and may create a delayed triggered ability (CR 603.7) that triggers "
        "at a later step, which the listing doesn't show (it resolves no ability); list the steps after it from a "
        "board after it (pysolver next)")


BOARD_IFS = Path(__file__).parent / "cases" / "turn" / "board-ifs.yml"


def test_lightning_coils_with_five_counters_creates_a_delayed_trigger():
    """CR 603.4, 603.7: Lightning Coils with five charge counters triggers in its controller's upkeep, and its effect
    ("Exile them at the beginning of the next end step") adds a trigger to the end step the listing doesn't show: the
    turn is refused there (its ruling case listed no end-step trigger: fails before); with four it doesn't trigger."""
    def coils(counters: int) -> pysolver.Board:
        return pysolver.board_from_data({
            "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "untap"},
            "battlefield": [{"id": "coils", "card": "Lightning Coils", "controller": "Alice",
                             "counters": {"charge": counters}}]}, [BOARD_IFS])
    assert [step.triggers for step in pysolver.turn(coils(4))] == [[]] * 12
    with pytest.raises(QueryError) as refused:
        pysolver.turn(coils(5))
    assert str(refused.value) == (
        "<board>: coils's \"remove all of them from it and create that many 3/1 red Elemental creature tokens with "
        "haste. Exile them at the beginning of the next end step\" triggers in turn 4's upkeep step and may create a "
        "delayed triggered ability (CR 603.7) that triggers at a later step, which the listing doesn't show (it "
        "resolves no ability); list the steps after it from a board after it (pysolver next)")
