"""Oracle compiler forms for abilities that trigger on counters being put on a permanent (issue 13):
"Whenever one or more +1/+1 counters are put on ~", "Whenever one or more counters are put on ~",
"Whenever one or more +1/+1 counters are put on a creature you control", "Whenever you put one or more
-1/-1 counters on a creature" (CR 603.2, 122.6, 122.6a), "When the twelfth hour counter is put on ~" (an event
that takes its count of hour counters from fewer than twelve to twelve or more: `reaches`), and a Saga's chapter
abilities (714.2b: "{rN}—[Effect]" is such a trigger on lore counters, reaching N).

`pysolver next` puts counters on permanents as effects resolve ("put a +1/+1 counter on ~", age
counters) and as permanents enter with them (614.1c; CR 122.6: a permanent given counters as it
enters has them "put" on it, megamorph's too, 702.37b): each is an event of asp/counter_events.lp,
once for each permanent however many counters the event puts (the "one or more" batch).  An
effect about the permanent the counters were put on ("it", "that creature") of an ability on
another permanent keeps only its text, which next refuses to resolve.  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import about_the_event, resolution, triggered_of, watched

COUNTERS_PUT = re.compile(r"(?:When|Whenever) (?:one or more (?:(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) )?counters are put|"
                          r"(?P<you>you) put one or more (?:(?P<your_kind>[+-]\d+/[+-]\d+|[a-z]+) )?counters) "
                          r"on (?:(?P<self>~)|(?P<article>a|an|another) (?P<noun>.+?)"
                          r"(?: (?P<owner>you control|an opponent controls))?), (?P<effect>.+)")
WHOSE = {None: "any", "you control": "you", "an opponent controls": "opponent"}
# CR 603.2, 122.6: the event of the Nth counter of a kind put on it (from fewer than N to N or more).
NTH_COUNTER = re.compile(r"When(?:ever)? the (?P<nth>second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                         r"eleventh|twelfth|thirteenth) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter is put on ~, "
                         r"(?P<effect>.+)")
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
            "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13}


def counters_put_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                      do_forms: Callable[[str], list[dict[str, Any]] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2, 122.6: "Whenever one or more [kind] counters are put on [~ | a [noun] [you
    control]], [effect]".  ``nouns`` reads a noun phrase as a filter (oracle.noun_filter) or
    None; ``do_forms`` an effect as the ability's ``do``.  Not read: an intervening "if" (603.4),
    an effect that adds mana (not a mana ability, 605.1b: left to the mana forms' judgement)."""
    m = NTH_COUNTER.fullmatch(bare)
    if m:
        return _nth_counter(m, name, do_forms)
    m = COUNTERS_PUT.fullmatch(bare)
    if not m:
        return None
    effect = m.group("effect")
    if rx.match(r"if\b", effect) or rx.search(r"\btriggers only\b|\badds?\b", effect):
        return None
    when: dict[str, Any] = {"event": "counters_put"}
    kind_word = m.group("kind") or m.group("your_kind")
    if kind_word:
        when["kind"] = kind_word
    if m.group("you"):  # CR 122.6a: who puts them (an entering permanent's controller, if no player is named)
        when["put_by"] = "you"
    if m.group("self"):  # "it" is its source, the permanent the counters were put on
        triggered = {"when": when, **resolution(effect, name, do_forms)}
        what = "it"
    else:
        spec = watched(m, nouns)
        if spec is None:
            return None
        when.update({"filter": spec, "whose": WHOSE[m.group("owner")]})
        triggered = {"when": when, **resolution(effect, name, do_forms, about_the_event(effect))}
        what = "a permanent of that kind"
    kind = f"{kind_word} " if kind_word else ""
    by = " by its controller (an ability of theirs resolving, 122.6a: a permanent of theirs entering)" \
        if m.group("you") else ""
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when one or more {kind}counters are put on {what}{by} (CR 603.2, 122.6): next "
            "puts it on the stack after an effect or a permanent entering puts them")


def _nth_counter(m: re.Match[str], name: str, do_forms: Callable[[str], list[dict[str, Any]] | None]
                 ) -> tuple[list[tuple[str, Any]], str] | None:
    """"When the twelfth hour counter is put on ~, [effect]": a trigger on counters of that kind put on its
    source, kept unjudged (which event puts the Nth one is not judged)."""
    effect = m.group("effect")
    if rx.match(r"if\b", effect) or rx.search(r"\btriggers only\b|\badds?\b", effect):
        return None
    when = {"event": "counters_put", "kind": m.group("kind"), "reaches": ORDINALS[m.group("nth")]}
    return ([("ability", {"triggered": {"when": when, **resolution(effect, name, do_forms)}})],
            f"a triggered ability when the {m.group('nth')} {m.group('kind')} counter is put on it: an event that "
            f"takes its count from fewer than {ORDINALS[m.group('nth')]} to as many or more (CR 603.2, 122.6)")


