"""Oracle compiler form of entering as a copy (issue 13): "You may have ~ enter as a copy of any
creature on the battlefield", "... of a creature you control" (CR 614.1c, 707.5, 616.1c): an
optional replacement effect of the permanent itself; `pysolver next` gives an outcome for it
entering as itself and one for each permanent it may copy (asp/zone_change.lp finds them).
A copy with exceptions (CR 707.9, 707.9b: they become part of the copy's copiable values) is
read for the common ones: "except it's an artifact in addition to its other types", "except
it's a Wall in addition to its other types" (a creature type, for a copy of a creature only:
205.3d), "except it's legendary in addition to its other types", "except it has flying"
(keywords a rule or a query can read: the compiler's KEYWORDS), "except it isn't legendary",
"except its name is ~" (its own card's name: 201.2), "except it enters with an additional +1/+1
counter on it [if it's a creature]" (707.9e, 707.9f: an effect as it enters, with the spell's X,
107.3m), and abilities it gains that no query reads
(707.9a: "except it has dethrone", "except it has "Whenever ~ attacks, it connives."": a keyword
or a quoted ability the compiler reads as irrelevant when printed on a permanent of the kind
copied); any other exception (another name, a quoted ability a rule reads, counters) is not
read, so not understood.
Called by pysolver.cards.oracle with its reader of "a creature you control" (whose, filter),
the keywords it knows and the creature types (205.3m); this module imports nothing of the
package."""

from __future__ import annotations

from typing import Any, Callable, Collection

from pysolver.cards import patterns as rx

Form = tuple[list[tuple[str, Any]], str]
# What asp's matches/2 judges of a permanent it may copy: its types, subtypes and supertypes.
JUDGED = {"types", "not_types", "subtypes", "supertypes", "not_supertypes"}
TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land"}
COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
# A keyword that changes what a copy is beyond the keyword itself (702.73a: every creature type).
NOT_A_PLAIN_KEYWORD = {"changeling"}
SEPARATOR = r"(?:,? and |, )"


# An ability a copy gains (CR 707.9a), as the line of a permanent of a card type -> why no query
# reads it (the compiler's reason for it printed), or None.
Unread = Callable[[str, str], "str | None"]
NOTHING_UNREAD: Unread = lambda text, holder: None  # noqa: E731


def enters_as_copy(bare: str, whose_filter: Callable[[str], tuple[str, dict[str, Any]] | None],
                   keywords: Collection[str] = (), creature_types: Collection[str] = (),
                   unread: Unread = NOTHING_UNREAD, defined: Callable[[str], bool] = lambda word: False) -> Form | None:
    """CR 614.1c, 707.5: "You may have ~ enter as a copy of any artifact or creature on the
    battlefield", "... of a creature an opponent controls": the permanents of that kind of the
    players it names (relative to its controller), as they are while it enters; with the
    exceptions read by ``copy_exceptions`` (707.9b); ``defined``: whether a word is a keyword the
    rules define (CR 702), which ``unread`` may then find no query reads."""
    # "enter the battlefield as a copy": the Oracle wording before 2024 (the same event, CR 603.6a)
    # "Raid — If you attacked this turn, you may have ~ enter as a copy of ...": a condition on what
    # happened this turn, which no board records: kept as unjudged (next refuses it entering)
    history = rx.match(r"If ([^,]+ this turn), (?=you may have ~ enter)", bare)
    if history:
        bare = "Y" + bare[history.end() + 1:]
    m = rx.fullmatch(r"You may have ~ enter(?: the battlefield)? as a copy of (?:any |an? )"
                     r"(.+? (?:on the battlefield|you control|an opponent controls))(?:, except (.+))?", bare)
    if not m:
        return None
    found = whose_filter(m.group(1))
    if found is None:
        return None
    whose, spec = found
    alternatives = spec.get("any_of", [spec])
    if set(spec) - JUDGED - {"any_of"} or any(set(each) - JUDGED for each in alternatives):
        return None
    data: dict[str, Any] = {"whose": whose, "filter": spec}
    why = ("it may enter as a copy of a permanent of that kind (CR 614.1c, 707.5): next gives an outcome for "
           "each, and one for entering as itself")
    if m.group(2):
        creatures_only = all("Creature" in each.get("types", []) for each in alternatives)
        kinds = {tuple(each.get("types", [])) for each in alternatives}
        holder = next(iter(kinds))[0] if len(kinds) == 1 and len(next(iter(kinds))) == 1 else None
        unread_whys: list[str] = []
        exceptions = copy_exceptions(m.group(2), creatures_only, keywords, creature_types,
                                     (lambda text: unread(text, holder)) if holder else (lambda text: None),
                                     unread_whys, defined)
        if exceptions is None:
            return None
        if exceptions:
            data["except"] = exceptions
            why += ", with the exceptions its copiable values take (CR 707.9b)"
        if unread_whys:
            why += ("; the abilities it gains (CR 707.9a) no query reads: " + "; ".join(dict.fromkeys(unread_whys)))
    if history:
        data["unjudged"] = f"if {history.group(1)}"
        why += f"; only {data['unjudged']}, which no board records: next refuses to put it onto the battlefield"
    return [("card", {"enters_as_copy": data})], why


