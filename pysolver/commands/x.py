"""`pysolver x`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, echo_steps, emit_json, explain_option, handle_errors, json_option, limit_options


@click.command("x")
@board_options
@click.argument("object_id", metavar="OBJECT")
@json_option
@explain_option
@limit_options
@handle_errors
def x_command(board_file, card_files, object_id, as_json, explain, timeout, max_outcomes):
    """CR 107.3: the value of X for a spell on the stack or a permanent.

    --max-outcomes counts the values of X given: the object's X, and the X of
    the enters-the-battlefield abilities of the permanent it is or becomes."""
    answer = api.x_value(board_file, object_id, explain, cards=card_files, timeout=timeout,
                         max_outcomes=max_outcomes)
    if as_json:
        emit_json("x", {"board": board_file, **answer.to_json()})
        return
    click.echo(f"{answer.card} ({answer.id}) on the {answer.zone}: X = {answer.x}, "
               f"mana value {answer.mana_value}")
    if answer.etb_x is not None:
        click.echo(f"  X for its enters-the-battlefield abilities: {answer.etb_x}")
    if answer.resolves is not None:
        r = answer.resolves
        counters = ", ".join(f"{n} {k} counter{'s' * (n != 1)}" for k, n in r["counters"].items()) or "no counters"
        kind = "a token" if r["token"] else "a permanent"
        click.echo(f"  resolves into {kind}: {r['card']} with {counters}; its X = {r['x']}, "
                   f"mana value {r['mana_value']} (ETB X = {r['etb_x']})")
    if explain:
        echo_steps(answer.explanation)
