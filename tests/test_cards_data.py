"""Knowing the card data (issue 13, item 3): where an imported library comes from, what the
import skipped and why, --version, cards info, cards search's limit, cards list."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from pysolver import __version__
from pysolver.cards import builtin_library
from pysolver.cards import db as carddb

from helpers import imported_library

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
SCRYFALL = FIXTURES / "scryfall-fixture.json"
ATOMIC = FIXTURES / "atomic-fixture.json"
STAMP = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"


@pytest.fixture(autouse=True)
def no_user_library(monkeypatch, tmp_path):
    monkeypatch.delenv(carddb.ENVIRONMENT, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def face(name: str, layout: str, type_line: str, text: str = "") -> dict:
    return {"name": name, "layout": layout, "type": type_line, "text": text, "types": [],
            "manaCost": ""}


def mtgjson(tmp_path: Path) -> Path:
    """An AtomicCards-shaped file with MTGJSON's meta, a card, and entries that are not cards."""
    data = {"meta": {"date": "2024-05-01", "version": "5.2.2+20240501"}, "data": {
        "Llanowar Elves": [dict(face("Llanowar Elves", "normal", "Creature — Elf Druid", "{T}: Add {G}."),
                                types=["Creature"])],
        "Tazeem": [face("Tazeem", "planar", "Plane — Zendikar", "Creatures can't block.")],
        "Chaotic Aether": [face("Chaotic Aether", "planar", "Phenomenon", "When you encounter ...")],
        "All in Good Time": [face("All in Good Time", "scheme", "Scheme", "Take an extra turn.")],
        "Akroma": [face("Akroma", "vanguard", "Vanguard", "Creatures you control have flying.")],
        "Nameless": [{"layout": "normal", "type": "Creature"}],
    }}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_import_records_the_source_and_counts_skipped_entries_by_kind(cli, tmp_path):
    source = mtgjson(tmp_path)
    output = tmp_path / "cards.sqlite"
    code, out, _ = cli("cards", "import", source, "--output", output)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (f"wrote {output}: 1 cards, 1 compiled, 0 partial, 0 unsupported, 5 skipped "
                        "(1 malformed entry, 2 plane, 1 scheme, 1 vanguard)")
    assert re.fullmatch(rf"source: MTGJSON 5\.2\.2\+20240501 \(2024-05-01\), AtomicCards\.json, "
                        rf"imported {STAMP}", lines[2])
    info = carddb.CardDatabase(output).info()
    assert info.pop("imported_at") == lines[2].rsplit(" ", 1)[1]
    assert info == {"library": str(output), "source": "AtomicCards.json", "source_kind": "atomic",
                    "source_version": "5.2.2+20240501", "source_date": "2024-05-01",
                    "source_sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
                    "pysolver_version": __version__, "compiled_by_this_version": True,
                    "skipped_by_kind": {"malformed entry": 1, "plane": 2, "scheme": 1, "vanguard": 1},
                    "cards": 1, "compiled": 1, "mana": 1, "mana_compiled": 1, "partial": 0}
    skipped = dict(carddb.CardDatabase(output).skipped())
    assert skipped["data['Tazeem'][0] 'Tazeem'"] == (
        "not a card a permanent could be: a plane (layout 'planar')")


def test_scryfall_date_is_its_latest_updated_at_else_the_bulk_file_name(tmp_path):
    cards = json.loads(SCRYFALL.read_text("utf-8"))
    named = tmp_path / "oracle-cards-20240502091500.json"
    named.write_text(json.dumps(cards), "utf-8")
    carddb.import_cards(named, tmp_path / "a.sqlite")
    assert carddb.CardDatabase(tmp_path / "a.sqlite").info()["source_date"] == "2024-05-02T09:15:00Z"
    cards[0]["updated_at"], cards[1]["updated_at"] = "2024-06-01T10:00:00.000Z", "2024-07-01T08:00:00.000Z"
    named.write_text(json.dumps(cards), "utf-8")
    carddb.import_cards(named, tmp_path / "b.sqlite")
    info = carddb.CardDatabase(tmp_path / "b.sqlite").info()
    assert (info["source_kind"], info["source_date"]) == ("scryfall", "2024-07-01T08:00:00.000Z")
    assert "source_version" not in info  # Scryfall states no version


def test_a_streamed_file_keeps_its_meta(tmp_path, monkeypatch):
    source = mtgjson(tmp_path)
    monkeypatch.setattr(carddb.Source, "STREAM_ABOVE", 0)
    report = carddb.import_cards(source, tmp_path / "cards.sqlite")
    assert (report.meta["source_version"], report.meta["source_date"]) == ("5.2.2+20240501", "2024-05-01")
    assert report.skipped_kinds == {"malformed entry": 1, "plane": 2, "scheme": 1, "vanguard": 1}


