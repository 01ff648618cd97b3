"""`pysolver pay`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, explain_option, handle_errors, json_option, limit_options
from pysolver.errors import QueryError


@click.command("pay")
@board_options
@click.argument("player", metavar="PLAYER")
@click.argument("cost", metavar="[COST]", required=False)
@click.option("--spell", metavar="CARD_OR_ID", default=None,
              help="Pay this spell's mana cost (a stack id or a card name) instead of COST.")
@click.option("--x", "x", type=int, default=None, metavar="N",
              help="The value of X: list the ways to pay with it (default: the largest X payable).")
@click.option("--additional", "additional", multiple=True, metavar="NAME",
              help="With --spell: pay this optional additional cost too (kicker, multikicker, replicate, squad, "
                   "escalate, times, offspring, buyback, entwine, bargain, casualty, sacrifice, reveal, "
                   "collect_evidence, flash: the cost to cast it as though it had flash); "
                   "repeatable (multikicker, replicate, squad, escalate and times once per "
                   "time given, or NAME=N; NAME=any: every number of times the board pays).")
@json_option
@explain_option
@limit_options
@handle_errors
def pay_command(board_file, card_files, player, cost, spell, x, additional, as_json, explain, timeout,
                max_outcomes):
    """Can PLAYER pay COST now (pool plus mana abilities), and every distinct way.

    --max-outcomes counts ways."""
    from pysolver.cli_pay import print_pay
    if (cost is None) == (spell is None):
        raise QueryError("give a COST or --spell CARD_OR_ID (one of them)", file=board_file,
                         place="COST")
    answer = api.pay(board_file, player, cost, spell, x, cards=card_files, timeout=timeout,
                     max_outcomes=max_outcomes, additional=additional)
    if as_json:
        emit_json("pay", {"board": board_file, **answer.to_json()})
        return
    print_pay(answer, explain)
