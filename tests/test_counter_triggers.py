""""Whenever one or more +1/+1 counters are put on ~ / on a creature you control" (CR 603.2, 122.6):
what the compiler makes of them; `pysolver next` fires them once for each permanent an event puts
counters on (an effect resolving, a permanent entering with them), and `outcomes` refuses a path
that puts counters while one is on the battlefield.  The ruling cases are
tests/cases/next/counter-triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import next_state
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError


CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever one or more +1/+1 counters are put on this creature, draw a card. This ability triggers only once "
     "each turn.",
     {"when": {"event": "counters_put", "kind": "+1/+1", "once_each_turn": True}, "do": [{"draw": 1}],
      "text": "draw a card"}),
    ("Whenever one or more counters are put on this creature, you gain 1 life.",
     {"when": {"event": "counters_put"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever one or more -1/-1 counters are put on a creature, draw a card if you control that creature.",
     {"when": {"event": "counters_put", "kind": "-1/-1", "filter": {"types": ["Creature"]}, "whose": "any"},
      "text": "draw a card if you control that creature"}),  # about that creature: text only
    ("Whenever you put one or more +1/+1 counters on a creature you control, you gain 1 life.",  # CR 122.6a
     {"when": {"event": "counters_put", "kind": "+1/+1", "put_by": "you", "filter": {"types": ["Creature"]},
               "whose": "you"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    # CR 603.2: once for each counter, but only once each turn: once at the first event that puts one
    ("Whenever you put a +1/+1 counter on another creature, put a +1/+1 counter on this creature. This ability "
     "triggers only once each turn.",
     {"when": {"event": "counters_put", "kind": "+1/+1", "put_by": "you", "filter": {"types": ["Creature"],
                                                                                    "other": True},
               "whose": "any", "once_each_turn": True}, "do": [{"counter_on_self": "+1/+1"}],
      "text": "put a +1/+1 counter on Watcher"}),
])
def test_counter_trigger_forms(text, triggered):
    result = compile_card("Watcher", text, "Creature", power="1", toughness="1")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": triggered}])


@pytest.mark.parametrize("text", [
    # an intervening "if" (CR 603.4); mana added by an ability that is no mana ability (605.1b)
    "Whenever one or more +1/+1 counters are put on this creature, if it's your turn, draw a card.",
    "Whenever one or more +1/+1 counters are put on this creature, add one mana of any color.",
    # "one or more Humans" (a batch, CR 603.2c, read since session 45) with an intervening "if"
    "Whenever one or more +1/+1 counters are put on one or more Humans you control, if it's your turn, draw a card.",
    # "a +1/+1 counter is put": once for each counter (CR 122.7 is about the Nth), not read
    "Whenever a +1/+1 counter is put on this creature, draw a card.",
    # "you put a +1/+1 counter": once for each counter, without a limit that makes it once
    "Whenever you put a +1/+1 counter on a creature, you gain 1 life.",
])
def test_counter_triggers_left_unread(text):
    assert compile_card("Watcher", text, "Creature", power="1", toughness="1").status == "partial"


CARDS = ("format: pysolver-oracle/1\ncards:\n- name: Test Grower\n  types: [Creature]\n  power: 1\n  toughness: 1\n"
         "  oracle: \"At the beginning of your upkeep, put a +1/+1 counter on this creature.\\nWhenever one or more "
         "+1/+1 counters are put on this creature, you gain 1 life.\"\n")


def test_next_fires_it_and_outcomes_refuses(cli, board_file, tmp_path):
    """CR 603.2, 122.1: the upkeep trigger puts a counter on its source, which triggers its own "counters
    are put on ~" ability: next puts it on the stack and resolves it; outcomes refuses the path."""
    cards = tmp_path / "grower.yml"
    cards.write_text(CARDS, encoding="utf-8")
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 4, active: Bob, step: end}
        battlefield:
        - {id: g, card: Test Grower, controller: Alice}
        """)
    code, out, err = cli("next", path, "pass", "resolve", "resolve", "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[-6:] == [
        "  - put g-1 (Test Grower, g:1) on the stack",
        "  - g-1 (Test Grower, g:1) resolves",
        "  - +1/+1 counter on g",
        "  - put g-2 (Test Grower, g:2) on the stack",
        "  - g-2 (Test Grower, g:2) resolves",
        "  - Alice gains 1 life (CR 119.3)"]
    upkeep = board_file("""\
        players: [Alice, Bob]
        turn: {number: 5, active: Alice, step: upkeep}
        battlefield:
        - {id: g, card: Test Grower, controller: Alice}
        """)
    assert cli("outcomes", upkeep, "--cards", cards) == (
        2, "", f"error: {upkeep}: a resolving ability puts counters on a permanent, which can trigger Test Grower "
               "(g:2) (CR 603.2, 122.1); outcomes doesn't put the abilities counters trigger on the stack (pysolver "
               "next resolve does)\n")


def test_one_trigger_for_each_event_and_permanent(load):
    """CR 603.2, 122.6 (asp/counter_events.lp, the events of asp/counter_put.lp): "Whenever one or more +1/+1
    counters are put on a creature you control" triggers once for each event and each creature it puts them on:
    one event on two creatures twice, two events (two effects of one resolving ability) on one creature twice,
    one event putting counters of another kind not at all."""
    board = load("""\
        players: [Alice, Bob]
        battlefield:
        - {id: asc, card: Simic Ascendancy, controller: Alice}
        - {id: t1, card: Pheres-Band Tromper, controller: Alice}
        - {id: t2, card: Pheres-Band Tromper, controller: Alice}
        """, [CASES / "counter-triggers.yml", CASES / "untap-triggers.yml"])

    def fired(*events):
        return [(p.source, p.card, p.ability)
                for p in next_state._counter_triggers(board, [("Alice", e) for e in events], None)]

    once = ("asc", "Simic Ascendancy", 2)
    assert fired(frozenset({("t1", "+1/+1", 0, 1)})) == [once]
    assert fired(frozenset({("t1", "+1/+1", 0, 2), ("t2", "+1/+1", 1, 2)})) == [once, once]
    assert fired(frozenset({("t1", "+1/+1", 0, 1)}), frozenset({("t1", "+1/+1", 1, 2)})) == [once, once]
    assert fired(frozenset({("t1", "-1/-1", 0, 1)})) == []
    with pytest.raises(QueryError, match=r"\+1/\+1 counters were put on gone, which left the battlefield in the same "
                                         r"resolution: .* isn't judged \(CR 603\.2, 122\.6\)"):
        fired(frozenset({("gone", "+1/+1", 0, 1)}))
