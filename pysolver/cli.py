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
from pysolver.mana import symbols, vector_symbols

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
@json_option
@handle_errors
def could_produce_command(board_file, card_files, ids, as_json):
    """CR 106.7: the types of mana each permanent could produce."""
    board = api.load_board(board_file, card_files)
    answers = api.could_produce(board, ids)
    if as_json:
        emit_json("could-produce", {"board": board_file,
                                    "permanents": [a.to_json() for a in answers]})
        return
    rows = [[a.id, a.card, a.controller, symbols(a.types) or "nothing"] for a in answers]
    click.echo(table(rows, ["ID", "CARD", "CONTROLLER", "COULD PRODUCE"]))


@main.command("mana")
@board_options
@click.argument("permanent", metavar="PERMANENT")
@click.option("--ability", type=int, default=None, metavar="N",
              help="Which mana ability, numbered from 1 (needed if it has several).")
@click.option("--no-triggers", is_flag=True, help="Leave out triggered mana abilities.")
@click.option("--max-outcomes", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Fail (exit 3) rather than list more outcomes than this.")
@click.option("--explain", is_flag=True, help="Show the steps and rules that lead to each outcome.")
@json_option
@handle_errors
def mana_command(board_file, card_files, permanent, ability, no_triggers, max_outcomes, explain, as_json):
    """Every distinct result of activating a mana ability of PERMANENT now.

    Lists the mana added and the side effects of each outcome; --explain adds
    one order of replacement effects and triggered mana abilities that gives
    it, with the rule for each step.  Mana abilities are numbered from 1:
    printed ones, then those of basic land types (W, U, B, R, G), then those
    granted by other effects.
    """
    board = api.load_board(board_file, card_files)
    result = api.mana_outcomes(board, permanent, ability, not no_triggers, max_outcomes)
    if as_json:
        emit_json("mana", {"board": board_file, **result.to_json()})
        return
    click.echo(f"{result.permanent} ({result.card}, {result.controller}), ability "
               f"{result.ability.index}: {result.ability.text}")
    if result.cannot_activate:
        click.echo("can't be activated now: " + "; ".join(result.cannot_activate))
        return
    restricted = any(o.restricted is not None for o in result.outcomes)
    header = ["MANA"] + (["RESTRICTED"] if restricted else []) + ["EFFECTS"]
    rows = [[o.symbols or "nothing"] + ([symbols_or_none(o.restricted)] if restricted else [])
            + ["; ".join(o.effects) or "-"] for o in result.outcomes]
    click.echo(table(rows, header))
    if explain:
        for outcome in result.outcomes:
            click.echo(f"\n{outcome.symbols or 'nothing'}:")
            for number, step in enumerate(outcome.witness, 1):
                click.echo(f"  {number}. {step}")


def symbols_or_none(amounts) -> str:
    return vector_symbols(dict(amounts)) or "-"


@main.command("verify")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@json_option
@handle_errors
def verify_command(paths, as_json):
    """Run ruling-case files or folders; one line per case, then the totals."""
    outcomes = [verify.run_case(case) for f in verify.case_files(paths) for case in verify.load_cases(f)]
    passed = sum(o.passed for o in outcomes)
    failed = len(outcomes) - passed
    if as_json:
        emit_json("verify", {
            "passed": passed, "failed": failed,
            "cases": [{"id": o.case.id, "file": o.case.file, "passed": o.passed,
                       "expected": o.case.expect, "actual": o.actual, "error": o.error}
                      for o in outcomes],
        })
    else:
        for outcome in outcomes:
            click.echo(f"{'pass' if outcome.passed else 'FAIL'}  {outcome.case.id}  ({outcome.case.source})")
            if not outcome.passed:
                for line in outcome.diff():
                    click.echo(line)
        click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


@main.command("schema")
@click.argument("which", type=click.Choice(["board", "cards"]), default="board")
def schema_command(which):
    """Print the JSON Schema of board files or card-definition files."""
    schema = schemas.BOARD_SCHEMA if which == "board" else schemas.CARDS_SCHEMA
    click.echo(json.dumps(schema, indent=2))


if __name__ == "__main__":
    main()
