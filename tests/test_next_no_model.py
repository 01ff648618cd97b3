"""A step of `pysolver next` whose program has no model is an error, never a branch that
vanishes (the state-based-action check returned no board at all when its program had none)."""

from __future__ import annotations

import pytest

from pysolver import solver
from pysolver.errors import EncodingError
from pysolver.next_state import SBA_RULES, _models


def test_a_program_with_no_model_is_an_error_not_an_empty_answer() -> None:
    program = solver.ground([], SBA_RULES, extra=":- not sba_never_derived_here. sba_never_derived_here :- #false.")
    with pytest.raises(EncodingError, match=r"have no answer for this board"):
        list(_models(program, None))


def test_a_program_with_models_yields_them() -> None:
    program = solver.ground([], SBA_RULES)
    assert len(list(_models(program, None))) == 1
