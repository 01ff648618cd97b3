"""`pysolver cards import`, the SQLite card library, and queries over imported cards."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver.cards import builtin_library

import pysolver
from pysolver.cards import db as carddb
from pysolver.errors import CardError

from helpers import child_env, imported_library

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
ATOMIC = FIXTURES / "atomic-fixture.json"
SCRYFALL = FIXTURES / "scryfall-fixture.json"
ORACLE_TEXTS = "pysolver/data/cards/oracle-texts.yaml"  # built-in cards compiled from their text


@pytest.fixture(autouse=True)
def no_user_library(monkeypatch, tmp_path):
    """Never read the user's own library or PYSOLVER_CARDS during tests."""
    monkeypatch.delenv(carddb.ENVIRONMENT, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def scryfall_library(tmp_path):
    path = tmp_path / "scryfall.sqlite"
    carddb.import_cards(SCRYFALL, path)
    return path


# ------------------------------------------------------------------ import
def test_import_of_mtgjson_atomic_cards(cli, tmp_path):
    output = tmp_path / "cards.sqlite"
    code, out, err = cli("cards", "import", ATOMIC, "--output", output)
    entries = json.loads(ATOMIC.read_text("utf-8"))["data"]
    kept = [n for n, faces in entries.items() if faces[0]["layout"] not in carddb.SKIPPED_LAYOUTS]
    summary = carddb.CardDatabase(output).summary()
    assert code == 0
    assert out.splitlines()[0] == (
        f"wrote {output}: {len(kept)} cards, {summary['compiled']} compiled, {summary['partial']} partial, "
        f"{len(kept) - summary['compiled'] - summary['partial']} unsupported, 0 skipped")
    assert out.splitlines()[1].startswith(
        f"cards with a mana ability: {summary['mana_compiled']} of {summary['mana']} compiled (")
    assert err.endswith(f"compiling cards: {len(entries)}/{len(entries)}\n")
    assert summary["cards"] == len(kept)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.sqlite"]  # no temporary left


def test_import_to_the_default_path(cli, tmp_path):
    code, out, _ = cli("cards", "import", SCRYFALL)
    assert code == 0
    assert out.startswith(f"wrote {tmp_path / 'data' / 'pysolver' / 'cards.sqlite'}: 8 cards")


def test_import_of_scryfall_bulk_data(scryfall_library):
    database = carddb.CardDatabase(scryfall_library)
    assert database.summary() == {"cards": 8, "compiled": 7, "mana": 6, "mana_compiled": 5, "partial": 0}
    assert database.get("Treasure").data == {
        "name": "Treasure", "mana_cost": "", "types": ["Artifact"], "subtypes": ["Treasure"],  # CR 202.1b
        "oracle": "{T}, Sacrifice this token: Add one mana of any color.",
        "abilities": [{"mana": {"cost": ["{T}", "sacrifice_self"], "add": {"one_of": "any_color"}}}]}
    # Each face of a multi-face card is a card; the full name names the front face.
    # Its "pay 3 life or it enters tapped" is read by asp/zone_change.lp: an ok card.
    assert database.get("Bala Ged Sanctuary").data["enters_tapped"] == {"unless_pay_life": 3}
    # Menagerie Curator's cast trigger looks at the library: compiled, and next refuses where it
    # would trigger (tests/test_cast_counts.py).
    assert database.get("Menagerie Curator").data["abilities"][1]["triggered"]["when"]["unjudged"] == (
        "it reads the creature types of the cards in your library, which next doesn't judge")
    assert database.entry("Menagerie Curator").definition["abilities"][0] == {
        "mana": {"cost": ["{T}"], "add": {"one_of": "any_color"},
                 "restriction": "Spend this mana only to cast a creature spell."}}
    assert database.get("Bala Ged Recovery // Bala Ged Sanctuary").data["types"] == ["Sorcery"]
    # A card without text has no abilities.
    assert database.get("Memnite").data == {"name": "Memnite", "mana_cost": "{0}",
                                            "types": ["Artifact", "Creature"],
                                            "subtypes": ["Construct"], "oracle": ""}
    assert database.skipped() == [("[6]", "no name"), ("[7] 'Odd Text'", "its text is not text"),
                                  ("[8]", "not a card")]


def test_import_of_mtgjson_all_printings(tmp_path):
    atomic = json.loads(ATOMIC.read_text("utf-8"))["data"]
    elves, orchard = atomic["Llanowar Elves"][0], atomic["Exotic Orchard"][0]
    printings = {"data": {"AAA": {"cards": [elves, orchard]}, "BBB": {"cards": [elves, 5]},
                          "CCC": {"name": "no cards"}}}
    source = tmp_path / "AllPrintings.json"
    source.write_text(json.dumps(printings), "utf-8")
    report = carddb.import_cards(source, tmp_path / "cards.sqlite")
    assert (report.faces, report.compiled, report.skipped) == (
        2, 2, [("data['BBB'].cards[1]", "not a card"), ("data['CCC']", "a set without a list of cards")])


def test_reimport_replaces_the_library(tmp_path):
    output = tmp_path / "cards.sqlite"
    carddb.import_cards(SCRYFALL, output)
    carddb.import_cards(ATOMIC, output)
    assert carddb.CardDatabase(output).summary()["cards"] > 7


# ------------------------------------------------------------- bad input
def write(tmp_path, name: str, content: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


@pytest.mark.parametrize("name, content, message", [
    ("truncated.json", ATOMIC.read_bytes()[:5000],
     "217:6: malformed JSON: Unterminated string starting at (the file looks truncated)"),
    ("cut.json", ATOMIC.read_bytes()[:5009],
     "218:1: malformed JSON: Expecting ',' delimiter (the file looks truncated)"),
    ("empty.json", b"", "the file is empty"),
    ("shape.json", b'{"meta": {}, "cards": []}',
     'not MTGJSON AtomicCards or AllPrintings data ({"data": ...}) nor a Scryfall bulk file (a list of cards)'),
    ("number.json", b"42",
     'not MTGJSON AtomicCards or AllPrintings data ({"data": ...}) nor a Scryfall bulk file (a list of cards)'),
    ("latin1.json", b'[{"name": "Caf\xe9"}]', "not UTF-8 text (byte 14)"),
])
def test_a_bad_card_file_is_one_line_and_leaves_the_library_alone(cli, tmp_path, name, content, message):
    output = tmp_path / "cards.sqlite"
    carddb.import_cards(SCRYFALL, output)
    before = output.read_bytes()
    source = write(tmp_path, name, content)
    code, out, err = cli("cards", "import", source, "--output", output)
    assert (code, out) == (2, "")
    assert err == f"error: {source}: {message}\n"
    assert output.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["cards.sqlite", name])


def test_a_missing_card_file(cli, tmp_path):
    code, out, err = cli("cards", "import", tmp_path / "nope.json")
    assert (code, out, err) == (2, "", f"error: {tmp_path / 'nope.json'}: no such file\n")


def test_a_file_that_is_not_a_card_library(cli, tmp_path, board_file):
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    board = board_file("Alice: [Forest]\nBob: [Island]\n")
    code, out, err = cli("could-produce", board, "--cards", other)
    assert (code, out, err) == (
        2, "", f"error: {other}: not a pysolver card library (run: pysolver cards import FILE)\n")


# ------------------------------------------------------------- queries
def test_queries_read_an_imported_library(cli, scryfall_library, board_file):
    board = board_file("Alice: [Harvester Druid, Bala Ged Sanctuary, Menagerie Curator, Treasure]\n"
                       "Bob: [Forest]\n")
    code, out, err = cli("could-produce", board, "--cards", scryfall_library)
    assert (code, err) == (0, "")
    assert out == (
        "ID                  CARD                CONTROLLER  COULD PRODUCE\n"
        "harvester-druid     Harvester Druid     Alice       G\n"
        "bala-ged-sanctuary  Bala Ged Sanctuary  Alice       G\n"
        "menagerie-curator   Menagerie Curator   Alice       W, U, B, R, G\n"
        "treasure            Treasure            Alice       W, U, B, R, G\n"
        "forest              Forest              Bob         G\n")


def test_a_query_reading_an_imported_library_imports_no_compiler(scryfall_library, board_file):
    """The library's cards were compiled as it was imported: a query reading them imports no Oracle
    compiler nor its forms (pysolver.cards.oracle: some 0.1 s of CPU; issue 16)."""
    board = board_file("Alice: [Harvester Druid, Treasure]\nBob: [Forest]\n")
    script = ("import sys\nfrom pysolver.cli import main\n"
              f"try:\n    main(['could-produce', {str(board)!r}, '--cards', {str(scryfall_library)!r}])\n"
              "except SystemExit:\n    pass\n"
              "print(sorted(m for m in sys.modules if m.startswith('pysolver.cards.')))\n")
    subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, env=child_env())  # the cache
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=child_env())
    assert done.stdout.splitlines()[-3] == "treasure         Treasure         Alice       W, U, B, R, G"
    assert done.stdout.splitlines()[-1] == "['pysolver.cards.db', 'pysolver.cards.library', 'pysolver.cards.restrictions']"


