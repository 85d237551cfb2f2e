"""Views (CA-103, CA-105): what each seat may know, reaction windows, determinize, rendering."""

from __future__ import annotations

from mailbag.core import Rng, canonical_json, new_game, parse_action
from mailbag.games.carteros import GAME

from .builder import ACT, act, build


def test_ca105_hands_houses_and_decks_are_hidden_from_others() -> None:
    state = build(2, pos={0: "A1"}, mail={0: {"letter": 2, "parcel": 1}}, hand={0: ["gps", "bone"]})
    mine = GAME.view(state, 0)
    theirs = GAME.view(state, 1)
    assert mine["hand"]["mail"] == {"letter": 2, "parcel": 1}
    assert mine["hand"]["actions"]["gps"] == 1
    assert theirs["hand"]["mail"] == {"letter": 0, "parcel": 0}  # seat 1's own empty hand
    assert theirs["carriers"][0]["mail"] == 3 and theirs["carriers"][0]["actions"] == 2
    text = canonical_json(theirs).decode()
    assert "grid" not in text and "house_deck" in theirs and isinstance(theirs["house_deck"], int)
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["known"] == {}


def test_views_redrawn_from_a_view_are_identical_for_that_seat() -> None:
    state = new_game(GAME, 4, {"stampy": True, "missions": True}, 9)
    rng = Rng.from_seed(1)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        world = GAME.determinize(view, rng)
        assert canonical_json(GAME.view(world, seat)) == canonical_json(view)
        assert GAME.inventory(world) == GAME.inventory(state)


def test_ca103_an_open_reaction_window_shows_that_its_seat_holds_the_card() -> None:
    state = build(
        3,
        pos={0: "A1", 1: "B2"},
        mail={1: {"letter": 2}},
        hand={0: ["rain"], 1: ["umbrella", "wind", "wind"]},
    )
    state, _ = act(state, "play rain")
    observer = GAME.view(state, 2)
    assert observer["deciders"] == [1]
    assert observer["tasks"][-1] == {
        "kind": "react",
        "seat": 1,
        "n": 0,
        "arg": ACT["umbrella"],
        "cause": "rain",
    }
    # every world drawn from seat 2's view gives seat 1 its Umbrella
    rng = Rng.from_seed(3)
    for _ in range(20):
        world = GAME.determinize(observer, rng)
        assert world.hand[1][ACT["umbrella"]] >= 1
        assert GAME.legal_actions(world, 1) == [parse_action("use umbrella"), parse_action("pass")]


def test_a_declined_reaction_leaves_no_trace_in_the_views() -> None:
    state = build(
        2, pos={0: "A1", 1: "B2"}, mail={1: {"letter": 2}}, hand={0: ["rain"], 1: ["umbrella"]}
    )
    state, _ = act(state, "play rain", "pass")
    assert not any(t["kind"] == "react" for t in GAME.view(state, 0)["tasks"])


def test_ca105_discard_piles_and_delivered_cards_are_public() -> None:
    state = build(
        2, pos={0: "B2"}, grid={"B2": "change_of_direction"}, mail={0: {"letter": 1, "parcel": 1}}
    )
    state, _ = act(state, "deliver", "discard parcel")
    theirs = GAME.view(state, 1)
    assert theirs["house_discard"]["change_of_direction"] == 1
    assert theirs["mail_discard"] == {"letter": 0, "parcel": 1}


def test_render_shows_the_grid_floods_meeples_stampy_missions_and_the_hand() -> None:
    state = build(
        3,
        stampy=True,
        missions=True,
        pos={0: "A1", 1: "B2", 2: "shops"},
        floods=["B3"],
        stampy_at="C1",
        mission={1: 5},
        mail={0: {"letter": 2}},
        hand={0: ["bicycle"]},
    )
    text = GAME.presentation.render(GAME.view(state, 0))
    lines = text.splitlines()
    assert lines[0].startswith("Carteros — round 2, seat 0 to play")
    assert any("A1 ?" in line and "0" in line for line in lines)
    assert any("C1 ?  D" in line for line in lines)  # Stampy
    assert any("C4 ?  ~" in line for line in lines)  # flooded
    assert any(line.startswith("Shops: 2") for line in lines)
    assert "mission 5" in text and "Your bag: Letter ×2" in text and "Bicycle" in text
    peeked = build(2, pos={0: "A1"}, grid={"B1": "lost"}, hand={0: ["gps"]})
    peeked, _ = act(peeked, "play gps", "peek B1", "stop")
    assert "B1 Lst" in GAME.presentation.render(GAME.view(peeked, 0))
    assert "B1 Lst" not in GAME.presentation.render(GAME.view(peeked, 1))


