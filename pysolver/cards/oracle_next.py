"""Oracle compiler forms for `pysolver next` (issue 15): dies and cast triggers and "whenever ~
becomes tapped, it deals N damage to you" (CR 603.2, 603.6c, 603.10a), the effects next applies
on resolution (draw cards, gain or lose life) and the extra-turn spell (CR 500.7).  Called by
pysolver.cards.oracle for a line no other form read; each returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import about_the_event
from pysolver.cards.oracle_keywords import defined
from pysolver.counters import unmodelled

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
WHOSE = {" you control": "you", " an opponent controls": "opponent", "": "any"}
CASTER = {"you cast": "you", "an opponent casts": "opponent", "a player casts": "any"}


def _amount(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower())


Whose = Callable[[str], "tuple[str, dict[str, Any]] | None"]
COUNT_WORDS = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


# CR 111.10: the predefined tokens the built-in library defines (pysolver/data/cards/oracle-texts.yaml), each named
# by its subtype and the word Token (111.4): "create a Treasure token". A token defined by its characteristics ("a 2/2
# black Zombie creature token") has no card of the library, so its creation stays text (next refuses it).
PREDEFINED_TOKENS = ("Treasure", "Food", "Gold", "Shard", "Clue", "Blood", "Powerstone")  # 111.10a-c, e-h


# CR 119.3: the players "each opponent" and "each player" name, as seen by the ability's controller
# (asp/objects.lp relation/3).
LOSERS = {"each opponent loses": "opponent", "each player loses": "any"}


# Reads "add {R} for each creature you control", "add one mana of any color" as a resolving effect's add_mana
# (oracle.effect_add: a mana ability's reading of the words), or None
Adds = Callable[[str], "dict[str, Any] | None"]


def effect_do(effect: str, each: Whose | None = None, adds: Adds | None = None) -> list[dict[str, Any]] | None:
    """The whole effect as the card data's `do:` (CR 121.1 draw, 119.3 gain and lose life, each
    opponent or player losing life, 122.1 counters on this permanent or on each permanent of a kind,
    111.2 predefined tokens created (111.10),
    611.2a +N/+M until end of turn on it, 106.4 mana added to its controller's pool: fixed types, or a count or a
    choice a mana ability's add reads), or None
    when any part of it is another effect (the ability
    then keeps only its text).  ``each`` reads "[other] Vampire you control" as (whose, filter), or
    None when it can't (oracle.whose_filter); without it the "each" form isn't read; ``adds`` reads an "add"
    a mana ability's add reads (oracle.effect_add), without it only fixed mana is read."""
    done: list[dict[str, Any]] = []
    for part in rx.split(r",? and (?=you |draw )|, then ", effect.rstrip(".")):
        m = rx.fullmatch(rf"(?:you )?draw {COUNT_WORDS} cards?", part)
        if m and _amount(m.group(1)):
            done.append({"draw": _amount(m.group(1))})
            continue
        m = rx.fullmatch(r"you (gain|lose) (\w+) life", part)
        if m and _amount(m.group(2)):
            done.append({f"{m.group(1)}_life": _amount(m.group(2))})
            continue
        m = rx.fullmatch(r"(each opponent loses|each player loses) (\w+) life", part)
        if m and _amount(m.group(2)):  # CR 119.3: every such player, at once
            done.append({"lose_life": {"amount": _amount(m.group(2)), "whose": LOSERS[m.group(1)]}})
            continue
        m = rx.fullmatch(r"put an? ([\w+/\-]+) counter on each (.+)", part)
        # a kind with rules of its own (a deathtouch counter, CR 122.1b) stays text: next refuses it
        read = each(m.group(2)) if m and each is not None and unmodelled(m.group(1)) is None else None
        if m and read is not None:  # CR 122.1, 122.6: one event, a counter on each of them
            whose, spec = read
            done.append({"counter_on_each": {"kind": m.group(1), "whose": whose, "filter": spec}})
            continue
        m = rx.fullmatch(r"add ((?:\{[WUBRGC]\})+)", part)
        if m:  # CR 106.3, 106.4: mana of these types into its controller's mana pool (no mana ability: 605.1)
            done.append({"add_mana": m.group(1)})
            continue
        added = adds(part) if adds is not None and rx.match(r"add ", part) else None
        if added is not None:  # CR 106.4: a count, a color chosen: as a mana ability's add reads the words
            done.append({"add_mana": added})
            continue
        m = rx.fullmatch(r"~ gets ([+-]\d+)/([+-]\d+) until end of turn", part)
        if m:  # CR 611.2a, 613.4c: the ability's source
            done.append({"pump_self": {"power": int(m.group(1)), "toughness": int(m.group(2))}})
            continue
        m = rx.fullmatch(rf"create {COUNT_WORDS} ({'|'.join(PREDEFINED_TOKENS)}) tokens?", part)
        if m and _amount(m.group(1)) and (_amount(m.group(1)) == 1) == part.endswith(" token"):  # CR 111.2, 111.10
            done.append({"create_tokens": {"token": f"{m.group(2)} Token", "count": _amount(m.group(1))}})
            continue
        m = rx.fullmatch(rf"put {COUNT_WORDS} ([\w+/\-]+) counters? on (?:~|it)", part)
        if m and _amount(m.group(1)):  # CR 122.1: on the ability's source
            count = _amount(m.group(1))
            done.append({"counter_on_self": m.group(2) if count == 1 else {"kind": m.group(2), "count": count}})
            continue
        return None
    own_loss = [isinstance(each.get("lose_life"), int) or each.get("lose_life", {}).get("whose") in ("you", "any")
                for each in done]
    if any(own_loss) and any("gain_life" in each for each in done):
        # CR 608.2c: its controller loses life, then gains it, and what replaces that gain may read the life
        # total between the two (asp/life_replacement.lp reads it as the ability begins to resolve): text
        return None
    changed = False  # CR 608.2c, 608.2h: a count after counters or +N/+M is of permanents as those left them
    for part_done in done:
        added = part_done.get("add_mana")
        if isinstance(added, dict) and isinstance(added.get("amount"), dict) and changed:
            return None  # asp/effect_mana.lp counts them as the ability begins to resolve: text
        changed = changed or bool({"counter_on_each", "counter_on_self", "pump_self"} & set(part_done))
    return done or None


