"""`pysolver cards`: imported when the command is invoked (pysolver/cli.py, issue 16)."""

from __future__ import annotations

import click

from pysolver import api
from pysolver.cli import describe_source, emit_json, handle_errors, json_option, table


@click.group("cards")
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
        click.echo(f"  imported by: pysolver {library.get('pysolver_version', '(unknown)')}"
                   + ("" if library["compiled_by_this_version"] else
                      " (another version of its Oracle compiler: queries refuse its cards; import it again)"))
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
