"""Peak memory and time of `pysolver cards import` on a large AllPrintings-shaped file.

    python benchmarks/import_memory.py [SETS]   (default: 20 sets)

Builds a file in MTGJSON AllPrintings' shape from the sample (each set holds every
card face of the card data file again ($PYSOLVER_CARD_DATA, else the tests' fixture), so the file is SETS times
the sample's size), then imports it in a child process twice: read whole
(json.loads, as before) and streamed (carddb.Source above STREAM_ABOVE), and
prints each one's peak resident memory (ru_maxrss) and time.
"""

from __future__ import annotations

import os
import json
import subprocess
import sys
import tempfile
from pathlib import Path

# A card data file given on the command line (MTGJSON AtomicCards.json, or the
# 17,000-card sample its figures in the README were measured on); without one,
# the small fixture the tests use.
FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "cards" / "atomic-fixture.json"
SAMPLE = os.environ.get("PYSOLVER_CARD_DATA") or str(FIXTURE)
CHILD = """
import resource, sys, time
from pysolver.cards import db as carddb
carddb.Source.STREAM_ABOVE = {limit}
started = time.perf_counter()
report = carddb.import_cards(sys.argv[1], sys.argv[2])
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{{report.faces}} {{seconds:.1f}} {{peak:.0f}}")
"""


def main() -> None:
    sets = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    faces = [face for entry in json.loads(Path(SAMPLE).read_text("utf-8"))["data"].values()
             for face in entry]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "AllPrintings.json"
        with source.open("w", encoding="utf-8") as out:
            out.write('{"meta": {"version": "benchmark"}, "data": {')
            for index in range(sets):
                out.write(("," if index else "") + json.dumps(f"S{index:02}") + ": ")
                json.dump({"name": f"Set {index}", "cards": faces}, out)
            out.write("}}")
        size = source.stat().st_size / 2**20
        print(f"AllPrintings-shaped file: {sets} sets, {sets * len(faces):,} printings, {size:.0f} MB")
        print(f"{'read':10} {'faces':>7} {'seconds':>8} {'peak MB':>8}")
        for label, limit in (("whole", 2**62), ("streamed", 0)):
            result = subprocess.run([sys.executable, "-c", CHILD.format(limit=limit), str(source),
                                     str(Path(folder) / f"{label}.sqlite")],
                                    capture_output=True, text=True, check=True)
            count, seconds, peak = result.stdout.split()
            print(f"{label:10} {int(count):>7,} {seconds:>8} {peak:>8}")


if __name__ == "__main__":
    main()
