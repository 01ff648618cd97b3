"""Keywords compiled as the abilities the rules say they mean (issue 13).

A keyword of this kind is defined by the Comprehensive Rules as one or more abilities written out
("Persist" means "When this permanent is put into a graveyard from the battlefield, if it had no
-1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter
on it", CR 702.79a).  The keyword compiles to what the compiler makes of those words, through the
same forms as a card that prints them (pysolver/cards/oracle.py): a trigger `pysolver next` puts
on the stack with its intervening "if" (603.4), an "enters with" replacement (614.1c), an effect
next resolves when a form models it (the ability's ``do``) and otherwise only its text, which
next refuses to resolve, naming it.  When a defining ability isn't read by any form, the keyword
stays not understood, with that ability's reason (oracle_keywords.UNMODELLED).

"this permanent" ("this creature", "this Equipment") is written ``~``, as the compiler writes a
card's own name.  Each keyword's text is the rule's, reworded only where the rule names a choice
the card settles: sunburst's kind of counter (702.44a: "ignoring any type-changing effects", so
the card's own types decide it) and the object champion names (702.72a)."""

from __future__ import annotations

from typing import Any, Callable

from pysolver.cards import patterns as rx

NUMBER = r"(\d+|X)"
NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}


def _count(word: str) -> str | None:
    """``3`` -> ``three`` (the compiler's number words); X or an unknown count -> None."""
    return NUMBER_WORDS.get(int(word)) if word.isdigit() else None


def _counters(count: str, kind: str = "+1/+1") -> str:
    return f"{count} {kind} counter{'' if count == 'a' else 's'}"


def _graveyard(effect: str) -> str:
    return f"When ~ is put into a graveyard from the battlefield, {effect}"


