""""~ can't have more than seven dream counters on it" (CR 101.2, 122.1; issue 13): the card's counter_limits,
which asp/counter_put.lp applies to every event putting counters (tests/cases/next/counter-limit.yaml) and the
board check applies to the counters a board states."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_counter_limit import WHY

CASES = Path(__file__).parent / "cases" / "next"


def test_a_counter_limit_compiles():
    result = compile_card("Dreamer", "Remove a dream counter from ~: Add {C}.\n~ can't have more than seven dream "
                          "counters on it.", "Creature — Human Wizard", power="4", toughness="1")
    assert (result.status, result.card["counter_limits"]) == ("ok", [{"kind": "dream", "at_most": 7}])
    assert [(s["class"], s["why"]) for s in result.sentences][1] == ("compiled", WHY)


@pytest.mark.parametrize("text", [
    "~ can't have more than X dream counters on it.",  # no number
    "Creatures you control can't have more than seven dream counters on them.",  # not its own
])
def test_other_limits_stay_not_understood(text):
    result = compile_card("Dreamer", "{T}: Add {C}.\n" + text, "Creature — Human Wizard", power="4", toughness="1")
    assert (result.status, result.ignored) == ("partial", [text])


def test_a_board_with_more_counters_is_refused(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
battlefield:
- {id: rasputin, card: Rasputin Dreamweaver, controller: Alice, counters: {dream: 8}}
""")
    code, out, err = cli("could-produce", path, "--cards", CASES / "counter-limit.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: 3:83: battlefield[0].counters.dream: Rasputin Dreamweaver can't have more than "
                   "7 dream counters on it (CR 101.2)\n")


@pytest.mark.parametrize("events, shown", [
    (['target_counters(k1, "rasputin", "dream", 3).'], ['counter_event(target(k1),"rasputin","dream",2)']),
    (['target_counters(k1, "rasputin", "dream", 3).', 'target_counters(k2, "rasputin", "dream", 2).'],
     ['counter_event(target(k1),"rasputin","dream",2)', 'counter_event(target(k2),"rasputin","dream",2)',
      'counter_limit_unjudged("rasputin","dream")']),
])
def test_two_events_at_once_against_one_limit_are_reported(events, shown):
    """The room under the limit is what the board leaves (asp/counter_put.lp): two events putting that kind at
    once would each be given it (five dream counters, 2 + 2 more: nine), so the pair is reported
    (counter_limit_unjudged) and next refuses it.  The events are given as facts: no card compiles to two such
    events on one permanent in one step yet."""
    import pysolver
    from pysolver import facts, solver
    from pysolver.facts.players import player_facts

    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "rasputin", "card": "Rasputin Dreamweaver", "controller": "Alice", "counters": {"dream": 5}}]},
        [str(CASES / "counter-limit.yml")])
    grounded = solver.ground([*facts.board_facts(board), *player_facts(board)], solver.entry("next_targets"),
                             extra="\n".join(events))
    assert sorted(str(s) for s in grounded.first_model()
                  if s.name in ("counter_event", "counter_limit_unjudged")) == sorted(shown)


def test_next_refuses_two_events_against_one_limit():
    import pysolver
    from pysolver.next_state import _put_counters
    from pysolver.query import next_atoms as na

    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "rasputin", "card": "Rasputin Dreamweaver", "controller": "Alice", "counters": {"dream": 5}}]},
        [str(CASES / "counter-limit.yml")])

    def atoms(kind):
        return [na.CounterLimitUnjudged("rasputin", "dream")] if kind is na.CounterLimitUnjudged else []

    with pytest.raises(pysolver.QueryError) as refused:
        _put_counters(board, atoms, [])
    assert refused.value.detail == ("two events at once put dream counters on rasputin, which can't have more "
                                    "than a number of them (CR 101.2): how many each puts isn't judged")


@pytest.mark.parametrize("had, counters, event", [
    (1, {"+1/+1": 1}, "kirin is turned face up with no +1/+1 counter: it can't have more than 1 (CR 702.37b, 101.2)"),
    (0, {"+1/+1": 1}, "kirin is turned face up with a +1/+1 counter (CR 702.37b)"),
])
def test_megamorph_counter_under_a_limit(tmp_path, had, counters, event):
    """Megamorph's +1/+1 counter (CR 702.37b) is put by next's Python, not asp/counter_put.lp: a limit on
    +1/+1 counters (CR 101.2) is applied there too (before: a board next itself refused, an internal error)."""
    import pysolver
    from pysolver import api

    cards = tmp_path / "cards.yaml"
    cards.write_text(
        "format: pysolver-oracle/1\ncards:\n- name: Test Capped Kirin\n  mana_cost: '{2}{W}'\n  types: [Creature]\n"
        "  power: 2\n  toughness: 1\n  keywords: [Megamorph]\n  oracle: \"Megamorph {1}{W}\\nTest Capped Kirin "
        "can't have more than one +1/+1 counter on it.\"\n", encoding="utf-8")
    board = pysolver.board_from_data({"players": [{"name": "Alice", "mana_pool": "{W}{W}"}, "Bob"], "battlefield": [
        {"id": "kirin", "card": "Test Capped Kirin", "controller": "Alice", "face_down": "morph",
         **({"counters": {"+1/+1": had}} if had else {})}]}, [str(cards)])
    result, = api.next_states(board, ["turn-face-up", "kirin"])
    assert (result.events[1:], result.board["battlefield"][0].get("counters")) == ((event,), counters)


KEEPERS = {"name": "Test Keepers", "mana_cost": "{4}{B}", "types": ["Creature"], "subtypes": ["Phyrexian", "Mystic"],
           "power": 4, "toughness": 4, "oracle": "This creature can't have counters put on it."}
GROWTH = {"name": "Test Growth", "mana_cost": "{G}", "types": ["Instant"],
          "oracle": "Put two +1/+1 counters on target creature."}


def test_no_counters_compiles():
    """Melira's Keepers, Tatterkite: the line was not understood."""
    result = compile_card("Test Keepers", KEEPERS["oracle"], "Creature — Phyrexian Mystic", power="4", toughness="4")
    assert (result.status, result.card["counters_prohibited"]) == ("ok", True)


@pytest.mark.parametrize("counters, after", [(None, None), ({"+1/+1": 1}, {"+1/+1": 1})])
def test_a_creature_that_cant_have_counters_gets_none(tmp_path, counters, after):
    """CR 101.2, 122.1: the instant's two +1/+1 counters aren't put on it; the one a board gives it stays."""
    import pysolver
    from pysolver import api

    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [KEEPERS, GROWTH]})
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Growth"], "mana_pool": "{G}"},
                                                  "Bob"], "turn": {"number": 3, "active": "Alice",
                                                                   "step": "precombat_main"},
                                      "battlefield": [{"id": "keepers", "card": "Test Keepers", "controller": "Bob",
                                                       **({"counters": counters} if counters else {})}]}, [str(cards)])
    result, = api.next_states(board, ["cast", "Test Growth", "target=keepers", "resolve"])
    assert result.events[2:4] == ("put 2 +1/+1 counters on Test Keepers (keepers) (CR 122.1)",
                                  "keepers gets no +1/+1 counters: it can't have more than 0 (CR 101.2)")
    assert result.board["battlefield"][0].get("counters") == after
