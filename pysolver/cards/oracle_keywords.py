"""Keywords of a keyword line that a query reaches but no rule models (issue 13: no silent drop).

A keyword line ("Flying, persist") becomes the card's keywords (has_keyword), a compilation
for the keywords a rule reads and for the many that touch nothing a query reads (combat,
abilities that work from a hand or a graveyard).  A keyword that is a trigger on an event a
query produces, a replacement of such an event, or a change to what a spell costs or how it is
paid is not: no rule models it, so its piece of the line is not understood (the card is partial)
instead of compiled and then ignored; so is an alternative cost or another way to cast the card
(dash, blitz, ...: `pay --spell` would leave its ways out, CR 118.9), but for those that change nothing of the
permanent on the battlefield, which pay --spell and next cast read to refuse casting the card (CAST_REFUSED:
bestow, overload, spectacle, ...; escape, from a graveyard: GRAVEYARD_CASTS); evoke is
modelled, and so are affinity (pysolver/cards/oracle_costs.py), convoke, improvise and delve
(pysolver/query/convoke.py); so are morph, megamorph and disguise with a mana cost
(FACE_DOWN_COST: casting face down, turning face up); prowess and storm are compiled to their
cast triggers (pysolver/cards/oracle_cast_keywords.py).  Persist, undying, afterlife, modular, graft,
fabricate, exploit, living weapon, backup, bloodthirst, sunburst, champion, hideaway and fading compile to
the abilities their rules write out, riot, unleash and read ahead to their choice as the permanent enters
(pysolver/cards/oracle_keyword_texts.py); one of those that the texts can't
state (Modular X) keeps the reason here."""

from __future__ import annotations

import re

from pysolver.cards import patterns as rx
from pysolver.protection import split as split_quality

