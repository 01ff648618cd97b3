"""The compiled schema validator (pysolver/validator.py) agrees with jsonschema."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import documents, schemas, validator
from pysolver.errors import BoardError

from helpers import case_file_cases

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = {"board": schemas.BOARD_SCHEMA, "short": schemas.SHORT_BOARD_SCHEMA,
           "cards": schemas.CARDS_SCHEMA}
COMPILED = {name: validator.compile_schema(schema) for name, schema in SCHEMAS.items()}
REFERENCE = {name: schemas.reference_validator(schema) for name, schema in SCHEMAS.items()}


def documents_of(*patterns):
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            yield documents.load(path, BoardError).data


@cache
def samples() -> list:
    """Every board, case board and card file in the repository, read when a test first needs
    them (at import, each test process read them all while collecting, ~0.5 s of CPU; issue 16).
    The case boards are the ruling corpus's, read once a test process (helpers.case_file_cases),
    in the same order: by file, then as in the file."""
    found = list(documents_of("examples/*.yaml", "examples/*.json", "tests/fixtures/**/*.yaml",
                              "pysolver/data/cards/*.yaml"))
    for path in sorted(ROOT.glob("tests/cases/**/*.yaml")):
        found.extend(case.board for case in case_file_cases(path) if isinstance(case.board, dict))
    return found


def test_agrees_on_every_file_in_the_repository():
    assert len(samples()) > 400
    verdicts = {name: 0 for name in SCHEMAS}
    for data in samples():
        for name in SCHEMAS:
            expected = REFERENCE[name].is_valid(data)
            assert COMPILED[name](data) == expected, (name, data)
            verdicts[name] += expected
    assert all(verdicts.values())  # every schema accepts some of them


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2) | st.just(1.0)
    | st.sampled_from(["", "A", "Forest", "{G}", "{T}", "upkeep", "any", "you", "G", "permanent"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["card", "controller", "id", "tapped", "counters", "players", "name", "types",
                         "cards", "format", "abilities", "mana", "cost", "add", "x", "extra"]),
        inner, max_size=3),
    max_leaves=8)


def mutate(data, path, value):
    """``data`` with the value at ``path`` (indices taken modulo the sizes) replaced or removed."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    step, rest = path[0], path[1:]
    if isinstance(data, dict):
        keys = list(data)
        key = keys[step % len(keys)]
        copy = dict(data)
        if value is REMOVE and not rest:
            del copy[key]
        else:
            copy[key] = mutate(data[key], rest, value)
        return copy
    copy = list(data)
    index = step % len(copy)
    if value is REMOVE and not rest:
        del copy[index]
    else:
        copy[index] = mutate(data[index], rest, value)
    return copy


REMOVE = object()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sample=st.deferred(lambda: st.sampled_from(samples())), path=st.lists(st.integers(0, 50), min_size=1, max_size=6),
       value=json_values | st.just(REMOVE))
def test_agrees_on_mutated_files(sample, path, value):
    data = mutate(sample, path, value)
    if data is REMOVE:
        return
    for name in SCHEMAS:
        assert COMPILED[name](data) == REFERENCE[name].is_valid(data), name


def test_an_unknown_keyword_is_refused():
    with pytest.raises(ValueError, match="'prefixItems' is not compiled"):
        validator.compile_schema({"type": "array", "prefixItems": [{"type": "string"}]})


def test_json_equality_keeps_booleans_apart():
    check = validator.compile_schema({"enum": [1, [0]], "type": ["integer", "array"]})
    assert [check(v) for v in (1, 1.0, True, [0], [False], [0.0])] == [True, False, False, True, False, True]
