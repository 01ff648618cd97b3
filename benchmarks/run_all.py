"""Run every benchmark in this folder, one after the other, and print their figures.

    python benchmarks/run_all.py            # all of them
    python benchmarks/run_all.py could_produce mana_replacements
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name)
    if names:
        scripts = [p for p in scripts if p.stem in names]
    failed = []
    for script in scripts:
        print(f"== {script.stem}", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode != 0:
            failed.append(script.stem)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