# CR 714.2a-c: a chapter symbol, one or more Roman numerals, before its effect.
CHAPTER = re.compile(r"(?P<numerals>[IVX]+(?:, [IVX]+)*) — (?P<effect>.+)")
ROMAN = {"I": 1, "V": 5, "X": 10}
# CR 611.2a-c, 714.2b: what a chapter ability that resolved earlier leaves behind and no board states: an ability or
# a characteristic given with no duration (it lasts indefinitely, 611.2c: "This Saga gains ..."), an effect for the
# rest of the turn ("spells you cast this turn cost {2} less"), or one beyond the turn or until an event
# (oracle.TURN_STRUCTURE, read by the caller).  A life total's gain or loss is no characteristic.
INDEFINITE = re.compile(r"\b(?:gains?|has|have|gets?|loses?|becomes?)\b(?![^.]*\buntil end of turn\b)|\bthis turn\b")
LIFE = re.compile(r"\b(?:gain|gains|lose|loses)\s+(?:\S+\s+){0,3}?life\b")


def roman(numeral: str) -> int:
    """A chapter symbol's Roman numeral (CR 714.2a): I is 1, IV 4, XII 12."""
    values = [ROMAN[letter] for letter in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def chapter_form(bare: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None]
                 ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 714.2b, 714.2c: "II, III — [effect]": for each numeral N, a triggered ability on lore counters put on its
    Saga that reach N (its count before the event fewer than N, after it N or more), with the effect as a trigger's
    (``do`` where a form reads it, else its text).  ``chapter`` marks it for its Saga's final chapter number (714.2d),
    read ahead (702.155a) and the lore counter of each precombat main phase (714.3b)."""
    m = CHAPTER.fullmatch(bare)
    if not m:
        return None
    numbers = [roman(numeral) for numeral in m.group("numerals").split(", ")]
    effect = m.group("effect").rstrip(".")
    effect = effect[0].lower() + effect[1:] if rx.match(r"[A-Z][a-z]", effect) else effect  # read as after a comma
    abilities: list[tuple[str, Any]] = [
        ("ability", {"triggered": {"when": {"event": "counters_put", "kind": "lore", "reaches": number,
                                            "chapter": True}, **resolution(effect, name, do_forms)}})
        for number in numbers]
    return abilities, ("a chapter ability (CR 714.2b): it triggers as lore counters put on its Saga reach "
                       f"{' and '.join(str(n) for n in numbers)} (714.3a: as it enters; 714.3b: in its controller's "
                       "precombat main phase)")


def leaves_indefinite(effect: str) -> bool:
    """An effect that gives an object an ability or a characteristic with no duration (CR 611.2c)."""
    return bool(INDEFINITE.search(LIFE.sub("", effect)))


# CR 603.2, 122.6: "Whenever you put a +1/+1 counter on a creature, [effect]. This ability triggers only once each
# turn.": it triggers for each counter put, but only once each turn, so at the first event that puts any (however many
# counters, on however many permanents: next triggers it once, asp/trigger_limits.lp) -- what "one or more" counters
# with the same limit does.  Without the limit, one trigger for each counter, which no event here counts: not read.
EACH_COUNTER_ONCE = re.compile(r"Whenever you put an? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on (?P<rest>[^.]+?), "
                               r"(?P<effect>[^.]+)\. This ability triggers only once each turn")


def each_counter_once_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                           do_forms: Callable[[str], list[dict[str, Any]] | None]
                           ) -> tuple[list[tuple[str, Any]], str] | None:
    """The line "Whenever you put a [kind] counter on [a / another] [noun], [effect]. This ability triggers only
    once each turn": the trigger on one or more counters of that kind its controller puts (counters_put_form), with
    the limit."""
    m = EACH_COUNTER_ONCE.fullmatch(bare)
    if not m:
        return None
    found = counters_put_form(f"Whenever you put one or more {m.group('kind')} counters on {m.group('rest')}, "
                              f"{m.group('effect')}", name, nouns, do_forms)
    triggered = triggered_of(found[0]) if found else []
    if found is None or len(triggered) != 1 or len(found[0]) != 1:
        return None
    triggered[0]["when"]["once_each_turn"] = True
    return found[0], (f"{found[1]}; only once each turn (CR 603.2), so once at the first event that puts one, "
                      "however many it puts")
