"""The command line: a thin layer over pysolver's API, one small function a command.

Bad input prints one line to stderr and exits with status 2 (3 when a limit
was hit, so the answer would be incomplete); nothing is printed to stdout then.
"""

from __future__ import annotations

import importlib
import json
import sys
import unicodedata
from functools import wraps
from typing import Any

import click

from pysolver import api, limits, schemas
from pysolver.cards import library as cardlib
from pysolver.errors import PysolverError, printable
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
        except (MemoryError, OSError, ImportError) as error:  # bad_alloc, ENOMEM, a module not mapped: a limit
            from pysolver.errors import LimitExceeded
            from pysolver.limits import OUT_OF_MEMORY, out_of_memory

            if not out_of_memory(error):
                raise
            limit = LimitExceeded(OUT_OF_MEMORY, file=kwargs.get("board_file"))
            click.echo(f"error: {limit}", err=True)
            sys.exit(limit.exit_code)

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


class LazyGroup(click.Group):
    """click's lazy group (its documentation, "Lazily Loading Subcommands"): a command is built,
    and its module imported, when it is invoked, listed (--help) or completed, not when the
    command line is (issue 16: building all 21 commands was a twentieth of the smallest query).

    ``lazy_subcommands`` maps a command's name to ``"module:attribute"``; a query described in
    the registry without a command of its own gets the generic one (``registry_command``)."""

    def __init__(self, *args: Any, lazy_subcommands: dict[str, str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = lazy_subcommands or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands, *registry.DESCRIPTIONS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in self.lazy_subcommands:
                module, attribute = self.lazy_subcommands[cmd_name].split(":")
                self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
            elif cmd_name in registry.DESCRIPTIONS:
                self.add_command(registry_command(registry.DESCRIPTIONS[cmd_name]), cmd_name)
        return super().get_command(ctx, cmd_name)


class OneLineErrors(LazyGroup):
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


# Each command's module (pysolver/commands/), imported when the command is invoked.
COMMANDS = {name: f"pysolver.commands.{module}:{attribute}" for name, module, attribute in (
    ("available", "available", "available_command"),
    ("can-activate", "can_activate", "can_activate_command"),
    ("cards", "cards", "cards_group"),
    ("could-produce", "could_produce", "could_produce_command"),
    ("facts", "facts", "facts_command"),
    ("mana", "mana", "mana_command"),
    ("next", "next", "next_command"),
    ("outcomes", "outcomes", "outcomes_command"),
    ("pay", "pay", "pay_command"),
    ("schema", "schema", "schema_command"),
    ("turn", "turn", "turn_command"),
    ("verify", "verify", "verify_command"),
    ("x", "x", "x_command"),
)}


@click.group(cls=OneLineErrors, lazy_subcommands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
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


def explain_option(command):
    return click.option("--explain", is_flag=True, help="Say why, rule by rule.")(command)


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


if __name__ == "__main__":
    main()
