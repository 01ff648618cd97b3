"""The command line: a thin layer over pysolver's API, one small function a command.

Bad input prints one line to stderr and exits with status 2 (3 when a limit
was hit, so the answer would be incomplete); nothing is printed to stdout then.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from functools import wraps

import click

from pysolver import api, limits, schemas
from pysolver.cards import library as cardlib
from pysolver.errors import PysolverError, QueryError, printable
from pysolver.mana import vector_symbols
from pysolver.query import registry



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
    """BOARD argument, --cards FILE (repeatable) and --allow-partial."""
    command = allow_partial_option(command)
    command = click.option(
        "--cards", "card_files", multiple=True, type=click.Path(dir_okay=False),
        help="A card-definition file to add to the built-in library (repeatable).",
    )(command)
    return click.argument("board_file", metavar="BOARD", type=click.Path(dir_okay=False))(command)


def allow_partial_option(command):
    """--allow-partial: use imported cards some of whose sentences are not understood; the
    answer then names, on stderr, each such card on the board and the sentences ignored."""
    @wraps(command)
    def wrapper(*args, allow_partial: bool = False, **kwargs):
        used: dict[str, list[str]] = {}
        tokens = (cardlib.ALLOW_PARTIAL.set(allow_partial), cardlib.PARTIAL_USED.set(used))
        try:
            return command(*args, **kwargs)
        finally:
            cardlib.PARTIAL_USED.reset(tokens[1])
            cardlib.ALLOW_PARTIAL.reset(tokens[0])
            for name, ignored in sorted(used.items()):
                click.echo(f"note: {name} is partial: this answer ignores "
                           f"{' '.join(repr(t) for t in ignored)}", err=True)

    return click.option("--allow-partial", is_flag=True,
                        help="Use imported cards some of whose sentences are not understood "
                             "(the answer names the sentences ignored).")(wrapper)


def limit_options(command):
    """--timeout SECONDS and --max-outcomes N (issue: never a partial answer as complete)."""
    command = click.option("--max-outcomes", type=click.IntRange(min=1), default=None,
                           help="Refuse (exit 3) an answer with more outcomes than this.")(command)
    return click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                        callback=_check_timeout,
                        help="Stop (exit 3) after this many seconds, from reading the board on.")(command)


def _check_timeout(_context, _parameter, value):
    if value is not None and not 0 < value <= limits.MAX_TIMEOUT:  # nan, inf, 1e400
        raise click.BadParameter(f"{value!r} is not a number of seconds above 0 and at most "
                                 f"{limits.MAX_TIMEOUT:g}.")
    return value


def json_option(command):
    return click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")(command)


def emit_json(kind: str, payload: dict) -> None:
    # the version is the schema file's (one place; docs/json-output.md says what each changed);
    # a query registered without a schema file yet is at its first version
    try:
        version = schemas.output_schema(kind)["properties"]["schema"]["const"]
    except FileNotFoundError:
        version = f"pysolver/{kind}/1"
    document = {"schema": version, **payload}
    click.echo(json.dumps(document, indent=2, sort_keys=False, ensure_ascii=False))


def echo_steps(steps: list[dict]) -> None:
    """An explanation's rule-cited steps, one a line under "how:"."""
    click.echo("how:")
    for step in steps:
        click.echo(f"  {step['text']} ({', '.join(step['rules'])})")


def table(rows: list[list[str]], header: list[str]) -> str:
    rows = [[printable(str(c)) for c in row] for row in rows]
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    for row in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)


# Characters that could move the cursor, rewrite the screen, reverse the text or
# break a line when output reaches a terminal or a log: controls, format characters
# (bidi overrides), surrogates, line and paragraph separators.
_UNTRUSTED = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def escape_output(text: str) -> str:
    """``text`` with each untrusted character (but newline) written as ``\\uXXXX``: in
    text output a visible escape, in JSON output the same string (a JSON escape)."""
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(c):04x}" if c not in "\n" and ord(c) < 0x10000
                   and unicodedata.category(c) in _UNTRUSTED else c for c in text)