def test_cards_info(cli, tmp_path):
    output = tmp_path / "cards.sqlite"
    cli("cards", "import", mtgjson(tmp_path), "--output", output)
    code, out, _ = cli("cards", "info", "--cards", output)
    assert code == 0
    digest = hashlib.sha256((tmp_path / "AtomicCards.json").read_bytes()).hexdigest()
    assert re.fullmatch(
        rf"built-in library: {len(builtin_library().cards)} cards\n{re.escape(str(output))}:\n"
        rf"  source: MTGJSON 5\.2\.2\+20240501 \(2024-05-01\), AtomicCards\.json, imported {STAMP}\n"
        rf"  sha256: {digest}\n  imported by: pysolver {re.escape(__version__)}\n"
        r"  cards: 1, compiled: 1, partial: 0; with a mana ability: 1, compiled: 1\n"
        r"  skipped entries: 1 malformed entry, 2 plane, 1 scheme, 1 vanguard\n", out)
    code, out, _ = cli("cards", "info")
    assert (code, out) == (0, (f"built-in library: {len(builtin_library().cards)} cards\n"
                               "no imported card library (pysolver cards import FILE)\n"))


def test_version_names_pysolver_and_the_libraries(cli, tmp_path, monkeypatch):
    code, out, _ = cli("--version")
    assert (code, out) == (0, f"pysolver {__version__}\nbuilt-in cards: {len(builtin_library().cards)}\n")
    output = tmp_path / "cards.sqlite"
    carddb.import_cards(mtgjson(tmp_path), output)
    monkeypatch.setenv(carddb.ENVIRONMENT, str(output))
    code, out, _ = cli("--version")
    assert code == 0
    assert re.fullmatch(rf"pysolver {re.escape(__version__)}\nbuilt-in cards: \d+\n"
                        rf"card library: {re.escape(str(output))}: MTGJSON 5\.2\.2\+20240501 "
                        rf"\(2024-05-01\), AtomicCards\.json, imported {STAMP}\n", out)


def test_search_says_when_it_stops_at_its_limit(cli, tmp_path):
    output = tmp_path / "cards.sqlite"
    imported_library(output)
    code, out, _ = cli("cards", "search", "Forest", "--cards", output, "--limit", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4  # a header, two cards, the note
    assert lines[-1] == "stopped at the limit of 2 cards; more match (--limit N shows more)"
    code, out, _ = cli("cards", "search", "Forest", "--cards", output, "--limit", "2", "--json")
    document = json.loads(out)
    assert (len(document["cards"]), document["limit"], document["more"]) == (2, 2, True)
    code, out, _ = cli("cards", "search", "Reflecting Pool", "--json")
    assert json.loads(out)["more"] is False
    code, out, _ = cli("cards", "search", "Reflecting Pool")
    assert "stopped" not in out


def test_list_builtin_and_imported(cli, tmp_path):
    code, out, _ = cli("cards", "list", "--builtin")
    names = sorted(builtin_library().cards)
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[1:-1]] == [n.split()[0] for n in names]
    assert out.splitlines()[-1] == f"{len(names)} cards"
    code, out, _ = cli("cards", "list", "--builtin", "--json")
    assert [c["name"] for c in json.loads(out)["cards"]] == names
    output = tmp_path / "cards.sqlite"
    carddb.import_cards(SCRYFALL, output)
    code, out, _ = cli("cards", "list", "--cards", output, "--json")
    assert [(c["name"], c["status"]) for c in json.loads(out)["cards"]] == carddb.CardDatabase(output).names()
    code, out, err = cli("cards", "list")
    assert (code, out) == (2, "")
    assert err == ("error: no imported card library: run 'pysolver cards import FILE', or name one "
                   "with --cards or PYSOLVER_CARDS (--builtin lists the built-in cards)\n")


def test_a_library_compiled_by_another_compiler_is_refused_by_queries_and_said_by_info(cli, tmp_path):
    """A pysolver whose source differs may compile a card otherwise (a sentence the old compiler
    called irrelevant that this one reads): its queries refuse the library's cards until it is
    imported again, instead of answering with what the old compiler made of them."""
    import sqlite3

    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps({"data": {"Ivory Sanctum": [dict(
        face("Ivory Sanctum", "normal", "Land", "{T}: Add {W}."), types=["Land"])]}}), "utf-8")
    output = tmp_path / "cards.sqlite"
    cli("cards", "import", source, "--output", output)
    board = tmp_path / "board.yaml"
    board.write_text("Alice: [Ivory Sanctum]\nBob: []\n", "utf-8")
    assert cli("could-produce", board, "--cards", output)[0] == 0
    with sqlite3.connect(output) as connection:
        connection.execute("UPDATE meta SET value = 'another' WHERE key = 'compiler'")
    connection.close()
    code, out, err = cli("could-produce", board, "--cards", output)
    assert (code, out) == (2, "")
    assert err == (f"error: {output}: its cards were compiled by another version of pysolver's Oracle compiler, "
                   "which may read their text otherwise: import it again (pysolver cards import FILE)\n")
    code, out, _ = cli("cards", "info", "--cards", output)
    assert code == 0 and ("  imported by: pysolver " + __version__ + " (another version of its Oracle compiler: "
                          "queries refuse its cards; import it again)") in out.splitlines()
    assert cli("cards", "show", "Ivory Sanctum", "--cards", output)[0] == 0
    cli("cards", "import", source, "--output", output)
    assert cli("could-produce", board, "--cards", output)[0] == 0
