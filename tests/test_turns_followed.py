"""`turn --turns N` lists the turns after the first from the board as the untap step leaves it, and resolves
no ability: after a turn in which a trigger is listed whose effect it doesn't follow (a permanent sacrificed,
counters removed, a token created, life lost, an effect only worded), what triggers in the turns after may
differ (CR 603.2b, 603.4), so it refuses (pysolver/query/turns.py, ``unfollowed``).  The steps such a trigger
adds are followed (Paradox Haze, CR 500.8), and echo and cumulative upkeep are taken as paid (the README)."""

from __future__ import annotations

from pathlib import Path

from helpers import write_inputs

TURN_CASES = Path(__file__).parent / "cases" / "turn"


def test_a_fading_trigger_before_a_later_turn_is_refused(cli, tmp_path):
    """Blastoderm with no fade counter is sacrificed by its fading trigger in Alice's upkeep (CR 702.32a); the
    listing gave its trigger again in her next turn."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: untap}
battlefield:
- {id: derm, card: Blastoderm, controller: Alice, counters: {fade: 0}}
""")
    code, out, err = cli("turns", path, "3", "--cards", TURN_CASES / "fading.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: --turns: derm's \"remove a fade counter from Blastoderm. If you "
                   "can't, sacrifice Blastoderm\" triggers in turn 3's upkeep step (CR 603.2b), and what it does, "
                   "which the turns after it may depend on, isn't followed (the listing resolves no ability); list "
                   "them from a board after it (pysolver next)\n")


def test_a_fading_trigger_before_a_condition_of_the_same_turn_is_refused(cli, tmp_path):
    """The fading trigger may sacrifice Blastoderm, the only creature, in the upkeep: Pestilence's "if no creatures
    are on the battlefield" at the end step may then hold (CR 603.4).  The listing judged it on the board and gave
    no Pestilence trigger in turn 3 (fails before the guard of pysolver/query/turn_reads.py)."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: untap}
battlefield:
- {id: derm, card: Blastoderm, controller: Alice, counters: {fade: 0}}
- {id: pest, card: Pestilence, controller: Bob}
""")
    for command in (("turn", path), ("turns", path, "3")):
        code, out, err = cli(*command, "--cards", TURN_CASES / "fading.yml", "--cards", TURN_CASES / "board-ifs.yml")
        assert (code, out) == (2, "")
        assert err == (f"error: {path}: pest's \"sacrifice Pestilence\" has an intervening \"if\" judged as turn 3's "
                       "end step begins (CR 603.4), after derm's \"remove a fade counter from Blastoderm. If you can't, "
                       "sacrifice Blastoderm\" triggers in its upkeep step, whose effect may change what the condition "
                       "reads (the permanents on the battlefield) and isn't followed (the listing resolves no ability); "
                       "list it from a board after it (pysolver next)\n")


def test_a_sacrifice_trigger_in_the_last_turn_listed_is_answered(cli, tmp_path):
    """Pestilence sacrifices itself at the end step with no creature on the battlefield (CR 603.4): listed in
    the last turn asked for, the trigger is answered; with a turn after it, refused."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: postcombat_main}
battlefield:
- {id: pest, card: Pestilence, controller: Bob}
""")
    code, out, _ = cli("turns", path, "1", "--cards", TURN_CASES / "board-ifs.yml")
    assert (code, out.splitlines()) == (0, ["turn 3, Alice's turn", "  1. postcombat_main", "  2. end: pest:1",
                                            "  3. cleanup"])
    code, out, err = cli("turns", path, "2", "--cards", TURN_CASES / "board-ifs.yml")
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}: --turns: pest's \"sacrifice Pestilence\" triggers in "
                          "turn 3's end step (CR 603.2b)")
