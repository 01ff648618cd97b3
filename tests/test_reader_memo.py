"""predicates.Reader: what grounding decided is decoded once per grounding, and ``by``
groups the records by a field once, so a query asking about each of many permanents
doesn't read every atom each time (available on many identical sources, issue 16)."""

from __future__ import annotations

from dataclasses import replace

from pysolver import solver
from pysolver.predicates import SPECS, Reader
from pysolver.query.abilities import ActivatedAbility

ATOMS = 'activated_ability("a", x). activated_ability("b", y). activated_ability("a", z).'


def test_decided_atoms_are_decoded_once_and_each_read_gets_its_own_list(monkeypatch):
    decoded = []
    spec = SPECS[ActivatedAbility]
    original = spec.decode

    def counting(symbol):
        decoded.append(str(symbol))
        return original(symbol)

    monkeypatch.setitem(SPECS, ActivatedAbility, replace(spec, decode=counting))
    grounded = solver.ground([], rules=(), extra=ATOMS)
    first = Reader(grounded)(ActivatedAbility)
    first.clear()  # a caller changing its list changes no other reader's
    again = Reader(grounded)(ActivatedAbility)
    assert sorted((r.obj, str(r.ability)) for r in again) == [("a", "x"), ("a", "z"), ("b", "y")]
    assert len(decoded) == 3


def test_by_groups_the_records_by_a_field():
    read = Reader(solver.ground([], rules=(), extra=ATOMS))
    by_obj = read.by(ActivatedAbility, "obj")
    assert {obj: sorted(str(r.ability) for r in records) for obj, records in by_obj.items()} == {
        "a": ["x", "z"], "b": ["y"]}
    assert read.by(ActivatedAbility, "obj") is by_obj


def test_a_grounding_left_open_is_not_kept():
    # An atom grounding leaves open is read from a model, per reader, as before.
    grounded = solver.ground([], rules=(), extra='{ activated_ability("a", x) }. activated_ability("b", y).')
    assert grounded.atoms("activated_ability", 2) is None
    Reader(grounded)(ActivatedAbility)
    assert ActivatedAbility not in grounded.decided
