"""Card data as players read it: abilities, costs and filters in words.

Explanations name the ability that gives a type of mana ("{T}: Add {G}");
this module writes that text from the card definition (docs/cards.md).  It
describes data only; no rule of the game is decided here.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from clingo import Symbol

from pysolver.cards import Card, Library, type_set
from pysolver.mana import symbols
from pysolver.memo import per_object
from pysolver.predicates import match
from pysolver.terms import EffectAbility, GrantedAbility, IntrinsicAbility, PrintedAbility

BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
WHOSE = {"you": "you control", "opponent": "an opponent controls", "any": ""}


def article(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def card_words(spec: dict[str, Any]) -> str:
    """{types: [Land]} -> 'land'; {any_of: [{colors: [R]}, {colors: [G]}]} -> 'red or green' (what comes
    before "card")."""
    if "any_of" in spec:
        return " or ".join(card_words(each) for each in spec["any_of"])
    return filter_words(spec).removesuffix("permanent").strip()


def filter_words(spec: dict[str, Any]) -> str:
    """{types: [Land], supertypes: [Basic]} -> 'basic land'."""
    words = [s.lower() for s in spec.get("supertypes", [])]
    words += [f"non{s.lower()}" for s in spec.get("not_supertypes", [])]
    words += [f"non{t.lower()}" for t in spec.get("not_types", [])]
    words += [f"non-{s}" for s in spec.get("not_subtypes", [])]
    words += {False: ["nontoken"], True: ["token"]}.get(spec.get("token"), [])  # CR 111.1
    words += [COLOR_WORDS[c] for c in spec.get("colors", []) if c in COLOR_WORDS]
    nouns = list(spec.get("subtypes", [])) or [t.lower() for t in spec.get("types", [])]
    bounds = [f"with power {spec[key]} or {more}" for key, more in (("power_at_least", "greater"),
                                                                     ("power_at_most", "less")) if key in spec]
    return " ".join(words + [" ".join(nouns) or "permanent"] + bounds)  # CR 208.1: "with power 2 or greater"


def whose_words(spec: dict[str, Any], whose: str) -> str:
    """'a land you control', 'a Gate you control', 'a land an opponent controls'."""
    if whose == "sacrificed":
        return f"the sacrificed {filter_words(spec)}"
    tail = WHOSE.get(whose, "")
    return article(filter_words(spec)) + (f" {tail}" if tail else "")


def no_words(spec: dict[str, Any], whose: str) -> str:
    """'no land you control', 'no land you could sacrifice'."""
    if whose == "sacrificed":
        return f"no {filter_words(spec)} you could sacrifice"
    tail = WHOSE.get(whose, "")
    return f"no {filter_words(spec)}" + (f" {tail}" if tail else "")


def cost_words(items: list[Any]) -> str:
    parts = []
    for item in items:
        if isinstance(item, str):
            parts.append({"sacrifice_self": "Sacrifice this"}.get(item, item))
        elif "remove_counters" in item:
            spec = item["remove_counters"]
            count = spec.get("count", 1)
            many = "X" if count == "X" else NUMBERS.get(count, str(count))
            noun = "counter" if count == 1 else "counters"
            parts.append(f"Remove {'a' if count == 1 else many} {spec['kind']} {noun}")
        elif "sacrifice" in item:
            parts.append(f"Sacrifice {article(filter_words(item['sacrifice']))}")
        elif "sacrifice_all" in item:
            parts.append(f"Sacrifice each {filter_words(item['sacrifice_all'])} you control")
        elif "sacrifice_exactly" in item:
            spec = item["sacrifice_exactly"]
            parts.append(f"Sacrifice {NUMBERS.get(spec['count'], str(spec['count']))} {filter_words(spec['filter'])}s")
        elif "sacrifice_any_number" in item:
            parts.append(f"Sacrifice any number of {filter_words(item['sacrifice_any_number'])}s")
        elif "sacrifice_one_or_more" in item:
            parts.append(f"Sacrifice one or more {filter_words(item['sacrifice_one_or_more'])}s")
        elif "return_to_hand" in item and "count" in item["return_to_hand"]:
            spec = item["return_to_hand"]
            parts.append(f"Return {spec['count']} {filter_words(spec['filter'])}s you control to their owner's hand")
        elif "return_to_hand" in item:
            parts.append(f"Return {article(filter_words(item['return_to_hand']))} you control to its owner's hand")
        elif "pay_life" in item:
            parts.append(f"Pay {item['pay_life']} life")
        elif "reveal" in item:
            parts.append(f"Reveal {article(card_words(item['reveal']))} card from your hand")
        elif "behold" in item:
            parts.append(f"Behold {article(filter_words(item['behold']))}")
        elif "behold_exile" in item:
            parts.append(f"Behold {article(filter_words(item['behold_exile']))} and exile it")
        elif "blight" in item:
            parts.append(f"Blight {item['blight']}")
        elif "waterbend" in item:
            parts.append(f"Waterbend {{{item['waterbend']}}}")
        elif "discard_card" in item:
            parts.append(f"Discard {article(card_words(item['discard_card']))} card")
        elif "exile_from_graveyard" in item:
            spec = item["exile_from_graveyard"]
            count = spec["count"]
            many = article(card_words(spec["filter"])) + " card" if count == 1 else \
                f"{NUMBERS.get(count, str(count))} {card_words(spec['filter'])} cards"
            parts.append(f"Exile {many} from your graveyard")
        elif "exile_from_hand_any_number" in item:
            parts.append(f"Exile any number of {card_words(item['exile_from_hand_any_number'])} cards from your hand")
        elif "exile_from_hand" in item:
            count = item["exile_from_hand"]["count"]
            words = card_words(item["exile_from_hand"]["filter"])
            parts.append(f"Exile {article(words)} card from your hand" if count == 1 else
                         f"Exile {NUMBERS.get(count, str(count))} {words} cards from your hand")
        elif "collect_evidence" in item:
            parts.append(f"Collect evidence {item['collect_evidence']}")
        elif "discard_at_random" in item:
            count = item["discard_at_random"]
            parts.append("Discard a card at random" if count == 1 else
                         f"Discard {NUMBERS.get(count, str(count))} cards at random")
        elif "discard" in item:
            count = item["discard"]
            parts.append("Discard a card" if count == 1 else f"Discard {NUMBERS.get(count, str(count))} cards")
        elif "tap_untapped" in item or "untap_tapped" in item:
            key = "tap_untapped" if "tap_untapped" in item else "untap_tapped"
            spec = item[key]
            count = spec.get("count", 1)
            verb, state = ("Tap", "untapped") if key == "tap_untapped" else ("Untap", "tapped")
            many = "an" if count == 1 and state == "untapped" else "a" if count == 1 else \
                NUMBERS.get(count, str(count))
            tail = WHOSE.get(spec.get("whose", "you"), "")
            noun = filter_words(spec["filter"]) + ("s" if count != 1 else "")
            parts.append(f"{verb} {many} {state} {noun} {tail}".rstrip())
    return ", ".join(parts)


def _types_words(spec: Any, joiner: str) -> str:
    if spec == "any_color":
        return "any color"
    if spec == "any_type":
        return "any type"
    listed = [f"{{{t}}}" for t in type_set(spec)]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + f" {joiner} " + listed[-1]


def add_words(add: dict[str, Any]) -> str:
    amount = add.get("amount", 1)
    count = amount if isinstance(amount, int) else 1
    many = NUMBERS.get(count, str(count))
    if "mana" in add:
        text = f"Add {add['mana']}"
    elif "one_of" in add:
        choice = add["one_of"]
        if choice in ("any_color", "any_type"):
            text = f"Add {many} mana of any one {choice[4:]}" if count > 1 else \
                f"Add one mana of {_types_words(choice, 'or')}"
        else:
            text = f"Add {_types_words(choice, 'or')}" if count == 1 else \
                f"Add {many} mana of one of {_types_words(choice, 'or')}"
    elif "combination" in add:
        text = f"Add {many} mana in any combination of {_types_words(add['combination'], 'and/or')}"
        if add["combination"] == "any_color":
            text = f"Add {many} mana in any combination of colors"
    elif "reflect" in add:
        spec = add["reflect"]
        kind = spec.get("kind", "type")
        text = (f"Add one mana of any {kind} that "
                f"{whose_words(spec['filter'], spec.get('whose', 'you'))} could produce")
    elif "commander_colors" in add:
        text = "Add one mana of any color in your commander's color identity"
    elif "double_pool" in add:
        text = "Add as much mana of each type as your mana pool holds"
    else:
        text = "Add mana"
    if isinstance(amount, dict) and "count" in amount:
        count_spec = amount["count"]
        text += " for each " + filter_words(count_spec["filter"])
        tail = WHOSE.get(count_spec.get("whose", "you"), "")
        text += f" {tail}" if tail else ""
    elif amount == "devotion":
        text = text.replace("Add one mana of any color", "Add mana of one color") + \
            ", as much as your devotion to that color"
    elif isinstance(amount, dict) and "total" in amount:
        total = amount["total"]
        text += (f", as much as the total {total['stat'].replace('_', ' ')} of "
                 f"{filter_words(total['filter'])}s {WHOSE.get(total.get('whose', 'you'), '')}".rstrip())
    elif isinstance(amount, dict) and "devotion" in amount:
        text = text.replace("Add one mana of any color", "Add mana of one color") + \
            f", as much as your devotion to {COLOR_WORDS[amount['devotion']]}"
    elif isinstance(amount, dict) and "counter" in amount:
        counter = amount["counter"]
        text += f" ({NUMBERS.get(counter['then'], counter['then'])} if it has a {counter['kind']} counter)"
    return text


def mana_ability_words(spec: dict[str, Any]) -> str:
    """{cost: ["{T}"], add: {mana: "{G}"}} -> '{T}: Add {G}'."""
    return f"{cost_words(spec.get('cost', []))}: {add_words(spec['add'])}"


def ability_spec(library: Library | None, term: Symbol) -> dict[str, Any] | None:
    """The card data of an ability term (ab/2, effect_ab/2, granted/2), or None; a basic land
    type's intrinsic ability (intrinsic/1) as the rules give it (CR 305.6)."""
    intrinsic = match(IntrinsicAbility, term)
    if intrinsic is not None:
        return {"mana": {"cost": ["{T}"], "add": {"mana": f"{{{BASIC_TYPES[intrinsic.subtype]}}}"}}}
    printed = match(PrintedAbility, term) or match(EffectAbility, term)
    if printed is not None and library is not None:
        card = library.get(printed.card)
        if card is None:
            return None
        listed = card.data.get("abilities" if term.name == "ab" else "effect", [])
        return listed[printed.position] if printed.position < len(listed) else None
    granted = match(GrantedAbility, term)
    if granted is not None:
        granting = ability_spec(library, granted.grant)
        if granting is None:
            return None
        (_, spec), = granting.items()
        grants = spec.get("grant", [])
        return grants[granted.position] if granted.position < len(grants) else None
    return None


