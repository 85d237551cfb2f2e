"""A new effect icon is one data entry and one behaviour function: this test makes up a Coin (2
points at once), prints it on a souvenir space and under the 4th camp space, and plays it for a
player and for an Automa (each by its own rules, PC-4, PC-15) — touching no module of the game."""

from __future__ import annotations

from importlib import resources

from mailbag.core import validate
from mailbag.games.postcards import GAME
from mailbag.games.postcards.automa import AutomaCard
from mailbag.games.postcards.behaviours import EFFECTS, Gainer
from mailbag.games.postcards.components import Effect

from .builder import Builder, legal, run

SHIPPED = (
    resources.files("mailbag.games.postcards")
    .joinpath("data/components.toml")
    .read_text(encoding="utf-8")
)
COIN = """
[[effects]]
name = "coin"
title = "Coin"
abbrev = "$"
effect = "coin"
worth = 2
help = "2 points at once"
"""


def coin(who: Gainer, effect: Effect, *, worth: int) -> None:
    """The behaviour: ``worth`` points, whoever gains it."""
    who.score(worth, "coin")


if "coin" not in EFFECTS.names():
    EFFECTS.register("coin")(coin)


def _text() -> str:
    """Postcard 29's beach souvenir and side A's 4th camp space give a Coin."""
    start = SHIPPED.index("id = 29\n")
    head, tail = SHIPPED[:start], SHIPPED[start:]
    beach = '{ campsite = "beach", effect = "movement" }'
    tail = tail.replace(beach, beach.replace("movement", "coin"), 1)
    board = 'camp = 4\neffect = "stamp"'
    text = (head + tail).replace(board, 'camp = 4\neffect = "coin"', 1)
    start = text.index("\n[[effects]]\n")
    return text[:start] + COIN + text[start:]


GAME_WITH_COIN = GAME.with_component_text(_text(), "coin.toml")


def test_a_made_up_souvenir_effect_scores_for_a_player() -> None:
    game = GAME_WITH_COIN
    kind = game.components.effects[game.components.effect_index["coin"]]
    assert (kind.title, kind.abbrev, kind.carries_points) == ("Coin", "$", False)
    souvenir = game.components.postcards[29].souvenirs[1]
    assert souvenir.effect.label() == "coin" and souvenir.campsite == "beach"
    state = Builder(2, game=game).hand(0, "green.camp").region(0, 8).postcard(0, 29).state
    state = run(state, "play green.camp action 33", game=game)
    assert legal(state, game=game) == ["souvenir 29 2", "skip"]
    state = run(state, "souvenir 29 2", game=game)
    assert state.players[0].points == 2 and state.turn.moves == 0
    text = game.presentation.render(game.view(state, 0))
    assert "2:beach>coin[x]" in text
    assert "Camp track, side A (13 camps): 4th Coin, 7th Movement, 10th Plus" in text
    assert "camp track x..$..M..+... 1/13, next: 4th camp Coin" in text


def test_a_made_up_board_effect_scores_for_the_4th_camp() -> None:
    game = GAME_WITH_COIN
    five = ("green.camp", "red.movement", "blue.movement", "red.postcard", "blue.postcard")
    builder = Builder(2, game=game).hand(0, *five).hand(1, *five).region(0, 8)
    state = builder.camps(0, 1, 2, 3).state
    state = run(state, "play green.camp action 36", game=game)  # a lake: no souvenir
    assert state.players[0].points == 2 and state.turn.stack == []
    validate(game, state)


def test_a_made_up_effect_is_resolved_by_the_automa_at_once() -> None:
    game = GAME_WITH_COIN
    state = Builder(("player", "automa:normal"), game=game).state
    card = AutomaCard(game.components, state, 1)
    before = state.players[1].points
    card.effect(game.components.postcards[29].souvenirs[1].effect)
    assert state.players[1].points == before + 2
    assert [(s["rule"], s["text"]) for s in card.steps] == [("PC-15", "coin: +2 points")]