def test_describe_action_gives_menu_labels() -> None:
    view = GAME.view(build(2), 0)
    assert (
        GAME.presentation.describe_action(view, parse_action("move A1"))
        == "enter the neighbourhood at A1"
    )
    sunny = GAME.presentation.describe_action(view, parse_action("play sunny_day"))
    # the entry's help without the rule id it cites: "… with them (CA-6)"
    help_text = GAME.components.actions[ACT["sunny_day"]].help
    assert help_text.endswith(" (CA-6)")
    assert sunny == "play Sunny Day: " + help_text.removesuffix(" (CA-6)")
    assert (
        GAME.presentation.describe_action(view, parse_action("flood B2"))
        == "flood the houses B2, C2, B3, C3"
    )
    assert (
        GAME.presentation.describe_action(view, parse_action("tiebreak A1 C1"))
        == "ride the line A1–C1"
    )
    state, _ = act(build(2, pos={0: "A1"}, hand={0: ["gps", "bicycle"]}), "play gps", "peek A2")
    assert "GPS" in GAME.presentation.describe_action(GAME.view(state, 0), parse_action("stop"))


def test_balance_tags_list_the_action_cards_played() -> None:
    state = build(2, pos={0: "A1"}, hand={0: ["wind", "sunny_day"]})
    state, _ = act(state, "play wind", "play sunny_day")
    assert GAME.balance_tags(state, 0) == {"action": ["action:wind", "action:sunny_day"]}
    assert GAME.balance_tags(state, 1) == {"action": []}


def test_heuristic_prefers_delivering() -> None:
    state = build(2, pos={0: "B2"}, grid={"B2": "received_letter"}, mail={0: {"parcel": 2}})
    before = GAME.search.heuristic(state, 0)
    after, _ = act(state, "deliver", "give parcel")
    assert GAME.search.heuristic(after, 0) > before
    assert GAME.search.heuristic(after, 1) < GAME.search.heuristic(state, 1)


def test_ca105_hidden_fields_are_what_a_seat_cannot_know() -> None:
    assert set(GAME.hidden_fields(1)) == {
        "rng",
        "grid.*",  # face-down houses
        "house_deck.*",  # the decks' cards and order, not their sizes
        "mail_deck.*",
        "action_deck.*",
        "mail.~.*",  # the other carriers' cards, not how many
        "hand.~.*",
        "known.~.*",  # what the others saw with GPS, not where they looked
        "mission_decks.*.*",  # the missions under the face-up ones
    }
    public = ("delivered", "pos", "boots", "floods", "tasks", "played", "house_discard", "mission")
    assert not any(p.split(".")[0] in public for p in GAME.hidden_fields(None))


def test_determinize_keeps_the_face_up_missions_and_what_the_seat_saw() -> None:
    # a path cannot single out a deck's top card, so hidden_fields hides whole mission decks:
    # determinize keeps the face-up ones all the same
    state = build(3, missions=True, pos={0: "A1"}, grid={"B1": "lost"}, hand={0: ["gps"]})
    state, _ = act(state, "play gps", "peek B1", "stop")
    rng = Rng.from_seed(6)
    for seat in (0, 1, None):
        for _ in range(10):
            world = GAME.determinize(GAME.view(state, seat), rng)
            assert [d[-1] for d in world.mission_decks] == [d[-1] for d in state.mission_decks]
            assert [len(d) for d in world.mission_decks] == [len(d) for d in state.mission_decks]
            if seat == 0:
                assert world.known[0] == state.known[0] and world.grid[1] == state.grid[1]
            assert [k >= 0 for k in world.known[0]] == [k >= 0 for k in state.known[0]]