def test_the_environment_variable_names_the_library(cli, scryfall_library, board_file, monkeypatch):
    board = board_file("Alice: [Menagerie Curator]\nBob: [Forest]\n")
    code, _, err = cli("could-produce", board)
    assert code == 2 and "unknown card 'Menagerie Curator'" in err
    monkeypatch.setenv(carddb.ENVIRONMENT, str(scryfall_library))
    code, out, err = cli("could-produce", board, "--allow-partial")
    assert code == 0
    assert "menagerie-curator  Menagerie Curator  Alice       W, U, B, R, G" in out


def test_an_uncompiled_card_on_a_board_is_refused(cli, scryfall_library, board_file):
    board = board_file("players: [Alice, Bob]\nbattlefield:\n- {card: Forest, controller: Alice}\n"
                       "- {card: Guildmark, controller: Alice}\n")
    code, out, err = cli("could-produce", board, "--cards", scryfall_library)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 4:10: battlefield[1].card: card 'Guildmark' could not be compiled from "
                   "its Oracle text: line 2: can't compile '{T}: Add one mana of your guild's colors.': a guild "
                   "joined by Pledge, an Un-set concept the Comprehensive Rules don't define\n")


def test_builtin_definitions_take_precedence(scryfall_library):
    library = pysolver.load_library([scryfall_library])
    assert library.get("Llanowar Elves").origin == ORACLE_TEXTS
    assert library.get("Treasure").origin == str(scryfall_library)