def copy_exceptions(text: str, creatures_only: bool, keywords: Collection[str],
                    creature_types: Collection[str], unread: Callable[[str], str | None] = lambda text: None,
                    unread_whys: list[str] | None = None,
                    defined: Callable[[str], bool] = lambda word: False) -> dict[str, Any] | None:
    """CR 707.9b: "it's an artifact in addition to its other types and has defender", "it has
    haste", "it's legendary in addition to its other types", "it isn't legendary", "its name is ~"
    (its own card's name), joined by commas and "and" -> {own_name, types, subtypes, supertypes,
    keywords, not_supertypes}; None when a part is none of those.  A keyword or a quoted ability
    ``unread`` gives a reason for (707.9a: one no query reads) adds nothing, its reason put in
    ``unread_whys``."""
    whys = unread_whys if unread_whys is not None else []
    found: dict[str, list[str]] = {}
    own_name = False
    counters: list[dict[str, Any]] = []
    rest = text
    while rest:
        m = (rx.match(r"(?:it's|it is) (?:an? )?([A-Za-z ]+?) in addition to its other types", rest)
             or rx.match(r"(?:its|his|her) name is ~", rest)
             or rx.match(r'(?:it )?has "([^"]+)"', rest)
             or rx.match(r"it enters with (an?|one|two|three|X) additional ([\w+/\-]+) counters? on it"
                         r"(?: if it's an? (artifact|creature|enchantment|land|planeswalker))?", rest)
             or rx.match(r"(?:it )?has ((?:[a-z]+ )*?[a-z]+(?:(?:, |,? and )(?!it\b|has\b)[a-z]+(?: [a-z]+)*?)*)"
                         r"(?=$|,|(?: and (?:it|has)\b))", rest)
             or rx.match(r"it isn't legendary", rest))
        if m is None:
            return None
        clause = m.group(0)
        if clause.startswith("it enters with"):  # CR 707.9e, 707.9f: counters as it enters as the copy
            count = m.group(1).lower()
            item: dict[str, Any] = {"kind": m.group(2), "count": "X" if count == "x" else COUNTS[count]}
            if m.group(3):
                item["if_type"] = m.group(3).capitalize()
            counters.append(item)
        elif clause.endswith("name is ~"):  # its own card's name, not the copied one's (CR 707.9b, 201.2)
            own_name = True
        elif clause.endswith('"'):  # CR 707.9a: a quoted ability it gains, only one no query reads
            why = unread(m.group(1))
            if why is None:
                return None
            whys.append(why)
        elif clause.startswith("it isn't"):
            found.setdefault("not_supertypes", []).append("Legendary")
        elif clause.endswith("other types"):
            for word in m.group(1).split():
                if word == "legendary":  # "it's legendary in addition to its other types" (CR 205.4d)
                    found.setdefault("supertypes", []).append("Legendary")
                elif word in TYPE_WORDS:
                    found.setdefault("types", []).append(TYPE_WORDS[word])
                elif word in creature_types and creatures_only:  # a creature type of a creature (CR 205.3d)
                    found.setdefault("subtypes", []).append(word)
                else:
                    return None
        else:
            for word in rx.split(r", and |, | and ", m.group(1)):
                if word in keywords and word not in NOT_A_PLAIN_KEYWORD:
                    found.setdefault("keywords", []).append(word)
                    continue
                why = None if word in keywords or not defined(word) else unread(word[0].upper() + word[1:])
                if why is None:
                    return None
                whys.append(why)  # CR 707.9a: a keyword no query reads ("it has dethrone")
        rest = rest[len(clause):]
        if rest:
            sep = rx.match(SEPARATOR, rest)
            if sep is None:
                return None
            rest = rest[len(sep.group(0)):]
    exceptions: dict[str, Any] = {"own_name": True} if own_name else {}
    if counters:
        exceptions["enters_with_counters"] = counters
    return {**exceptions, **{key: list(dict.fromkeys(values)) for key, values in found.items()}}
