"""Coverage of the Oracle-text compiler over a card data file; prints the figures.

    python benchmarks/oracle_coverage.py [FILE] [--list] [--all-reasons]

FILE is MTGJSON (AtomicCards or AllPrintings) or a Scryfall bulk file (default:
$PYSOLVER_CARD_DATA, else the tests' fixture).  Prints the import time; how many
cards are ok / partial / unsupported (all cards, and those with a mana ability),
partial and unsupported ones by reason; the "could produce" family; and the
independent check: could-produce on every ok card made only of the simple
templates (benchmarks/simple_templates.py), against what the templates say.

Every figure is printed for the whole file and for its two parts: a fixed 20% of
the names held out of the compiler's development (seed 13), and the rest.
The reasons are printed for the development part only (--all-reasons: for the whole file and the
held-out part too), and --list prints every card of the development part that is not ok, with its
reason: the held-out part is never listed, so it stays unseen by the compiler's development.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pysolver
from pysolver.cards import db as carddb

HERE = Path(__file__).resolve().parent
DEFAULT = os.environ.get("PYSOLVER_CARD_DATA") or str(
    HERE.parent / "tests" / "fixtures" / "cards" / "atomic-fixture.json")
SEED, HELD_OUT = 13, 0.2
_spec = importlib.util.spec_from_file_location("simple_templates", HERE / "simple_templates.py")
assert _spec and _spec.loader
templates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(templates)


def held_out(names: list[str]) -> set[str]:
    """A fixed fifth of the names, kept out of the compiler's development loop."""
    ordered = sorted(set(names))
    return set(random.Random(SEED).sample(ordered, int(len(ordered) * HELD_OUT)))


def beyond_the_rules(result) -> bool:
    """Refused because it uses a digital-only action, a draft choice or chance
    (oracle.beyond_the_rules, and coin flips or dice in a mana ability)."""
    return any(re.search(r"digital-only action|while drafting|left to chance", p) for p in result.problems)


def reason_of(result) -> str:
    """A short kind for a card that is not ok."""
    if result.status == "unsupported":
        return "unsupported: " + result.problems[0].split(": ", 1)[-1].split(" '")[0]
    sentence = result.ignored[0]
    for pattern, kind in (("When ~ dies", "a dies trigger"), ("Whenever you cast", "a cast trigger"),
                          ("At the beginning", "a step trigger with a condition"),
                          ("enters tapped", "enters tapped with a condition"),
                          ("enters with", "enters with counters (a condition)"),
                          ("Whenever", "another triggered ability"), ("When", "another triggered ability"),
                          ("As ~ enters", "a choice as it enters"), ("lose", "losing abilities or types"),
                          ("Add", "mana (a sentence beside the ability)"), ("untap", "untapping")):
        if pattern in sentence:
            return "partial: " + kind
    return "partial: " + " ".join(sentence.split()[:3]) + " ..."


def check_templates(faces_and_results, library: Path) -> tuple[int, int, list[str]]:
    """could-produce of each ok card made of simple templates, alone (no card of the batch
    has an ability that affects another), against the templates' answer."""
    checked = [(face, templates.expected_types(face.type_line, face.text))
               for face, result in faces_and_results if result.ok and result.has_mana_ability]
    checked = [(face, types) for face, types in checked if types is not None]
    if not checked:
        return 0, 0, []
    # CR 702.131b: ten or more permanents, one with ascend: Alice has the city's blessing
    ascend = len(checked) >= 10 and any(re.search(r"^Ascend\b", face.text, re.M) for face, _ in checked)
    board = pysolver.board_from_data(
        {"players": [{"name": "Alice", **({"city_blessing": True} if ascend else {})}, "Bob"],
         "battlefield": [{"id": f"c{i}", "card": face.name, "controller": "Alice"}
                         for i, (face, _) in enumerate(checked)]}, [library])
    answers = {a.id: a.types for a in pysolver.could_produce(board)}
    wrong = [f"{face.name}: could-produce {answers[f'c{i}']}, templates {types}"
             for i, (face, types) in enumerate(checked) if answers[f"c{i}"] != types]
    return len(checked) - len(wrong), len(checked), wrong


def report(title: str, rows, library: Path, listing: bool, reasons_shown: bool = True) -> None:
    every = Counter(r.status for _, r in rows)
    mana = Counter(r.status for _, r in rows if r.has_mana_ability)
    total_mana = sum(mana.values())
    print(f"\n{title}: {len(rows)} cards: " + ", ".join(f"{every[s]} {s}" for s in ("ok", "partial", "unsupported")))
    print(f"  with a mana ability: {total_mana}: " + ", ".join(
        f"{mana[s]} {s}" for s in ("ok", "partial", "unsupported"))
          + f"; ok: {mana['ok'] / max(total_mana, 1):.1%}")
    beyond = [r for _, r in rows if r.has_mana_ability and beyond_the_rules(r)]
    rest = total_mana - len(beyond)
    print(f"  without the {len(beyond)} digital-only, draft-matters and chance cards refused as such: "
          f"{mana['ok']} of {rest} ok ({mana['ok'] / max(rest, 1):.1%}); the target counts all cards")
    reasons = Counter(reason_of(r) for _, r in rows if r.has_mana_ability and not r.ok)
    for kind, count in reasons.most_common(12) if reasons_shown else ():
        print(f"    {count:4}  {kind}")
    family = [(f.name, r.ok) for f, r in rows if r.could_produce]
    print(f"  'could produce' family: {sum(ok for _, ok in family)} of {len(family)} ok")
    agree, checked, wrong = check_templates(rows, library)
    print(f"  could-produce against the simple templates: {agree} of {checked} agree"
          + (f" ({agree / checked:.1%})" if checked else ""))
    for line in wrong:
        print(f"    DISAGREES: {line}")
    if listing:
        for face, result in rows:
            if result.has_mana_ability and not result.ok:
                why = "; ".join(result.problems) or "not understood: " + " | ".join(result.ignored)
                print(f"  {face.name}: {why}")


def main() -> None:
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = arguments[0] if arguments else DEFAULT
    with tempfile.TemporaryDirectory() as folder:
        library = Path(folder) / "cards.sqlite"
        started = time.perf_counter()
        imported = carddb.import_cards(path, library)
        seconds = time.perf_counter() - started
        print(f"{path}: imported {imported.faces} cards in {seconds:.2f} s "
              f"({imported.faces / seconds:,.0f} cards/s); skipped {len(imported.skipped)}"
              + (f" ({', '.join(f'{n} {k}' for k, n in imported.skipped_kinds.items())})"
                 if imported.skipped_kinds else ""))
        source = carddb.Source(path)
        rows, seen = [], set()
        for face in source.faces():
            if face.name not in seen:
                seen.add(face.name)
                rows.append((face, carddb.compile_face(face)))
        out = held_out([f.name for f, _ in rows])
        listing, every_reason = "--list" in sys.argv, "--all-reasons" in sys.argv
        report("whole file", rows, library, False, every_reason)
        report(f"development part ({1 - HELD_OUT:.0%})", [r for r in rows if r[0].name not in out],
               library, listing)
        report(f"held-out part ({HELD_OUT:.0%}, seed {SEED})", [r for r in rows if r[0].name in out],
               library, False, every_reason)


if __name__ == "__main__":
    main()
