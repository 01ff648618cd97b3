"""pysolver turn: CLI output, JSON, limits and bad input (exact messages)."""

from __future__ import annotations

import json

import pytest

import pysolver
from pysolver.errors import LimitExceeded

TWO_HAZES = """\
    players: [Alice, Bob]
    turn: {number: 3, active: Alice, step: upkeep}
    battlefield:
    - {card: Paradox Haze, controller: Alice, attached_to: {player: Alice}}
    - {card: Paradox Haze, controller: Bob, attached_to: {player: Alice}}
    - {card: Verdant Force, controller: Bob}
    - {card: Albino Troll, controller: Alice, entered: {turn: 1, step: end}}
    """


EXPECTED_TABLE = """\
turn 3, Alice's turn
#   STEP                 NOTE                         TRIGGERS
1   upkeep                                            albino-troll: echo: sacrifice it unless you pay its echo cost (CR 702.30a)
                                                      paradox-haze: that player gets an additional upkeep step after this step
                                                      paradox-haze-2: that player gets an additional upkeep step after this step
                                                      verdant-force: create a 1/1 green Saproling creature token
2   upkeep               additional (paradox-haze)    verdant-force: create a 1/1 green Saproling creature token
3   upkeep               additional (paradox-haze-2)  verdant-force: create a 1/1 green Saproling creature token
4   draw
5   precombat_main
6   beginning_of_combat
7   declare_attackers
8   declare_blockers     if creatures attack
9   combat_damage        if creatures attack
10  end_of_combat
11  postcombat_main
12  end
13  cleanup
"""


def test_human_output(cli, board_file):
    code, out, err = cli("turn", board_file(TWO_HAZES))
    assert (code, err) == (0, "")
    assert out == EXPECTED_TABLE


def test_json_output(cli, board_file):
    code, out, _ = cli("turn", board_file(TWO_HAZES), "--json", "--explain")
    assert code == 0
    data = json.loads(out)
    assert data["schema"] == "pysolver/turn/3"
    assert [s["step"] for s in data["steps"][:4]] == ["upkeep", "upkeep", "upkeep", "draw"]
    second = data["steps"][1]
    assert (second["additional"], second["created_by"], second["phase"]) == (True, "paradox-haze", "beginning")
    assert [t["source"] for t in second["triggers"]] == ["verdant-force"]
    assert second["reasons"][-1] == ("albino-troll: no echo, it didn't come under its controller's control "
                                     "since the beginning of their last upkeep (CR 702.30a)")
    first = data["steps"][0]
    assert {t["card"] for t in first["triggers"]} == {"Albino Troll", "Paradox Haze", "Verdant Force"}


def test_api(load):
    steps = pysolver.turn(load(TWO_HAZES))
    assert [s.step for s in steps][:4] == ["upkeep", "upkeep", "upkeep", "draw"]
    assert len(steps) == 13


def test_explain_skipped(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: untap}
        battlefield:
        - {card: Paradox Haze, controller: Alice, attached_to: {player: Alice}}
        - {card: Eon Hub, controller: Bob}
        """)
    code, out, _ = cli("turn", path, "--explain")
    assert code == 0
    assert "skipped because of eon-hub: nothing triggers at its beginning (CR 614.1b, 614.10)" in out
    assert out.splitlines()[3].split() == ["2", "upkeep", "skipped", "by", "eon-hub"]


LOOP_CARDS = """\
    format: pysolver-cards/1
    cards:
    - name: Endless Upkeep
      types: [Enchantment]
      abilities:
      - triggered:
          when: {step: upkeep, whose: you}
          do: [{additional_steps: [upkeep]}]
          text: "you get an additional upkeep step after this step (test card)"
    """


def test_step_limit(cli, board_file):
    cards = board_file(LOOP_CARDS)
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: upkeep}
        battlefield:
        - {card: Endless Upkeep, controller: Alice}
        """)
    code, out, err = cli("turn", path, "--cards", cards, "--max-steps", "20")
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: the turn has more than 20 steps (additional steps "
                   "keep being added; --max-steps)\n")
    board = pysolver.load_board(path, [cards])
    with pytest.raises(LimitExceeded):
        pysolver.turn(board, 50)