def test_a_large_library_is_read_lazily(scryfall_library, board_file):
    database = carddb.CardDatabase(scryfall_library)
    library = pysolver.load_library().with_fallbacks([database])
    from pysolver import board as board_module
    board_module.load_board(board_file("Alice: [Forest, Treasure]\nBob: [Memnite]\n"), library)
    assert sorted(database._entries) == ["Memnite", "Treasure"]


def test_unknown_card_hints_come_from_the_library_too(cli, scryfall_library, board_file):
    board = board_file("players: [Alice, Bob]\nbattlefield:\n- {card: Treasur, controller: Alice}\n")
    code, out, err = cli("could-produce", board, "--cards", scryfall_library)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 3:10: battlefield[0].card: unknown card 'Treasur' "
                   "(did you mean Treasure Token, Treasure?)\n")  # the built-in predefined token first


# ------------------------------------------------------------- show / search / unsupported
def test_cards_show(cli, scryfall_library):
    code, out, err = cli("cards", "show", "Bala Ged Sanctuary", "--cards", scryfall_library)
    assert (code, err) == (0, "")
    assert out == (
        f"Bala Ged Sanctuary  ({scryfall_library})\n"
        "Oracle text:\n"
        "  As this land enters, you may pay 3 life. If you don't, it enters tapped.\n"
        "  {T}: Add {G}.\n"
        "Sentences:\n"
        "  1. [compiled] As ~ enters, you may pay 3 life.\n"
        "       it enters tapped unless / if its condition holds (CR 614.1c, 614.12)\n"
        "  1. [compiled] If you don't, it enters tapped.\n"
        "       it enters tapped unless / if its condition holds (CR 614.1c, 614.12)\n"
        "  2. [compiled] {T}: Add {G}.\n"
        "       mana\n"
        "Definition:\n"
        "  types:\n"
        "  - Land\n"
        "  enters_tapped:\n"
        "    unless_pay_life: 3\n"
        "  abilities:\n"
        "  - mana:\n"
        "      cost:\n"
        "      - '{T}'\n"
        "      add:\n"
        "        mana: '{G}'\n")
    code, out, _ = cli("cards", "show", "Guildmark", "--cards", scryfall_library)
    assert code == 0
    assert ("Not compiled: line 2: can't compile '{T}: Add one mana of your guild's colors.': a guild joined by "
            "Pledge, an Un-set concept the Comprehensive Rules don't define\n") in out
    code, out, err = cli("cards", "show", "Treasur", "--cards", scryfall_library)
    assert (code, out, err) == (2, "", "error: unknown card 'Treasur' (did you mean Treasure Token, Treasure?)\n")


def test_cards_show_builtin(cli):
    code, out, _ = cli("cards", "show", "Sol Ring")
    assert code == 0
    assert out.startswith(f"Sol Ring  ({ORACLE_TEXTS})\nOracle text:\n  {{T}}: Add {{C}}{{C}}.\nDefinition:\n")


