"""`pysolver can-activate`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, handle_errors, json_option, limit_options, table


@click.command("can-activate")
@board_options
@click.argument("permanent", metavar="PERMANENT")
@click.option("--ability", default=None, metavar="N|TEXT",
              help="Which activated ability: its number from 1 (printed ones in order, mana abilities "
                   "count, then intrinsic land abilities, then granted ones by timestamp), its cost "
                   "('{1}, {T}') or its text ('{T}: Add {G}'). Needed if it has several.")
@click.option("--explain", is_flag=True,
              help="List every condition checked, marking those that fail, and the permanent's "
                   "activated abilities.")
@json_option
@limit_options
@handle_errors
def can_activate_command(board_file, card_files, permanent, ability, explain, as_json, timeout,
                         max_outcomes):
    """CR 602: can a permanent's activated ability be activated now? Every reason if not.

    --max-outcomes counts the reasons it can't be activated."""
    answer = api.can_activate(board_file, permanent, ability, explain, cards=card_files, timeout=timeout,
                              max_outcomes=max_outcomes)
    if as_json:
        emit_json("can-activate", {"board": board_file, **answer.to_json()})
        return
    verdict = "yes" if answer.can_activate else "no"
    card = answer.shown or answer.card  # a copy: "Vesuva (as ...)"
    click.echo(f"{verdict}: {card} ({answer.id}), ability {answer.ability}: "
               f"{answer.text or answer.cost}")
    for reason in answer.reasons:
        click.echo(f"  {reason}")
    if explain:
        click.echo("checked:")
        for check in answer.checks:
            click.echo(f"  {check.line()}")
        abilities = api.activated_abilities(board_file, permanent, cards=card_files, timeout=timeout)
        rows = [[str(a.number), a.kind, a.cost] for a in abilities]
        click.echo(table(rows, ["N", "KIND", "COST"]))
