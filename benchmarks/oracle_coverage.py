"""Coverage of the Oracle-text compiler over a card data file; prints the figures.

    python benchmarks/oracle_coverage.py [FILE] [--list]

FILE is MTGJSON AtomicCards-shaped or a Scryfall bulk file (default: the
$PYSOLVER_CARD_DATA, else the tests' fixture).  Prints the share of cards with a mana ability
that compile, the "could produce" family, and the most common reasons a card
isn't compiled (every card with --list).
"""

from __future__ import annotations

import os
from pathlib import Path
import sys
from collections import Counter

from pysolver.cards import db as carddb

# A card data file given on the command line (MTGJSON AtomicCards.json, or the
# 17,000-card sample its figures in the README were measured on); without one,
# the small fixture the tests use.
FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "cards" / "atomic-fixture.json"
DEFAULT = os.environ.get("PYSOLVER_CARD_DATA") or str(FIXTURE)


def main() -> None:
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    source = carddb.Source(arguments[0] if arguments else DEFAULT)
    mana = compiled = 0
    family: list[tuple[str, bool]] = []
    failures: list[tuple[str, str]] = []
    for face in source.faces():
        result = carddb.compile_face(face)
        if result.could_produce:
            family.append((face.name, result.ok))
        if result.has_mana_ability:
            mana += 1
            compiled += result.ok
            if not result.ok:
                failures.append((face.name, "; ".join(result.problems)))
    print(f"cards with a mana ability: {mana}; compiled: {compiled} ({compiled / max(mana, 1):.1%})")
    print(f"'could produce' family: {sum(ok for _, ok in family)} of {len(family)} compiled: "
          + ", ".join(name for name, _ in family))
    kinds = Counter(reason.split(": ", 1)[-1].split(" '")[0] for _, reason in failures)
    print("most common reasons:")
    for kind, count in kinds.most_common(10):
        print(f"  {count:4}  {kind}")
    if "--list" in sys.argv:
        for name, reason in failures:
            print(f"{name}: {reason}")


if __name__ == "__main__":
    main()