def _made_words(spec: dict[str, Any]) -> str:
    """An ability's words made from its definition (when its card has no Oracle line for it)."""
    (kind, body), = spec.items()
    if kind == "mana":
        return mana_ability_words(body)
    if kind == "activated" and isinstance(body, dict):
        return f"{cost_words(body.get('cost', []))}: {body.get('text', '')}".rstrip(": ")
    return body.get("text", kind) if isinstance(body, dict) else kind


def _likeness(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a.casefold(), b.casefold()).ratio()


KEYWORD_LINE = re.compile(r"^[A-Z][a-z]+( [a-z]+)*(, [a-z]+( [a-z]+)*)*$")


def printed_lines(card: Card) -> list[str | None]:
    """``_printed_lines``, matched once per card (its words are compared with each line's;
    issue 16)."""
    return list(_printed_lines(card))


@per_object(kept=4096)
def _printed_lines(card: Card) -> tuple[str | None, ...]:
    """For each of the card's abilities, in order, its line of Oracle text as printed, or None
    when no line fits it.  A line goes to the ability most like it (its words made from the
    definition; a line that starts with the ability's cost fits better), best pairs first; the
    lines left then go to the abilities left in order, when as many of each are left.  Keyword
    lines ("Indestructible") are no ability's; a mode's line ("• Draw a card.", CR 700.2) is the
    ability's above it, joined to its line."""
    abilities = card.abilities()
    found: list[str | None] = [None] * len(abilities)
    lines: list[str] = []
    for line in str(card.data.get("oracle", "")).splitlines():
        if line.strip().startswith("•") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip() and not KEYWORD_LINE.match(line.strip()):
            lines.append(line)
    if not lines:
        return tuple(found)
    made = [_made_words(spec) for spec in abilities]

    def fit(i: int, line: str) -> float:
        cost = made[i].split(": ", 1)[0] if ": " in made[i] else None
        bonus = 0.5 if cost and line.casefold().startswith(cost.casefold() + ":") else 0.0
        return _likeness(made[i], line) + bonus

    pairs = sorted(((fit(i, line), i, j) for i in range(len(made)) for j, line in enumerate(lines)),
                   reverse=True)
    used: set[int] = set()
    for likeness, i, j in pairs:
        if likeness < 0.5:
            break
        if found[i] is None and j not in used:
            found[i] = lines[j]
            used.add(j)
    left = [i for i, line in enumerate(found) if line is None]
    unused = [line for j, line in enumerate(lines) if j not in used]
    if len(left) == len(unused):
        for i, line in zip(left, unused, strict=True):
            found[i] = line
    return tuple(found)


