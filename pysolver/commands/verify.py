"""`pysolver verify`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import sys

import click

from pysolver.cli import emit_json, handle_errors, json_option


def _verify_update(paths, update: bool, force: bool) -> None:
    from pysolver import verify, verify_update
    if not update:
        raise click.UsageError("--force only goes with --update")
    for path in verify.case_files(list(paths)):
        for done in verify_update.update(path, force):
            click.echo(f"{done.action:8}  {done.case}  ({path})")


@click.command("verify")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes to run cases on (default: one per core for 40 cases or more).")
@click.option("--update", is_flag=True,
              help="Write the current answers into the cases of FILE that have no 'expect'.")
@click.option("--force", is_flag=True, help="With --update: replace expectations that differ too.")
@json_option
@handle_errors
def verify_command(paths, jobs, update, force, as_json):
    """Run ruling-case files or folders; one line per case, then the totals.

    Exit status 0 if every case passed, 1 if any failed, 2 on bad input.
    With --update, write the tool's answers into cases without one (check them!).
    """
    from pysolver import verify  # imported by the command that needs it (issue 16)

    if update or force:
        _verify_update(paths, update, force)
        return
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