def defining_texts(piece: str, card: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(the keyword in lower case, the abilities it means as the compiler reads a card's lines)
    for a keyword line's ``piece`` (``Modular 2``, ``Champion an Elemental``), or None when the
    piece is no keyword of this module (or its number is one the texts can't state, such as X)."""
    lower = piece.lower().rstrip(".")
    if lower in ("persist", "undying"):  # CR 702.79a, 702.93a
        kind = "-1/-1" if lower == "persist" else "+1/+1"
        return lower, [_graveyard(f"if it had no {kind} counters on it, return it to the battlefield under its "
                                  f"owner's control with a {kind} counter on it")]
    if lower == "evolve":  # CR 702.100a
        return lower, ["Whenever a creature you control enters, if that creature's power is greater than ~'s power "
                       "and/or that creature's toughness is greater than ~'s toughness, put a +1/+1 counter on ~"]
    if lower == "for mirrodin!":  # CR 702.163a
        return lower, ["When ~ enters, create a 2/2 red Rebel creature token, then attach ~ to it"]
    if lower == "extort":  # CR 702.101a
        return lower, ["Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you "
                       "gain life equal to the total life lost this way"]
    m = rx.fullmatch(rf"fading {NUMBER}", lower)
    if m and _count(m.group(1)):  # CR 702.32a: an upkeep trigger turn lists, its effect kept in its text
        return "fading", [f"~ enters with {_counters(_count(m.group(1)) or '', 'fade')} on it",
                          "At the beginning of your upkeep, remove a fade counter from ~. If you can't, sacrifice ~"]
    m = rx.fullmatch(rf"vanishing(?: {NUMBER})?", lower)
    if m and (m.group(1) is None or _count(m.group(1))):  # CR 702.63a; 702.63b: without a number, no counters
        entering = [] if m.group(1) is None else [f"~ enters with {_counters(_count(m.group(1)) or '', 'time')} on it"]
        return "vanishing", entering + ["At the beginning of your upkeep, if ~ has a time counter on it, remove a time "
                                        "counter from it", "When the last time counter is removed from ~, sacrifice it"]
    if lower == "cascade":  # CR 702.85a
        return lower, ["When you cast this spell, exile cards from the top of your library until you exile a nonland "
                       "card whose mana value is less than this spell's mana value. You may cast that card without "
                       "paying its mana cost if the resulting spell's mana value is less than this spell's mana value. "
                       "Then put all cards exiled this way that weren't cast on the bottom of your library in a random "
                       "order"]
    m = rx.fullmatch(r"soulshift (\d+)", lower)
    if m:  # CR 702.46a
        return "soulshift", [_graveyard(f"you may return target Spirit card with mana value {m.group(1)} or less from "
                                        "your graveyard to your hand")]
    m = rx.fullmatch(r"[Pp]artner with (.+)", piece.rstrip("."))
    if m:  # CR 702.124i: the deck-construction half works before the game (903.3); its enters trigger
        return "partner with", [f"When ~ enters, target player may search their library for a card named "
                                f"{m.group(1)}, reveal it, put it into their hand, then shuffle"]
    if lower == "exploit":  # CR 702.110a
        return lower, ["When ~ enters, you may sacrifice a creature"]
    if lower == "living metal":  # CR 702.161a (a condition layer 4 reads: pysolver/cards/oracle_animated.py)
        return lower, ["During your turn, ~ is an artifact creature in addition to its other types"]
    if lower == "living weapon":  # CR 702.92a
        return lower, ["When ~ enters, create a 0/0 black Phyrexian Germ creature token, then attach ~ to it"]
    if lower == "sunburst":  # CR 702.44a: the card's own types decide the kind (type-changing effects ignored)
        kind = "+1/+1" if "Creature" in card.get("types", []) else "charge"
        return lower, [f"~ enters with a {kind} counter on it for each color of mana spent to cast it"]
    m = rx.fullmatch(rf"(afterlife|modular|fabricate|bloodthirst|backup|hideaway|graft) {NUMBER}", lower)
    if m:
        name, count = m.group(1), _count(m.group(2))
        if count is None:
            return None
        return name, _numbered(name, count)
    m = rx.fullmatch(r"[Cc]hampion an? (.+)", piece.rstrip("."))
    if m:  # CR 702.72a: "Champion an [object]"
        return "champion", [f"When ~ enters, sacrifice it unless you exile another {m.group(1)} you control",
                            "When ~ leaves the battlefield, return the exiled card to the battlefield under its "
                            "owner's control"]
    return None


def _numbered(name: str, count: str) -> list[str]:
    """The abilities of a keyword with a number N (``count`` in words)."""
    plural = count != "a"
    if name == "afterlife":  # CR 702.135a
        tokens = "token" if not plural else "tokens"
        return [_graveyard(f"create {'a' if not plural else count} 1/1 white and black Spirit creature {tokens} "
                           "with flying")]
    if name == "modular":  # CR 702.43a
        return [f"~ enters with {_counters(count)} on it",
                _graveyard("you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on ~")]
    if name == "graft":  # CR 702.58a
        return [f"~ enters with {_counters(count)} on it",
                "Whenever another creature enters, if ~ has a +1/+1 counter on it, you may move a +1/+1 counter "
                "from ~ onto that creature"]
    if name == "fabricate":  # CR 702.123a
        tokens = "token" if not plural else "tokens"
        return [f"When ~ enters, you may put {_counters(count)} on it. If you don't, create "
                f"{'a' if not plural else count} 1/1 colorless Servo artifact creature {tokens}"]
    if name == "bloodthirst":  # CR 702.54a
        return [f"If an opponent was dealt damage this turn, ~ enters with {_counters(count)} on it"]
    if name == "backup":  # CR 702.165a (the abilities it grants are the card's own lines below it)
        return [f"When ~ enters, put {_counters(count)} on target creature"]
    # hideaway, CR 702.75a
    return [f"When ~ enters, look at the top {'one' if count == 'a' else count} cards of your library. Exile one of "
            "them face down and put the rest on the bottom of your library in a random order"]


# CR 702.104a: "As this creature enters, choose an opponent. That player may put an additional N +1/+1
# counters on it as it enters": choices next doesn't make; it refuses to put the creature onto the battlefield
# (an "enters with" item's `unjudged`), as `x` does.
TRIBUTE = "if the opponent its controller chooses pays tribute (CR 702.104a), a choice next doesn't make"
# CR 702.38a: "As this object enters, reveal any number of cards from your hand that share a creature type with it.
# This permanent enters with N +1/+1 counters on it for each card revealed this way": a choice next doesn't make.
AMPLIFY = ("for each card its controller reveals from their hand sharing a creature type with it (CR 702.38a), a "
           "choice next doesn't make")
# CR 702.82a, 702.82c: what "Devour [quality] N" sacrifices (a capitalized word is a subtype: "Devour Food 3").
DEVOURED = {"creature": {"types": ["Creature"]}, "land": {"types": ["Land"]}, "artifact": {"types": ["Artifact"]}}
# CR 702.165a: backup's second sentence, kept in its trigger's text (next refuses the trigger: it targets).
BACKUP_REST = ("If that's another creature, it also gains the non-backup abilities of ~ printed below this one "
               "until end of turn")


# CR 702.136a: "Riot" means "You may have this permanent enter with an additional +1/+1 counter on it. If you
# don't, it gains haste"; CR 702.98a: "Unleash" means "You may have this permanent enter with an additional +1/+1
# counter on it" and "This permanent can't block as long as it has a +1/+1 counter on it" (a blocking restriction,
# which no query declares blockers to meet).  Each is its controller's choice as it enters (614.1c), the card's
# chooses_as_it_enters and the board's chosen: {riot: counter | haste}, {unleash: counter | none}: pysolver next an
# outcome each, the counter put by asp/zone_change.lp, the haste given by asp/objects.lp.  CR 702.155b: "Read ahead":
# as the Saga enters its controller chooses a number from one to its final chapter number, and it enters with that
# many lore counters (714.3a; {read_ahead: true}: the numbers are its chapters', chosen: {read_ahead: N}); its other
# rule, chapters below it don't trigger that turn (702.155a), is asp/counter_events.lp's.
ENTERS_CHOICES: dict[str, tuple[str, Any]] = {"riot": ("riot", ["counter", "haste"]),
                                              "unleash": ("unleash", ["counter", "none"]),
                                              "read ahead": ("read_ahead", True)}


Compile = Callable[[str], "tuple[list[tuple[str, Any]], str | None]"]


def keyword_meaning(piece: str, card: dict[str, Any], compile_text: Compile
                    ) -> tuple[list[tuple[str, Any]], str | None] | None:
    """(the compiled data, None) for a keyword of this module whose every defining ability a form
    reads; ([], why not) when one isn't read; None when ``piece`` is no keyword of this module.
    ``compile_text`` compiles one ability's words as a card's line: (data, None or why not)."""
    tribute = rx.fullmatch(rf"[Tt]ribute {NUMBER}", piece.rstrip("."))
    if tribute and tribute.group(1).isdigit():  # CR 702.104a: counters an opponent chooses whether to put
        return [("card", {"enters_with_counters": card.get("enters_with_counters", []) + [{
            "kind": "+1/+1", "count": int(tribute.group(1)), "unjudged": TRIBUTE}]})], None
    amplify = rx.fullmatch(r"[Aa]mplify (\d+)", piece.rstrip("."))
    if amplify and int(amplify.group(1)) > 0:  # CR 702.38a, 702.38b (each instance an item of its own)
        return [("card", {"enters_with_counters": card.get("enters_with_counters", []) + [{
            "kind": "+1/+1", "count": int(amplify.group(1)), "unjudged": AMPLIFY}]})], None
    devour = rx.fullmatch(r"[Dd]evour (?:(\w+) )?(\d+)", piece.rstrip("."))
    if devour and int(devour.group(2)) > 0:  # CR 702.82a: "Devour N", "Devour land N", "Devour Food N"
        if "devour" in card:  # a second instance: the card data holds one
            return [], "devour: a second instance of devour, which the card data can't state (CR 702.82a)"
        kind = DEVOURED.get((devour.group(1) or "creature").lower(), {"subtypes": [devour.group(1) or ""]})
        if devour.group(1) and devour.group(1)[0].islower() and devour.group(1).lower() not in DEVOURED:
            return [], f"devour: \"{piece}\": a kind of permanent this compiler doesn't read (CR 702.82a)"
        return [("card", {"devour": {"count": int(devour.group(2)), "filter": kind}})], None
    chooses = ENTERS_CHOICES.get(piece.rstrip(".").lower())
    if chooses is not None:  # CR 702.136a, 702.98a: its controller's choice as it enters (614.1c)
        name, options = chooses
        held = card.get("chooses_as_it_enters")
        if isinstance(held, dict) and name in held:  # CR 702.136b: each instance works separately
            return [], f"{name}: a second instance of {name}, which the card data can't state (CR {RULES[name]})"
        return [("card", {"chooses_as_it_enters": {name: options}})], None
    found = defining_texts(piece, card)
    if found is None:
        return None
    name, texts = found
    data: list[tuple[str, Any]] = []
    for text in texts:
        compiled, why_not = compile_text(text)
        if why_not is not None:
            return [], (f"{name}: its ability \"{text.replace('~', card['name'])}\" (CR {RULES[name]}) is not "
                        f"understood: {why_not}")
        data += compiled
    if name == "backup":
        data = [_with_rest(entry, card["name"]) for entry in data]
    return data, None


def _with_rest(entry: tuple[str, Any], name: str) -> tuple[str, Any]:
    kind, value = entry
    if kind == "ability" and "triggered" in value:
        spec = value["triggered"]
        return kind, {"triggered": {**spec, "text": f"{spec['text']}. {BACKUP_REST.replace('~', name)}"}}
    return entry


RULES = {"persist": "702.79a", "undying": "702.93a", "exploit": "702.110a", "living weapon": "702.92a",
         "sunburst": "702.44a", "afterlife": "702.135a", "modular": "702.43a", "fabricate": "702.123a",
         "bloodthirst": "702.54a", "backup": "702.165a", "hideaway": "702.75a", "graft": "702.58a",
         "champion": "702.72a", "evolve": "702.100a", "tribute": "702.104a", "for mirrodin!": "702.163a",
         "amplify": "702.38a",
         "extort": "702.101a", "cascade": "702.85a", "soulshift": "702.46a", "fading": "702.32a",
         "vanishing": "702.63a, 702.63b", "partner with": "702.124i", "riot": "702.136a", "unleash": "702.98a",
         "read_ahead": "702.155b", "living metal": "702.161a"}