def ability_words(library: Library | None, term: Symbol) -> str:
    """An ability term in words: its card's Oracle line exactly as printed when the card has
    one for it ('{T}: Add one mana of any color that a land an opponent controls could
    produce.'), else words made from its definition; an intrinsic ability of a basic land
    type as the rules give it ('{T}: Add {G}', CR 305.6).  The one place card data is worded
    for every query (issue 11)."""
    intrinsic = match(IntrinsicAbility, term)
    if intrinsic is not None:
        return f"{{T}}: Add {symbols(BASIC_TYPES[intrinsic.subtype])}"
    spec = ability_spec(library, term)
    if spec is None:
        return str(term)
    line = _printed(library, term)
    if line is not None:
        return line
    granted = match(GrantedAbility, term)
    if granted is not None:  # 'Enchanted land has "{T}: Add two mana of any one color."'
        quoted = re.findall(r'"([^"]+)"', _printed(library, granted.grant) or "")
        if quoted and granted.position < len(quoted):
            return quoted[granted.position]
    return _made_words(spec)


def _printed(library: Library | None, term: Symbol) -> str | None:
    printed = match(PrintedAbility, term)
    if printed is None or library is None:
        return None
    card = library.get(printed.card)
    index = printed.position
    lines = printed_lines(card) if card is not None else []
    return lines[index] if index < len(lines) else None


def cost_of(words: str) -> str:
    """The cost part of an activated ability's words ('{1}, {T}: Add {C}.' -> '{1}, {T}')."""
    return words.split(": ", 1)[0] if ": " in words else words


def reflect_spec(library: Library | None, term: Symbol) -> dict[str, Any] | None:
    spec = ability_spec(library, term)
    if spec and "mana" in spec and "reflect" in spec["mana"]["add"]:
        return spec["mana"]["add"]["reflect"]
    return None