UNMODELLED = {
    # Triggers and replacements on entering or dying (`next`, CR 603.6a, 603.6c, 614.1c).
    "persist": "702.79", "undying": "702.93", "afterlife": "702.135", "modular": "702.43",
    "evolve": "702.100", "exploit": "702.110", "fabricate": "702.123", "riot": "702.136",
    "backup": "702.165", "living weapon": "702.92", "soulshift": "702.46", "bloodthirst": "702.54",
    "sunburst": "702.44", "amplify": "702.38", "devour": "702.82", "graft": "702.58",
    "champion": "702.72", "haunt": "702.55", "tribute": "702.104", "hideaway": "702.75",
    "partner with": "702.124i", "ravenous": "702.156", "for mirrodin!": "702.163",
    "offspring": "702.175", "squad": "702.157", "unleash": "702.98",
    "read ahead": "702.155", "compleated": "702.150",
    # Replacements of damage (`next`: an ability's damage).  Umbra armor's replacement of destruction is the
    # card's keyword, which the destruction rules read (asp/umbra_armor.lp, CR 702.89a).
    "absorb": "702.64",
    # Triggers on a creature dying that a card in a graveyard has (`next`, CR 603.6c).
    "recover": "702.59",
    # Triggers and replacements on casting, resolving or discarding (`next cast`, cleanup).
    "cascade": "702.85", "extort": "702.101", "ripple": "702.60", "gravestorm": "702.69",
    "demonstrate": "702.144", "epic": "702.50",
    # madness, rebound, cipher: next refuses what it doesn't model (REFUSED_BY)
    # Steps (`turn`, `next`).  Daybound and nightbound are the card's keywords (REFUSED_BY, pysolver/day_night.py).
    "vanishing": "702.63", "fading": "702.32", "phasing": "702.26",
    # What a spell costs and how it is paid (`pay --spell`): reductions, other payers, and optional or
    # extra costs beside kicker (601.2b, 601.2f).
    "undaunted": "702.125", "multikicker": "702.33c", "buyback": "702.27",
    "entwine": "702.42", "replicate": "702.56", "escalate": "702.120",
    "casualty": "702.153", "bargain": "702.166", "gift": "702.174",
    # A permanent's types or pairing (can-activate's summoning sickness, 302.6; next's entering).  Reconfigure is
    # compiled to its abilities (pysolver/cards/oracle_attached.py, CR 702.151a-b).
    "living metal": "702.161", "soulbond": "702.95",
}
# Alternative costs and other ways to cast a card (CR 118.9, 601.2a-b): `pay --spell` gives every
# way to pay a spell's cost and `next cast` casts it; what each does no rule models.
WAYS_TO_CAST = {
    "dash": "702.109", "morph": "702.37", "megamorph": "702.37b",
    "disguise": "702.168", "flashback": "702.34", "blitz": "702.152",
    "impending": "702.176", "prototype": "702.160",
    "more than meets the eye": "702.162", "awaken": "702.113",
    "aftermath": "702.127",
    # escape, emerge, spectacle, surge, prowl, overload, freerunning, cleave, offering: casting refuses them
    # (CAST_REFUSED, GRAVEYARD_CASTS)
    # Newer than the rules text pysolver cites: an alternative cost or a zone to cast from.
    "sneak": "118.9", "mayhem": "118.9", "warp": "118.9", "web-slinging": "118.9", "harmonize": "118.9",
}
UNMODELLED.update(WAYS_TO_CAST)
# The rules text pysolver follows, as a reason names it where something newer is refused: one place for the
# wording (a keyword, a station threshold, paying speed; oracle_player.py's "prepared" keeps its own copy, as that
# module imports nothing of the package).
RULES_FOLLOWED = "the Comprehensive Rules this project follows (February 7, 2025)"
# CR 702.2-702.179: the keyword abilities the rules text pysolver cites (February 7, 2025) defines.  MTGJSON
# lists newer ones among a card's keywords too (station, tiered, job select, increment, ...): what such a keyword
# does is defined nowhere here, so a keyword line naming one is not understood (oracle.py's keyword lines).
RULES_KEYWORDS = frozenset({
    "absorb", "affinity", "afflict", "afterlife", "aftermath", "amplify", "annihilator", "ascend", "assist",
    "aura swap", "awaken", "backup", "banding", "bargain", "battle cry", "bestow", "blitz", "bloodthirst", "boast",
    "bushido", "buyback", "cascade", "casualty", "champion", "changeling", "cipher", "cleave", "companion",
    "compleated", "conspire", "convoke", "craft", "crew", "cumulative upkeep", "cycling", "dash",
    "daybound and nightbound", "deathtouch", "decayed", "defender", "delve", "demonstrate", "dethrone", "devoid",
    "devour", "disguise", "disturb", "double strike", "dredge", "echo", "embalm", "emerge", "enchant", "encore",
    "enlist", "entwine", "epic", "equip", "escalate", "escape", "eternalize", "evoke", "evolve", "exalted",
    "exhaust", "exploit", "extort", "fabricate", "fading", "fear", "first strike", "flanking", "flash", "flashback",
    "flying", "for mirrodin!", "forecast", "foretell", "fortify", "freerunning", "frenzy", "fuse", "gift", "graft",
    "gravestorm", "haste", "haunt", "hexproof", "hidden agenda", "hideaway", "horsemanship", "impending",
    "improvise", "indestructible", "infect", "ingest", "intimidate", "jump-start", "kicker", "landwalk", "level up",
    "lifelink", "living metal", "living weapon", "madness", "max speed", "melee", "menace", "mentor", "miracle",
    "modular", "more than meets the eye", "morph", "mutate", "myriad", "ninjutsu", "offering", "offspring",
    "outlast", "overload", "partner", "persist", "phasing", "plot", "poisonous", "protection", "prototype",
    "provoke", "prowess", "prowl", "rampage", "ravenous", "reach", "read ahead", "rebound", "reconfigure", "recover",
    "reinforce", "renown", "replicate", "retrace", "riot", "ripple", "saddle", "scavenge", "shadow", "shroud",
    "skulk", "solved", "soulbond", "soulshift", "space sculptor", "spectacle", "splice", "split second", "spree",
    "squad", "start your engines!", "storm", "sunburst", "surge", "suspend", "toxic", "training", "trample",
    "transfigure", "transmute", "tribute", "umbra armor", "undaunted", "undying", "unearth", "unleash", "vanishing",
    "vigilance", "visit", "ward", "wither",
    # one entry's two keywords (702.145a); variants of an entry (702.37b, 702.33c, 702.106f, 702.124a)
    "daybound", "nightbound", "megamorph", "multikicker", "double agenda", "friends forever", "choose a background",
    "doctor's companion",
})
# Keywords named by a variant of one entry: "swampwalk" (702.14c), "plainscycling" (702.29e), "Goblin offering"
# (702.48a), "commander ninjutsu" (702.49d).
VARIANT_SUFFIXES = ("walk", "cycling", " offering", "ninjutsu")


