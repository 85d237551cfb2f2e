"""docs/research.md's position examples are run as written, so the page cannot rot: every
```python block, in order, in one namespace (as a reader pasting them into one session)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_position_examples_run_as_written() -> None:
    found = blocks()
    assert len(found) >= 4, "the positions section lost its examples"
    namespace: dict[str, object] = {"__name__": "research_doc"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for index, code in enumerate(found):
            exec(compile(code, f"{DOC.name} block {index + 1}", "exec"), namespace)
    printed = out.getvalue()
    assert "Carteros" in printed and "POSTCARDS" in printed
    assert "'seal'" not in printed and "seal " in printed  # a seal action printed in notation


def test_the_carteros_position_with_a_flood_a_mission_and_stampy_is_under_15_lines() -> None:
    carteros = blocks()[0]
    lines = [line for line in carteros.splitlines() if line.strip()]
    assert len(lines) < 15, lines
    for part in ('floods=["A1"]', '"mission": 3', 'stampy="C2"'):
        assert part in carteros
