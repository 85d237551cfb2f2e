"""Views and determinize (PC-3), events, rendering, action labels and illegal-action messages."""

from __future__ import annotations

import pytest

from mailbag.core import IllegalAction, NotYourTurn, Rng, apply, canonical_json, parse_action
from mailbag.games.postcards import GAME
from mailbag.games.postcards.pieces import inventory

from .builder import COMPONENTS, Builder, act, legal, run

# -- what is public (PC-3) ------------------------------------------------------------------------


def _position() -> Builder:
    return (
        Builder(3)
        .hand(0, "red.camp", "blue.movement", "green.postcard")
        .hand(1, "yellow.camp", "yellow.camp")
        .region(0, 8)
        .postcard(0, 29, [True, False])
        .postcard(1, 12)
        .postcard_row(10, 22, 34)
        .postcard_deck_top(46)
    )


def test_hands_are_private_hand_sizes_public() -> None:
    state = _position().state
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    spectator = GAME.view(state, None)
    assert mine["hand"] == ["red.camp", "blue.movement", "green.postcard"]
    assert theirs["hand"] == ["yellow.camp", "yellow.camp"]
    assert spectator["hand"] is None
    assert [p["hand_size"] for p in spectator["players"]] == [3, 2, 0]
    assert "hand" not in spectator["players"][0]


def test_face_up_postcards_and_deck_top_show_the_illustrated_side_only() -> None:
    view = GAME.view(_position().state, None)
    assert view["postcard_row"][0] == {"region": 3, "stamps": 3, "points": 6}
    assert view["postcard_deck_top"] == {"region": 12, "stamps": 3, "points": 6}
    assert "card" not in view["postcard_row"][0]
    text = canonical_json(view).decode()
    assert "souvenir" not in text.replace("souvenirs", "")  # no hidden side anywhere


def test_owned_postcards_are_public_in_full() -> None:
    view = GAME.view(_position().state, 2)
    assert view["players"][0]["postcards"] == [
        {"card": 29, "stamps": [True, False], "souvenirs": [False, False], "sent": False}
    ]
    assert view["players"][1]["postcards"][0]["card"] == 12


def test_determinize_redraws_hidden_sides_that_look_alike() -> None:
    """Postcards 10 and 11 share their illustrated side: a world built from a view may hold
    either in the display, and either on top of the deck (46 / 47 alike too)."""
    state = _position().state
    view = GAME.view(state, 0)
    seen_row, seen_top = set(), set()
    for seed in range(40):
        world = GAME.determinize(view, Rng(seed))
        assert canonical_json(GAME.view(world, 0)) == canonical_json(view)
        assert inventory(COMPONENTS, world) == inventory(COMPONENTS, state)
        assert GAME.legal_actions(world, 0) == GAME.legal_actions(state, 0)
        assert world.players[0].hand == state.players[0].hand
        seen_row.add(world.postcard_row[0])
        seen_top.add(world.postcard_deck[-1])
    assert seen_row == {10, 11} and seen_top == {46, 47}


def test_determinize_redraws_other_hands() -> None:
    state = _position().state
    view = GAME.view(state, 1)
    hands = {tuple(GAME.determinize(view, Rng(seed)).players[0].hand) for seed in range(20)}
    assert len(hands) > 1


def test_hiking_guide_draw_is_private_pc_3() -> None:
    builder = _position().gift(0, "hiking_guide").postcard_deck_top(1, 2, 3, 4, 5)
    state = run(builder.state, "gift hiking_guide")
    mine = GAME.view(state, 0)["turn"]["stack"][-1]
    theirs = GAME.view(state, 1)["turn"]["stack"][-1]
    assert mine["cards"] == [1, 2, 3, 4, 5] and mine["count"] == 5
    assert "cards" not in theirs and theirs["count"] == 5
    for observer in (0, 1, None):
        view = GAME.view(state, observer)
        world = GAME.determinize(view, Rng(3))
        assert canonical_json(GAME.view(world, observer)) == canonical_json(view)
        assert inventory(COMPONENTS, world) == inventory(COMPONENTS, state)
    _, events = act(state, "keep 1 2")
    assert any(e.kind == "keep" for e in events)


