"""`pysolver next`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, emit_json, handle_errors, json_option, limit_options


@click.command("next")
@board_options
@click.argument("actions", nargs=-1, required=True, metavar="ACTION...")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write each resulting board to DIR/next-N.yaml.")
@json_option
@limit_options
@handle_errors
def next_command(board_file, card_files, actions, out_dir, as_json, timeout, max_outcomes):
    """Every distinct board after ACTION... (play CARD, cast CARD, activate ID, turn-face-up ID, resolve,
    pass, check): each with its
    probability, choices and events.  --max-outcomes counts the resulting boards."""
    results = api.next_states(board_file, list(actions), cards=card_files, timeout=timeout,
                              max_outcomes=max_outcomes)
    if out_dir is not None:
        from pathlib import Path

        import yaml  # only to write boards (issue 16: a query imports what it uses)

        Path(out_dir).mkdir(parents=True, exist_ok=True)
        for number, result in enumerate(results, 1):
            text = yaml.safe_dump(result.board, sort_keys=False, allow_unicode=True)
            (Path(out_dir) / f"next-{number}.yaml").write_text(text, encoding="utf-8")
    if as_json:
        emit_json("next", {"board": board_file, "actions": list(actions),
                           "outcomes": [r.to_json() for r in results]})
        return
    for number, result in enumerate(results, 1):
        click.echo(f"outcome {number}: probability {result.probability}")
        for choice in result.choices:
            click.echo(f"  choice: {choice}")
        for event in result.events:
            click.echo(f"  - {event}")
        if result.stopped is not None:
            click.echo(f"  stopped: action {result.stopped.number} ({result.stopped.words}) can't be taken on this "
                       f"board, nor the actions after it: {result.stopped.reason}")
        if out_dir is not None:
            click.echo(f"  board: {out_dir}/next-{number}.yaml")
