"""Every --json output validates against its documented, versioned schema."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import jsonschema
import pytest

from pysolver import schemas

from helpers import MANA_REPLACEMENTS

DOCS = Path(__file__).parent.parent / "docs" / "json-output.md"


@pytest.mark.parametrize("name", schemas.output_schema_names())
def test_schema_is_valid_and_versioned(name):
    schema = schemas.output_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    version = re.fullmatch(rf"https://pysolver\.invalid/schemas/output/{name}-(\d+)\.json", schema["$id"])
    assert version, schema["$id"]
    assert schema["properties"]["schema"] == {"const": f"pysolver/{name}/{version.group(1)}"}
    assert "schema" in schema["required"]


def test_every_schema_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    for name in schemas.output_schema_names():
        version = schemas.output_schema(name)["properties"]["schema"]["const"]  # pysolver/NAME/N
        assert f"`{version}`" in text, name


def validate(name: str, out: str) -> dict:
    document = json.loads(out)
    jsonschema.Draft202012Validator(schemas.output_schema(name)).validate(document)
    return document


BOARD = """\
players: [{name: Alice, commander_colors: [W]}, Bob]
battlefield:
- {card: Reflecting Pool, controller: Alice}
- {card: Forest, controller: Alice}
- {card: Command Tower, controller: Bob}
- {card: Exotic Orchard, controller: Bob}
- {card: Wastes, controller: Alice}
- {card: Contamination, controller: Bob}
- {card: Blood Moon, controller: Bob}
- {card: Gaea's Cradle, controller: Bob}
"""


@pytest.mark.parametrize("extra", [[], ["--explain"], ["forest", "--explain"], ["reflecting-pool"]])
def test_could_produce_json(cli, board_file, extra):
    code, out, _ = cli("could-produce", board_file(BOARD), *extra, "--json")
    assert code == 0
    document = validate("could-produce", out)
    assert document["schema"] == "pysolver/could-produce/2"
    for permanent in document["permanents"]:
        assert ("reasons" in permanent) == ("--explain" in extra)


def test_could_produce_schema_rejects_a_wrong_type(cli, board_file):
    _, out, _ = cli("could-produce", board_file(BOARD), "--json")
    document = json.loads(out)
    document["permanents"][0]["types"] = ["X"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schemas.output_schema("could-produce"))


def test_verify_json(cli, tmp_path):
    path = tmp_path / "cases.yaml"
    path.write_text(textwrap.dedent("""\
        cases:
        - id: right
          source: CR 106.7
          reason: r
          board: {Alice: [Forest], Bob: [Island]}
          query: could-produce
          expect: {forest: [G], island: [U]}
        - id: wrong
          source: CR 106.7
          reason: r
          board: {Alice: [Forest], Bob: [Island]}
          query: could-produce
          expect: {forest: [U], island: [U]}
        """), encoding="utf-8")
    code, out, _ = cli("verify", path, "--json")
    assert code == 1
    document = validate("verify", out)
    assert [c["passed"] for c in document["cases"]] == [True, False]


def test_schema_command_prints_output_schemas(cli):
    for name in schemas.output_schema_names():
        code, out, _ = cli("schema", "--output", name)
        assert code == 0 and json.loads(out) == schemas.output_schema(name)
    code, out, err = cli("schema", "--output", "nope")
    assert (code, out) == (2, "")
    assert err == ("error: --output: no output schema for 'nope' (schemas: "
                   f"{', '.join(schemas.output_schema_names())})\n")
    assert {"available", "can-activate", "could-produce", "mana", "outcomes", "turn", "verify", "x",
            "cards-import", "cards-search", "cards-show", "cards-unsupported"} <= set(
                schemas.output_schema_names())


TURN = """\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: upkeep}
battlefield:
- {card: Paradox Haze, controller: Alice, attached_to: {player: Alice}}
- {card: Verdant Force, controller: Bob}
- {card: Albino Troll, controller: Alice, entered: {turn: 1, step: end}}
"""

OUTCOMES = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: hb2, card: Haphazard Bombardment, controller: Alice}
- {id: forest, card: Forest, controller: Bob, counters: {aim: 1}}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
"""


@pytest.mark.parametrize("extra", [[], ["--explain"]])
def test_turn_json(cli, board_file, extra):
    code, out, _ = cli("turn", board_file(TURN), *extra, "--json")
    assert code == 0
    document = validate("turn", out)
    assert [s["step"] for s in document["steps"]][:3] == ["upkeep", "upkeep", "draw"]
    assert all(("reasons" in s) == bool(extra) for s in document["steps"])


@pytest.mark.parametrize("extra", [[], ["--explain"]])
def test_outcomes_json(cli, board_file, extra):
    code, out, _ = cli("outcomes", board_file(OUTCOMES), *extra, "--json")
    assert code == 0
    document = validate("outcomes", out)
    assert ("explanation" in document) == bool(extra)
    # Two orders of two identical triggers, two outcomes each: the order makes no difference.
    assert len(document["outcomes"]) == 2
    assert {"choice": "order", "player": "Alice", "makes_no_difference": True} in document["outcomes"][0]["choices"]


