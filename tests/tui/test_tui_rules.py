"""``?`` in the full-screen UI: above the keys, the rules section behind the decision on screen
(the one all its choices share, else the turn's), and after a refusal the section of the rule that
refused it — the same section line mode's ``?`` prints."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from drive import new_app, press, settle, shoot
from textual.widgets import Input, Static

from mailbag.tui.screens import Help


def _shown(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, Help)
    return str(screen.query_one("#rule-title", Static).render())


def test_question_mark_shows_the_decisions_rule_then_the_refusals() -> None:
    async def run() -> None:
        app = new_app("postcards", ["human", "automa:normal"], 9)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            presentation = app.game.presentation
            reference = presentation.rules_reference()
            assert reference is not None and app.menu is not None
            decision = reference.get(presentation.decision_rule(app.menu.legal) or "")
            assert decision is not None
            await press(pilot, app, "question_mark")
            assert _shown(app).startswith(decision.title)
            shoot(app, "postcards-rule")
            await press(pilot, app, "escape")
            # a refused choice (a camp on a campsite of another region): ? shows its rule
            await press(pilot, app, "colon")
            box = app.query_one("#notation", Input)
            box.value = "play red.camp action 1"
            await press(pilot, app, "enter")
            assert app.refused_rule is not None
            refused = reference.get(presentation.rule_section(app.refused_rule) or "")
            assert refused is not None and refused.id != decision.id
            if app.focused is box:  # out of the typing box (where ? is a character)
                await press(pilot, app, "escape")
            await press(pilot, app, "question_mark")
            assert _shown(app).startswith(refused.title)
            await press(pilot, app, "escape")
            await pilot.press("q")

    asyncio.run(run())
