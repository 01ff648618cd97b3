"""Cranking a Contraption (issue 13): an Unstable mechanic the Comprehensive Rules this project follows leave out
("Cards and mechanics from the Unstable set aren't included in these rules", CR 701.41a), so a card that cranks is
refused whole (unsupported) with that reason, never partial with its sentence not understood."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

REASON = ("'crank' (cranking a Contraption, a mechanic of the Unstable set that CR 701.41a leaves out), which the "
          "Comprehensive Rules this project follows (February 7, 2025) don't define")


@pytest.mark.parametrize(("name", "text", "types"), [
    ("Accessories to Murder", "Whenever you crank this Contraption, target creature gets +X/+0 until end of turn, "
     "where X is the number of creatures you control.", "Artifact — Contraption"),
    ("Clock of DOOOOOOOOOOOOM!", "{4}, {T}: Move the CRANK! counter to your Contraption deck's next sprocket and crank "
     "any number of that sprocket's Contraptions.", "Artifact"),
])
def test_a_card_that_cranks_is_refused(name, text, types):
    result = compile_card(name, text, types)
    assert (result.status, result.problems) == ("unsupported", [REASON])
