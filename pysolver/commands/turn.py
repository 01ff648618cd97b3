"""`pysolver turn`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api, limits
from pysolver.cli import board_options, emit_json, explain_option, handle_errors, json_option, limit_options, table
from pysolver.errors import printable


@click.command("turn")
@board_options
@click.option("--max-steps", default=limits.DEFAULT_MAX_STEPS, show_default=True, type=click.IntRange(1, 10_000),
              help="Stop (exit 3) beyond this many steps.")
@click.option("--turns", "turn_count", type=click.IntRange(min=1, max=100), default=1, show_default=True,
              help="List this many turns: the rest of this one and the turns that follow.")
@json_option
@explain_option
@limit_options
@handle_errors
def turn_command(board_file, card_files, max_steps, turn_count, as_json, explain, timeout, max_outcomes):
    """The rest of the turn, step by step, with what triggers at the beginning of each (CR 500-514).

    --max-outcomes counts the steps listed."""
    if turn_count > 1:
        return turns_listing(board_file, card_files, turn_count, max_steps, as_json, explain, timeout,
                             max_outcomes)
    steps = api.turn(board_file, max_steps, cards=card_files, timeout=timeout, max_outcomes=max_outcomes)
    if as_json:
        emit_json("turn", {"board": board_file, "turn": steps.number,
                           "active_player": steps.active_player,
                           "steps": [{**s.to_json(), **({"reasons": s.reasons} if explain else {})}
                                     for s in steps]})
        return
    echo_turn(steps.number, steps.active_player, steps, explain)


def echo_turn(number, active_player, steps, explain: bool) -> None:
    """One turn's steps as a table: notes, triggers, and with ``explain`` the reasons."""
    rows = []
    for s in steps:
        notes = [f"additional ({s.additional_by})" if s.additional_by
                 else "additional (board)" if s.additional_given else ""]
        notes.append("if creatures attack" if s.only_if_attackers else "")  # CR 508.8, an additional step's too
        notes.append(f"lore counter on {', '.join(s.lore_counters)}" if s.lore_counters else "")  # CR 714.3b
        note = "skipped by " + ", ".join(s.skipped_by) if s.skipped_by else ", ".join(n for n in notes if n)
        triggers = [f"{t.source}: {t.text}" for t in s.triggers] or [""]
        rows.append([str(s.number), s.step, note, triggers[0]])
        rows.extend(["", "", "", more] for more in triggers[1:])
        if explain:
            rows.extend(["", "", "", f"  - {reason}"] for reason in s.reasons)
    click.echo(printable(f"turn {number}, {active_player}'s turn"))
    click.echo(table(rows, ["#", "STEP", "NOTE", "TRIGGERS"]))


def turns_listing(board_file, card_files, turn_count, max_steps, as_json, explain, timeout, max_outcomes):
    """turn --turns N: each turn's listing, one after the other."""
    listed = api.turns(board_file, turn_count, max_steps, cards=card_files, timeout=timeout,
                       max_outcomes=max_outcomes)
    if as_json:
        first = listed[0]
        emit_json("turn", {"board": board_file, "turn": first.number, "active_player": first.active_player,
                           "steps": [s.to_json() for s in first.steps],
                           "turns": [{"turn": t.number, "active_player": t.active_player,
                                      "steps": [{**s.to_json(), **({"reasons": s.reasons} if explain else {})}
                                                for s in t.steps]} for t in listed]})
        return
    for index, listed_turn in enumerate(listed):
        if index:
            click.echo("")
        echo_turn(listed_turn.number, listed_turn.active_player, listed_turn.steps, explain)