class _EscapingStream:
    """stdout with every write escaped (escape_output): the names in an answer are the
    board's, and a board is anyone's."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(escape_output(text) if isinstance(text, str) else text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


class OneLineErrors(click.Group):
    """Bad command-line usage is bad input too: one line, exit status 2 (no usage block)."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        if not isinstance(sys.stdout, _EscapingStream):
            sys.stdout = _EscapingStream(sys.stdout)
        try:
            code = super().main(*args, **kwargs)
        except click.UsageError as error:
            click.echo(printable(f"error: {error.format_message()}".replace("\n", " ")), err=True)
            sys.exit(2)
        except click.ClickException as error:
            click.echo(printable(f"error: {error.format_message()}".replace("\n", " ")), err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, _, value: print_version(ctx) if value else None,
              help="Show pysolver's version and its card libraries' and exit.")
def main():
    """Exact answers to Magic: The Gathering rules questions."""


def print_version(ctx) -> None:
    """``--version``: pysolver's version, the built-in library's size, and each imported
    library's source, version and date (PYSOLVER_CARDS, else the one in the data folder)."""
    from pysolver import __version__

    click.echo(f"pysolver {__version__}")
    try:
        info = api.library_info()
    except PysolverError as error:
        info = {"builtin": {"cards": len(api.load_library().cards)}, "libraries": []}
        click.echo(f"card library: {error}")
    click.echo(f"built-in cards: {info['builtin']['cards']}")
    for library in info["libraries"]:
        click.echo(f"card library: {library['library']}: {describe_source(library)}")
    ctx.exit()


def describe_source(info: dict) -> str:
    """``MTGJSON 5.2.2+20240101 (2024-01-01), AtomicCards.json, imported 2024-...``."""
    kind = {"atomic": "MTGJSON", "printings": "MTGJSON", "scryfall": "Scryfall"}.get(
        info.get("source_kind", ""), "unknown source")
    version = f" {info['source_version']}" if info.get("source_version") else ""
    date = f" ({info['source_date']})" if info.get("source_date") else " (date not stated)"
    imported = info.get("imported_at", "at an unknown date (imported by an older pysolver)")
    return f"{kind}{version}{date}, {info.get('source', '?')}, imported {imported}"


@main.command("could-produce")
@board_options
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--explain", is_flag=True, help="Show why each type is there, and why some are not.")
@json_option
@limit_options
@handle_errors
def could_produce_command(board_file, card_files, ids, explain, as_json, timeout, max_outcomes):
    """CR 106.7: the types of mana each permanent could produce."""
    limited = {"cards": card_files, "timeout": timeout, "max_outcomes": max_outcomes}
    if explain:
        explained = api.explain_could_produce(board_file, ids, **limited)
        answers = [e.answer for e in explained]
    else:
        explained = None
        answers = api.could_produce(board_file, ids, **limited)
    if as_json:
        rows = [e.to_json() for e in explained] if explained else [a.to_json() for a in answers]
        emit_json("could-produce", {"board": board_file, "permanents": rows})
        return
    # Types of mana as letters (mana symbols are for amounts); a copy with what it copies.
    rows = [[a.id, a.shown or a.card, a.controller, ", ".join(a.types) or "nothing"]
            for a in answers]
    click.echo(table(rows, ["ID", "CARD", "CONTROLLER", "COULD PRODUCE"]))
    for explanation in explained or ():
        click.echo("")
        click.echo(explanation.answer.id)
        lines = [(r.type, [s.line() for s in r.steps]) for r in explanation.reasons]
        lines += [(f"no {m.type}" if m.type else "none", [m.line()])
                  for m in explanation.missing]
        width = max(len(label) for label, _ in lines) if lines else 0
        for label, steps in lines:
            for i, step in enumerate(steps):
                click.echo(f"  {(label if i == 0 else '').ljust(width)}  {step}")


def explain_option(command):
    return click.option("--explain", is_flag=True, help="Say why, rule by rule.")(command)


@main.command("turn")
@board_options
@click.option("--max-steps", default=limits.DEFAULT_MAX_STEPS, show_default=True, type=click.IntRange(1, 10_000),
              help="Stop (exit 3) beyond this many steps.")
@click.option("--turns", "turn_count", type=click.IntRange(min=1, max=100), default=1, show_default=True,
              help="List this many turns: the rest of this one and the turns that follow.")