QUERIES_BOARD = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {card: Crackleburr, controller: Alice}
- {card: Raging Goblin, controller: Alice}
- {card: Tropical Island, controller: Alice}
- {card: Endless One, controller: Alice, x: 3, counters: {"+1/+1": 3}}
- {card: Haphazard Bombardment, controller: Alice}
- {card: Forest, controller: Bob, counters: {aim: 1}}
- {card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
"""


@pytest.mark.parametrize("command, args", [
    ("could-produce", ["--explain"]), ("turn", ["--explain"]), ("outcomes", ["--explain"]),
    ("can-activate", ["crackleburr", "--ability", "1", "--explain"]),
    ("available", ["Alice", "--explain"]), ("x", ["e1", "--explain"]), ("x", ["endless-one", "--explain"]),
    ("can-activate", ["crackleburr", "--ability", "1"]), ("available", ["Alice"]), ("x", ["e1"]),
    ("mana", ["tropical-island", "--ability", "2", "--explain"]), ("mana", ["tropical-island", "--ability", "1"]),
])
def test_every_query_json_validates(cli, board_file, command, args):
    board = board_file(QUERIES_BOARD + ("stack:\n- {id: e1, card: Endless One, controller: Alice, x: 4}\n"
                                        if command == "x" else ""))
    code, out, err = cli(command, board, *args, "--json")
    assert (code, err) == (0, "")
    validate(command, out)


def test_every_json_command_has_a_schema():
    import click

    from pysolver.cli import main
    context = click.Context(main)  # the commands are built when asked for (cli.LazyGroup)
    commands = {name: main.get_command(context, name) for name in main.list_commands(context)}
    with_json = {name for name, command in commands.items()
                 if any(p.name == "as_json" for p in getattr(command, "params", []))}
    with_json |= {f"cards-{name}" for name, command in commands["cards"].commands.items()
                  if any(p.name == "as_json" for p in command.params)}
    missing = with_json - set(schemas.output_schema_names())
    assert missing == set(), missing


MANA = MANA_REPLACEMENTS + """\
- {card: "Mishra's Workshop", controller: Alice}
- {card: Mana Flare, controller: Alice}
- {card: Llanowar Elves, controller: Alice, tapped: true}
"""


@pytest.mark.parametrize("args, outcomes", [
    # Contamination and Mana Reflection in either order (616.1), then the triggered
    # mana abilities of Overabundance and Mana Flare add one {B} each (106.12a).
    (["forest"], ["{B}{B}{B}", "{B}{B}{B}{B}"]),
    (["forest", "--explain"], ["{B}{B}{B}", "{B}{B}{B}{B}"]),
    (["forest", "--no-triggers"], ["{B}", "{B}{B}"]),
    (["spire-of-industry", "--ability", "2"], []),
    (["mishra-s-workshop"], ["{B}{B}{B}", "{B}{B}{B}{B}"]),
    (["llanowar-elves"], []),
])
def test_mana_json(cli, board_file, args, outcomes):
    code, out, err = cli("mana", board_file(MANA), *args, "--json")
    assert (code, err) == (0, "")
    document = validate("mana", out)
    assert document["schema"] == "pysolver/mana/4"
    assert [o["mana"] for o in document["outcomes"]] == outcomes
    assert bool(document["cannot_activate"]) == (not outcomes)


def test_mana_json_restricted(cli, board_file):
    board = board_file("{Alice: [\"Mishra's Workshop\", Mana Flare], Bob: [Island]}\n")
    code, out, _ = cli("mana", board, "mishra-s-workshop", "--json")
    assert code == 0
    document = validate("mana", out)
    assert [(o["mana"], o["restricted"]) for o in document["outcomes"]] == [("{C}{C}{C}{C}", "{C}{C}{C}")]
    assert document["outcomes"][0]["amounts"] == {"C": 4}


def test_mana_schema_rejects_a_wrong_type(cli, board_file):
    _, out, _ = cli("mana", board_file(MANA), "forest", "--json")
    document = json.loads(out)
    document["outcomes"][0]["mana"] = "{X}"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schemas.output_schema("mana"))


def test_cards_json(cli):
    code, out, _ = cli("cards", "search", "Reflecting", "--json")
    assert code == 0
    assert [c["name"] for c in validate("cards-search", out)["cards"]] == ["Reflecting Pool"]
    code, out, _ = cli("cards", "show", "Forest", "--json")
    assert code == 0
    assert validate("cards-show", out)["status"] == "ok"


def test_imported_cards_json(cli, tmp_path, monkeypatch):
    """cards import / search / show / unsupported on an imported library."""
    monkeypatch.delenv("PYSOLVER_CARDS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fixture = Path(__file__).parent / "fixtures" / "cards" / "scryfall-fixture.json"
    library = tmp_path / "cards.sqlite"
    code, out, _ = cli("cards", "import", fixture, "--output", library, "--json")
    assert code == 0
    assert validate("cards-import", out)["cards"] > 0
    code, out, _ = cli("cards", "unsupported", "--cards", library, "--json")
    assert code == 0
    validate("cards-unsupported", out)
    code, out, _ = cli("cards", "search", "add", "--cards", library, "--json")
    assert code == 0
    found = validate("cards-search", out)["cards"]
    assert found
    code, out, _ = cli("cards", "show", found[-1]["name"], "--cards", library, "--json")
    assert code == 0
    validate("cards-show", out)
