"""Random results and their exact probabilities: the one reading of ``random_among/2``.

The rules make a random choice (CR 705 a coin flip, 701.7a "at random") one atom
``random_among(K, N)``: at K (an outcomes stage, a mana event) one of N equally likely
candidates.  A path's probability is the product of 1/N over its random choices; paths
that lead to the same result add (pysolver outcomes, pysolver mana).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from clingo import Symbol

from pysolver.predicates import predicate


@predicate("random_among")
class RandomAmong(NamedTuple):
    at: Symbol  # where the choice is made: an outcomes stage (a number), a mana event
    candidates: int


def denominator(candidates: Iterable[int]) -> int:
    """A path's probability is 1/denominator: the product of its choices' candidates."""
    product = 1
    for n in candidates:
        product *= n
    return product


def total(counts: dict[int, int]) -> Fraction:
    """The sum over paths of 1/denominator, from the number of paths of each denominator."""
    terms = [Fraction(paths, d) for d, paths in counts.items()]
    return terms[0] if len(terms) == 1 else sum(terms, Fraction(0))
