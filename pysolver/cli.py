"""The command line: a thin layer over pysolver's API, one small function a command.

Bad input prints one line to stderr and exits with status 2 (3 when a limit
was hit, so the answer would be incomplete); nothing is printed to stdout then.
"""

from __future__ import annotations

import json
import sys
from functools import wraps

import click

from pysolver import api, schemas, verify
from pysolver.errors import PysolverError
from pysolver.mana import symbols

JSON_SCHEMA_VERSION = 1


def handle_errors(command):
    """Turn PysolverError into one line on stderr and its exit status."""

    @wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except PysolverError as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(error.exit_code)

    return wrapper


def board_options(command):
    """BOARD argument and --cards FILE (repeatable)."""
    command = click.option(
        "--cards", "card_files", multiple=True, type=click.Path(dir_okay=False),
        help="A card-definition file to add to the built-in library (repeatable).",
    )(command)
    return click.argument("board_file", metavar="BOARD", type=click.Path(dir_okay=False))(command)


def json_option(command):
    return click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")(command)


def emit_json(kind: str, payload: dict) -> None:
    document = {"schema": f"pysolver/{kind}/{JSON_SCHEMA_VERSION}", **payload}
    click.echo(json.dumps(document, indent=2, sort_keys=False, ensure_ascii=False))


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    for row in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pysolver")
def main():
    """Exact answers to Magic: The Gathering rules questions."""


@main.command("could-produce")
@board_options
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--explain", is_flag=True, help="Show why each type is there, and why some are not.")
@json_option
@handle_errors
def could_produce_command(board_file, card_files, ids, explain, as_json):
    """CR 106.7: the types of mana each permanent could produce."""
    board = api.load_board(board_file, card_files)
    if explain:
        explained = api.explain_could_produce(board, ids)
        answers = [e.answer for e in explained]
    else:
        explained, answers = None, api.could_produce(board, ids)
    if as_json:
        rows = [e.to_json() for e in explained] if explained else [a.to_json() for a in answers]
        emit_json("could-produce", {"board": board_file, "permanents": rows})
        return
    rows = [[a.id, a.card, a.controller, symbols(a.types) or "nothing"] for a in answers]
    click.echo(table(rows, ["ID", "CARD", "CONTROLLER", "COULD PRODUCE"]))
    for explanation in explained or ():
        click.echo("")
        click.echo(explanation.answer.id)
        lines = [(symbols(r.type), [s.line() for s in r.steps]) for r in explanation.reasons]
        lines += [(f"no {symbols(m.type)}" if m.type else "none", [m.line()])
                  for m in explanation.missing]
        width = max(len(label) for label, _ in lines) if lines else 0
        for label, steps in lines:
            for i, step in enumerate(steps):
                click.echo(f"  {(label if i == 0 else '').ljust(width)}  {step}")


@main.command("verify")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes to run cases on (default: one per core for 40 cases or more).")
@json_option
@handle_errors
def verify_command(paths, jobs, as_json):
    """Run ruling-case files or folders; one line per case, then the totals.

    Exit status 0 if every case passed, 1 if any failed, 2 on bad input.
    """
    outcomes = verify.run_all(list(paths), jobs)
    passed = sum(o.passed for o in outcomes)
    failed = len(outcomes) - passed
    if as_json:
        emit_json("verify", {"passed": passed, "failed": failed,
                             "cases": [o.to_json() for o in outcomes]})
    else:
        width = max((len(o.case.id) for o in outcomes), default=0)
        for outcome in outcomes:
            status = "pass" if outcome.passed else "FAIL"
            click.echo(f"{status}  {outcome.case.id.ljust(width)}  {outcome.case.source}".rstrip())
            if not outcome.passed:
                click.echo(f"  ({outcome.case.file}: {outcome.case.place}) {outcome.case.reason}")
                for line in outcome.diff():
                    click.echo(line)
        click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


@main.command("schema")
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


if __name__ == "__main__":
    main()