def defined(name: str) -> bool:
    """Whether the rules text pysolver cites defines the keyword (in lower case), as its own entry of CR 702, a
    variant of one, or an entry's name followed by its quality or cost ("protection from red", "partner with ...")."""
    return (name in RULES_KEYWORDS or name.endswith(VARIANT_SUFFIXES)
            or any(name.startswith(keyword + " ") for keyword in RULES_KEYWORDS))


# Keywords that act only where no query looks, each with why (issue 13: irrelevant, saying which kind).
# CR 702.62a, 116.2f: suspending is a special action taken from a hand instead of casting, which no query
# takes (next cast casts; pay --spell pays a spell's costs, and suspending is no cost of a spell); its
# triggered abilities work only while the card is suspended (702.62b: in exile with a time counter), and a
# board's exile holds cards without counters, so no card on a board is suspended.
IRRELEVANT = {
    "suspend": ("suspend (CR 702.62a): a special action from a hand (116.2f) that no query takes, and abilities "
                "of a suspended card (702.62b: in exile with a time counter), which no board holds (a board's exile "
                "records no counters)"),
    # CR 702.143a, 116.2h: foretelling exiles the card face down, a special action from a hand that no query
    # takes; a foretold card is cast from exile, and a board's exile holds no face-down card.
    "foretell": ("foretell (CR 702.143a): a special action from a hand (116.2h) that no query takes, and casting a "
                 "foretold card from exile, which no board holds (a board's exile is face up) and no query does"),
    # CR 702.170a, 116.2k: plotting exiles the card, a special action that no query takes; a plotted card is
    # cast from exile (702.170d), which no query does, and a board records no plotted card.
    "plot": ("plot (CR 702.170a): a special action from a hand (116.2k) that no query takes, and casting a plotted "
             "card from exile (702.170d), which no query does and no board records"),
}


# Keywords compiled to the card's keywords that one query reads to refuse what it doesn't model.
REFUSED_BY = {
    "madness": ("madness (CR 702.35a): the card's keywords, which next reads to refuse discarding the card (it "
                "would be exiled instead, and cast for its madness cost or put into a graveyard)"),
    "rebound": ("rebound (CR 702.88a): the card's keywords, which next reads to refuse resolving the spell (it would "
                "be exiled instead of put into a graveyard, and cast again at its controller's next upkeep)"),
    "cipher": ("cipher (CR 702.99a): the card's keywords, which next reads to refuse resolving the spell (its "
               "controller may exile it encoded on a creature they control instead of putting it into a graveyard)"),
    # CR 702.81a, 702.133a: a permission to cast the card from its owner's graveyard, discarding a (land) card as an
    # additional cost (jump-start: exiled as it leaves the stack): next cast casts from a hand (or by flashback); pay
    # --spell, which pays as though from a hand, refuses a card in its player's graveyard, where it may be cast so.
    "retrace": ("retrace (CR 702.81a): the card's keywords, which pay --spell reads to refuse the card while it is in "
                "its player's graveyard (cast from there by discarding a land card as an additional cost, which it "
                "doesn't model); next cast casts it from a hand only"),
    "jump-start": ("jump-start (CR 702.133a): the card's keywords, which pay --spell reads to refuse the card while it "
                   "is in its player's graveyard (cast from there by discarding a card as an additional cost, which it "
                   "doesn't model); next cast casts it from a hand only"),
    # CR 702.138a: cast from its owner's graveyard for its escape cost (pay --spell, which pays as though from a
    # hand, refuses the card there: GRAVEYARD_CASTS); from a hand it is cast as any card is.
    "escape": ("escape (CR 702.138a): the card's keywords, which pay --spell reads to refuse the card while it is in "
               "its player's graveyard (cast from there for its escape cost, which it doesn't model); next cast casts "
               "it from a hand only"),
    # CR 702.47a: revealed from its owner's hand as they cast a spell of its quality, whose text and additional
    # costs it changes (pay --spell and next cast refuse casting such a spell while its caster holds the card).
    "splice": ("splice (CR 702.47a): the card's keywords and what it splices onto (its splice_onto), which pay --spell "
               "and next cast read to refuse casting a spell of that quality while its caster holds the card (it may "
               "be spliced onto the spell, its cost added and its text gained, which they don't model); cast "
               "itself, it is paid as any card is"),
    # CR 702.94a: cast for its miracle cost only as its trigger resolves after it is drawn, never from a hand
    # otherwise (pay --spell: no such way now).
    "miracle": ("miracle (CR 702.94a): the card's keywords, which next reads to refuse drawing the card (the first "
                "card a player draws in a turn may be revealed and cast for its miracle cost)"),
}