def test_cards_search(cli, scryfall_library):
    code, out, _ = cli("cards", "search", "could produce", "--cards", scryfall_library, "--json")
    found = json.loads(out)
    assert code == 0 and found["schema"] == "pysolver/cards-search/1"
    builtin = sorted(name for name, card in builtin_library().cards.items()
                     if "could produce" in card.data.get("oracle", "").casefold())
    assert {"Exotic Orchard", "Fellwar Stone", "Reflecting Pool", "Squandered Resources"} <= set(builtin)
    assert [c["name"] for c in found["cards"]] == builtin
    assert [c["origin"] for c in found["cards"] if c["name"] == "Harvester Druid"] == [ORACLE_TEXTS]
    code, out, _ = cli("cards", "search", "sanctuary", "--cards", scryfall_library)
    assert (code, out) == (0, "NAME                STATUS  LIBRARY\n"
                              f"Bala Ged Sanctuary  ok      {scryfall_library}\n")
    code, out, _ = cli("cards", "search", "curator", "--cards", scryfall_library)
    assert (code, out) == (0, "NAME               STATUS  LIBRARY\n"
                              f"Menagerie Curator  ok      {scryfall_library}\n")


def test_cards_unsupported(cli, scryfall_library):
    code, out, err = cli("cards", "unsupported", "--cards", scryfall_library)
    assert (code, err) == (0, "")
    assert out == (
        "NAME       REASON\n"
        "Guildmark  line 2: can't compile '{T}: Add one mana of your guild's colors.': a guild joined by Pledge, "
        "an Un-set concept the Comprehensive Rules don't define\n"
        "\n"
        "SKIPPED ENTRY   REASON\n"
        "[6]             no name\n"
        "[7] 'Odd Text'  its text is not text\n"
        "[8]             not a card\n"
        "1 unsupported, 0 partial, 3 skipped\n")


def test_cards_unsupported_without_a_library(cli):
    code, out, err = cli("cards", "unsupported")
    assert (code, out) == (2, "")
    assert err == ("error: no imported card library: run 'pysolver cards import FILE', or name one "
                   "with --cards or PYSOLVER_CARDS\n")


def test_api_errors_are_card_errors(tmp_path):
    with pytest.raises(CardError, match="the file is empty"):
        pysolver.import_cards(write(tmp_path, "e.json", b" \n"), tmp_path / "x.sqlite")


def test_every_compiled_mana_card_of_the_fixture_answers_a_query(tmp_path):
    output = tmp_path / "cards.sqlite"
    imported_library(output)
    database = carddb.CardDatabase(output)
    names = [row[0] for row in database._query(
        "SELECT name FROM cards WHERE status != 'unsupported' AND mana = 1 ORDER BY name")]
    assert len(names) >= 250
    # An Aura is attached to what it can enchant (CR 704.5m): the Auras here enchant lands.
    auras = {name for name in names if database.entry(name).definition.get("enchant")}
    assert auras == {"Dawn's Reflection", "Imprisoned in the Moon", "New Horizons", "Overgrowth", "Utopia Sprawl"}
    board = pysolver.board_from_data(  # CR 702.131b: ten or more permanents, one with ascend: the city's blessing
        {"players": [{"name": "Alice", "city_blessing": True}, "Bob"],
         "battlefield": [{"id": f"p{i}", "card": name, "controller": "Alice",
                          **({"attached_to": {"permanent": "enchanted"}} if name in auras else {})}
                         for i, name in enumerate(names)] + [{"id": "bob-forest", "card": "Forest",
                                                                "controller": "Bob"},
                                                               {"id": "enchanted", "card": "Forest",
                                                                "controller": "Alice"}]},
        [output], allow_partial=True)
    answers = {a.id: a.types for a in pysolver.could_produce(board)}
    assert len(answers) == len(names) + 2
    by_name = {name: answers[f"p{i}"] for i, name in enumerate(names)}
    assert answers["bob-forest"] == ("G",)
    # Chromatic Lantern gives every land Alice controls "{T}: Add one mana of any color".
    assert by_name["Exotic Orchard"] == ("W", "U", "B", "R", "G")
    # A Realm Reborn gives every other permanent she controls the same, not itself.
    assert by_name["Sol Ring"] == ("W", "U", "B", "R", "G", "C")
    assert by_name["Gruul Signet"] == ("W", "U", "B", "R", "G")
    assert by_name["A Realm Reborn"] == ()
    # ... and Cryptolith Rite gives every creature she controls the same.
    assert by_name["Llanowar Elves"] == ("W", "U", "B", "R", "G")


