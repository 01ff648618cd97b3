"""The code regular expressions compile to is kept on disk (pysolver/regex_code.py): a
pattern built from kept code is the pattern Python compiles."""

from __future__ import annotations

import re
import warnings

import pytest

from pysolver import regex_code

PATTERNS = [
    (r"This spell costs \{(?P<n>X|\d+)\} (?P<how>less|more) to cast", 0),
    ("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]", 0),  # PyYAML's reader
    (r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?  # verbose
          |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?)$""", re.X),
    (r"(?i)(a)(?P<b>b)?\1", 0),
    (r"mana|MANA", re.I | re.M),
    (rb"\x00(?P<x>[\x80-\xff]+)", 0),
]


PYTHON = getattr(regex_code._compiler.compile, "__self__", None)
PYTHON = PYTHON.python_compile if isinstance(PYTHON, regex_code.CodeStore) else regex_code._compiler.compile


def test_a_kept_pattern_is_the_pattern_python_compiles(tmp_path):
    first = regex_code.CodeStore(tmp_path / "r.marshal", PYTHON, keep=lambda: True)
    for p, flags in PATTERNS:
        assert first.compile(p, flags) == PYTHON(p, flags)
    assert first.compiled == len(PATTERNS)
    first.save()
    second = regex_code.CodeStore(tmp_path / "r.marshal", PYTHON, keep=lambda: True)
    assert set(second.entries) == set(PATTERNS)
    for p, flags in PATTERNS:
        built, python = second.compile(p, flags), PYTHON(p, flags)
        # Pattern.__eq__: the same text, flags and code
        assert (built, built.groups, dict(built.groupindex)) == (python, python.groups, dict(python.groupindex))
    assert second.compiled == 0
    assert second.compile(PATTERNS[0][0], 0).fullmatch("This spell costs {2} less to cast").group("n") == "2"
    assert second.compile(PATTERNS[1][0], 0).search("ok\x07").start() == 2
    assert second.compile(PATTERNS[3][0], 0).fullmatch("AbA").group("b") == "b"


def test_what_is_not_kept(tmp_path):
    """A pattern that warns (each run warns as Python does), re.DEBUG, one made as a program
    runs (not as a module is imported), a syntax error."""
    store = regex_code.CodeStore(tmp_path / "r.marshal", PYTHON, keep=lambda: True)
    for _ in range(2):
        with pytest.warns(FutureWarning, match="nested set"):
            store.compile("[[a]", 0)
    with pytest.raises(re.error):
        store.compile("(a", 0)
    assert store.entries == {}
    running = regex_code.CodeStore(tmp_path / "r.marshal", PYTHON)  # the test is not an import
    assert running.compile("made (?:as|while) running", 0) == PYTHON("made (?:as|while) running", 0)
    assert running.entries == {}


def test_a_damaged_or_foreign_file_is_read_as_empty(tmp_path):
    store = regex_code.CodeStore(tmp_path / "r.marshal", PYTHON, keep=lambda: True)
    store.compile("kept", 0)
    store.save()
    content = bytearray((tmp_path / "r.marshal").read_bytes())
    assert regex_code.CodeStore(tmp_path / "r.marshal", PYTHON).entries
    content[-3] ^= 1
    (tmp_path / "r.marshal").write_bytes(bytes(content))
    assert regex_code.CodeStore(tmp_path / "r.marshal", PYTHON).entries == {}
    (tmp_path / "r.marshal").write_bytes(b"\x00\x01")
    assert regex_code.CodeStore(tmp_path / "r.marshal", PYTHON).entries == {}


def test_importing_pysolver_installs_it():
    """The test session imported pysolver with the cache on (tests/conftest.py)."""
    assert isinstance(getattr(regex_code._compiler.compile, "__self__", None), regex_code.CodeStore)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert re.compile(r"installed (\w+)").fullmatch("installed yes").group(1) == "yes"
