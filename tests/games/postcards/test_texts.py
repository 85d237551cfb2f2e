"""Postcards in every language: every name the shipped component data gives (regions, actions,
effects, gifts, score lines) and every identifier the rules put into words (colours, campsite
types, Automa levels) has a Dutch and a Spanish translation; events are put into words at
display time, in the reader's language, and stay the same data."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, apply, parse_action
from mailbag.core.i18n import catalog, data_context, use_language
from mailbag.games.postcards import GAME, scoring
from mailbag.games.postcards.automa import DIFFICULTY_CARDS
from mailbag.games.postcards.components import CAMPSITE_TYPES, COLOURS

from .builder import COMPONENTS, Builder, run

LANGUAGES = ("nl", "es")
NAMES = ["seat 0", "seat 1", "seat 2", "seat 3"]


def _names_in_the_data() -> list[tuple[str | None, str]]:
    """(context, text) of every name and help text of the shipped component data."""
    names: list[tuple[str | None, str]] = []
    names += [("region", r.name) for r in COMPONENTS.regions.values()]
    actions, effects, gifts = (
        data_context("postcards", t) for t in ("actions", "effects", "gifts")
    )
    for a in COMPONENTS.actions:
        names += [("action", a.name), (actions, a.title), (actions, a.help)]
    for e in COMPONENTS.effects:
        names += [("effect", e.name), (effects, e.title), (effects, e.help)]
    for g in COMPONENTS.gifts:
        names += [(gifts, g.title), (gifts, g.help)]
        if g.breakdown:
            names.append(("score", g.breakdown))
    names += [("colour", c) for c in COLOURS]
    names += [("campsite", c) for c in CAMPSITE_TYPES]
    names += [("difficulty", k.partition(":")[2]) for k in DIFFICULTY_CARDS]
    names += [("score", line) for line in sorted(scoring.FIXED_LINES)]
    return names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_of_the_component_data_has_a_translation(lang: str) -> None:
    words = catalog(lang)
    missing = [
        f"{ctx or '-'}: {text!r}"
        for ctx, text in _names_in_the_data()
        if not words.get((ctx, text))
    ]
    assert not missing, f"{lang}: no translation for\n" + "\n".join(missing)


def test_the_names_are_the_rulebooks_words_in_dutch() -> None:
    with use_language("nl"):
        state = Builder(2).hand(0, "green.camp").region(0, 8).postcard(0, 29).state
        text = GAME.presentation.render(GAME.view(state, 0))
    for word in ("Ansichtkaarten:", "Reiskaarten:", "Cadeaukaarten:", "routekaart", "postzegels"):
        assert word in text, word
    assert "speler 0 (jij) in 8 Occitanie" in text
    assert "Je hand: groen/kamp" in text


def test_events_are_data_put_into_words_when_shown() -> None:
    state = Builder(2).hand(0, "green.camp").region(0, 8).postcard(0, 29).state
    after, events = apply(GAME, state, 0, parse_action("play green.camp action 33"))
    play, camp = events[0], events[1]
    assert play.data == {"seat": 0, "card": "green.camp", "as": "action"}
    assert camp.data == {"seat": 0, "campsite": 33, "region": 8}
    assert (
        GAME.presentation.event_text(play, NAMES) == "seat 0 plays a green camp card for its action"
    )
    assert GAME.presentation.event_text(camp, NAMES) == "seat 0 camps on campsite 33 in Occitanie"
    with use_language("nl"):
        assert (
            GAME.presentation.event_text(play, ["Ann", "Bob"])
            == "Ann speelt groen/kamp voor de actie"
        )
        assert GAME.presentation.event_text(camp, ["Ann", "Bob"]) == (
            "Ann slaat zijn kamp op op kampeerplek 33 in Occitanie"
        )
    with use_language("es"):
        assert (
            GAME.presentation.event_text(play, ["Ann", "Bob"])
            == "Ann juega verde/campamento por su acción"
        )
    assert after.players[0].camps == [33]


def test_a_score_event_keeps_its_reason_and_says_it_in_the_readers_language() -> None:
    state = Builder(2).region(0, 1).postcard(0, 1, stamps=True).state
    _, events = apply(GAME, state, 0, parse_action("send 1"))
    score = next(e for e in events if e.kind == "score")
    assert score.data["reason"] == "postcard 1 sent"  # as before: English data
    assert GAME.presentation.event_text(score, NAMES) == "seat 0 scores 4 (postcard 1 sent)"
    with use_language("es"):
        assert GAME.presentation.event_text(score, NAMES) == "seat 0 puntúa 4 (postal 1 enviada)"


def test_the_automa_explains_itself_in_the_readers_language() -> None:
    from mailbag.core import start_game
    from mailbag.core.i18n import pgettext

    seats = ["player", "automa:normal"]
    dealt = (start_game(GAME, seats, {}, seed=seed) for seed in range(3, 60))
    state, events = next(d for d in dealt if any(e.kind == "automa_card" for e in d[1]))
    cards = [e for e in events if e.kind == "automa_card"]
    assert cards and all(isinstance(s["say"], str) for e in cards for s in e.data["steps"])
    english = [GAME.presentation.event_text(e, NAMES) for e in cards]
    first = cards[0].data
    colour, action = first["colour"], first["action"]
    assert english[0].startswith(
        f"Automa seat 1: slot 1, {colour} {action} card, {first['side']} of the binding"
    )
    with use_language("nl"):
        dutch = [GAME.presentation.event_text(e, NAMES) for e in cards]
        words = pgettext("colour", colour), pgettext("action", action)
    assert dutch[0].startswith("Automa seat 1: plek 1, reiskaart ({}, {}), ".format(*words))
    moves = [s["with"] for s in first["steps"] if "here" in s.get("with", {})]
    for move in moves:  # a movement names both regions (PC-15), in the reader's words
        here, there = (COMPONENTS.regions[move[k]] for k in ("here", "region"))
        went = f"gaat van {here.name} ({here.number}) naar {there.name} ({there.number})"
        assert went in dutch[0]
        assert state.players[1].region == there.number


def test_a_refusal_is_in_the_readers_language_and_names_the_same_rule() -> None:
    state = Builder(2).hand(0, "green.camp").region(0, 8).state
    with pytest.raises(IllegalAction, match=r"campsite 1 is not in region 8") as english:
        run(state, "play green.camp action 1")
    with use_language("nl"), pytest.raises(IllegalAction) as dutch:
        run(state, "play green.camp action 1")
    assert dutch.value.rule == english.value.rule == "PC-8"
    assert dutch.value.reason == "kampeerplek 1 ligt niet in regio 8, waar je bent"


def test_a_component_file_error_is_in_the_readers_language() -> None:
    from importlib import resources

    from mailbag.core import ComponentError

    shipped = (
        resources.files("mailbag.games.postcards")
        .joinpath("data/components.toml")
        .read_text(encoding="utf-8")
    )
    broken = shipped.replace("tokens = 60", 'tokens = "many"', 1)
    with pytest.raises(ComponentError) as english:
        GAME.with_component_text(broken, "mine.toml")
    assert (
        str(english.value) == "mine.toml: [supply]: field 'tokens' must be an integer, not 'many'"
    )
    with use_language("es"), pytest.raises(ComponentError) as spanish:
        GAME.with_component_text(broken, "mine.toml")
    assert str(spanish.value) == (
        "mine.toml: [supply]: el campo 'tokens' debe ser un número entero, no 'many'"
    )


def test_an_automa_named_automa_is_not_called_automa_twice() -> None:
    """The browser names an unnamed Automa seat "Automa — normal": its lines then read
    "Automa — normal: slot 1 …", not "Automa Automa — normal: slot 1 …"; a seat named otherwise
    ("seat 1") keeps the word Automa in front."""
    from mailbag.core import Event
    from mailbag.core.game import new_game

    game = GAME
    state = new_game(game, ("player", "automa:normal"), {}, 4)
    events: list[Event] = []
    for _ in range(200):  # bounded: the Automa plays within its first turn
        seat = game.deciders(state)[0]
        state, made = apply(game, state, seat, game.legal_actions(state, seat)[0])
        events += [e for e in made if e.kind in ("automa_card", "automa_turn")]
        if events:
            break
    assert events, "the Automa never played"
    for event in events:
        named = game.presentation.event_text(event, ["Camille", "Automa — normal"])
        plain = game.presentation.event_text(event, ["seat 0", "seat 1"])
        assert "Automa Automa" not in named and "(Automa — normal" not in named, named
        assert named.startswith("Automa — normal"), named
        assert plain.startswith("Automa"), plain
