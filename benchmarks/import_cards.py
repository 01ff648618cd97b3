"""Time `pysolver cards import` on a card data file and print the figures.

    python benchmarks/import_cards.py [FILE]   (default: $PYSOLVER_CARD_DATA, else the tests' fixture)

Prints the time to import (wall and CPU: the CPU time is what other work on the
machine blurs less), the rate, the time for a file of 35,000 cards (more than the
whole of MTGJSON's AtomicCards.json: the file's cards and renamed copies of them),
and the share of cards with a mana ability that compiled.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from pysolver.cards import db as carddb

# A card data file given on the command line (MTGJSON AtomicCards.json, or the
# 17,000-card sample its figures in the README were measured on); without one,
# the small fixture the tests use.
FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "cards" / "atomic-fixture.json"
DEFAULT = os.environ.get("PYSOLVER_CARD_DATA") or str(FIXTURE)


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "cards.sqlite"
        started, cpu_started = time.perf_counter(), time.process_time()
        report = carddb.import_cards(source, output)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        size = output.stat().st_size
        lookup_started = time.perf_counter()
        database = carddb.CardDatabase(output)
        for name in ("Birds of Paradise", "Gond Gate", "Exotic Orchard", "No Such Card"):
            database.get(name)
        lookup = time.perf_counter() - lookup_started
        # A file of more than 30,000 cards (the sample's cards, then renamed copies of
        # them): the size of the whole AtomicCards.json.
        import json

        data = json.loads(Path(source).read_text("utf-8"))["data"]
        large = dict(data)
        for name, faces in data.items():
            if len(large) >= 35_000:
                break
            large[f"{name} (copy)"] = [{**face, "name": f"{face.get('name', name)} (copy)"}
                                       for face in faces]
        large_path = Path(folder) / "large.json"
        large_path.write_text(json.dumps({"data": large}), "utf-8")
        started, cpu_started = time.perf_counter(), time.process_time()
        large_report = carddb.import_cards(large_path, Path(folder) / "large.sqlite")
        large_seconds, large_cpu = time.perf_counter() - started, time.process_time() - cpu_started
    rate = report.faces / seconds
    print(f"source: {source}")
    print(f"cards imported: {report.faces} ({report.unsupported} unsupported, "
          f"{len(report.skipped)} skipped entries)")
    print(f"import time: {seconds:.2f} s ({rate:,.0f} cards/s), {cpu:.2f} s of CPU; library file "
          f"{size / 1e6:.1f} MB")
    print(f"a file of {len(large)} entries ({large_report.faces} cards): {large_seconds:.2f} s "
          f"(limit: 60 s), {large_cpu:.2f} s of CPU")
    print(f"open + 4 lookups: {lookup * 1000:.1f} ms")
    share = report.mana_compiled / report.mana if report.mana else 1.0
    print(f"cards with a mana ability compiled: {report.mana_compiled} of {report.mana} ({share:.1%})")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