def _triggered(when: dict[str, Any], effect: str, name: str, each: Whose | None = None,
               adds: Adds | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"when": when}
    m = rx.fullmatch(r"you may (.+)", effect)
    # "it" of a spell cast or of another creature dying is that object, not the source (CR 603.2)
    on_other = when.get("event") == "cast" or "filter" in when
    do = None if on_other and about_the_event(effect) else effect_do(m.group(1) if m else effect, each, adds)
    if do is not None:
        spec["do"] = do
        if m:  # CR 603.5: "you may": its controller chooses as it resolves
            spec["may"] = True
    spec["text"] = effect.replace("~", name)
    return {"triggered": spec}


# Words that stand for several card types or subtypes (CR 700.6 historic, 700.12 outlaw,
# 110.4 permanent): one of the alternatives.
SPELL_KINDS = {
    "historic": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}],
    "outlaw": [{"subtypes": [kind]} for kind in ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")],
    "permanent": [{"types": [kind]} for kind in ("Artifact", "Battle", "Creature", "Enchantment", "Land",
                                                  "Planeswalker")],
}
# CR 105.2c: no color; CR 105.2b: two or more colors.
COLOR_COUNTS = {"colorless": "colorless", "multicolored": "multicolored"}


def cast_filter(phrase: str, condition: str | None, value: str | None,
                nouns: Callable[[str], dict[str, Any] | None], at_most: bool = False) -> dict[str, Any] | None:
    """``a Spirit or Arcane``, ``an instant or sorcery``, ``a creature``, ``a colorless``,
    ``a historic``, ``an outlaw``, ``a green permanent`` (+ ``with mana value 7 or greater``,
    ``with {X} in its mana cost``): the spells a cast trigger looks for, judged on the card
    (CR 603.2, 202.3, 107.3), or None when a word isn't one of these.  ``nouns`` reads the
    noun phrase (oracle.noun_filter; None when it can't)."""
    spec: dict[str, Any] | None = {}
    words = phrase.split()
    kinds = [w for w in words if w in SPELL_KINDS]
    counts = [w for w in words if w in COLOR_COUNTS]
    rest = " ".join(w for w in words if w not in SPELL_KINDS and w not in COLOR_COUNTS)
    if len(kinds) > 1 or len(counts) > 1:
        return None
    if rest not in ("a", "an"):
        if rx.search(r"\b(?:kicked|wordy|another|Adventure|Omen|first|second|third|fourth|LOUD)\b|[A-Z]{2}", rest):
            return None
        spec = nouns(rest)
        if spec is None or set(spec) - {"types", "not_types", "subtypes", "not_subtypes", "supertypes",
                                        "not_supertypes", "colors", "any_of"}:
            return None
    if kinds:  # "a Faerie or Wizard permanent": each alternative of the one, each of the other (CR 109.2, 110.4)
        crossed = []
        for one in spec.pop("any_of", None) or [{}]:
            for other in SPELL_KINDS[kinds[0]]:
                if set(one) & set(other):  # "a historic Spirit or Arcane": a subtype both ways, not read
                    return None
                crossed.append({**one, **other})
        spec["any_of"] = crossed
    if counts:
        if "colors" in spec:
            return None
        spec[COLOR_COUNTS[counts[0]]] = True
    if condition and value:  # "with mana value 7 or greater" / "3 or less" (at_most)
        spec["max_mana_value" if at_most else "min_mana_value"] = int(value)
    elif condition:
        spec["x_in_mana_cost"] = True
    return spec