def test_a_damaged_library_is_one_line(cli, tmp_path, board_file):
    library = tmp_path / "cards.sqlite"
    imported_library(library)
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(library.read_bytes()[:3000])
    board = board_file("Alice: [Forest]\nBob: [Island]\n")
    code, out, err = cli("could-produce", board, "--cards", damaged)
    assert (code, out, err) == (
        2, "", f"error: {damaged}: not a pysolver card library (run: pysolver cards import FILE)\n")


# ------------------------------------------------------------- large files are streamed
def library_rows(path):
    with sqlite3.connect(path) as connection:
        return (connection.execute("SELECT * FROM cards ORDER BY name").fetchall(),
                connection.execute("SELECT * FROM aliases ORDER BY alias").fetchall(),
                connection.execute("SELECT * FROM skipped ORDER BY entry").fetchall())


@pytest.mark.parametrize("source", [ATOMIC, SCRYFALL, "printings"])
def test_a_streamed_file_makes_the_same_library(monkeypatch, tmp_path, source):
    if source == "printings":  # AllPrintings' shape: sets of printings, one face more than once
        atomic = json.loads(ATOMIC.read_text("utf-8"))["data"]
        cards = [face for faces in atomic.values() for face in faces]
        sets = {"meta": {"version": "x"},
                "data": {"AAA": {"cards": cards[:150]}, "BBB": {"cards": cards[100:]}}}
        source = write(tmp_path, "AllPrintings.json", json.dumps(sets, indent=1).encode())
    whole = imported_library(tmp_path / "whole.sqlite", source)  # the import compared with
    monkeypatch.setattr(carddb.Source, "STREAM_ABOVE", 0)
    monkeypatch.setattr(carddb._Streamed, "CHUNK", 97)  # many small reads: the buffer grows
    assert isinstance(carddb.Source(source).data, (dict, carddb._Streamed))
    streamed = carddb.import_cards(source, tmp_path / "streamed.sqlite")
    assert (streamed.faces, streamed.compiled, streamed.skipped) == (
        whole.faces, whole.compiled, whole.skipped)
    assert library_rows(tmp_path / "streamed.sqlite") == library_rows(tmp_path / "whole.sqlite")


@pytest.mark.parametrize("content, message", [
    (ATOMIC.read_bytes()[:5000], "217:6: malformed JSON: Unterminated string starting at "
                                 "(the file looks truncated)"),
    (b'{"data": {"A": [{"name": "A"}] "B": []}}', "1:32: malformed JSON: expected '}', found '\"'"),
    (b'{"meta": {}, "cards": []}', 'not MTGJSON AtomicCards or AllPrintings data ({"data": ...}) '
                                   'nor a Scryfall bulk file (a list of cards)'),
    (b"  ", "the file is empty"),
])
def test_a_bad_streamed_file_is_one_line(monkeypatch, tmp_path, content, message):
    monkeypatch.setattr(carddb.Source, "STREAM_ABOVE", 0)
    monkeypatch.setattr(carddb._Streamed, "CHUNK", 64)
    source = write(tmp_path, "bad.json", content)
    with pytest.raises(CardError) as error:
        carddb.import_cards(source, tmp_path / "out.sqlite")
    assert str(error.value) == f"{source}: {message}"
    assert not (tmp_path / "out.sqlite").exists()


def test_an_imported_card_keeps_every_part_the_compiler_made(tmp_path):
    """The library stores what the compiler makes, every key of it: a card's kicker (CR 702.33a),
    its spell effects, costs and choices were once dropped on import (a kicked spell was then
    refused on the board as having no kicker)."""
    figment = {"name": "Aether Figment", "manaCost": "{1}{U}", "type": "Creature — Illusion",
               "types": ["Creature"], "subtypes": ["Illusion"], "keywords": ["Kicker"], "power": "1",
               "toughness": "1", "layout": "normal",
               "text": "Kicker {3} (You may pay an additional {3} as you cast this spell.)\nIf this creature was "
                       "kicked, it enters with two +1/+1 counters on it.\nThis creature can't be blocked."}
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps({"data": {"Aether Figment": [figment]}}), "utf-8")
    carddb.import_cards(source, tmp_path / "cards.sqlite")
    card = carddb.CardDatabase(tmp_path / "cards.sqlite").get("Aether Figment")
    assert (card.data["kicker"], card.data["enters_with_counters"]) == (
        "{3}", [{"kind": "+1/+1", "count": 2, "if": "kicked"}])