def test_events_private_draw_has_a_public_twin() -> None:
    builder = Builder().hand(0, "red.movement", "blue.movement", "green.movement").region(0, 8)
    state = run(
        builder.state,
        "play red.movement action 9",
        "play blue.movement action 8",
        "play green.movement action 9",
        "end",
    )
    _, events = act(state, "draw deck")
    public = [e for e in events if e.to is None and e.kind == "draw"]
    private = [e for e in events if e.to == (0,)]
    assert public and "card" not in public[0].data
    assert private and private[0].data["card"] in {k.name for k in COMPONENTS.travel}


# -- rendering and labels -------------------------------------------------------------------------


def test_render_shows_map_displays_postcards_hand_and_scores() -> None:
    builder = _position().camps(1, 33).gift(0, "car")
    text = GAME.presentation.render(GAME.view(builder.state, 0))
    assert "Occitanie" in text and "33B1" in text and "34M." in text
    assert "Your hand: red camp card, blue movement card, green postcard card" in text
    assert "postcard 29 (region 8, 5 pts) stamps 1:yellow[x] 2:blue[ ]" in text
    assert "souvenirs 1:forest>camp[ ] 2:beach>movement[ ]" in text
    assert "1:[region 3, 3 stamps, 6 pts]" in text
    assert "deck top [region 12, 3 stamps, 6 pts]" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "gifts: Car" in text and "score now" in text
    other = GAME.presentation.render(GAME.view(builder.state, 1))
    assert "red.camp, blue.movement" not in other


def test_describe_action_gives_plain_labels() -> None:
    state = _position().state
    view = GAME.view(state, 0)
    labels = {
        str(a): GAME.presentation.describe_action(view, a) for a in GAME.legal_actions(state, 0)
    }
    assert labels["play blue.movement action 9"] == (
        "play a blue movement card: move to region 9 Nouvelle-Aquitaine"
    )
    assert labels["play red.camp action 33"] == "play a red camp card: camp on campsite 33 (beach)"
    assert labels["play blue.movement stamp 29 2"] == (
        "play a blue movement card: stamp on postcard 29 space 2 (blue)"
    )
    assert labels["pair red.camp blue.movement"].startswith(
        "play a red camp card and a blue movement card"
    )
    # words, never the notation's card names
    assert not any("." in label.split(":")[0] for label in labels.values())


# -- illegal actions name the rule ----------------------------------------------------------------


def test_illegal_actions_are_refused_with_the_rule() -> None:
    state = _position().state
    cases = {
        "play yellow.camp action 33": "Game Turn",  # not in hand
        "play red.camp action 1": "PC-8",
        "play red.camp stamp 29 2": "Sticking a Stamp",
        "play red.camp stamp 12 1": "Sticking a Stamp",  # someone else's postcard
        "play purple.camp action 1": "action notation",
        "use movement 9": "PC-4",
        "send 29": "PC-9",
        "gift car": "PC-10",
        "end": "PC-6",
        "take 1": "Game Turn",
        "draw deck": "Game Turn",
        "fly 3": "action notation",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalAction) as info:
            act(state, text)
        assert info.value.rule == rule, (text, info.value)
    with pytest.raises(NotYourTurn):
        apply(GAME, state, 1, parse_action("end"))


def test_pending_decision_must_be_answered_first() -> None:
    state = run(_position().state, "play green.postcard action")
    with pytest.raises(IllegalAction) as info:
        act(state, "play red.camp action 33")
    assert info.value.rule == "PC-7" and "pending" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        act(state, "take 4")
    assert info.value.rule == "PC-7"


def test_drawing_phase_only_draws_pc_11() -> None:
    builder = Builder().hand(0, "red.movement", "blue.movement", "green.movement").region(0, 8)
    state = run(
        builder.state,
        "play red.movement action 9",
        "play blue.movement action 8",
        "play green.movement action 9",
        "end",
        "draw row 1",
    )
    for text in ("draw row 1", "send 29", "play red.camp none"):
        with pytest.raises(IllegalAction) as info:
            act(state, text)
        assert info.value.rule == "PC-11", text
    assert legal(state)[-1] == "draw deck"