Condition = Callable[[str], tuple[dict[str, Any], str] | None]


def next_form(bare: str, card: dict[str, Any], permanent: bool,
              nouns: Callable[[str], dict[str, Any] | None],
              condition: Condition | None = None, each: Whose | None = None, adds: Adds | None = None
              ) -> tuple[list[tuple[str, Any]], str] | None:
    """Dies and cast triggers of a permanent; "Take an extra turn after this one." of a spell.
    ``nouns`` reads a noun phrase as a filter (oracle.noun_filter), or None; ``condition`` an
    intervening "if" clause of a cast trigger (oracle.step_condition); ``each`` and ``adds`` as effect_do's."""
    name = card["name"]
    if rx.search(r"triggers only once each turn", bare):  # a limit the board doesn't record (CR 603.2)
        return None
    if not permanent:
        if not {"Instant", "Sorcery"} & set(card.get("types", [])):
            return None
        if bare == "Take an extra turn after this one":
            return ([("card", {"spell": {"do": [{"extra_turn": "you"}], "text": "take an extra turn after "
                                         "this one"}})], "an extra turn for its controller (CR 500.7)")
        effect = bare[:1].lower() + bare[1:]
        do = effect_do(effect, adds=adds)
        if do and all(next(iter(each)) in ("draw", "gain_life", "add_mana") for each in do):  # CR 121.1, 119.3
            return ([("card", {"spell": {"do": do, "text": effect}})],
                    "what the spell does as it resolves: its controller draws, gains life or adds mana (CR 608.2, "
                    "121.1, 119.3, 106.4)")
        return None
    m = rx.fullmatch(r"Whenever ~ becomes tapped, (.+)", bare)
    if m and not rx.match(r"if\b", m.group(1)):  # CR 603.2: not a mana ability (605.5a)
        damage = rx.fullmatch(r"(?:it|~) deals (\w+) damage to you\.?", m.group(1))
        if damage and _amount(damage.group(1)):  # CR 120.3a (asp/effects.lp)
            spec = {"triggered": {"when": {"event": "becomes_tapped"}, "text": m.group(1).rstrip("."),
                                  "riders": [{"damage_to_controller": _amount(damage.group(1))}]}}
            return [("ability", spec)], "a triggered ability when it becomes tapped: damage to you (CR 603.2, 120.3a)"
        # another effect: its do where a form reads it, else its text (the mana query lists it as a trigger)
        return ([("ability", _triggered({"event": "becomes_tapped"}, m.group(1).rstrip("."), name, each, adds))],
                "a triggered ability when it becomes tapped (CR 603.2): not a mana ability (605.5a)")
    m = rx.fullmatch(r"When ~ dies, (.+)", bare)
    if m and not rx.match(r"if\b", m.group(1)):  # CR 603.6c, 603.10a, 700.4
        return ([("ability", _triggered({"event": "dies"}, m.group(1), name, each, adds))],
                "a triggered ability when it dies (CR 603.6c, 603.10a)")
    m = rx.fullmatch(r"Whenever (a|another) (nontoken )?creature( you control| an opponent controls)? dies, "
                     r"(.+)", bare)
    if m and not rx.match(r"if\b", m.group(4)):  # CR 603.2, 603.10a
        creature: dict[str, Any] = {"types": ["Creature"]}
        if m.group(1) == "another":
            creature["other"] = True
        if m.group(2):
            creature["token"] = False
        return ([("ability", _triggered({"event": "dies", "filter": creature, "whose": WHOSE[m.group(3) or ""]},
                                        m.group(4), name, each, adds))],
                "a triggered ability when a creature dies (CR 603.2, 603.10a)")
    return cast_trigger(bare, name, nouns, condition, each, adds)


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
NTH_SPELL = re.compile(r"Whenever (you cast your|an opponent casts their|a player casts their) "
                       r"(first|second|third|fourth)((?: [\w ,]+?)?) spell each turn, (.+)")
