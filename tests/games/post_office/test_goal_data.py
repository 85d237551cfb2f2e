"""A goal is one data entry (name, title, help, condition and its numbers) plus one condition
function registered by name: a made-up goal, added by a user's goals section with its function
registered here, is dealt, checked at the end of every round (PO-9), taken and scored like a
printed one; every title and help text shown at the table comes from the data (a user's own
goal reads as written in every language; a shipped one's texts go into the catalog from the
data file)."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from mailbag.core import ComponentError, Rng, apply, new_game, validate
from mailbag.core.i18n import data_context, use_language
from mailbag.core.records import replay
from mailbag.games.post_office.components import (
    DATA,
    GOAL_CONDITIONS,
    Components,
    condition_numbers,
)
from mailbag.games.post_office.game import PostOfficeGame
from mailbag.games.post_office.goals import completes
from mailbag.games.post_office.state import EMPTY, Player, PostOfficeState
from mailbag.games.post_office.texts import goal_help, goal_title
from mailbag.sim.runner import play_game

from .builder import GAME, texts

CORNERS = (0, 4, 20, 24)


@GOAL_CONDITIONS.register("test_corner_cells")
def corner_cells(components: Components, p: Player, *, count: int) -> bool:
    """At least ``count`` of the four corner cells of the shelving hold a parcel token."""
    return sum(1 for cell in CORNERS if p.token[cell] != EMPTY) >= count


SHIPPED = (DATA / "goals.toml").read_text(encoding="utf-8")
CORNER_OFFICE = """
[[goals]]
name = "corner_office"
title = "Corner office"
help = "parcel tokens on at least 2 corner cells of the shelving"
condition = "test_corner_cells"
count = 2
"""
MADE_UP: PostOfficeGame = GAME.with_component_text(SHIPPED + CORNER_OFFICE, "my-goals.toml")
NEW = len(MADE_UP.components.goals) - 1  # the made-up goal's index


def test_every_shipped_goal_is_data_plus_a_registered_condition() -> None:
    for goal in GAME.components.goals:
        assert goal.title and goal.help
        assert goal.condition in GOAL_CONDITIONS.names()
        required, optional = condition_numbers(GOAL_CONDITIONS.get(goal.condition, goal.name))
        assert set(goal.numbers) == set(required) | (set(optional) & set(goal.numbers))
    numbers = {g.name: g.numbers for g in GAME.components.goals}
    assert numbers["three_busy_receipts"] == {"count": 3, "tapes": 2}
    assert numbers["four_quarters"] == {}


def test_the_made_up_goal_is_loaded_with_its_numbers_bound() -> None:
    goal = MADE_UP.components.goals[NEW]
    assert (goal.name, goal.title, goal.condition, goal.numbers) == (
        "corner_office",
        "Corner office",
        "test_corner_cells",
        {"count": 2},
    )
    state: PostOfficeState = new_game(MADE_UP, 2, {}, 0)
    p = state.players[0]
    assert not completes(MADE_UP.components, p, goal)
    p.token[0] = p.token[24] = 1  # (only the cells matter to this condition)
    assert completes(MADE_UP.components, p, goal)


def test_a_condition_without_its_number_is_refused() -> None:
    with pytest.raises(ComponentError, match="goal 'corner_office': missing field 'count'"):
        GAME.with_component_text(CORNER_OFFICE.replace("count = 2\n", ""), "mine.toml")


def test_an_unregistered_condition_is_refused_naming_the_known_ones() -> None:
    text = CORNER_OFFICE.replace("test_corner_cells", "test_no_such_condition")
    with pytest.raises(ComponentError, match="unknown Post Office goal effect") as info:
        GAME.with_component_text(text, "mine.toml")
    assert "test_corner_cells" in str(info.value) and "mine.toml: goal 'corner_office'" in str(
        info.value
    )


def dealt_face_up(game: PostOfficeGame, goal: int, players: int) -> int:
    """The first seed whose deal lays ``goal`` face up."""
    for seed in range(200):
        state: PostOfficeState = new_game(game, players, {"goals": True}, seed)
        if goal in state.goal_display:
            return seed
    raise AssertionError("the goal was never dealt face up")


def test_a_game_with_the_made_up_goal_deals_checks_and_scores_it() -> None:
    seed = dealt_face_up(MADE_UP, NEW, 3)
    state: PostOfficeState = new_game(MADE_UP, 3, {"goals": True}, seed)
    text = MADE_UP.presentation.render(MADE_UP.view(state, None))
    assert "Corner office: parcel tokens on at least 2 corner cells of the shelving" in text
    rng = Rng.from_seed(seed, 5)
    taken = []
    for _ in range(1000):
        if MADE_UP.is_over(state):
            break
        seat = MADE_UP.deciders(state)[0]
        legal = MADE_UP.legal_actions(state, seat)
        state, events = apply(MADE_UP, state, seat, legal[rng.randbelow(len(legal))])
        taken += [e for e in events if e.kind == "goal" and e.data["goal"] == "corner_office"]
    assert MADE_UP.is_over(state)
    assert len(taken) == 1  # every board fills its corners: someone takes it, once (PO-9)
    winner = taken[0].data["seat"]
    assert "completes goal 'Corner office'" in texts(taken, game=MADE_UP)[0]
    assert NEW in state.players[winner].goals_won
    validate(MADE_UP, state)
    if NEW in state.players[winner].goals:  # not exchanged for steps (PO-103)
        score = MADE_UP.scores(state)[winner]
        assert score.breakdown["goal tokens"] == 8 * len(state.players[winner].goals)
        text = MADE_UP.presentation.render(MADE_UP.view(state, winner))
        assert "goal tokens: " in text and "Corner office" in text


def test_records_of_the_made_up_goal_replay() -> None:
    seed = dealt_face_up(MADE_UP, NEW, 2)
    result = play_game(MADE_UP, ["random", "random"], {"goals": True}, seed, digests=True)
    final = replay(MADE_UP, result.record)
    assert MADE_UP.is_over(final)


def test_titles_at_the_table_come_from_the_data() -> None:
    renamed = SHIPPED.replace('title = "Eight tapes"', 'title = "Tape galore"').replace(
        "at least 8 tapes are placed", "eight tapes or more lie on the board"
    )
    game = GAME.with_component_text(renamed, "mine.toml")
    seed = dealt_face_up(game, 3, 2)  # eight_tapes is the 4th goal
    state: PostOfficeState = new_game(game, 2, {"goals": True}, seed)
    text = game.presentation.render(game.view(state, 0))
    assert "Tape galore: eight tapes or more lie on the board" in text
    assert "Eight tapes" not in text


def test_a_goals_section_with_fewer_goals_than_lie_face_up() -> None:
    """Two goals: both lie face up (PO-9 lays out 4 while the stack lasts), the game plays."""
    two = CORNER_OFFICE + CORNER_OFFICE.replace("corner_office", "corner_shop").replace(
        "count = 2", "count = 3"
    )
    game = GAME.with_component_text(two, "two-goals.toml")
    result = play_game(game, ["random", "random"], {"goals": True}, 9, digests=True)
    final = replay(game, result.record)
    validate(game, final)
    start: PostOfficeState = new_game(game, 2, {"goals": True}, 9)
    assert sorted(start.goal_display) == [0, 1] and start.goal_stack == []
    assert sum(len(p.goals_won) for p in final.players) == 2  # every board fills its corners


def test_the_made_up_goals_words_are_its_entrys_in_every_language() -> None:
    """Its title and help are the entry's: shown as written in any language (a user's own goal
    is in no catalog), while the words around them and the shipped goals are translated — in
    the text, the full screen's parts and the board's data."""
    seed = dealt_face_up(MADE_UP, NEW, 2)
    state: PostOfficeState = new_game(MADE_UP, 2, {"goals": True}, seed)
    shipped = MADE_UP.components.goals[next(g for g in state.goal_display if g != NEW)]
    words = MADE_UP.presentation
    view = MADE_UP.view(state, 0)
    own = "Corner office: parcel tokens on at least 2 corner cells of the shelving"
    english = f"{shipped.title}: {shipped.help}"
    assert "  " + own in words.render(view).splitlines()
    assert "  " + english in words.sections(view).board.lines
    with use_language("nl"):
        dutch = words.render(view)
        board = words.sections(view).board
        goals = words.board_data()["goals"]
        translated = f"{goal_title(shipped)}: {goal_help(shipped)}"
    assert "  " + own in dutch.splitlines() and "  " + own in board.lines
    assert board.lines[0].startswith("postzegelvoorraad")  # the words around it are Dutch
    assert translated != english and "  " + translated in board.lines
    assert goals["corner_office"] == {
        "title": "Corner office",
        "help": "parcel tokens on at least 2 corner cells of the shelving",
    }
    assert goals["eight_tapes"] == {
        "title": "Acht plakbanden",
        "help": "er liggen minstens 8 plakbanden",
    }


def _messages(areas: ModuleType) -> set[tuple[str | None, str]]:
    return {(context, text) for context, text, _path, _line in areas.messages_of("post_office")}


def test_a_new_shipped_goals_title_and_help_go_into_the_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shipped with the game, the new entry's texts are extracted from the data file into the
    game's catalog template (``make catalogs``), with the context of its table: nothing to list
    in texts.py."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "i18n"))
    areas = importlib.import_module("areas")
    context = data_context("post_office", "goals")
    assert context == "post_office goals"
    shipped = _messages(areas)
    assert (context, "Eight tapes") in shipped and (context, "Corner office") not in shipped
    data = tmp_path / "goals.toml"
    data.write_text(SHIPPED + CORNER_OFFICE, encoding="utf-8")
    monkeypatch.setattr(areas, "data_files_of", lambda area: [data])
    extracted = _messages(areas)
    assert (context, "Corner office") in extracted
    assert (context, "parcel tokens on at least 2 corner cells of the shelving") in extracted
    assert (context, "Eight tapes") in extracted  # the shipped ones as before
