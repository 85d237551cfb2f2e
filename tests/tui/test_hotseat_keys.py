"""Hot seat, full screen: no key leaks one person's things to the other.

Two people share the screen in each game. At every seat boundary the person who finished, then
the one who arrives, mash keys: every printable ASCII character, Enter, Space, Esc and Tab are
pressed across the run, and Enter 1 to 5 times in a row, on the end-of-turn screen and on the
hand-over screen, before and after their guard. Every text the app draws (each update of a
pane, each line of the log, each entry of the choices, each pop-up) is recorded with who is at
the keyboard at that moment; the seat's hidden things are computed from the game's own views
(the lines of one seat's view that neither the other seat's view nor a spectator's shows) and
events (those only that seat may see). None of them may be drawn while the other person is at
the keyboard, and mashing makes no move.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import string
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("textual")

from drive import Clock, new_app, press, reveal_held, screen_text, settle
from rich.text import Text
from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog, Static

from mailbag.core import Event
from mailbag.tui.app import PlayApp
from mailbag.tui.screens import GameOver, Gate, HandOver, TurnDone

GAMES = ["postcards", "post_office", "carteros"]
NAMES = ["alice", "bob"]
#: every key a person may mash: the printable ASCII characters (Space and the digits among
#: them), Enter, Esc and Tab
KEYS = [*string.printable[:95], "enter", "escape", "tab"]
#: the seat boundaries (a finished turn, a hand-over) driven in each game
BOUNDARIES = 3
#: keys mashed in each of the four windows of a boundary (then Enter 1–5 times)
PER_WINDOW = 12


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def plain(content: object) -> str:
    return content.plain if isinstance(content, Text) else str(content)


class Spy:
    """Everything the app draws, with who is at the keyboard as it is drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.at: int | None = None
        self.drawn: list[tuple[int | None, str]] = []
        spy = self
        update, write, add = Static.update, RichLog.write, OptionList.add_options

        def on_update(widget: Static, content: Any = "", *args: Any, **kwargs: Any) -> None:
            spy.drawn.append((spy.at, norm(plain(content))))
            update(widget, content, *args, **kwargs)

        def on_write(log: RichLog, content: Any, *args: Any, **kwargs: Any) -> RichLog:
            spy.drawn.append((spy.at, norm(plain(content))))
            return write(log, content, *args, **kwargs)

        def on_add(options: OptionList, items: Any) -> OptionList:
            items = list(items)
            for item in items:
                spy.drawn.append((spy.at, "OPTION " + norm(plain(getattr(item, "prompt", item)))))
            return add(options, items)

        monkeypatch.setattr(Static, "update", on_update)
        monkeypatch.setattr(RichLog, "write", on_write)
        monkeypatch.setattr(OptionList, "add_options", on_add)

    def mark(self) -> int:
        return len(self.drawn)

    def shown(self, app: PlayApp) -> None:
        """A pop-up's text (made when it is composed, not by an update), and the whole screen
        as it looks now."""
        if isinstance(app.screen, Gate):
            for widget in app.screen.query(Static):
                self.drawn.append((self.at, norm(str(widget.render()))))
        self.drawn.append((self.at, norm(screen_text(app))))

    def leaks(self, since: int, hidden: set[str]) -> list[str]:
        return [h for _at, text in self.drawn[since:] for h in hidden if h in text]

    def options(self, since: int) -> list[str]:
        return [text for _at, text in self.drawn[since:] if text.startswith("OPTION ")]


def view_lines(app: PlayApp, seat: int | None) -> set[str]:
    text = app.game.presentation.render(app.table.view(seat))
    return {norm(line) for line in text.splitlines() if norm(line)}


def hidden_things(app: PlayApp, seat: int, other: int, events: list[Event]) -> set[str]:
    """What of ``seat`` only ``seat`` may see now: its view's lines that neither ``other``'s nor
    a spectator's view shows (not even within a line), and the text of events only it saw."""
    mine = view_lines(app, seat) - view_lines(app, other) - view_lines(app, None)
    labels = app._labels
    seen_by_other = {
        norm(app.game.presentation.event_text(e, labels)) for e in events if e.visible_to(other)
    }
    secret = {
        norm(app.game.presentation.event_text(e, labels))
        for e in events
        if e.visible_to(seat) and not e.visible_to(other)
    }
    render = app.game.presentation.render
    public = norm(render(app.table.view(other))) + " " + norm(render(app.table.view(None)))
    return {h for h in mine | (secret - seen_by_other) if len(h) >= 4 and h not in public}