# CR 603.2: "a spell other than your first spell each turn": a spell its caster cast after another this turn
# (of any kind: the board's spells_cast_this_turn counts every spell).
NOT_FIRST = re.compile(r"Whenever (you cast|an opponent casts|a player casts) (an?(?: [\w ,]+?)?) spell other than "
                       r"(your|their) first spell each turn, (.+)")
# Intervening "if" clauses of a cast trigger (CR 603.4) about the spell just cast.
MANA_SPENT = re.compile(r"if at least (\w+) mana was spent to cast (?:it|that spell), (.+)")
UNJUDGED_IFS = (
    (re.compile(r"if (\w+) or more mana from (creatures|artifacts|lands|Treasures) was spent to cast it, (.+)"),
     "it reads which permanents produced the mana spent on the spell (CR 601.2h, 106.3), which no board "
     "records"),
    # CR 603.4, 601.2h: the total mana spent on it against another amount ("greater than ~'s power", "less than its
    # mana value"), or its mana value against a count ("equal to 1 plus the number of soul counters on ~")
    (re.compile(r"if the amount of mana spent to cast (that spell|it) (?:is|was) (?:greater|less) than [^,]+, (.+)"),
     "it compares the amount of mana spent to cast the spell with another amount (CR 601.2h, 603.4), which next "
     "doesn't judge"),
    (re.compile(r"if (its|that spell's) mana value is (?:equal to|greater than|less than) [^,]*\bcounters on ~, (.+)"),
     "it compares the spell's mana value with a count of its source's counters (CR 202.3, 603.4), which next "
     "doesn't judge"),
)
CAST_SPELL = re.compile(r"(?:Whenever|When) (?P<who>you cast|you cast or copy|an opponent casts(?: or copies)?|"
                        r"a player casts(?: or copies)?) "
                        r"(?P<spell>an?(?: [\w ,]+?)?) "
                        r"spell(?: of the chosen (?P<chosen>color|creature type))?"
                        r"(?P<quality> (?:with|that has) (?:(?:power|toughness) \d+ or (?:greater|less)|[a-z]+))?"
                        r"(?P<qualifier> with mana value (?P<value>\d+) or (?P<compare>greater|less)|"
                        r" with \{X\} in its mana cost|"
                        r"(?P<versus> with mana value (?P<than>(?:less|greater) than(?: or equal to)?) "
                        r"~'s (?P<stat>power|toughness))|"
                        r"(?P<unjudged> that doesn't share a creature type with a creature card in your "
                        r"library))?, (?P<effect>.+)")
# CR 603.2, 105.2: "a noncreature spell or a Dragon spell" (either filter), "a spell that's both green
# and blue" (both colors): the spell filter, read before the rest of the sentence.
CASTS = r"(?P<head>(?:Whenever|When) (?:you cast|an opponent casts|a player casts))"
EITHER_SPELL = re.compile(CASTS + r" (?P<one>an? [\w ]+?) spell or (?P<two>an? [\w ]+?) spell, (?P<rest>.+)")
COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
BOTH_COLORS = re.compile(CASTS + r" a spell that's both (?P<one>white|blue|black|red|green) and "
                                 r"(?P<two>white|blue|black|red|green), (?P<rest>.+)")
