"""`pysolver could-produce`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, handle_errors, json_option, limit_options, table


@click.command("could-produce")
@board_options
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--explain", is_flag=True, help="Show why each type is there, and why some are not.")
@json_option
@limit_options
@handle_errors
def could_produce_command(board_file, card_files, ids, explain, as_json, timeout, max_outcomes):
    """CR 106.7: the types of mana each permanent could produce."""
    limited = {"cards": card_files, "timeout": timeout, "max_outcomes": max_outcomes}
    if explain:
        explained = api.explain_could_produce(board_file, ids, **limited)
        answers = [e.answer for e in explained]
    else:
        explained = None
        answers = api.could_produce(board_file, ids, **limited)
    if as_json:
        rows = [e.to_json() for e in explained] if explained else [a.to_json() for a in answers]
        emit_json("could-produce", {"board": board_file, "permanents": rows})
        return
    # Types of mana as letters (mana symbols are for amounts); a copy with what it copies.
    rows = [[a.id, a.shown or a.card, a.controller, ", ".join(a.types) or "nothing"]
            for a in answers]
    click.echo(table(rows, ["ID", "CARD", "CONTROLLER", "COULD PRODUCE"]))
    for explanation in explained or ():
        click.echo("")
        click.echo(explanation.answer.id)
        lines = [(r.type, [s.line() for s in r.steps]) for r in explanation.reasons]
        lines += [(f"no {m.type}" if m.type else "none", [m.line()])
                  for m in explanation.missing]
        width = max(len(label) for label, _ in lines) if lines else 0
        for label, steps in lines:
            for i, step in enumerate(steps):
                click.echo(f"  {(label if i == 0 else '').ljust(width)}  {step}")
