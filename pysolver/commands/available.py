"""`pysolver available`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, echo_steps, emit_json, explain_option, handle_errors, json_option, limit_options


@click.command("available")
@board_options
@click.argument("player", metavar="PLAYER")
@json_option
@explain_option
@click.option("--expand", is_flag=True, help="List each color of {Any} mana as its own pool.")
@limit_options
@handle_errors
def available_command(board_file, card_files, player, as_json, explain, expand, timeout, max_outcomes):
    """The distinct maximal mana pools PLAYER can have now, by any sequence of mana abilities.

    {Any} is one mana of a color chosen freely. --max-outcomes counts pools."""
    answer = api.available(board_file, player, explain, cards=card_files, timeout=timeout,
                           max_outcomes=max_outcomes, expand=expand)
    if as_json:
        emit_json("available", {"board": board_file, **answer.to_json()})
        return
    click.echo(f"{answer.player} can produce {answer.count} distinct maximal "
               f"pool{'s' * (answer.count != 1)}:")
    for pool in answer.to_json()["pools"]:
        click.echo(f"  {pool or 'nothing'}")
    if explain:
        echo_steps(answer.explanation)