@json_option
@explain_option
@limit_options
@handle_errors
def turn_command(board_file, card_files, max_steps, turn_count, as_json, explain, timeout, max_outcomes):
    """The rest of the turn, step by step, with what triggers at the beginning of each (CR 500-514).

    --max-outcomes counts the steps listed."""
    if turn_count > 1:
        return turns_listing(board_file, card_files, turn_count, max_steps, as_json, explain, timeout,
                             max_outcomes)
    steps = api.turn(board_file, max_steps, cards=card_files, timeout=timeout, max_outcomes=max_outcomes)
    if as_json:
        emit_json("turn", {"board": board_file, "turn": steps.number,
                           "active_player": steps.active_player,
                           "steps": [{**s.to_json(), **({"reasons": s.reasons} if explain else {})}
                                     for s in steps]})
        return
    echo_turn(steps.number, steps.active_player, steps, explain)


def echo_turn(number, active_player, steps, explain: bool) -> None:
    """One turn's steps as a table: notes, triggers, and with ``explain`` the reasons."""
    rows = []
    for s in steps:
        note = ("skipped by " + ", ".join(s.skipped_by) if s.skipped_by
                else f"additional ({s.additional_by})" if s.additional_by
                else "if creatures attack" if s.only_if_attackers else "")
        triggers = [f"{t.source}: {t.text}" for t in s.triggers] or [""]
        rows.append([str(s.number), s.step, note, triggers[0]])
        rows.extend(["", "", "", more] for more in triggers[1:])
        if explain:
            rows.extend(["", "", "", f"  - {reason}"] for reason in s.reasons)
    click.echo(printable(f"turn {number}, {active_player}'s turn"))
    click.echo(table(rows, ["#", "STEP", "NOTE", "TRIGGERS"]))


def turns_listing(board_file, card_files, turn_count, max_steps, as_json, explain, timeout, max_outcomes):
    """turn --turns N: each turn's listing, one after the other."""
    listed = api.turns(board_file, turn_count, max_steps, cards=card_files, timeout=timeout,
                       max_outcomes=max_outcomes)
    if as_json:
        first = listed[0]
        emit_json("turn", {"board": board_file, "turn": first.number, "active_player": first.active_player,
                           "steps": [s.to_json() for s in first.steps],
                           "turns": [{"turn": t.number, "active_player": t.active_player,
                                      "steps": [{**s.to_json(), **({"reasons": s.reasons} if explain else {})}
                                                for s in t.steps]} for t in listed]})
        return
    for index, listed_turn in enumerate(listed):
        if index:
            click.echo("")
        echo_turn(listed_turn.number, listed_turn.active_player, listed_turn.steps, explain)


@main.command("outcomes")
@board_options
@json_option
@explain_option
@click.option("--witnesses", type=click.Choice(["one", "all"]), default="one", show_default=True,
              help="With --explain: one way to each outcome, or every way.")
@limit_options
@handle_errors
def outcomes_command(board_file, card_files, as_json, explain, witnesses, timeout, max_outcomes):
    """What happens next: every distinct outcome with its exact probability, and the choices."""
    result = api.outcomes(board_file, max_outcomes, timeout, explain, witnesses, cards=card_files)
    if as_json:
        emit_json("outcomes", {"board": board_file, "resolving": result.resolving,
                               "outcomes": [o.to_json() for o in result.outcomes],
                               **({"explanation": result.explanation()} if explain else {})})
        return
    click.echo("resolving: " + (", ".join(result.resolving_words) or "nothing"))
    rows = []
    for o in result.outcomes:
        lines = o.words["events"] or ["nothing happens"]
        rows.append([str(o.probability), "; ".join(o.words["choices"]), lines[0]])
        rows.extend(["", "", more] for more in lines[1:])
        if explain:
            rows.extend(["", "", f"  - {note}"] for note in o.words["notes"])
    click.echo(table(rows, ["PROBABILITY", "CHOICES", "EVENTS"]))
    if explain:
        for line in result.explanation():
            click.echo(line)


