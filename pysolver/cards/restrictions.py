"""CR 602.1b, 602.5b, 602.5d: the "Activate only ..." restrictions of an activated ability,
as clauses the rules read (pysolver.cards emits them as facts; the Oracle compiler keeps only
the sentences this understands).  A small module, so that reading card facts needs no compiler."""

from __future__ import annotations

import re
from typing import Any

# CR 602.5d, 505.1, 503.1: the "Activate only ..." timing clauses the rules read, by name.
ACTIVATION_TIMING = {"as a sorcery": "sorcery", "as an instant": "instant", "during your turn": "your_turn",
                     "during an opponent's turn": "opponent_turn", "during your upkeep": "your_upkeep"}
ACTIVATION_TIMES = ("once", "twice", "three times", "four times")
COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10}


def activation_clauses(text: str) -> list[tuple[str, Any]] | None:
    """An "Activate only ..." sentence (CR 602.5b, 602.5d) as its clauses: ("timing", name),
    ("limit", (times, "turn" | "game")) or ("graveyard", N) ("if there are N or more cards in
    your graveyard"); None when a clause is not one of these."""
    m = re.fullmatch(r"Activate (.+?)\.?", text)
    clauses: list[tuple[str, Any]] = []
    for clause in re.split(r" and (?=only )", m.group(1)) if m else [None]:
        if clause is None or not clause.startswith(("only ", "no more than ")):
            return None
        clause = clause.removeprefix("only ")
        if clause in ACTIVATION_TIMING:
            clauses.append(("timing", ACTIVATION_TIMING[clause]))
            continue
        cards = re.fullmatch(r"if there are (\w+) or more cards in your graveyard", clause)
        if cards and cards.group(1) in COUNT_WORDS:  # CR 602.5b (threshold's condition, 207.2c)
            clauses.append(("graveyard", COUNT_WORDS[cards.group(1)]))
            continue
        times = re.fullmatch(rf"(?:no more than )?({'|'.join(ACTIVATION_TIMES)})( each turn)?", clause)
        if not times:
            return None
        clauses.append(("limit", (ACTIVATION_TIMES.index(times.group(1)) + 1,
                                  "turn" if times.group(2) else "game")))
    return clauses
