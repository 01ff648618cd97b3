"""pysolver verify --update FILE: the current answers written into cases that have none;
an existing expectation is replaced only with --force (issue 14, item 4)."""

from __future__ import annotations

NEW = """\
# Cases to fill in; this comment stays.
cases:
- id: orchard-none
  source: CR 106.7
  reason: nothing to look at
  board:
    players: [Alice, Bob]
    battlefield:
    - {card: Exotic Orchard, controller: Alice}
  query: could-produce

- id: wrong
  source: CR 305.6
  reason: a Forest adds G
  board: {A: [Forest], B: [Island]}  # short form
  query: could-produce
  args: {ids: [Forest]}
  expect: {forest: [B]}
- id: two
  source: CR 603.3b
  reason: the order makes no difference
  board:
    players: [Alice, Bob]
    turn: {number: 4, active: Alice, step: end}
    battlefield:
    - {id: hb, card: Haphazard Bombardment, controller: Alice}
    - {id: hb2, card: Haphazard Bombardment, controller: Alice}
    - {id: a, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
    - {id: b, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
  query: outcomes
"""

OUTCOMES = """\
  expect:
    - probability: 1/2
      choices:
      - {choice: order, makes_no_difference: true, player: Alice}
      events:
      - {event: destroy, cause: random, object: a}
      - {event: no_effect, card: Haphazard Bombardment, reason: if_false}
    - probability: 1/2
      choices:
      - {choice: order, makes_no_difference: true, player: Alice}
      events:
      - {event: destroy, cause: random, object: b}
      - {event: no_effect, card: Haphazard Bombardment, reason: if_false}
"""


def test_update_writes_only_missing_expectations(cli, tmp_path):
    path = tmp_path / "new.yaml"
    path.write_text(NEW, encoding="utf-8")
    code, out, err = cli("verify", str(path))
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: 3:3: cases[0]: 'expect' is missing (pysolver verify --update "
                   "FILE writes the tool's answer, for you to check)\n")
    assert cli("verify", "--update", str(path)) == (0, (
        f"written   orchard-none  ({path})\n"
        f"kept      wrong  ({path})\n"
        f"written   two  ({path})\n"), "")
    assert path.read_text(encoding="utf-8") == NEW.replace(
        "  query: could-produce\n\n", "  query: could-produce\n  expect:\n    exotic-orchard: []\n\n"
    ) + OUTCOMES
    code, out, _ = cli("verify", str(path))
    assert code == 1  # the wrong expectation was kept
    assert out.endswith("2 passed, 1 failed\n")


def test_force_replaces_a_differing_expectation(cli, tmp_path):
    path = tmp_path / "new.yaml"
    path.write_text(NEW, encoding="utf-8")
    assert cli("verify", "--update", "--force", str(path))[0] == 0
    text = path.read_text(encoding="utf-8")
    assert "  expect:\n    forest: [G]\n- id: two" in text
    assert text.startswith("# Cases to fill in; this comment stays.\n")
    assert cli("verify", str(path))[1].endswith("3 passed, 0 failed\n")
    # A second run changes nothing.
    assert cli("verify", "--update", "--force", str(path))[1] == (
        f"kept      orchard-none  ({path})\nkept      wrong  ({path})\nkept      two  ({path})\n")
    assert path.read_text(encoding="utf-8") == text


def test_force_alone_is_refused(cli, tmp_path):
    path = tmp_path / "new.yaml"
    path.write_text(NEW, encoding="utf-8")
    code, _, err = cli("verify", "--force", str(path))
    assert code == 2
    assert "--force only goes with --update" in err
    assert path.read_text(encoding="utf-8") == NEW