@main.command("next")
@board_options
@click.argument("actions", nargs=-1, required=True, metavar="ACTION...")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write each resulting board to DIR/next-N.yaml.")
@json_option
@limit_options
@handle_errors
def next_command(board_file, card_files, actions, out_dir, as_json, timeout, max_outcomes):
    """Every distinct board after ACTION... (play CARD, resolve, pass, check): each with its
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
        if out_dir is not None:
            click.echo(f"  board: {out_dir}/next-{number}.yaml")


@main.command("can-activate")
@board_options
@click.argument("permanent", metavar="PERMANENT")
@click.option("--ability", default=None, metavar="N|TEXT",
              help="Which activated ability: its number from 1 (printed ones in order, mana abilities "
                   "count, then intrinsic land abilities, then granted ones by timestamp), its cost "
                   "('{1}, {T}') or its text ('{T}: Add {G}'). Needed if it has several.")
@click.option("--explain", is_flag=True,
              help="List every condition checked, marking those that fail, and the permanent's "
                   "activated abilities.")
@json_option
@limit_options
@handle_errors
def can_activate_command(board_file, card_files, permanent, ability, explain, as_json, timeout,
                         max_outcomes):
    """CR 602: can a permanent's activated ability be activated now? Every reason if not.

    --max-outcomes counts the reasons it can't be activated."""
    answer = api.can_activate(board_file, permanent, ability, explain, cards=card_files, timeout=timeout,
                              max_outcomes=max_outcomes)
    if as_json:
        emit_json("can-activate", {"board": board_file, **answer.to_json()})
        return
    verdict = "yes" if answer.can_activate else "no"
    card = answer.shown or answer.card  # a copy: "Vesuva (as ...)"
    click.echo(f"{verdict}: {card} ({answer.id}), ability {answer.ability}: "
               f"{answer.text or answer.cost}")
    for reason in answer.reasons:
        click.echo(f"  {reason}")
    if explain:
        click.echo("checked:")
        for check in answer.checks:
            click.echo(f"  {check.line()}")
        abilities = api.activated_abilities(board_file, permanent, cards=card_files, timeout=timeout)
        rows = [[str(a.number), a.kind, a.cost] for a in abilities]
        click.echo(table(rows, ["N", "KIND", "COST"]))


@main.command("available")
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


@main.command("pay")
@board_options
@click.argument("player", metavar="PLAYER")
@click.argument("cost", metavar="[COST]", required=False)
@click.option("--spell", metavar="CARD_OR_ID", default=None,
              help="Pay this spell's mana cost (a stack id or a card name) instead of COST.")
@click.option("--x", "x", type=int, default=None, metavar="N",
              help="The value of X: list the ways to pay with it (default: the largest X payable).")
@click.option("--additional", "additional", multiple=True, metavar="NAME",
              help="With --spell: pay this optional additional cost too (kicker); repeatable.")
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


@main.command("x")
@board_options
@click.argument("object_id", metavar="OBJECT")
@json_option
@explain_option
@limit_options
@handle_errors
def x_command(board_file, card_files, object_id, as_json, explain, timeout, max_outcomes):
    """CR 107.3: the value of X for a spell on the stack or a permanent.

    --max-outcomes counts the values of X given: the object's X, and the X of
    the enters-the-battlefield abilities of the permanent it is or becomes."""
    answer = api.x_value(board_file, object_id, explain, cards=card_files, timeout=timeout,
                         max_outcomes=max_outcomes)
    if as_json:
        emit_json("x", {"board": board_file, **answer.to_json()})
        return
    click.echo(f"{answer.card} ({answer.id}) on the {answer.zone}: X = {answer.x}, "
               f"mana value {answer.mana_value}")
    if answer.etb_x is not None:
        click.echo(f"  X for its enters-the-battlefield abilities: {answer.etb_x}")
    if answer.resolves is not None:
        r = answer.resolves
        counters = ", ".join(f"{n} {k} counter{'s' * (n != 1)}" for k, n in r["counters"].items()) or "no counters"
        kind = "a token" if r["token"] else "a permanent"
        click.echo(f"  resolves into {kind}: {r['card']} with {counters}; its X = {r['x']}, "
                   f"mana value {r['mana_value']} (ETB X = {r['etb_x']})")
    if explain:
        echo_steps(answer.explanation)


@main.command("mana")
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


