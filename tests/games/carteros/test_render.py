"""What a player at the table sees: a header naming whoever acts now (the turn's seat, a seat
answering a reaction window, the seat moving Stampy, a tie-break rider), a held mission's house
and points, and a key to every mark and abbreviation the board shows — in a compact text."""

from __future__ import annotations

from mailbag.games.carteros import GAME

from .builder import act, build


def _text(state: object, seat: int | None = 0) -> str:
    return GAME.presentation.render(GAME.view(state, seat))  # type: ignore[arg-type]


def _header(state: object, seat: int | None = 0) -> str:
    return _text(state, seat).splitlines()[0]


def test_the_header_names_the_seat_answering_a_reaction_window() -> None:
    state = build(
        3,
        pos={0: "A1", 1: "B2", 2: "C3"},
        mail={1: {"letter": 2}, 2: {"letter": 1}},
        hand={0: ["rain"], 1: ["umbrella"], 2: ["umbrella"]},
    )
    state, _ = act(state, "play rain")
    assert _header(state, 2) == (
        "Carteros — round 2, seat 0's turn, 1/3 actions used; "
        "seat 1 may answer the Rain with Umbrella (you: seat 2)"
    )
    state, _ = act(state, "pass")
    assert "seat 2 may answer the Rain with Umbrella" in _header(state)
    state, _ = act(state, "use umbrella")
    assert "seat 0 to choose the block to flood" in _header(state)
    state, _ = act(state, "flood B2")
    assert _header(state).startswith("Carteros — round 2, seat 0 to play, 1/3 actions used")


def test_the_header_names_the_seat_moving_stampy_between_two_turns() -> None:
    state = build(3, stampy=True, stampy_at="B2", current=1, pos={2: "B1"}, hand={2: ["bone"]})
    state, _ = act(state, "end")
    assert _header(state, None) == (
        "Carteros — round 2, seat 1's turn is over; seat 2 to move Stampy (you: spectator)"
    )
    state, _ = act(state, "move_stampy B1")  # Stampy bites seat 2, who holds a Bone
    assert _header(state, None) == (
        "Carteros — round 2, seat 1's turn is over; seat 2 may answer Stampy's bite with Bone "
        "(you: spectator)"
    )
    state, _ = act(state, "use bone")
    assert _header(state).startswith("Carteros — round 2, seat 2 to play, 0/3 actions used")


def test_the_header_names_the_tie_break_rider_and_the_end() -> None:
    state = build(2, delivered={0: {"letter": 10}, 1: {"letter": 9}}, current=1, round=5)
    state.finisher = 0
    state.delivered[1] = [9, 2]  # 13 points each: 10 + 3 against 9 + 4
    state.mail_deck = state.mail_deck[:-2]
    state, _ = act(state, "end")
    assert _header(state, 1) == (
        "Carteros — play has ended; seat 0 to ride the tie-break line (you: seat 1)"
    )
    state, _ = act(state, "tiebreak A1 C1", "tiebreak A2 C2")
    assert _header(state, 1) == "Carteros — game over (you: seat 1)"


def test_a_held_mission_shows_its_house_and_points() -> None:
    state = build(3, missions=True, pos={1: "B2"}, mission={1: 5}, missions_done={2: [1, 8]})
    text = _text(state, 0)
    assert "seat 1: B2" in text and "mission 5 at B2 for 4 pts" in text
    assert "done 1, 8" in text


def test_the_key_explains_every_mark_and_abbreviation_shown() -> None:
    state = build(2, pos={0: "A1"}, grid={"B1": "lost"}, hand={0: ["gps"]})
    state, _ = act(state, "play gps", "peek B1", "stop")
    state.house_discard[GAME.components.house_index["double_received"]] = 1
    state.house_deck.remove(GAME.components.house_index["double_received"])
    mine = _text(state, 0)
    key = " ".join(mine.split("Key: ")[1].split())
    for mark in ("? face-down", "~ flooded", "* placed this turn", "D Stampy", "> whose turn"):
        assert mark in key
    assert "B1 Lst" in mine and "Lst Lost" in key  # seen with GPS
    assert "houses [Dbl 1]" in mine and "Dbl Double Received" in key  # the discard pile
    assert "delivered 0L+0P" in mine and "L Letter, P Parcel" in key
    assert "Rcv" not in mine  # no abbreviation is explained that the board does not show
    theirs = _text(state, 1)
    assert "Lst" not in theirs and "Dbl Double Received" in theirs


def test_the_board_stays_compact() -> None:
    state = build(
        4,
        stampy=True,
        missions=True,
        pos={0: "A1", 1: "B2", 2: "shops", 3: "C4"},
        floods=["B3"],
        boots=[3],
        stampy_at="C1",
        mission={1: 5},
        missions_done={3: [1, 2]},
        mail={0: {"letter": 2}},
        hand={0: ["bicycle", "gps", "bone"]},
    )
    state.debt[3] = 1
    lines = _text(state).splitlines()
    assert len(lines) <= 20
    assert max(len(line) for line in lines) <= 110
