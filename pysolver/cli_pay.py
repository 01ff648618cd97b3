"""Text output of `pysolver pay` (kept out of cli.py, which many hands edit)."""

from __future__ import annotations

import click

from pysolver.query.payment import NO_MANA_COST, WITHOUT_PAYING, PayResult, cast_words


def print_pay(answer: PayResult, explain: bool) -> None:
    if answer.changed_by:
        click.echo(f"total cost {answer.total} (CR 601.2f, 118.7: changed by "
                   f"{', '.join(answer.changed_by)})")
    if answer.largest_x:
        if answer.payable:
            click.echo(f"{answer.player} can pay {answer.cost} with X up to {answer.x} "
                       "(CR 107.3, 601.2f-h); --x N lists the ways for one X")
        else:
            click.echo(f"{answer.player} can't pay {answer.cost} for any X (CR 601.2h, 118.3)")
        return
    cost = answer.cost + (f" with X = {answer.x}" if answer.x is not None else "")
    if not answer.payable and answer.cost.startswith(NO_MANA_COST):
        click.echo(f"{answer.player} can't pay {cost}: casting it needs an alternative cost (CR 118.6a)")
        return
    if not answer.payable:
        click.echo(f"{answer.player} can't pay {cost} now: no sequence of mana abilities gives "
                   "the mana (CR 601.2g-h, 118.3)")
        return
    count = len(answer.ways)
    click.echo(f"{answer.player} can pay {cost}: {count} way{'s' * (count != 1)}")
    for number, way in enumerate(answer.ways, 1):
        click.echo(f"way {number}:")
        for step, activation in enumerate(way.activations, 1):
            click.echo(f"  {step}. {activation.line()}")
            if explain:
                for detail in activation.steps:
                    click.echo(f"       {detail}")
        if not way.activations:
            click.echo("  (no activation: the mana pool pays it)")
        cast = cast_words(way.alternative_name, answer.player)
        if way.alternative == WITHOUT_PAYING:
            click.echo(f"  {WITHOUT_PAYING} (CR 118.9)")
        elif cast is not None:  # as next's cast words it
            click.echo(f"  {cast[0]}: {way.alternative} (CR {cast[1]}, 118.9)")
        elif way.alternative:
            click.echo(f"  rather than its mana cost: {way.alternative} (CR 118.9)")
        click.echo(f"  paid: {way.paid or 'nothing'}")
        for cost in way.costs:
            click.echo(f"  and: {cost} (CR 601.2h)")
        if way.life:
            click.echo(f"  life paid: {way.life} (CR 119.4)")
        click.echo(f"  left in the pool: {way.left or 'nothing'}")