@pytest.mark.parametrize("text, message", [
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {card: Grizzly Bears, controller: Bob}
     - {card: Paradox Haze, controller: Alice, attached_to: {permanent: grizzly-bears}}
     """, "4:68: battlefield[1].attached_to.permanent: Paradox Haze enchants a player and can't be "
          "attached to a permanent (CR 702.5d)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {card: Grizzly Bears, controller: Bob, counters: {aim: -1}}
     """, "3:58: battlefield[0].counters.aim: -1 is less than the minimum of 0"),
    ("""\
     players: [Alice, Bob]
     turn: {step: upkep}
     """, "2:14: turn.step: unknown step 'upkep' (steps: untap, upkeep, draw, precombat_main, "
          "beginning_of_combat, declare_attackers, declare_blockers, combat_damage, end_of_combat, "
          "postcombat_main, end, cleanup)"),
    ("""\
     players: [Alice, Bob]
     turn: {number: 2}
     battlefield:
     - {card: Albino Troll, controller: Bob, entered: {turn: 3, step: upkeep}}
     """, "4:57: battlefield[0].entered.turn: turn 3 is after the current turn (2)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {card: Albino Troll, controller: Bob, entered: {turn: 1}}
     """, "3:50: battlefield[0].entered: 'step' is missing"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {card: Paradox Haze, controller: Alice}
     """, "3:3: battlefield[0]: Paradox Haze is an Aura: it must be attached to a player "
          "(attached_to; CR 303.4c, 704.5m)"),
])
def test_bad_input(cli, board_file, text, message):
    path = board_file(text)
    code, out, err = cli("turn", path)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {message}\n"


def test_haze_attached_to_permanent_api(load):
    with pytest.raises(pysolver.BoardError, match="can't be attached to a permanent"):
        load("""\
            players: [Alice, Bob]
            battlefield:
            - {id: bears, card: Grizzly Bears, controller: Bob}
            - {card: Paradox Haze, controller: Alice, attached_to: {permanent: bears}}
            """)


def test_an_additional_combat_steps_note_says_if_creatures_attack(cli, board_file):
    """CR 508.8: an additional combat phase's declare blockers and combat damage steps happen only if
    creatures attack, as the turn's own do; before, the note said only "additional (board)"."""
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 5, active: Alice, step: precombat_main,
               additional_steps: [beginning_of_combat, declare_attackers, declare_blockers, combat_damage,
                                  end_of_combat, postcombat_main]}
        battlefield: []
        """)
    code, out, _ = cli("turn", path)
    assert code == 0
    assert out.splitlines()[2:8] == [
        "1   precombat_main",
        "2   beginning_of_combat  additional (board)",
        "3   declare_attackers    additional (board)",
        "4   declare_blockers     additional (board), if creatures attack",
        "5   combat_damage        additional (board), if creatures attack",
        "6   end_of_combat        additional (board)"]


# CR 702.30a, 500.8: two upkeeps have begun this turn (the turn's own and an additional one) and the Troll came in
# the turn's own precombat main phase: after the second, if it was an additional upkeep before the draw step (a
# Paradox Haze's), or before it, if it was an additional beginning phase's (a Sphinx of the Second Sun's). Before,
# turn and next took it to have come after the turn's first upkeep only and listed its echo in the next upkeep.
SECOND_PHASE = """\
    players:
    - {name: Alice, library: [Forest, Forest]}
    - {name: Bob, library: [Forest, Forest]}
    turn: {number: 3, active: Alice, step: untap, additional_steps: [upkeep, draw], resume_after: postcombat_main,
           upkeeps: 2}
    battlefield:
    - {id: troll, card: Albino Troll, controller: Alice, entered: {turn: 3, step: precombat_main}}
    """


def _unjudged(path, begun: int, where: str = "the turn's own precombat_main step") -> str:
    return (f"error: {path}: troll came under Alice's control in {where} of turn 3, and {begun} upkeep steps "
            "have begun this turn: whether it came before or after the beginning of Alice's last upkeep the board "
            "doesn't say, so whether its echo triggers as the upkeep step begins is unknown (CR 702.30a, 500.8); "
            "give entered.upkeeps, the upkeep steps begun this turn when it came\n")


def test_echo_of_an_entry_between_upkeeps_the_board_doesnt_place_is_refused(cli, board_file):
    path = board_file(SECOND_PHASE)
    assert cli("turn", path) == (2, "", _unjudged(path, 2))
    assert cli("next", path, "pass") == (2, "", _unjudged(path, 3).replace(f"{path}: ", f"{path}: action 1 (pass): "))


def test_echo_of_an_earlier_additional_entry_is_refused(cli, board_file):
    """An additional draw step before the board's: the first additional beginning phase's, or one before it."""
    path = board_file(SECOND_PHASE.replace("{turn: 3, step: precombat_main}",
                                           "{turn: 3, step: draw, additional: true}"))
    assert cli("turn", path) == (2, "", _unjudged(path, 2, "an additional draw step"))


def test_an_entry_between_upkeeps_is_refused_only_where_an_echo_reads_it(cli, board_file):
    """A permanent without echo, and an echo with no upkeep left in the turn, are judged without it."""
    path = board_file(SECOND_PHASE.replace("Albino Troll", "Grizzly Bears"))
    code, out, err = cli("turn", path)
    assert (code, err) == (0, "")
    path = board_file(SECOND_PHASE.replace("step: untap, additional_steps: [upkeep, draw]", "step: draw"))
    code, out, err = cli("turn", path, "--json")
    assert (code, err) == (0, "")
    assert [(s["step"], s["triggers"]) for s in json.loads(out)["steps"]] == [("draw", []), ("end", []),
                                                                            ("cleanup", [])]


# CR 702.30a, 500.8: in Alice's next turn, echo reads the beginning of the last upkeep of this one. A board of a
# later turn reads `entered` of this turn after its own upkeep as since the last (it keeps no upkeeps past the
# turn), so where more upkeeps began this turn and the Troll came before the last, turn --turns and next refuse.
# Before, turn --turns listed its echo in turn 5 though the upkeeps of the additional beginning phases began after
# it came (in the first of them its echo triggered and was paid or not).
SPHINXES = """\
    players:
    - {name: Alice, library: [Forest, Forest, Forest, Forest]}
    - {name: Bob, library: [Forest, Forest]}
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: sphinx-1, card: Sphinx of the Second Sun, controller: Alice}
    - {id: sphinx-2, card: Sphinx of the Second Sun, controller: Alice}
    - {id: troll, card: Albino Troll, controller: Alice, entered: {turn: 3, step: precombat_main}}
    """
BEFORE_LAST = ("troll came under Alice's control in turn 3 when 1 of its 3 upkeep steps had begun: its echo in "
               "Alice's next turn reads the beginning of the last (CR 702.30a, 500.8), which a board of a later turn "
               "can't say (its entered reads that turn's own upkeep as the last)")


def test_turns_past_a_turn_whose_last_upkeep_began_after_an_echo_permanent_came_are_refused(cli, board_file):
    path = board_file(SPHINXES)
    assert cli("turn", path, "--turns", "3") == (3, "", f"error: {path}: {BEFORE_LAST}\n")
    code, out, err = cli("turn", path, "--turns", "1", "--json")  # its own turn is answered
    assert (code, err) == (0, "")
    assert [s["step"] for s in json.loads(out)["steps"] if any(t["source"] == "troll" for t in s["triggers"])] \
        == ["upkeep"]


def test_turns_past_an_echo_permanent_that_came_after_the_last_upkeep_are_listed(cli, board_file):
    """In the last additional beginning phase's draw step, after the third upkeep began: its echo is owed in
    Alice's next turn."""
    path = board_file(SPHINXES.replace("step: precombat_main}\n    battlefield:",
                                       "step: draw, resume_after: postcombat_main, upkeeps: 3}\n    battlefield:")
                      .replace("{turn: 3, step: precombat_main}", "{turn: 3, step: draw, additional: true}"))
    code, out, err = cli("turn", path, "--turns", "3", "--json")
    assert (code, err) == (0, "")
    assert [[t for s in listed["steps"] for t in s["triggers"] if t["ability"] == "echo"]
            for listed in json.loads(out)["turns"]] == [[], [], [
                {"source": "troll", "card": "Albino Troll", "controller": "Alice", "ability": "echo",
                 "text": "echo: sacrifice it unless you pay its echo cost (CR 702.30a)"}]]


