"""Every --json output validates against its documented, versioned schema."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import jsonschema
import pytest

from pysolver import schemas

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
        assert f"`pysolver/{name}/1`" in text, name


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
    assert document["schema"] == "pysolver/could-produce/1"
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
    assert err == "error: --output: no output schema for 'nope' (schemas: available, can-activate, could-produce, verify, x)\n"