# Intervening "if" clauses (CR 603.4) the cast event's own qualifiers say: "if that spell was kicked"
# (702.33d), "if it's not their turn" (the caster's; "your": the controller's, who is the caster).
KICKED_IF = re.compile(r"if (?:that spell|it) was kicked, (.+)")
NOT_TURN_IF = re.compile(r"if it's not (their|your) turn, (.+)")
# CR 202.3, 208.1: "a spell with mana value less than ~'s power": the spell's mana value against its source's.
THAN = {"less than": "less", "greater than": "greater", "less than or equal to": "at_most",
        "greater than or equal to": "at_least"}
# A spell's relation to cards no board lists in full: next refuses where the trigger would go on the stack.
UNJUDGED_SPELL = "it reads the creature types of the cards in your library, which next doesn't judge"


def cast_trigger(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                 condition: Condition | None = None, each: Whose | None = None, adds: Adds | None = None
                 ) -> tuple[list[tuple[str, Any]], str] | None:
    """"Whenever you cast / an opponent casts / a player casts [a spell filter], [effect]" and
    "Whenever you cast your second spell each turn" (CR 603.2, 601.2i): the event pysolver next
    puts on the stack as it casts a spell.  A condition no board records (the mana's sources)
    is kept in `unjudged`: next refuses where the trigger would go on the stack."""
    m = NOT_FIRST.fullmatch(bare)
    if m and (m.group(1) == "you cast") == (m.group(3) == "your"):  # the caster's own first spell
        found = cast_trigger(f"Whenever {m.group(1)} {m.group(2)} spell, {m.group(4)}", name, nouns, condition, each,
                             adds)
        if found is None:
            return None
        for kind, ability in found[0]:
            if kind == "ability" and "triggered" in ability:
                ability["triggered"]["when"]["not_first_each_turn"] = True
        return found[0], found[1] + ", not its caster's first spell this turn (CR 603.2)"
    m = NTH_SPELL.fullmatch(bare)
    if m:  # CR 603.2: counted among the spells its caster cast this turn (the board's spells_cast_this_turn)
        spell = cast_filter("a" + m.group(3), None, None, nouns)
        if spell is None:
            return None
        caster = {"you cast your": "you", "an opponent casts their": "opponent", "a player casts their": "any"}
        when: dict[str, Any] = {"event": "cast", **({"filter": spell} if spell else {}),
                                "whose": caster[m.group(1)], "nth_each_turn": ORDINALS[m.group(2)]}
        return _cast_ability(when, m.group(4), name, each=each, adds=adds)
    bare, spell_filter = _spell_filter_first(bare, nouns)
    # "another Vampire spell": a permanent's ability, whose source is on the battlefield, never the spell
    bare = rx.sub(r"^(Whenever (?:you cast|an opponent casts|a player casts)) another (?=[\w ]+ spell, )", r"\1 a ",
                  bare)
    m = CAST_SPELL.fullmatch(bare)
    if not m or spell_filter is None:
        return None
    effect, when, who = m.group("effect"), {"event": "cast"}, m.group("who")
    spell = cast_filter(m.group("spell"), None if m.group("unjudged") or m.group("versus") else m.group("qualifier"),
                        m.group("value"), nouns, at_most=m.group("compare") == "less")
    if spell is None:
        return None
    spell = spell_filter or spell  # "a spell" and the filter read before it
    if m.group("quality"):  # "with flying", "that has convoke", "with power 5 or greater"
        quality = spell_quality(m.group("quality").strip(), nouns)
        if quality is None or "any_of" in spell:
            return None
        spell = {**spell, **quality}
    if m.group("chosen"):  # CR 607.1: the choice made as its source entered (asp/actions.lp)
        spell = {**spell, "chosen": m.group("chosen").replace(" ", "_")}
    if m.group("unjudged"):
        when["unjudged"] = UNJUDGED_SPELL
    if m.group("versus"):  # CR 202.3, 208.1: against its source's power or toughness (asp/actions.lp)
        when["mana_value_vs"] = {"compare": THAN[m.group("than")], "stat": m.group("stat")}
    copies = who.endswith((" or copy", " or copies"))
    who = rx.sub(r" or cop(?:y|ies)$", "", who)
    when.update({**({"filter": spell} if spell else {}), "whose": "you" if who.startswith("you") else CASTER[who]})
    if copies:  # CR 707.10: next refuses to copy a spell (storm) beside it
        when["or_copy"] = True
    kicked = KICKED_IF.fullmatch(effect)
    if kicked:  # CR 603.4, 702.33d: the spell's kicker, as it was cast (and as the ability resolves)
        when["kicked"], effect = True, kicked.group(1)
    turn = NOT_TURN_IF.fullmatch(effect)
    if turn and "during" not in when and (turn.group(1) == "their") == (when["whose"] != "you"):
        # CR 603.4: whose turn it is as the spell is cast (and as the ability resolves: the same turn)
        when["during"], effect = "not_caster" if turn.group(1) == "their" else "opponent", turn.group(2)
    judged: dict[str, Any] = {}
    spent = MANA_SPENT.fullmatch(effect)
    if spent and _amount(spent.group(1)):  # CR 603.4, 601.2h: the mana spent to cast it
        judged, effect = {"mana_spent_at_least": _amount(spent.group(1))}, spent.group(2)
    for pattern, why in UNJUDGED_IFS:
        unjudged = pattern.fullmatch(effect)
        if unjudged and "unjudged" not in when:
            when["unjudged"], effect = why, unjudged.group(unjudged.lastindex or 0)
    conditional = condition(effect) if condition and not judged and rx.match(r"if\b", effect) else None
    if conditional is not None:  # CR 603.4: on the board as the spell is cast
        judged, effect = conditional
    return _cast_ability(when, effect, name, judged, each, adds)


