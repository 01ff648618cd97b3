"""`pysolver outcomes`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, explain_option, handle_errors, json_option, limit_options, table


@click.command("outcomes")
@board_options
@json_option
@explain_option
@click.option("--witnesses", type=click.Choice(["one", "all"]), default="one", show_default=True,
              help="With --explain: one way to each outcome, or every way.")
@limit_options
@handle_errors
def outcomes_command(board_file, card_files, as_json, explain, witnesses, timeout, max_outcomes):
    """What happens next: every distinct outcome with its exact probability, and the choices."""
    result = api.outcomes(board_file, max_outcomes, timeout, explain, witnesses, cards=card_files)
    if as_json:
        emit_json("outcomes", {"board": board_file, "resolving": result.resolving,
                               "outcomes": [o.to_json() for o in result.outcomes],
                               **({"explanation": result.explanation()} if explain else {})})
        return
    click.echo("resolving: " + (", ".join(result.resolving_words) or "nothing"))
    rows = []
    for o in result.outcomes:
        lines = o.words["events"] or ["nothing happens"]
        rows.append([str(o.probability), "; ".join(o.words["choices"]), lines[0]])
        rows.extend(["", "", more] for more in lines[1:])
        if explain:
            rows.extend(["", "", f"  - {note}"] for note in o.words["notes"])
    click.echo(table(rows, ["PROBABILITY", "CHOICES", "EVENTS"]))
    if explain:
        for line in result.explanation():
            click.echo(line)