# Keywords of a way to cast the card or to pay for it that change nothing of the permanent it is on the battlefield
# (a board holds no bestowed Aura, no mutated permanent, no transformed face cast with disturb: each its own
# characteristics there), compiled to the card's keywords, which pay --spell and next cast read to refuse casting
# the card (pysolver/query/payment.py _spell: the ways to pay would be left out, CR 601.2b, 118.9).
CAST_REFUSED = {
    "bestow": ("bestow (CR 702.103a): the card's keywords, which pay --spell and next cast read to refuse casting "
               "it (cast bestowed for its bestow cost it is an Aura spell, 702.103b, which they don't model); a "
               "permanent on the battlefield is the creature it is without it"),
    "mutate": ("mutate (CR 702.140a): the card's keywords, which pay --spell and next cast read to refuse casting it "
               "(cast for its mutate cost it targets a creature it merges with, 702.140c, which they don't model); a "
               "permanent on the battlefield is the creature it is without it"),
    "disturb": ("disturb (CR 702.146a): the card's keywords, which pay --spell and next cast read to refuse casting "
                "it (cast transformed from its owner's graveyard for its disturb cost, 702.146b, which they don't "
                "model); a permanent on the battlefield is the face it is without it"),
    "assist": ("assist (CR 702.132a): the card's keywords, which pay --spell and next cast read to refuse casting it "
               "(another player may pay generic mana of its total cost, which they don't model); a permanent on the "
               "battlefield is what it is without it"),
    "spree": ("spree (CR 702.172a): the card's keywords, which pay --spell and next cast read to refuse casting it "
              "(its total cost includes the additional cost of each mode chosen, one or more, which they don't "
              "model)"),
}
# Alternative and additional costs that change nothing of the permanent the card is on the battlefield (an instant
# or sorcery is never there, CR 110.4): pay --spell would leave out the ways to pay them and next cast doesn't
# record them on the spell (a board's stack item was cast without them: it has no field for them).
ALTERNATIVE_COSTS = {  # keyword: (rule, what casting it so is)
    "overload": ("702.96a", "it may be cast for its overload cost, its text's \"target\" changed to \"each\""),
    "cleave": ("702.148a", "it may be cast for its cleave cost, its text in square brackets removed"),
    "spectacle": ("702.137a", "it may be cast for its spectacle cost if an opponent lost life this turn"),
    "surge": ("702.117a", "it may be cast for its surge cost if its caster has cast another spell this turn"),
    "emerge": ("702.119a", "it may be cast for its emerge cost by sacrificing a creature, reduced by that creature's "
                           "mana value"),
    "freerunning": ("702.173a", "it may be cast for its freerunning cost if a player was dealt combat damage this "
                                "turn by an Assassin or a commander its caster controlled"),
    "prowl": ("702.76a", "it may be cast for its prowl cost if a player was dealt combat damage this turn by a source "
                         "its caster controlled that shared a creature type with it"),
    "offering": ("702.48a", "it may be cast any time its caster could cast an instant by sacrificing a permanent of "
                            "its quality, its total cost reduced by that permanent's mana cost"),
    "conspire": ("702.78a", "its caster may tap two untapped creatures they control that share a color with it as an "
                            "additional cost, and then copy it"),
}
CAST_REFUSED.update({name: (f"{name} (CR {rule}): the card's keywords, which pay --spell and next cast read to refuse "
                            f"casting it ({what}, which they don't model); a permanent on the battlefield is what it "
                            "is without it")
                     for name, (rule, what) in ALTERNATIVE_COSTS.items()})
REFUSED_BY.update(CAST_REFUSED)
# Why pay --spell refuses a card with one of these keywords in its player's graveyard (a way to cast it from there).
GRAVEYARD_CASTS = {"retrace": "discarding a land card as an additional cost (CR 702.81a)",
                   "jump-start": "discarding a card as an additional cost (CR 702.133a)",
                   "escape": "paying its escape cost rather than its mana cost (CR 702.138a)"}
# CR 702.145b, 702.145e, 728: a permanent with daybound (nightbound) on the battlefield is front (back) face up: it is
# day (night); a board records no day/night and no transformed face (pysolver/day_night.py).
DAY_NIGHT = ("(CR 702.145b, 702.145e): the card's keywords, which next reads to follow a turn's untap step where day "
             "and night don't change and to refuse it where they do (502.2, 728.2: what transforms isn't modelled), "
             "and to refuse the permanent entering where the board doesn't show it is day; turn --turns refuses the "
             "turns after this one")
