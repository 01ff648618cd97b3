"""The cards package: imports go one way (oracle_triggers <- oracle_next, oracle_leaves; library,
restrictions, oracle_next, oracle_static, oracle_leaves, oracle_player, oracle_chance, oracle_digital,
oracle_unset, oracle_costs, oracle_activation, oracle_becomes, oracle_triggers, oracle_words,
oracle_cast, oracle_casting, oracle_replace, oracle_ifs, oracle_enters, oracle_player_events, oracle_batch, oracle_pt,
oracle_hand_size, oracle_names, oracle_hand, oracle_devotion, oracle_keywords, oracle_damage, oracle_chosen,
oracle_untargetable, oracle_state <- oracle; oracle_static <- oracle_pt; db <- the package),
no cycle
(issue 11)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pysolver" / "cards"
# What each module of the package may import from the package itself.
ALLOWED = {
    "library.py": set(),
    "restrictions.py": set(),
    "oracle_triggers.py": set(),
    "oracle_words.py": set(),
    "oracle_next.py": {"pysolver.cards.oracle_triggers"},
    "oracle_static.py": set(),
    "oracle_targets.py": set(),
    "oracle_xcosts.py": set(),
    "oracle_leaves.py": {"pysolver.cards.oracle_triggers"},
    "oracle_player.py": set(),
    "oracle_chance.py": set(),
    "oracle_digital.py": set(),
    "oracle_unset.py": set(),
    "oracle_costs.py": set(),
    "oracle_activation.py": set(),
    "oracle_becomes.py": set(),
    "oracle_cast.py": set(),
    "oracle_casting.py": set(),
    "oracle_replace.py": set(),
    "oracle_ifs.py": {"pysolver.cards.oracle_words"},
    "oracle_enters.py": set(),
    "oracle_hand_size.py": set(),
    "oracle_names.py": set(),
    "oracle_hand.py": set(),
    "oracle_devotion.py": set(),
    "oracle_pt.py": {"pysolver.cards.oracle_static"},
    "oracle_player_events.py": set(),
    "oracle_batch.py": set(),
    "oracle_keywords.py": set(),
    "oracle_damage.py": set(),
    "oracle_chosen.py": set(),
    "oracle_untargetable.py": set(),
    "oracle_state.py": set(),
    "oracle.py": {"pysolver.cards.restrictions", "pysolver.cards.oracle_next", "pysolver.cards.oracle_static",
                  "pysolver.cards.oracle_targets", "pysolver.cards.oracle_xcosts", "pysolver.cards.oracle_leaves",
                  "pysolver.cards.oracle_player", "pysolver.cards.oracle_chance", "pysolver.cards.oracle_digital",
                  "pysolver.cards.oracle_unset", "pysolver.cards.oracle_costs", "pysolver.cards.oracle_activation",
                  "pysolver.cards.oracle_becomes", "pysolver.cards.oracle_triggers", "pysolver.cards.oracle_words",
                  "pysolver.cards.oracle_cast", "pysolver.cards.oracle_replace", "pysolver.cards.oracle_ifs",
                  "pysolver.cards.oracle_enters", "pysolver.cards.oracle_casting", "pysolver.cards.oracle_hand_size",
                  "pysolver.cards.oracle_names", "pysolver.cards.oracle_hand", "pysolver.cards.oracle_devotion",
                  "pysolver.cards.oracle_player_events", "pysolver.cards.oracle_batch", "pysolver.cards.oracle_pt",
                  "pysolver.cards.oracle_keywords", "pysolver.cards.oracle_damage", "pysolver.cards.oracle_chosen",
                  "pysolver.cards.oracle_untargetable", "pysolver.cards.oracle_state"},
    "db.py": {"pysolver.cards.library", "pysolver.cards.oracle"},
}


def package_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pysolver.cards"):
            if node.module == "pysolver.cards":
                found |= {f"pysolver.cards.{alias.name}" for alias in node.names}
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("pysolver.cards")}
    return found


def test_modules_import_only_what_lies_below_them():
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == sorted([*ALLOWED, "__init__.py"])
    for name, allowed in ALLOWED.items():
        assert package_imports(PACKAGE / name) == allowed, name


def test_each_module_imports_first_in_a_fresh_interpreter():
    for module in ("pysolver.cards.library", "pysolver.cards.oracle", "pysolver.cards.oracle_next",
                   "pysolver.cards.oracle_triggers",
                   "pysolver.cards.oracle_static", "pysolver.cards.db", "pysolver.cards"):
        done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                              check=False)
        assert (done.returncode, done.stderr) == (0, ""), module
