"""A JSON Schema compiled into Python closures: is this data valid, fast.

The loaders validate every board and card file against the schemas of
pysolver/schemas.py.  ``jsonschema`` takes ~0.1 s to import and ~35 µs a
permanent to check; the closures built here answer valid or not for the
subset of JSON Schema 2020-12 that our schemas use, in a few µs, with no
import.  Only when data is invalid does ``schemas.first_error`` ask
``jsonschema`` for the most relevant error (its message and place), so the
messages are jsonschema's.  A schema keyword this compiler doesn't know is
refused when the schema is compiled, never skipped; tests check that both
agree on every fixture and on generated data.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

# Keywords that say nothing about validity.
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description", "$comment", "default", "examples"}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    # An int, never a float (2.0) nor a bool (schemas.py: the rules need integers).
    return isinstance(value, int) and not isinstance(value, bool)


TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": _is_integer,
}


def equal(one: Any, two: Any) -> bool:
    """JSON equality, as jsonschema judges enum, const and uniqueItems: true is not 1."""
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(equal(one[k], two[k]) for k in one)
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, (dict, list)) or isinstance(two, (dict, list)):
        return False
    return one == two


def _unique(items: list) -> bool:
    return all(not equal(items[i], items[j]) for i in range(len(items)) for j in range(i))


class Compiler:
    """Compiles one root schema (with its $defs) into a check."""

    def __init__(self, root: dict[str, Any]):
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        if pointer not in self.refs:
            if not pointer.startswith("#/"):
                raise ValueError(f"unsupported $ref {pointer!r}")
            target: Any = self.root
            for part in pointer[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            slot: list[Check] = []
            self.refs[pointer] = lambda v: slot[0](v)  # recursion: filled in below
            slot.append(self.compile(target))
            self.refs[pointer] = slot[0]
        return self.refs[pointer]

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda v: True
        if schema is False:
            return lambda v: False
        fused = _fused(schema)
        if fused is not None:
            return fused
        if _plain_object(schema):
            return self.plain_object(schema)
        checks: list[Check] = []
        for key, value in schema.items():
            if key in ANNOTATIONS or key in ("properties", "additionalProperties"):
                continue
            checks.append(getattr(self, "k_" + key.lstrip("$"), self.unknown(key))(value, schema))
        if "properties" in schema or "additionalProperties" in schema:
            checks.append(self.object_fields(schema))
        return _every(checks)

    @staticmethod
    def unknown(key: str):
        def refuse(_value, _schema):
            raise ValueError(f"the schema keyword {key!r} is not compiled (pysolver/validator.py)")
        return refuse

    # -- any instance
    def k_ref(self, value: str, _schema) -> Check:
        return self.ref(value)

    def k_type(self, value, _schema) -> Check:
        names = [value] if isinstance(value, str) else list(value)
        tests = [TYPES[n] for n in names]
        if len(tests) == 1:
            return tests[0]
        return lambda v: any(t(v) for t in tests)

    def k_enum(self, value: list, _schema) -> Check:
        return lambda v: any(equal(v, choice) for choice in value)

    def k_const(self, value, _schema) -> Check:
        return lambda v: equal(v, value)

    def k_allOf(self, value: list, _schema) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda v: all(p(v) for p in parts)

    def k_anyOf(self, value: list, _schema) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda v: any(p(v) for p in parts)

    def k_oneOf(self, value: list, _schema) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda v: sum(1 for p in parts if p(v)) == 1

    def k_not(self, value, _schema) -> Check:
        part = self.compile(value)
        return lambda v: not part(v)

    # -- numbers
    def k_minimum(self, value, _schema) -> Check:
        return lambda v: not _is_number(v) or v >= value

    def k_maximum(self, value, _schema) -> Check:
        return lambda v: not _is_number(v) or v <= value

    # -- strings
    def k_minLength(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, str) or len(v) >= value

    def k_maxLength(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, str) or len(v) <= value

    def k_pattern(self, value: str, _schema) -> Check:
        search = re.compile(value).search
        return lambda v: not isinstance(v, str) or search(v) is not None

    # -- arrays
    def k_items(self, value, _schema) -> Check:
        part = self.compile(value)

        def check(v: Any) -> bool:
            if isinstance(v, list):
                for item in v:
                    if not part(item):
                        return False
            return True
        return check

    def k_minItems(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, list) or len(v) >= value

    def k_maxItems(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, list) or len(v) <= value

    def k_uniqueItems(self, value: bool, _schema) -> Check:
        if not value:
            return lambda v: True
        return lambda v: not isinstance(v, list) or _unique(v)

    # -- objects
    def k_required(self, value: list, _schema) -> Check:
        return lambda v: not isinstance(v, dict) or all(k in v for k in value)

    def k_minProperties(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, dict) or len(v) >= value

    def k_maxProperties(self, value: int, _schema) -> Check:
        return lambda v: not isinstance(v, dict) or len(v) <= value

    def k_dependentRequired(self, value: dict, _schema) -> Check:
        pairs = list(value.items())
        return lambda v: not isinstance(v, dict) or all(
            all(n in v for n in needed) for key, needed in pairs if key in v)

    def plain_object(self, schema: dict[str, Any]) -> Check:
        """type object, required and the fields in one check (k_type, k_required and
        object_fields together), a text field's bounds checked in place: one call for each
        permanent of a board, not one for each of its fields (issue 16)."""
        required = tuple(schema.get("required", ()))
        properties = schema.get("properties", {})
        texts = {key: bounds for key, part in properties.items() if (bounds := _text_bounds(part)) is not None}
        fields = {key: self.compile(part) for key, part in properties.items() if key not in texts}
        extra = schema.get("additionalProperties", True)
        other = None if extra is True else self.compile(extra)

        def check(v: Any) -> bool:
            if not isinstance(v, dict):
                return False
            for key in required:
                if key not in v:
                    return False
            for key, item in v.items():
                bounds = texts.get(key)
                if bounds is not None:
                    if not isinstance(item, str) or not bounds[0] <= len(item) <= bounds[1]:
                        return False
                    continue
                part = fields.get(key, other)
                if part is not None and not part(item):
                    return False
            return True
        return check

    def object_fields(self, schema: dict[str, Any]) -> Check:
        fields = {k: self.compile(s) for k, s in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        other = None if extra is True else self.compile(extra)

        def check(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            for key, item in v.items():
                part = fields.get(key, other)
                if part is not None and not part(item):
                    return False
            return True
        return check


# An object schema with only these keywords: one closure (each permanent of a board).
_OBJECT = {"type", "required", "properties", "additionalProperties"}


def _plain_object(schema: Any) -> bool:
    return (isinstance(schema, dict) and schema.get("type") == "object"
            and not set(schema) - ANNOTATIONS - _OBJECT)


def _every(checks: list[Check]) -> Check:
    """All of the checks (with no generator for the usual two or three: a board checks
    each of its values against a few)."""
    if not checks:
        return lambda v: True
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        one, two = checks
        return lambda v: one(v) and two(v)
    if len(checks) == 3:
        one, two, three = checks
        return lambda v: one(v) and two(v) and three(v)
    return lambda v: all(check(v) for check in checks)


# A string or integer schema with only bounds: one closure (most fields of a board).
_SIMPLE = {"string": {"type", "minLength", "maxLength"}, "integer": {"type", "minimum", "maximum"}}


def _text_bounds(schema: Any) -> tuple[int, float] | None:
    """(minLength, maxLength) of a string schema with only bounds (as _fused reads it), else None."""
    if not isinstance(schema, dict) or schema.get("type") != "string" or set(schema) - ANNOTATIONS - _SIMPLE["string"]:
        return None
    longest = schema.get("maxLength")
    return schema.get("minLength", 0), math.inf if longest is None else longest


def _fused(schema: Any) -> Check | None:
    if not isinstance(schema, dict) or not isinstance(schema.get("type"), str) or schema["type"] not in _SIMPLE:
        return None
    kind = schema["type"]
    if set(schema) - ANNOTATIONS - _SIMPLE[kind]:
        return None
    if kind == "string":
        shortest, longest = schema.get("minLength", 0), schema.get("maxLength")
        if longest is None:
            return lambda v: isinstance(v, str) and len(v) >= shortest
        return lambda v: isinstance(v, str) and shortest <= len(v) <= longest
    low, high = schema.get("minimum"), schema.get("maximum")
    return lambda v: (isinstance(v, int) and not isinstance(v, bool)
                      and (low is None or v >= low) and (high is None or v <= high))


def compile_schema(schema: dict[str, Any]) -> Check:
    """A function telling whether data is valid against ``schema``."""
    return Compiler(schema).compile(schema)