class Keys:
    """The keys to mash, in a shuffled cycle, and which were pressed where."""

    def __init__(self, seed: int) -> None:
        order = KEYS[:]
        random.Random(seed).shuffle(order)
        self.cycle: Iterator[str] = itertools.cycle(order)
        self.enters = itertools.cycle(range(1, 6))
        self.pressed: set[str] = set()
        self.repeats: set[int] = set()
        self.count = 0

    def burst(self, space: bool) -> list[str]:
        """:data:`PER_WINDOW` keys (Space only where it must do nothing), then Enter 1–5 times."""
        keys: list[str] = [" "] if space else []  # Space too early does nothing
        while len(keys) < PER_WINDOW:
            key = next(self.cycle)
            if key == " " and not space:
                continue
            keys.append(key)
        enters = next(self.enters)
        self.repeats.add(enters)
        self.pressed.update(keys)
        self.count += len(keys) + enters
        return keys + ["enter"] * enters


def key_event(key: str) -> events.Key:
    """A key as the terminal sends it (as Textual's pilot makes it)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(
            _get_unicode_name_from_key(REPLACED_KEYS.get(key, key))
        )
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def mash(
    pilot: Pilot[Any], app: PlayApp, spy: Spy, keys: list[str], gate: type[Gate], seat: int
) -> None:
    """Mash ``keys`` on the ``gate`` screen of ``seat``, all at once (as fast as a person can,
    faster than the screen answers): it stays, and no move is made."""
    screen = app.screen
    assert isinstance(screen, gate) and screen.seat == seat, screen
    step, seen = app.table.step, screen.keys_seen
    driver = app._driver
    assert driver is not None
    for key in keys:
        driver.send_message(key_event(key))
    for _ in range(2000):  # until the screen has had every key (or is gone)
        await pilot.pause()
        if screen.keys_seen >= seen + len(keys) or app.screen is not screen:
            break
    await settle(pilot, app)
    assert app.screen is screen, f"{keys!r} left the {gate.__name__} screen"
    assert screen.keys_seen == seen + len(keys), (screen.keys_seen - seen, len(keys))
    assert app.table.step == step, f"{keys!r} made a move"
    spy.shown(app)


async def choose(pilot: Pilot[Any], app: PlayApp, index: int) -> None:
    """Highlight entry ``index`` of the choices and press Enter."""
    app.query_one("#choices", OptionList).highlighted = index
    await press(pilot, app, "enter")


async def decide_until_a_gate(pilot: Pilot[Any], app: PlayApp, rnd: random.Random) -> None:
    """The person at the keyboard chooses at random (Enter on an entry) until their turn is
    over."""
    for _ in range(200):
        if isinstance(app.screen, Gate | GameOver):
            return
        assert app.menu is not None
        if app.table.held is not None:  # a choice waits to be revealed: Space reveals it
            await reveal_held(pilot, app)
            continue
        entries = app.path[-1].children if app.path else app.menu.choices
        await choose(pilot, app, rnd.randrange(min(9, len(entries))))
    raise AssertionError("no end of turn within 200 choices")


async def boundary(
    pilot: Pilot[Any],
    app: PlayApp,
    spy: Spy,
    keys: Keys,
    events: list[Event],
    seat: int | None,
) -> int:
    """One seat boundary: ``seat`` (None: the game's start) has finished; both people mash
    keys at the end-of-turn screen and the hand-over; the next seat arrives. Returns it."""
    clock = app.clock
    assert isinstance(clock, Clock)
    nxt = app.table.waiting_for()[0]
    other = 1 - nxt
    leaving = seat if seat is not None else other
    hidden_next = hidden_things(app, nxt, other, events)
    hidden_leaving = hidden_things(app, leaving, nxt, events)
    events.clear()
    spy.at = leaving
    whole = spy.mark()  # from here until the next person has the keyboard
    if seat is not None:
        assert nxt != seat
        assert isinstance(app.screen, TurnDone) and app.screen.seat == seat
        spy.shown(app)
        await mash(pilot, app, spy, keys.burst(space=True), TurnDone, seat)  # within the guard
        clock.advance(TurnDone.guard + 0.01)
        await mash(pilot, app, spy, keys.burst(space=False), TurnDone, seat)
    handing = spy.mark()  # from here on nothing of anyone is drawn
    if seat is not None:
        await press(pilot, app, "space")  # the deliberate key: their things are hidden
    assert isinstance(app.screen, HandOver) and app.screen.seat == nxt
    spy.shown(app)
    await mash(pilot, app, spy, keys.burst(space=True), HandOver, nxt)  # within the guard
    clock.advance(HandOver.guard + 0.01)
    await mash(pilot, app, spy, keys.burst(space=False), HandOver, nxt)
    assert not spy.leaks(whole, hidden_next), spy.leaks(whole, hidden_next)
    assert not spy.leaks(handing, hidden_leaving), spy.leaks(handing, hidden_leaving)
    assert not spy.options(whole), spy.options(whole)  # no choice drawn for anyone
    spy.at = nxt
    arrived = spy.mark()
    await press(pilot, app, "space")  # the next person has the keyboard
    assert app.showing == nxt and not isinstance(app.screen, Gate)
    spy.shown(app)
    assert not spy.leaks(arrived, hidden_leaving), spy.leaks(arrived, hidden_leaving)
    return nxt


@pytest.mark.parametrize("name", GAMES)
def test_no_key_at_a_hand_over_leaks_or_moves(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spy = Spy(monkeypatch)
    keys = Keys(len(name))
    began = time.monotonic()

    async def run() -> int:
        app = new_app(name, ["human", "human"], 11, names=NAMES)
        events: list[Event] = []
        app.table.listeners.append(lambda seat, action, evs, state: events.extend(evs))
        rnd = random.Random(11)
        done = 0
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            events.extend(app.table.opening)
            seat = await boundary(pilot, app, spy, keys, events, None)
            for _ in range(BOUNDARIES):
                await decide_until_a_gate(pilot, app, rnd)
                if isinstance(app.screen, GameOver):
                    break
                seat = await boundary(pilot, app, spy, keys, events, seat)
                done += 1
            await pilot.press("ctrl+c")
        return done

    done = asyncio.run(run())
    assert done == BOUNDARIES
    assert keys.pressed == set(KEYS), set(KEYS) - keys.pressed  # every key, in every game
    assert keys.repeats == {1, 2, 3, 4, 5}
    print(
        f"{name}: {done + 1} boundaries, {keys.count} keys mashed, {time.monotonic() - began:.1f} s"
    )


def test_enter_once_too_often_after_ending_a_turn_does_nothing() -> None:
    """Bob ends his turn with Enter and presses Enter twice more at once (all typed before the
    end of his turn is on the screen): the extra Enters are thrown away, even once the guard is
    over, and only Space goes on."""

    async def run() -> None:
        early = key_event("space")  # typed before the game's first hand-over appeared
        app = new_app("carteros", ["human", "human"], 2, names=NAMES)
        clock = app.clock
        assert isinstance(clock, Clock)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            gate = app.screen
            assert isinstance(gate, HandOver)
            clock.advance(HandOver.guard + 1)
            driver = app._driver
            assert driver is not None
            driver.send_message(early)
            for _ in range(2000):
                await pilot.pause()
                if gate.keys_seen:
                    break
            assert app.screen is gate and app.showing is None  # the early Space: thrown away
            await press(pilot, app, "space")
            assert app.showing == 0
            assert app.menu is not None
            end = next(i for i, c in enumerate(app.menu.choices) if c.notation == "end")
            app.query_one("#choices", OptionList).highlighted = end
            step = app.table.step
            for key in ("enter", "enter", "enter"):  # at once: faster than the screen answers
                driver.send_message(key_event(key))
            for _ in range(2000):
                await pilot.pause()
                if isinstance(app.screen, TurnDone):
                    break
            for _ in range(20):  # the extra Enters, wherever they went, are handled
                await settle(pilot, app)
            done = app.screen
            assert isinstance(done, TurnDone), done
            assert app.table.step == step + 1  # "end", and nothing more
            assert app.query_one("#choices", OptionList).option_count == 0
            assert "your turn is over" in screen_text(app)
            clock.advance(TurnDone.guard + 1)
            await press(pilot, app, "enter")
            assert app.screen is done  # Enter never goes on
            await press(pilot, app, "space")
            assert isinstance(app.screen, HandOver) and app.screen.seat == 1
            await press(pilot, app, "space")  # within the hand-over's guard: too soon
            assert isinstance(app.screen, HandOver) and app.showing is None
            await pilot.press("ctrl+c")

    asyncio.run(run())