REFUSED_BY.update({"daybound": f"daybound {DAY_NIGHT}", "nightbound": f"nightbound {DAY_NIGHT}"})
# Why casting a card with one of CAST_REFUSED's keywords is refused (pay --spell, next cast).
CAST_REFUSAL = {"bestow": "it may be cast bestowed for its bestow cost, an Aura spell (CR 702.103a-b)",
                "mutate": "it may be cast for its mutate cost, a mutating creature spell (CR 702.140a-c)",
                "disturb": "it may be cast transformed from its owner's graveyard for its disturb cost (CR 702.146a-b)",
                "assist": "another player may pay generic mana of its total cost (CR 702.132a)",
                "spree": "its total cost includes the additional cost of each mode chosen, one or more (CR 702.172a, "
                         "700.2h)"}
CAST_REFUSAL.update({name: f"{what} (CR {rule})" for name, (rule, what) in ALTERNATIVE_COSTS.items()})


def cast_refused(keywords: list[str]) -> str | None:
    """The first of a card's ``keywords`` (as its data lists them) that pay --spell and next cast refuse, in lower
    case, or None."""
    return next((k.lower() for k in keywords if k.lower() in CAST_REFUSED), None)


NOTED = frozenset(IRRELEVANT) | frozenset(REFUSED_BY)


def irrelevant(name: str) -> tuple[bool, str] | None:
    """(whether it is irrelevant, why) for a keyword (in lower case) of a keyword line that changes no
    query's answer or that a query refuses, or None."""
    if name in IRRELEVANT:
        return True, IRRELEVANT[name]
    return (False, REFUSED_BY[name]) if name in REFUSED_BY else None


# CR 702.47a: "Splice onto Arcane {1}{R}", "Splice onto instant or sorcery {3}{W}", "Splice onto Arcane—Sacrifice two
# Mountains": the quality of the spells it may be spliced onto, a subtype or card types (its cost is never paid here).
SPLICE = re.compile(r"Splice onto (?P<quality>Arcane|instant or sorcery)(?: (?:\{[^}]+\})+|—.+)")
SPLICE_QUALITIES = {"Arcane": ["Arcane"], "instant or sorcery": ["Instant", "Sorcery"]}


def splice_onto(piece: str) -> list[str] | None:
    """``Splice onto Arcane {2}{B}`` -> ["Arcane"]: what the card splices onto (a spell with one of these card
    types or subtypes, CR 702.47a), or None when the piece is no splice read here."""
    m = SPLICE.fullmatch(piece.rstrip("."))
    return SPLICE_QUALITIES[m.group("quality")] if m else None


# Ways to cast that are, on a land, a permission to play it from a graveyard: `pysolver next` plays
# lands only from a hand (CR 305.1) and a land is no spell `pay --spell` pays (305.9).
LAND_PLAYS = {"mayhem"}


# CR 702.37a, 702.37b, 702.168a: "Morph {2}{G}": the card may be cast face down for {3} (pay --spell's
# ways, next cast CARD face-down: pysolver/query/payment.py), and its cost turns the face-down permanent
# face up (pysolver next turn-face-up, pysolver/next_face_up.py).  A cost other than mana ("Morph—Reveal
# a white card") or with X (702.37f) stays not understood.
FACE_DOWN_COST = re.compile(r"(Morph|Megamorph|Disguise) ((?:\{(?:[0-9]+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)")


def face_down_cost(piece: str) -> tuple[str, str] | None:
    """``Megamorph {5}{G}`` -> ("megamorph", "{5}{G}"), or None."""
    m = FACE_DOWN_COST.fullmatch(piece.rstrip("."))
    return (m.group(1).lower(), m.group(2)) if m else None


def unmodelled(name: str, land: bool = False, piece: str = "") -> str | None:
    """Why a keyword (in lower case) of a keyword line (of a land card: ``land``; the line's
    ``piece`` that names it) is not understood, or None."""
    rule = UNMODELLED.get(name)
    if rule is None and not defined(name):
        return (f"{name}: a keyword {RULES_FOLLOWED} don't define "
                "(CR 702 has no entry for it), so what it does is modelled nowhere")
    if rule is None or (land and name in LAND_PLAYS) or face_down_cost(piece) is not None:
        return None
    if name in WAYS_TO_CAST:
        return (f"{name}: an alternative cost or another way to cast the card (CR {rule}, 601.2), which "
                "pay --spell and next cast don't model: the ways to pay it would be left out")
    return (f"{name}: a keyword whose trigger, replacement, cost or type change a query reaches (CR {rule}), which "
            "pysolver doesn't model")


