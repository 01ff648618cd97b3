"""`pysolver schema`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import json

import click

from pysolver import schemas
from pysolver.cli import handle_errors
from pysolver.errors import PysolverError


@click.command("schema")
@click.argument("which", type=click.Choice(["board", "cards"]), default="board")
@click.option("--output", "output", metavar="QUERY", default=None,
              help="Print the schema of QUERY's --json output instead (docs/json-output.md).")
@handle_errors
def schema_command(which, output):
    """Print the JSON Schema of board files or card-definition files."""
    if output is not None:
        names = schemas.output_schema_names()
        if output not in names:
            raise PysolverError(f"no output schema for {output!r} (schemas: {', '.join(names)})",
                                place="--output")
        click.echo(json.dumps(schemas.output_schema(output), indent=2))
        return
    schema = schemas.BOARD_SCHEMA if which == "board" else schemas.CARDS_SCHEMA
    click.echo(json.dumps(schema, indent=2))