def test_next_into_the_next_turn_past_an_echo_permanent_that_came_before_the_last_upkeep_is_refused(cli, board_file):
    path = board_file(SPHINXES.replace("step: precombat_main}\n    battlefield:",
                                       "step: end, upkeeps: 3}\n    battlefield:")
                      .replace("{turn: 3, step: precombat_main}", "{turn: 3, step: precombat_main, upkeeps: 1}"))
    assert cli("next", path, "pass") == (3, "", f"error: {path}: {BEFORE_LAST}\n")


def test_next_into_the_next_turn_past_an_echo_permanent_the_board_doesnt_place_is_refused(cli, board_file):
    """An earlier additional draw step of this turn, without entered.upkeeps: before or after the last of the
    three upkeeps the board doesn't say (asp/turn.lp's echo_past_turn/3 with -1)."""
    path = board_file(SPHINXES.replace("step: precombat_main}\n    battlefield:", "step: end, upkeeps: 3}\n    battlefield:")
                      .replace("{turn: 3, step: precombat_main}", "{turn: 3, step: draw, additional: true}"))
    unplaced = (f"error: {path}: troll came under Alice's control in turn 3 and 3 upkeep steps began in it, whether "
                "it came before the last one began the board doesn't say: its echo in Alice's next turn reads the "
                "beginning of the last (CR 702.30a, 500.8), which a board of a later turn can't say (its entered "
                "reads that turn's own upkeep as the last)\n")
    assert cli("next", path, "pass") == (3, "", unplaced)
    assert cli("turn", path, "--turns", "2") == (3, "", unplaced)