def unmodelled_costed(line: str) -> str | None:
    """``Escape—{2}{B}, Exile four other cards from your graveyard``, ``Flashback—Sacrifice a
    creature``, ``Bestow—{R}, Collect evidence 6``: a keyword no rule models, or one a query reads to refuse
    (REFUSED_BY: casting, or paying from a graveyard), followed by its cost after a dash (commas inside the cost),
    as one keyword (in lower case), or None; likewise ``Partner with Regna, the Redeemer`` (CR 702.124i: the name,
    commas and all)."""
    lower = line.lower()
    if lower.startswith("partner with ") and "\n" not in line:
        return "partner with"
    dash = len(lower)
    while (dash := lower.rfind("—", 0, dash)) >= 0:  # the longest name first (one of each length can be)
        if lower[:dash] in UNMODELLED or lower[:dash] in REFUSED_BY:  # "Bestow—{R}, Collect evidence 6"
            return lower[:dash]
    return None


# Protection and hexproof from a quality (CR 702.16a, 702.11d; pysolver/protection.py): a
# keyword line's piece "protection from red and from blue" is the keywords of each quality
# (702.16g); a quality the rules can't judge ("from Zombies", "from the chosen color") leaves
# the piece not understood.
QUALITY_PIECE = re.compile(r"(?:[Pp]rotection|[Hh]exproof) from .+")
# What a source lists for such a keyword (MTGJSON: "Protection", "Hexproof from"; and
# "Hexproof" beside "Hexproof from", though the card has no hexproof of its own).
BARE = {"protection", "hexproof from"}


def quality_keywords(piece: str) -> list[str] | None:
    """``Protection from black and from red`` -> ["Protection from black", "Protection from red"];
    None when the piece isn't such a keyword or one of its qualities isn't judged."""
    if not QUALITY_PIECE.fullmatch(piece):
        return None
    found = split_quality(piece)
    return None if found is None else [k[0].upper() + k[1:] for k in found]


def quality_reason(piece: str) -> str | None:
    """Why a keyword line's piece of protection or hexproof from a quality is not understood."""
    if not QUALITY_PIECE.fullmatch(piece) or split_quality(piece) is not None:
        return None
    return (f"{piece}: a quality the rules here can't judge (only colors, multicolored, monocolored, colorless, "
            "card types and everything are: CR 702.16a, 702.11d)")


def with_qualities(keywords: list[str], pieces: list[str], oracle: str) -> list[str]:
    """The card's keywords with each judged quality piece's keywords instead of the bare names a
    source lists (kept for an unjudged one, so that a query meeting it refuses)."""
    judged = [k for piece in pieces for k in quality_keywords(piece) or []]
    if not judged:
        return keywords
    unjudged = any(quality_reason(piece) for piece in pieces)
    own_hexproof = rx.search(r"(?:^|\n|, )[Hh]exproof(?:\n|,|$| \()", oracle) is not None
    kept = [k for k in keywords if (k.lower() not in BARE or unjudged)
            and not (k.lower() == "hexproof" and not own_hexproof)]
    return kept + [k for k in judged if k not in kept]


# CR 701.2-701.60: keyword actions, verbs of an effect ("Scry 2.", "Investigate.", "Double target
# creature's power", "Activate only ..."), which MTGJSON lists among a card's keywords beside its keyword
# abilities (CR 702).  A sentence that starts with one is an effect, never a keyword line; the last four
# are keyword actions newer than the rules text pysolver cites.
KEYWORD_ACTIONS = frozenset({
    "activate", "attach", "cast", "counter", "create", "destroy", "discard", "double", "triple", "exchange",
    "exile", "fight", "mill", "play", "regenerate", "reveal", "sacrifice", "scry", "search", "shuffle", "tap",
    "untap", "fateseal", "clash", "planeswalk", "set in motion", "abandon", "proliferate", "transform", "detain",
    "populate", "monstrosity", "vote", "bolster", "manifest", "support", "investigate", "meld", "goad", "exert",
    "explore", "assemble", "surveil", "adapt", "amass", "learn", "venture into the dungeon", "connive",
    "open an attraction", "roll to visit your attractions", "convert", "incubate", "the ring tempts you",
    "face a villainous choice", "time travel", "discover", "cloak", "collect evidence", "suspect", "forage",
    "manifest dread", "airbend", "earthbend", "waterbend", "firebend"})