# CR 702.1, 208.1: what a spell has, judged on its card (asp/filter_conditions.lp): a keyword its card prints
# ("with flying", "that has convoke": any keyword the rules define, 702), its printed power or toughness.
SPELL_STAT = re.compile(r"with (?:power|toughness) \d+ or (?:greater|less)")


def spell_quality(quality: str, nouns: Callable[[str], dict[str, Any] | None]) -> dict[str, Any] | None:
    """``with flying`` / ``that has convoke`` -> {keywords: [Flying]}; ``with power 5 or greater`` ->
    {power_at_least: 5}; None when the words are neither."""
    if SPELL_STAT.fullmatch(quality):
        spec = nouns(f"creature {quality}")
        return None if spec is None else {k: v for k, v in spec.items() if k != "types"}
    word = rx.fullmatch(r"(?:with|that has) ([a-z]+)", quality)
    if word is None or not defined(word.group(1)):
        return None
    return {"keywords": [word.group(1).capitalize()]}


def _spell_filter_first(bare: str, nouns: Callable[[str], dict[str, Any] | None]
                        ) -> tuple[str, dict[str, Any] | None]:
    """``Whenever you cast a noncreature spell or a Dragon spell, E`` -> (``Whenever you cast a
    spell, E``, either filter); ``... a spell that's both green and blue, E`` -> (..., both
    colors); the sentence and {} when it is neither; None for the filter when a part isn't read."""
    m = EITHER_SPELL.fullmatch(bare)
    if m:
        one, two = (cast_filter(m.group(p), None, None, nouns) for p in ("one", "two"))
        if not one or not two or "any_of" in one or "any_of" in two:
            return bare, None
        return f"{m.group('head')} a spell, {m.group('rest')}", {"any_of": [one, two]}
    m = BOTH_COLORS.fullmatch(bare)
    if m:  # CR 105.2: a filter's colors are each required (asp/filter_conditions.lp)
        colors = sorted({COLOR_NAMES[m.group("one")], COLOR_NAMES[m.group("two")]}, key="WUBRG".index)
        return f"{m.group('head')} a spell, {m.group('rest')}", {"colors": colors}
    return bare, {}


def _cast_ability(when: dict[str, Any], effect: str, name: str, condition: dict[str, Any] | None = None,
                  each: Whose | None = None, adds: Adds | None = None) -> tuple[list[tuple[str, Any]], str] | None:
    if rx.match(r"if\b", effect):  # another intervening "if" (CR 603.4): not read
        return None
    if rx.search(r"(?:this card|~) from your graveyard", effect):  # it functions in the graveyard (CR 113.6m)
        return None
    ability = _triggered(when, effect, name, each, adds)
    if condition:
        from pysolver.cards.oracle_step_ifs import keeps_do  # CR 603.4: checked again as it resolves?
        dropped = () if keeps_do(condition) else ("do", "may")
        ability["triggered"] = {"when": when, "if": condition,
                                **{k: v for k, v in ability["triggered"].items() if k != "when" and k not in dropped}}
    return [("ability", ability)], "a triggered ability when a spell is cast (CR 603.2, 601.2i)"
