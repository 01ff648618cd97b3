"""`pysolver facts`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import board_options, handle_errors


@click.command("facts")
@board_options
@click.argument("args", nargs=-1, metavar="[ARG]...")
@click.option("--query", "query_name", metavar="QUERY", default=None,
              help="Write the facts QUERY grounds (its arguments as ARG...), for "
                   "'python -m clingo asp/query/<query>.lp FILE'.")
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output.")
@handle_errors
def facts_command(board_file, card_files, args, query_name, output):
    """Write a board's facts as a clingo program (one fact a line).

    With --query, the facts that query grounds, so that 'python -m clingo
    asp/query/<program>.lp FILE' reproduces its answer (docs/architecture.md)."""
    board = api.load_board(board_file, card_files)
    text = "".join(line + "\n" for line in api.fact_lines(board, query_name, args))
    if output is None:
        click.echo(text, nl=False)
        return
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
