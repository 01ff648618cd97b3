"""`pysolver mana`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, handle_errors, json_option, limit_options, table
from pysolver.mana import vector_symbols


@click.command("mana")
@board_options
@click.argument("permanent", metavar="PERMANENT")
@click.option("--ability", default=None, metavar="N|TEXT",
              help="Which mana ability: its number as can-activate numbers them, its cost or its "
                   "text (needed if it has several).")
@click.option("--no-triggers", is_flag=True, help="Leave out triggered mana abilities.")
@click.option("--explain", is_flag=True, help="Show the steps and rules that lead to each outcome.")
@json_option
@limit_options
@handle_errors
def mana_command(board_file, card_files, permanent, ability, no_triggers, explain, as_json,
                 timeout, max_outcomes):
    """Every distinct result of activating a mana ability of PERMANENT now.

    Lists the mana added and the side effects of each outcome; --explain adds
    one order of replacement effects and triggered mana abilities that gives
    it, with the rule for each step.  Abilities are numbered as can-activate
    numbers them (every activated ability, mana or not, from 1).
    """
    result = api.mana_outcomes(board_file, permanent, ability, not no_triggers, max_outcomes,
                               cards=card_files, timeout=timeout)
    if as_json:
        emit_json("mana", {"board": board_file, **result.to_json()})
        return
    card = result.shown or result.card  # a copy: "Vesuva (as ...)"
    click.echo(f"{result.permanent} ({card}, {result.controller}), ability "
               f"{result.ability.index}: {result.ability.text}")
    if result.cannot_activate:
        click.echo("can't be activated now: " + "; ".join(result.cannot_activate))
        return
    restricted = any(o.restricted is not None for o in result.outcomes)
    random = any(o.probability is not None for o in result.outcomes)  # CR 705: a coin flip
    header = (["PROBABILITY"] if random else []) + ["MANA"] + (["RESTRICTED"] if restricted else []) + ["EFFECTS"]
    rows = [([str(o.probability)] if random else []) + [o.symbols or "nothing"]
            + ([symbols_or_none(o.restricted)] if restricted else [])
            + ["; ".join(o.effects) or "-"] for o in result.outcomes]
    click.echo(table(rows, header))
    if explain:
        for outcome in result.outcomes:
            click.echo(f"\n{outcome.symbols or 'nothing'}:")
            for number, step in enumerate(outcome.witness, 1):
                click.echo(f"  {number}. {step}")


def symbols_or_none(amounts) -> str:
    return vector_symbols(dict(amounts or ())) or "-"