def _verify_update(paths, update: bool, force: bool) -> None:
    from pysolver import verify, verify_update
    if not update:
        raise click.UsageError("--force only goes with --update")
    for path in verify.case_files(list(paths)):
        for done in verify_update.update(path, force):
            click.echo(f"{done.action:8}  {done.case}  ({path})")


@main.command("verify")
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


@main.group("cards")
def cards_group():
    """Real cards: import MTGJSON or Scryfall data, look cards up."""


def card_files_option(command):
    return click.option(
        "--cards", "card_files", multiple=True, type=click.Path(dir_okay=False),
        help="A card file or imported card library (repeatable; default: PYSOLVER_CARDS, "
             "else the library in your data folder).",
    )(command)


@cards_group.command("import")
@click.argument("source", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--output", type=click.Path(dir_okay=False),
              help="Where to write the library (default: $XDG_DATA_HOME/pysolver/cards.sqlite).")
@click.option("--force", is_flag=True, help="Replace a library that has cards by one without any.")
@json_option
@handle_errors
def cards_import_command(source, output, force, as_json):
    """Compile MTGJSON AtomicCards/AllPrintings or Scryfall oracle-cards into a card library."""
    def progress(done, total):
        click.echo(f"\rcompiling cards: {done}/{total}", err=True, nl=done >= total)

    report = api.import_cards(source, output, progress, force=force)
    share = report.mana_compiled / report.mana if report.mana else 1.0
    if as_json:
        emit_json("cards-import", {"library": str(report.path), "cards": report.faces,
                                   "compiled": report.compiled, "partial": report.partial,
                                   "unsupported": report.unsupported,
                                   "skipped": len(report.skipped), "mana_abilities": report.mana,
                                   "mana_compiled": report.mana_compiled,
                                   "seconds": round(report.seconds, 2),
                                   "skipped_by_kind": report.skipped_kinds, "source": report.meta})
        return
    kinds = ", ".join(f"{count} {kind}" for kind, count in report.skipped_kinds.items())
    click.echo(f"wrote {report.path}: {report.faces} cards, {report.compiled} compiled, "
               f"{report.partial} partial, {report.unsupported} unsupported, "
               f"{len(report.skipped)} skipped"
               + (f" ({kinds})" if kinds else ""))
    click.echo(f"cards with a mana ability: {report.mana_compiled} of {report.mana} compiled "
               f"({share:.1%}); {report.seconds:.1f} s")
    click.echo(f"source: {describe_source(report.meta)}")


@cards_group.command("show")
@click.argument("name")
@card_files_option
@json_option
@handle_errors
def cards_show_command(name, card_files, as_json):
    """A card's Oracle text beside what the library made of it."""
    shown = api.show_card(name, card_files)
    if as_json:
        emit_json("cards-show", shown)
        return
    definition = {k: v for k, v in shown["definition"].items() if k not in ("name", "oracle")}
    click.echo(f"{shown['name']}  ({shown['origin']})")
    click.echo("Oracle text:")
    for line in (shown["oracle"] or "(none)").splitlines():
        click.echo(f"  {line}")
    if shown.get("sentences") is not None:
        click.echo("Sentences:")
        for sentence in shown["sentences"]:
            click.echo(f"  {sentence['line']}. [{sentence['class']}] {sentence['text']}")
            click.echo(f"       {sentence['why']}")
    if shown["status"] == "partial":
        click.echo(f"Partial: {shown['reason']} (used only with --allow-partial)")
    elif shown["status"] != "ok":
        click.echo(f"Not compiled: {shown['reason']}")
    click.echo("Characteristics:" if shown["status"] == "unsupported" else "Definition:")
    import yaml  # only to show a definition (issue 16: a query imports what it uses)

    text = yaml.safe_dump(definition, sort_keys=False, allow_unicode=True, width=100)
    for line in text.rstrip().splitlines():
        click.echo(f"  {line}")


@cards_group.command("search")
@click.argument("text")
@card_files_option
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 10_000))
@json_option
@handle_errors
def cards_search_command(text, card_files, limit, as_json):
    """Cards whose name or Oracle text contains TEXT."""
    found, more = api.search_cards_limited(text, card_files, limit)
    if as_json:
        emit_json("cards-search", {"text": text, "cards": found, "limit": limit, "more": more})
        return
    if not found:
        click.echo("no cards found")
        return
    click.echo(table([[c["name"], c["status"], c["origin"]] for c in found],
                     ["NAME", "STATUS", "LIBRARY"]))
    if more:
        click.echo(f"stopped at the limit of {limit} cards; more match (--limit N shows more)")


