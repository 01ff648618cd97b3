"""A --json document's shape never changes under an old version (issue 14, docs/json-output.md).

Every output schema's shape (its keys, types, enumerations and constraints;
not its prose: descriptions and titles) has a fingerprint recorded for its
version in tests/fixtures/output-shapes.json.  Changing a schema file's shape
without changing its version fails here; a new version records its
fingerprint (``python tests/test_output_shapes.py`` prints them all) and says
in docs/json-output.md what changed.  The outputs themselves are validated
against the schema files, with every object closed (additionalProperties:
false), by tests/test_output_schemas.py, so an output can't change shape
without its schema file changing too."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pysolver import schemas

RECORDED = Path(__file__).parent / "fixtures" / "output-shapes.json"
PROSE = {"description", "title", "$id", "$comment"}


def _strip_properties(node: Any) -> Any:
    # a property may itself be named like a prose key ("description"): keep names under properties
    if isinstance(node, dict):
        out = {}
        for key, value in sorted(node.items()):
            if key in ("properties", "$defs", "dependentRequired") and isinstance(value, dict):
                out[key] = {name: _strip_properties(sub) for name, sub in sorted(value.items())}
            elif key not in PROSE:
                out[key] = _strip_properties(value)
        return out
    if isinstance(node, list):
        return [_strip_properties(v) for v in node]
    return node


def fingerprint(schema: dict[str, Any]) -> str:
    text = json.dumps(_strip_properties(schema), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def version(schema: dict[str, Any]) -> str:
    return schema["properties"]["schema"]["const"]


def current() -> dict[str, str]:
    found = {}
    for name in schemas.output_schema_names():
        schema = schemas.output_schema(name)
        found[version(schema)] = fingerprint(schema)
    return found


@pytest.mark.parametrize("name", schemas.output_schema_names())
def test_a_shape_changes_only_with_its_version(name):
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    schema = schemas.output_schema(name)
    assert version(schema) in recorded, (
        f"{version(schema)} has no recorded shape: record {fingerprint(schema)} in {RECORDED.name} "
        "and say in docs/json-output.md what the version changed")
    assert recorded[version(schema)] == fingerprint(schema), (
        f"the shape of {version(schema)} changed (now {fingerprint(schema)}): give the schema a new "
        "version, record its shape, and say in docs/json-output.md what changed")


def test_the_fingerprint_sees_keys_and_enumerations_but_not_prose():
    schema = schemas.output_schema("could-produce")
    base = fingerprint(schema)
    reworded = json.loads(json.dumps(schema))
    reworded["description"] = "other words"
    reworded["$defs"]["permanent"]["properties"]["types"]["description"] = "other words"
    assert fingerprint(reworded) == base
    added = json.loads(json.dumps(schema))
    added["$defs"]["missing"]["properties"]["reason"]["enum"].append("new_reason")
    assert fingerprint(added) != base
    field = json.loads(json.dumps(schema))
    field["$defs"]["permanent"]["properties"]["text"] = {"type": "string"}
    assert fingerprint(field) != base
    named = json.loads(json.dumps(schema))
    named["$defs"]["permanent"]["properties"]["description"] = {"type": "string"}
    assert fingerprint(named) != base


def test_every_recorded_version_is_documented_or_superseded():
    """Each recorded version is current or older than its schema's current version."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    now = {v.rsplit("/", 1)[0]: int(v.rsplit("/", 1)[1]) for v in current()}
    for name in recorded:
        family, number = name.rsplit("/", 1)
        assert family in now and int(number) <= now[family], name


if __name__ == "__main__":
    json.dump(current(), sys.stdout, indent=2, sort_keys=True)
    print()
