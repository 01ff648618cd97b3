"""Oracle compiler form for a noun phrase whose first words qualify each of its alternatives
(issue 13): "another nontoken Elf or Berserker", "a nontoken artifact or creature", "nontoken Zombie
or Mutant you control" (CR 109.2, 111.1, 205.3): each alternative is a permanent with every
qualifier, so the phrase is "nontoken Elf or nontoken Berserker".

Only qualifiers that are characteristics or tokenness (nontoken, non<card type>, legendary, basic,
nonbasic, snow) and alternatives that are one card type or one subtype each are read; anything else
(a color, "with ...", "and") stays with the forms that read it or not understood.  Called by
pysolver.cards.oracle.noun_filter; returns the phrases of the alternatives, or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

QUALIFIER = re.compile(r"nontoken|nonbasic|legendary|basic|snow|non[a-z]+")
ARTICLE = re.compile(r"(?:a|an|each|all) ")


def distributed(phrase: str, spec: dict[str, Any], is_type: Callable[[str], bool]) -> list[str] | None:
    """``nontoken Elf or Berserker`` -> [``nontoken Elf``, ``nontoken Berserker``]: the qualifiers
    repeated before each alternative, or None when the phrase isn't of that shape (``spec``: what
    noun_filter already read of the phrase, which must be nothing; ``is_type(word)``: a card type
    word; a capitalised word is a subtype)."""
    if spec:
        return None  # "with ...", "named ...": it would qualify the last alternative or all of them
    words = phrase[len(m.group(0)):] if (m := ARTICLE.match(phrase)) else phrase
    head, sep, tail = words.partition(" or ")
    if not sep or " or " in tail:
        return None
    parts = head.rstrip(",").split(", ")
    first = parts[0].split()
    qualifiers = first[:-1]
    alternatives = [first[-1], *parts[1:], tail]
    if not qualifiers or not all(QUALIFIER.fullmatch(w) for w in qualifiers):
        return None
    for word in qualifiers:
        if word.startswith("non") and word not in ("nontoken", "nonbasic") and not is_type(word[3:]):
            return None  # "nonhuman": not a card type (CR 205.2a)
    if not all(rx.fullmatch(r"[\w\-']+", a) and (is_type(a) or a[0].isupper()) for a in alternatives):
        return None
    return [" ".join([*qualifiers, a]) for a in alternatives]
