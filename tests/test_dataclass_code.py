"""The code dataclasses compile is compiled once and kept on disk (pysolver/dataclass_code.py):
a class made from kept code is the class Python compiles."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys

import pytest

from pysolver import cache, dataclass_code

SOURCE = '''
@dataclasses.dataclass(frozen=True)
class Point:
    """A point."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@dataclasses.dataclass
class Bag:
    """A bag."""

    items: list = dataclasses.field(default_factory=list)
'''


def make(module_exec=None) -> dict:
    """The classes of SOURCE, made with ``module_exec`` as the dataclasses module's exec
    (None: Python's own)."""
    had = "exec" in vars(dataclasses)
    saved = vars(dataclasses).get("exec")
    if module_exec is None:
        vars(dataclasses).pop("exec", None)
    else:
        dataclasses.exec = module_exec  # type: ignore[attr-defined]
    try:
        namespace = {"dataclasses": dataclasses}
        exec(SOURCE, namespace)
        return namespace
    finally:
        if had:
            dataclasses.exec = saved  # type: ignore[attr-defined]
        else:
            vars(dataclasses).pop("exec", None)


METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def codes(cls) -> dict:
    return {name: vars(cls)[name].__code__ for name in METHODS if name in vars(cls) and vars(cls)[name]}


def test_a_class_made_from_kept_code_is_the_class_python_compiles(tmp_path):
    path = tmp_path / "code.marshal"
    first = dataclass_code.CodeStore(path)
    made = make(first.exec)
    assert first.compiled == len(first.used) > 0
    first.save()
    again = dataclass_code.CodeStore(path)
    kept = make(again.exec)
    assert again.compiled == 0
    assert again.used == first.used
    python = make()
    for name in ("Point", "Bag"):
        assert codes(kept[name]) == codes(python[name]) == codes(made[name])
        assert set(codes(kept[name])) == set(codes(python[name]))
    point = kept["Point"](1, tags=("a",))
    assert repr(point) == "Point(x=1, y=0, tags=('a',))"
    assert point == kept["Point"](1, 0, ("a",)) and hash(point) == hash(kept["Point"](1, 0, ("a",)))
    assert dataclasses.replace(point, y=2) == kept["Point"](1, 2, ("a",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 3  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(kept["Point"])] == ["x", "y", "tags"]
    assert kept["Bag"]().items is not kept["Bag"]().items


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps([1, 2]), marshal.dumps({"text": 1})])
def test_an_unreadable_or_foreign_file_is_compiled_anew(tmp_path, content):
    path = tmp_path / "code.marshal"
    path.write_bytes(content)
    store = dataclass_code.CodeStore(path)
    assert store.codes == {}
    assert codes(make(store.exec)["Point"]) == codes(make()["Point"])
    assert store.compiled > 0


def test_a_file_that_cannot_be_written_is_no_error(tmp_path):
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    store = dataclass_code.CodeStore(blocked / "code.marshal")
    make(store.exec)
    store.save()
    assert blocked.read_text(encoding="utf-8") == ""


def test_nothing_is_written_when_nothing_was_compiled(tmp_path):
    path = tmp_path / "code.marshal"
    store = dataclass_code.CodeStore(path)
    store.save()
    assert not path.exists()


def test_past_the_most_texts_only_the_texts_of_the_run_are_kept(tmp_path, monkeypatch):
    path = tmp_path / "code.marshal"
    path.write_bytes(marshal.dumps({f"x = {n}": compile(f"x = {n}", "<string>", "exec") for n in range(5)}))
    monkeypatch.setattr(dataclass_code, "MOST_TEXTS", 5)
    store = dataclass_code.CodeStore(path)
    make(store.exec)
    store.save()
    assert set(marshal.loads(path.read_bytes())) == store.used


def test_the_cache_off_leaves_dataclasses_as_they_are(monkeypatch):
    monkeypatch.setenv(cache.ENVIRONMENT, "off")
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    assert dataclass_code.install() is None
    assert "exec" not in vars(dataclasses)


def test_a_run_of_pysolver_reads_the_code_the_first_kept(tmp_path):
    """pysolver installs the store when imported, in the cache folder; a second run compiles nothing."""
    script = ("import dataclasses, sys, pysolver\n"
              "store = dataclasses.exec.__self__\n"
              "print(str(store.path.parent) == sys.argv[1], store.compiled, len(store.used))\n")
    environment = {**os.environ, cache.ENVIRONMENT: str(tmp_path)}
    first, second = (subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                                    check=True, env=environment).stdout.split() for _ in range(2))
    assert first[0] == second[0] == "True"
    assert int(first[1]) == int(first[2]) > 10  # pysolver's dataclasses' methods
    assert second[1] == "0" and second[2] == first[2]