@cards_group.command("info")
@card_files_option
@json_option
@handle_errors
def cards_info_command(card_files, as_json):
    """Where the card libraries come from: source, version and date, file hash, import date."""
    info = api.library_info(card_files)
    if as_json:
        emit_json("cards-info", info)
        return
    click.echo(f"built-in library: {info['builtin']['cards']} cards")
    if not info["libraries"]:
        click.echo("no imported card library (pysolver cards import FILE)")
    for library in info["libraries"]:
        kinds = ", ".join(f"{n} {k}" for k, n in library["skipped_by_kind"].items()) or "none"
        click.echo(f"{library['library']}:")
        click.echo(f"  source: {describe_source(library)}")
        click.echo(f"  sha256: {library.get('source_sha256', 'not recorded')}")
        click.echo(f"  imported by: pysolver {library.get('pysolver_version', '(unknown)')}")
        click.echo(f"  cards: {library['cards']}, compiled: {library['compiled']}, partial: "
                   f"{library['partial']}; with a mana "
                   f"ability: {library['mana']}, compiled: {library['mana_compiled']}")
        click.echo(f"  skipped entries: {kinds}")


@cards_group.command("list")
@click.option("--builtin", is_flag=True, help="The built-in library (else the imported libraries).")
@card_files_option
@json_option
@handle_errors
def cards_list_command(builtin, card_files, as_json):
    """Every card of the built-in library (--builtin) or of the imported libraries."""
    listed = api.list_cards(card_files, builtin)
    if as_json:
        emit_json("cards-list", {"builtin": builtin, "cards": listed})
        return
    click.echo(table([[c["name"], c["status"], c["origin"]] for c in listed],
                     ["NAME", "STATUS", "LIBRARY"]))
    click.echo(f"{len(listed)} cards")


@cards_group.command("unsupported")
@card_files_option
@json_option
@handle_errors
def cards_unsupported_command(card_files, as_json):
    """Imported cards whose text couldn't be compiled or is partly not understood, with the
    reasons; skipped entries."""
    listed = api.unsupported_cards(card_files)
    if as_json:
        emit_json("cards-unsupported", listed)
        return
    click.echo(table([[c["name"], c["reason"]] for c in listed["cards"]], ["NAME", "REASON"]))
    if listed["skipped"]:
        click.echo("")
        click.echo(table([[s["entry"], s["reason"]] for s in listed["skipped"]],
                         ["SKIPPED ENTRY", "REASON"]))
    partial = sum(c["status"] == "partial" for c in listed["cards"])
    click.echo(f"{len(listed['cards']) - partial} unsupported, {partial} partial, "
               f"{len(listed['skipped'])} skipped")


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


@main.command("facts")
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


def registry_command(described: registry.Description | registry.Query) -> click.Command:
    """A command for a described query without a hand-written one: BOARD, its
    arguments, --json, --timeout and --max-outcomes (the registry's runner, asked as every
    query is, by api.ask; its renderer and schema).  Made from the description alone:
    the query's module is imported when the command runs."""

    def command(board_file, card_files, as_json, timeout, max_outcomes, **values):
        values = {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
        result = api.ask(described.name, board_file, cards=card_files, timeout=timeout,
                         max_outcomes=max_outcomes, **values)
        query = registry.get(described.name)
        if as_json or query.render is None:
            emit_json(query.schema or query.name, {"board": board_file, **result.to_json()})
            return
        for line in query.render(result):
            click.echo(line)

    command = handle_errors(command)
    command = limit_options(command)
    command = json_option(command)
    for arg in reversed(described.args):  # click lists the arguments applied last first
        command = click.argument(arg.name, nargs=-1 if arg.many else 1, metavar=arg.metavar)(command)
    command = board_options(command)
    return click.command(described.name, help=described.summary)(command)


for _described in registry.DESCRIPTIONS.values():
    if _described.name not in main.commands:
        main.add_command(registry_command(_described))


if __name__ == "__main__":
    main()
