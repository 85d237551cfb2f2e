"""Choices in steps on the three real games: few first steps, identical outcomes once, honest
consequences, single choices found, typed notation in any case — and nothing in a menu that the
seat's view does not tell."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from mailbag.core import Action, Game, Rng, apply, start_game
from mailbag.games import get
from mailbag.table.menu import Choice, Menu, build_menu, score_note

GAMES = ["postcards", "post_office", "carteros"]
SEATS = {"postcards": 2, "post_office": 2, "carteros": 3}


def menu_of(game: Game[Any], state: Any, seat: int) -> Menu:
    return build_menu(game, game.view(state, seat), game.legal_actions(state, seat), seat)


def walk(name: str, seed: int, limit: int = 400) -> Iterator[tuple[Game[Any], Any, int]]:
    """Seat 0's decisions in a game played at random (other seats that owe a decision at the
    same time choose first); the caller's pick is not used: the walk plays at random."""
    game = get(name)
    state, _ = start_game(game, SEATS[name], None, seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if game.is_over(state):
            return
        deciders = game.deciders(state)
        others = [s for s in deciders if s != 0]
        if others:
            seat = others[0]
        else:
            yield game, state, 0
            seat = 0
        state, _ = apply(game, state, seat, rnd.choice(game.legal_actions(state, seat)))


def every_action_is_reachable(menu: Menu) -> None:
    listed = [a for leaf in menu.leaves() for a in (leaf.action, *leaf.same)]
    assert sorted(map(str, listed)) == sorted(map(str, menu.legal))
    assert len(listed) == len(set(listed))


def test_the_postcards_opening_asks_what_first() -> None:
    game = get("postcards")
    state, _ = start_game(game, 2, None, 5)
    menu = menu_of(game, state, 0)
    every_action_is_reachable(menu)
    assert len(menu.legal) >= 15
    assert len(menu.choices) <= 6 < len(menu.legal) / 2  # one entry per card, the pairs as one
    whats = [c.notation for c in menu.choices]
    assert all(w.startswith(("play ", "pair")) for w in whats)
    pairs = next(c for c in menu.choices if c.notation == "pair")
    assert pairs.is_step and all(leaf.action is not None for leaf in pairs.children)
    step = next(c for c in menu.choices if c.is_step and c.notation.startswith("play "))
    assert all(child.notation.startswith(step.notation + " ") for child in step.children)
    assert all(": " not in child.text for child in step.children)  # the step says it once


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_is_reachable_and_short_decisions_are_one_list(name: str) -> None:
    for n, (game, state, seat) in enumerate(walk(name, 11, 300)):
        menu = menu_of(game, state, seat)
        every_action_is_reachable(menu)
        if len(menu.distinct) <= 10:
            assert all(not c.is_step for c in menu.choices)
        assert len(menu.choices) <= 20
        if n > 60:
            break


def test_post_office_lists_each_distinct_turn_of_a_token_once() -> None:
    """A token that looks the same turned 180° (or any way) is placed once per look, per cell."""
    checked = merged = 0
    for seed in range(6):
        for game, state, seat in walk("post_office", seed, 600):
            legal = game.legal_actions(state, seat)
            if legal[0].verb != "place":
                continue
            menu = menu_of(game, state, seat)
            every_action_is_reachable(menu)
            view = game.view(state, seat)
            looks: dict[tuple[Any, ...], set[str]] = {}
            for action in legal:
                token, row, col, _ = action.args
                text = game.presentation.describe_action(view, action)
                look = re.match(r"place (token \S+ \([^)]*\))", text)  # the token as it lies
                assert look is not None, text
                looks.setdefault((token, row, col), set()).add(look.group(1))
            for (token, row, col), seen in looks.items():
                listed = [
                    leaf
                    for leaf in menu.leaves()
                    if leaf.action is not None and leaf.action.args[:3] == (token, row, col)
                ]
                assert len(listed) == len(seen), (token, row, col, seen)
                checked += 1
                merged += len(seen) < 4
        if merged >= 3 and checked >= 200:
            break
    assert merged >= 3, "no symmetric token met"


@pytest.mark.parametrize("name", GAMES)
def test_a_consequence_is_the_score_change_of_really_playing_it(name: str) -> None:
    game = get(name)
    rnd = random.Random(4)
    noted = 0
    for seed in range(2):
        state, _ = start_game(game, SEATS[name], None, seed)
        for _ in range(300):
            if game.is_over(state):
                break
            deciders = game.deciders(state)
            others = [s for s in deciders if s != 0]
            if others:  # the other seats of a simultaneous decision choose first
                seat = others[0]
                state, _ = apply(game, state, seat, rnd.choice(game.legal_actions(state, seat)))
                continue
            menu = menu_of(game, state, 0)
            known = [leaf for leaf in menu.leaves() if leaf.points is not None]
            with_note = [leaf for leaf in known if leaf.note]
            pick = rnd.choice(with_note or known or list(menu.leaves()))
            assert pick.action is not None
            before = game.scores(state)[0].breakdown
            state, _ = apply(game, state, 0, pick.action)
            if pick.points is None:
                continue
            after = game.scores(state)[0].breakdown
            diff = {k: after.get(k, 0) - before.get(k, 0) for k in {*before, *after}}
            diff = {k: v for k, v in diff.items() if v}
            assert sorted(pick.note.split(", ")) == sorted(score_note(diff).split(", ")), (
                pick.action
            )
            assert pick.points == sum(diff.values())
            noted += bool(pick.note)
    assert noted >= (10 if name == "post_office" else 1)


@pytest.mark.parametrize("name", GAMES)
def test_a_menu_is_the_same_in_every_world_the_seat_cannot_tell_apart(name: str) -> None:
    game = get(name)
    compared = 0
    for n, (_, state, seat) in enumerate(walk(name, 7, 400)):
        if n % 5:
            continue
        view = game.view(state, seat)
        other = game.determinize(view, Rng.from_seed(1000 + n))
        assert game.view(other, seat) == view
        assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
        assert menu_of(game, other, seat) == menu_of(game, state, seat)
        compared += 1
        if compared >= 12:
            break
    assert compared >= 5


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_with_one_legal_action_is_single(name: str) -> None:
    found = 0
    for seed in range(4):
        for game, state, seat in walk(name, seed, 600):
            legal = game.legal_actions(state, seat)
            menu = menu_of(game, state, seat)
            if len(legal) == 1:
                assert menu.single == legal[0]
                found += 1
            elif len(menu.distinct) > 1:
                assert menu.single is None
            if found >= 2:
                break
        if found >= 2:
            break
    if name != "carteros":  # Carteros always offers to end the turn
        assert found >= 1


def test_typed_notation_is_read_in_any_case() -> None:
    game = get("carteros")
    state, _ = start_game(game, 2, None, 3)
    menu = menu_of(game, state, 0)
    move = next(a for a in menu.legal if a.verb == "move")
    assert menu.find(str(move).upper()) == move
    assert menu.find("  " + str(move).lower().replace(" ", "   ")) == move
    assert menu.find("fly away") is None

    game = get("postcards")
    state, _ = start_game(game, 2, None, 5)
    menu = menu_of(game, state, 0)
    step = next(c for c in menu.choices if c.is_step and c.notation.startswith("play "))
    found = menu.find(step.notation.upper())
    assert isinstance(found, Choice) and found == step
    leaf = step.children[0]
    assert menu.find(leaf.key.upper(), within=step) == leaf.action  # the rest from the step
    assert menu.find(leaf.notation.title()) == leaf.action


def test_the_helper_move_says_where_it_goes_and_what_it_costs() -> None:
    for game, state, seat in walk("post_office", 2, 200):
        legal = game.legal_actions(state, seat)
        if legal[0].verb != "move" or len(legal) < 2:
            continue
        menu = menu_of(game, state, seat)
        paid = [leaf for leaf in menu.leaves() if leaf.action == Action("move", (1,))]
        assert paid and "stamps -1" in paid[0].note
        assert all(re.search(r"to the (column|row|top|bottom)", leaf.text) for leaf in paid)
        return
    pytest.fail("no helper move with a choice")
