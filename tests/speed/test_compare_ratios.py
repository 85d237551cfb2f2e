"""benchmarks' ratios beside OpenSpiel are taken round by round (issue 34): each round's figure ÷
that round's geometric mean of the C++ games, so the range says how far the ratio itself moved
(not the figures, which follow the machine's load together)."""

from __future__ import annotations

import pytest

from mailbag.bench.compare import Entry, ratio_text, round_ratios


def _entry(values: list[float]) -> Entry:
    entry = Entry("x", [], {})
    entry.values = values
    return entry


def test_a_ratio_is_taken_within_each_round() -> None:
    # the machine halves every figure in round 2: the ratio does not move, the figures do
    ours = _entry([300.0, 150.0, 300.0])
    cpp = [[100.0, 50.0, 100.0], [400.0, 200.0, 400.0]]  # geomean 200, 100, 200
    assert round_ratios(ours, cpp) == pytest.approx([1.5, 1.5, 1.5])
    assert ratio_text(round_ratios(ours, cpp)) == "1.50× (1.50–1.50)"
    # the ratio of the medians would say the same here; a round where only ours is slow differs
    slow = _entry([300.0, 100.0, 330.0])
    assert ratio_text(round_ratios(slow, cpp)) == "1.50× (1.00–1.65)"
