"""Every golden record's readable playthrough (tests/playthrough.py) is the one the rules of now
make: the committed game replayed, step by step, in words. When a rule, a view or a text
changes, the test fails with the start of the diff a reviewer will read (`make golden` writes
the new playthroughs; docs/contributing.md says how to read one)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import golden
import playthrough
from mailbag.core.records import Step, load


@pytest.mark.parametrize("entry", golden.GOLDEN, ids=lambda g: f"{g.game}/{g.name}")
def test_the_playthrough_is_the_one_the_rules_make(entry: golden.Golden) -> None:
    committed_path = playthrough.path_of(entry.path)
    assert committed_path.exists(), f"no {committed_path.name}: run `make golden`"
    committed = committed_path.read_text(encoding="utf-8")
    fresh = playthrough.playthrough(load(entry.path), entry.name)
    if fresh != committed:
        diff = playthrough.difference(committed, fresh, f"{entry.game}/{committed_path.name}")
        pytest.fail(
            f"{entry.game}/{committed_path.name} is not what the rules of now play "
            f"(`make golden` rewrites it; review the diff):\n{diff}",
            pytrace=False,
        )


def test_a_changed_playthrough_shows_as_a_readable_diff() -> None:
    committed = "== step 1 ==\n  score 5\n  a\n  b\n  c\n== step 2 ==\n  a\n  b\n  c\n  score 6\n"
    fresh = committed.replace("score 6", "score 7")
    diff = playthrough.difference(committed, fresh, "g/x.playthrough.txt")
    assert "\n-  score 6\n+  score 7" in diff
    assert "\n@@ -7,4 +7,4 @@ == step 2\n" in diff, "a hunk names the step it is in"
    assert diff.startswith("--- g/x.playthrough.txt (committed)")
    many = "".join(f"line {n}\n" for n in range(500))
    cut = playthrough.difference(many, many.replace("line", "row"), "g", limit=80).splitlines()
    assert len(cut) == 81 and cut[-1].startswith("... (")


def test_a_playthrough_names_every_step_the_actions_and_the_scores() -> None:
    entry = next(g for g in golden.GOLDEN if g.game == "carteros")
    record = load(entry.path)
    text = playthrough.playthrough(record, entry.name)
    assert text.endswith("\n") and "\r" not in text
    assert text.count("\n== step ") == len(record.steps)
    for number, step in enumerate(record.steps, 1):
        assert f"== step {number} of {len(record.steps)}: seat {step.seat} " in text
    assert all(f"action: {step.action} -- " in text for step in record.steps)
    end = text[text.index("\n== the end ") :]
    assert record.result is not None
    for seat, total in enumerate(record.result["scores"]):
        assert f"  seat {seat}: {total}, place {record.result['ranking'][seat]}" in end


def test_a_refused_action_ends_the_playthrough_saying_so() -> None:
    entry = next(g for g in golden.GOLDEN if g.game == "carteros")
    record = load(entry.path)
    fourth = record.steps[3]
    # the fourth action, taken by the seat whose turn it is not
    record.steps[3:] = [Step(1 - fourth.seat, fourth.action)]
    text = playthrough.playthrough(record, "broken")
    assert "refused: " in text and "the recorded game stops here" in text
    assert "== the end" not in text


def test_make_golden_check_names_a_stale_playthrough(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    entry = next(g for g in golden.GOLDEN if g.game == "carteros")
    folder = tmp_path / entry.game / "golden"
    folder.mkdir(parents=True)
    (folder / entry.path.name).write_bytes(entry.path.read_bytes())
    story = playthrough.path_of(folder / entry.path.name)
    committed = playthrough.path_of(entry.path).read_text(encoding="utf-8")
    story.write_text(committed.replace("score 0", "score 9", 1), encoding="utf-8")
    monkeypatch.setattr(golden, "HERE", tmp_path)
    monkeypatch.setattr(golden, "GOLDEN", [entry])
    assert golden.main(["--check"]) == 1
    shown = capsys.readouterr().out
    assert "would change" in shown and f"playthrough {story.name} out of date" in shown
    assert golden.main([]) == 0
    assert story.read_text(encoding="utf-8") == committed
    assert golden.main(["--check"]) == 0 and "unchanged" in capsys.readouterr().out
