"""Carteros states loaded from outside: each invariant, broken once in a real position, is refused
with a StateError naming it; valid positions (open reaction windows, Stampy, the tie-break) pass.

Every scene starts from a state that passes, so the refusal comes from the one thing broken."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mailbag.core import StateError, new_game, state_from_json, state_to_json, validate
from mailbag.games.carteros import GAME
from mailbag.games.carteros.board import POST_OFFICE, SHOPS
from mailbag.games.carteros.state import CarterosState, Task, copy_state

from .builder import ACT, HK, MK, H, act, build


def passes(state: CarterosState) -> CarterosState:
    validate(GAME, state)
    assert state_from_json(GAME, state_to_json(GAME, state)) == state
    return state


def refused(state: CarterosState, breaks: Callable[[CarterosState], object], match: str) -> str:
    """``state`` passes; a copy with ``breaks`` applied is refused with ``match`` in the message,
    also when loaded from JSON."""
    passes(state)
    broken = copy_state(state)
    breaks(broken)
    with pytest.raises(StateError, match=match) as info:
        validate(GAME, broken)
    with pytest.raises(StateError, match=match):
        state_from_json(GAME, state_to_json(GAME, broken))
    return str(info.value)


def mid_turn() -> CarterosState:
    """Seat 0 in the neighbourhood with cards, in the middle of its turn."""
    return build(
        3,
        pos={0: "B2", 1: "B3", 2: "C3"},
        mail={0: {"letter": 2}, 1: {"letter": 1, "parcel": 1}},
        hand={0: ["rain", "gps"], 1: ["umbrella"], 2: ["umbrella"]},
        delivered={2: {"letter": 3}},
        actions_used=1,
    )


# -- valid states pass -----------------------------------------------------------------------


def test_every_state_of_a_random_game_passes() -> None:
    """Every state of a random game (Stampy and missions on) passes, also through JSON (how
    fast checking is — under 1 ms a state — is ``mailbag bench carteros``'s ``check_state``
    row: a time asserted here failed on a loaded machine)."""
    state = new_game(GAME, 4, {"stampy": True, "missions": True}, 11)
    states = [state]
    for step in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.deciders(state)[0]
        legal = GAME.legal_actions(state, seat)
        state, _ = act(state, str(legal[step * 7 % len(legal)]), seat=seat)
        states.append(state)
    assert len(states) > 100
    for s in states:
        passes(s)


def test_an_open_umbrella_window_passes() -> None:
    state, _ = act(mid_turn(), "play rain")
    assert [t.kind for t in state.tasks] == ["flood", "soak", "react"]
    assert GAME.deciders(state) == (1,) and state.floods == [-1]
    passes(state)


def test_open_windows_against_stampy_lost_debt_and_a_bite_pass() -> None:
    card = build(
        2, pos={0: "A1"}, grid={"A1": "stampy"}, mail={0: {"letter": 1}}, hand={0: ["bone"]}
    )
    card, _ = act(card, "deliver")
    assert [t.kind for t in card.tasks] == ["stampy_card", "react"]
    lost = build(2, pos={0: "A1"}, grid={"A1": "lost"}, mail={0: {"letter": 1}}, hand={0: ["gps"]})
    lost, _ = act(lost, "deliver")
    assert [t.kind for t in lost.tasks] == ["lost_card", "react"]
    debt = build(2, stampy=True, stampy_at="C4", hand={0: ["bone"]})
    debt.debt[0] = 1
    debt, _ = act(debt, "refill")
    assert [t.kind for t in debt.tasks] == ["debt", "react"]
    bite = build(
        3,
        stampy=True,
        stampy_at="A1",
        pos={1: "B1", 2: "B1"},
        mail={1: {"letter": 1}},
        hand={1: ["bone"]},
    )
    bite, _ = act(bite, "end", "move_stampy B1")
    assert [t.kind for t in bite.tasks] == ["next_turn", "catch", "catch", "react"]
    for state in (card, lost, debt, bite):
        passes(state)


def test_the_tie_break_and_the_end_pass() -> None:
    state = build(
        3, current=2, delivered={0: {"letter": 4}, 1: {"parcel": 2}}, max_rounds=2, round=2
    )
    state, _ = act(state, "end")
    passes(state)
    state, _ = act(state, "tiebreak A1 C1")
    passes(state)
    state, _ = act(state, "tiebreak A4 C4")
    assert GAME.is_over(state)
    passes(state)


# -- shape -----------------------------------------------------------------------------------


def test_seat_count_and_per_seat_lists() -> None:
    state = mid_turn()
    refused(state, lambda s: s.pos.extend([POST_OFFICE] * 2), "places 5 carriers")
    refused(state, lambda s: s.debt.pop(), r"Mail cards owed to Stampy \(field 'debt'\) for 2")
    refused(state, lambda s: s.grid.pop(), "has 11 houses")
    refused(state, lambda s: s.known[1].pop(), "seat 1's GPS knowledge lists 11 houses")
    refused(state, lambda s: s.mission_decks.append([]), "3 mission decks")


def test_count_lists_have_one_count_per_kind_and_none_negative() -> None:
    state = mid_turn()

    def negative(s: CarterosState) -> None:
        s.mail[0] = [-5, 7]  # still 2 cards in all: only the sign is wrong

    assert "seat 0's Mail cards are [-5, 7]: a count cannot be negative" in refused(
        state, negative, "negative"
    )
    refused(state, lambda s: s.action_discard.pop(), r"Action discard pile .* one count per kind")


# -- numbers in range ------------------------------------------------------------------------


def test_counters_in_range() -> None:
    state = build(2, max_rounds=10, round=4, actions_used=1, pos={0: "A1"})

    def set_to(field: str, value: int) -> Callable[[CarterosState], None]:
        return lambda s: setattr(s, field, value)

    refused(state, set_to("max_rounds", 0), "max_rounds is 0; the option allows 1–1000")
    refused(state, set_to("round", 11), "round 11 is out of range")
    refused(state, set_to("round", 0), "round 0 is out of range")
    refused(state, set_to("current", 2), "current player 2 is not one of the seats 0–1")
    refused(state, set_to("actions_used", 4), "4 actions are used")
    refused(state, set_to("fresh", 1 << 12), "names no set of houses")
    refused(state, set_to("finisher", 5), "seat 5, which is not a seat")
    refused(state, lambda s: setattr(s.rng, "state", -1), "random generator")


def test_card_kinds_and_positions_in_range() -> None:
    state = mid_turn()
    refused(state, lambda s: s.grid.__setitem__(H["C4"], 7), "house C4 holds house card kind 7")
    refused(state, lambda s: s.mail_deck.__setitem__(0, 2), "Mail deck .* is kind 2")
    refused(state, lambda s: s.pos.__setitem__(1, 12), "seat 1 stands at position 12")
    refused(state, lambda s: s.pos.__setitem__(1, -3), "seat 1 stands at position -3")
    refused(state, lambda s: s.known[2].__setitem__(0, 5), "seat 2 remembers house card kind 5")
    refused(state, lambda s: s.tiebreak.__setitem__(0, 7), "tie-break result is 7")
    refused(state, lambda s: setattr(s, "stampy", 12), "Stampy is at 12")


def test_rain_cards_on_the_table_flood_a_real_block() -> None:
    state = build(2, floods=["B3"])
    refused(state, lambda s: s.floods.__setitem__(0, 6), "floods block 6")


def test_task_fields() -> None:
    state, _ = act(mid_turn(), "play gps")
    assert state.tasks == [Task("peek", 0, n=2, arg=-1)]
    refused(
        state, lambda s: setattr(s.tasks[0], "kind", "dance"), r"\('dance'\) is not a Carteros task"
    )
    refused(state, lambda s: setattr(s.tasks[0], "seat", 3), "belongs to seat 3")
    refused(state, lambda s: setattr(s.tasks[0], "n", 5), r"has n = 5; a peek task has \[1, 2\]")
    refused(state, lambda s: setattr(s.tasks[0], "cause", "x"), "has cause 'x'")


# -- every card in exactly one place ---------------------------------------------------------


def test_house_mail_and_action_totals_match_the_component_set() -> None:
    state = mid_turn()
    assert "house card 'lost' has 6 copies in play; the component set has 5" in refused(
        state, lambda s: s.house_deck.append(HK["lost"]), "6 copies"
    )
    refused(
        state,
        lambda s: s.mail_deck.remove(MK["parcel"]),
        "Mail card 'parcel' has 14 copies in play; the component set has 15",
    )

    def extra_boots(s: CarterosState) -> None:
        s.boots[1] = True  # worn without leaving the deck

    refused(state, extra_boots, "Action card 'rubber_boots' has 6 copies")

    def rain_twice(s: CarterosState) -> None:
        s.floods.append(3)  # a flood with no Rain card taken from anywhere

    refused(state, rain_twice, "Action card 'rain' has 5 copies")


def test_mission_cards_each_in_one_place() -> None:
    state = build(2, missions=True, mission={0: 3}, missions_done={1: [7]}, pos={0: "A1"})

    def duplicate(s: CarterosState) -> None:
        s.mission_discard.append(3)

    refused(state, duplicate, "mission card 3 is in 2 places")
    refused(state, lambda s: s.missions_done[1].clear(), "mission card 7 is nowhere")
    refused(state, lambda s: s.mission_decks[0].append(13), "mission card 13 is not in the")
    plain = build(2)
    refused(plain, lambda s: s.mission.__setitem__(0, 4), "Delivery Missions mode is off")


def test_mission_limits() -> None:
    state = build(2, missions=True, missions_done={1: [1, 2]}, mission={1: 3})

    def fourth(s: CarterosState) -> None:
        s.missions_done[1] += [3, 4]
        s.mission[1] = 0
        for deck in s.mission_decks:
            if 4 in deck:
                deck.remove(4)

    refused(state, fourth, "seat 1 has completed 4 missions")

    def third_done_still_holding(s: CarterosState) -> None:
        s.missions_done[1].append(s.mission_decks[0].pop())

    refused(state, third_done_still_holding, "holds mission 3 after completing 3")


# -- each carrier's limits -------------------------------------------------------------------


def _from_deck_to_bag(seat: int, count: int) -> Callable[[CarterosState], None]:
    def move(s: CarterosState) -> None:
        for _ in range(count):
            s.mail[seat][s.mail_deck.pop()] += 1

    return move


def test_bag_hand_and_deliveries_limits() -> None:
    state = mid_turn()
    refused(state, _from_deck_to_bag(0, 4), "seat 0 holds 6 Mail cards; at most 5")

    def hand(s: CarterosState) -> None:
        for _ in range(3):
            s.hand[1][s.action_deck.pop()] += 1

    refused(state, hand, "seat 1 holds 4 Action cards; at most 3")
    nine = build(2, delivered={1: {"letter": 9}}, pos={0: "A1"})
    refused(nine, _from_deck_to_bag(1, 2), "holds 2 Mail cards and has delivered 9")


def test_ten_deliveries_and_the_finisher_agree() -> None:
    state = build(2, delivered={1: {"letter": 9}})

    def tenth(s: CarterosState) -> None:
        s.delivered[1][s.mail_deck.pop()] += 1

    refused(state, tenth, "seat 1 has delivered 10 Mail cards, but nobody is marked finished")
    refused(
        state,
        lambda s: setattr(s, "finisher", 1),
        "marked the first to deliver 10 .* has delivered 9",
    )


def test_debt_is_one_card_and_only_with_stampy() -> None:
    state = build(2, stampy=True, stampy_at="B2")
    state.debt[1] = 1
    refused(state, lambda s: s.debt.__setitem__(1, 2), "owes Stampy 2 Mail cards")
    refused(
        state,
        lambda s: setattr(s, "stampy_mode", False),
        "seat 1 owes Stampy a Mail card, but Stampy mode is off",
    )
    plain = build(2)
    refused(
        plain, lambda s: s.debt.__setitem__(0, 1), "owes Stampy a Mail card, but Stampy mode is off"
    )


def test_played_cards_are_bounded_by_the_rounds() -> None:
    state = build(2, round=3)
    state.played[0][ACT["bicycle"]] = 24  # 4 per turn × 2 seats × 3 rounds
    refused(
        state,
        lambda s: s.played[0].__setitem__(ACT["wind"], 1),
        "played 25 Action cards by round 3",
    )


# -- the table and what is known -------------------------------------------------------------


def test_stampy_only_in_stampy_mode_and_out_after_round_one() -> None:
    state = build(2, stampy=True, stampy_at="B2")
    refused(
        state, lambda s: setattr(s, "stampy_mode", False), "meeple is on B2, but Stampy mode is off"
    )
    refused(state, lambda s: setattr(s, "stampy", -1), "not in the neighbourhood in round 2")
    passes(build(2, stampy=True, round=1))


def test_shops_only_in_missions_mode_and_with_a_mission() -> None:
    state = build(2, missions=True, mission={1: 5}, pos={1: "shops"})
    assert state.pos[1] == SHOPS

    def mission_lost(s: CarterosState) -> None:
        s.mission_discard.append(s.mission[1])
        s.mission[1] = 0

    refused(state, mission_lost, "seat 1 is at the shops without a mission card")
    plain = build(2)
    refused(
        plain,
        lambda s: s.pos.__setitem__(1, SHOPS),
        "at the shops, but Delivery Missions mode is off",
    )


def test_what_gps_saw_matches_the_house() -> None:
    state, _ = act(
        build(2, pos={0: "A1"}, grid={"B1": "stampy"}, hand={0: ["gps"]}),
        "play gps",
        "peek B1",
        "stop",
    )
    assert state.known[0][H["B1"]] == HK["stampy"]
    refused(
        state,
        lambda s: s.known[0].__setitem__(H["B1"], HK["lost"]),
        "remembers lost at B1 .* the card there is stampy",
    )


def test_turn_flags() -> None:
    state = build(2, pos={0: "A1"})
    refused(state, lambda s: setattr(s, "turn_over", True), "marked over but was never handed on")
    refused(
        state,
        lambda s: setattr(s, "replaced", True),
        "replaced a card this turn without taking an action",
    )
    refused(state, lambda s: setattr(s, "fresh", 1), "without taking an action")
    refused(
        state,
        lambda s: setattr(s, "actions_used", 3),
        "used all 3 actions, but the turn was not handed on",
    )
    refused(
        state,
        lambda s: s.tiebreak.__setitem__(1, 2),
        "tie-break result while play is still going on",
    )
    refused(state, lambda s: setattr(s, "over", True), "marked over, but play never ended")


# -- the task stack and the phase of play ----------------------------------------------------


def test_the_umbrella_window() -> None:
    state, _ = act(mid_turn(), "play rain")

    def no_umbrella(s: CarterosState) -> None:
        s.hand[1][ACT["umbrella"]] = 0
        s.action_deck.append(ACT["umbrella"])

    refused(state, no_umbrella, "offers seat 1 its umbrella, but it holds none")
    refused(state, lambda s: setattr(s.tasks[-1], "arg", ACT["bone"]), "against rain offers bone")
    refused(
        state, lambda s: setattr(s.tasks[-1], "seat", 2), "window is open for seat 2, but not over"
    )

    def dry_seat_asked(s: CarterosState) -> None:
        s.tasks[1].seat = s.tasks[2].seat = 2  # seat 2 holds an Umbrella but no Mail card

    refused(state, dry_seat_asked, "seat 2 is not struck by the rain")
    refused(
        state,
        lambda s: s.floods.__setitem__(0, 4),
        r"0 Rain card\(s\) on the table wait for their block to be chosen, but a flood is being",
    )
    refused(state, lambda s: s.tasks.pop(), "automatic 'soak' step")


def test_soak_steps_follow_turn_order() -> None:
    state = build(
        3,
        pos={0: "A1", 1: "B2", 2: "C3"},
        mail={1: {"letter": 2}, 2: {"parcel": 2}},
        hand={0: ["rain"], 1: ["umbrella"], 2: ["umbrella"]},
    )
    state, _ = act(state, "play rain")
    assert [t.seat for t in state.tasks] == [0, 2, 1, 1]

    def swap(s: CarterosState) -> None:
        s.tasks[1].seat, s.tasks[2].seat = 1, 2
        s.tasks[2].cause, s.tasks[-1].seat = "asked", 2

    refused(state, swap, r"strike seats \[2\] in turn order from seat 0; pending are \[2, 1\]")


def test_stampy_card_lost_and_debt_windows() -> None:
    card = build(
        2, pos={0: "A1"}, grid={"A1": "stampy"}, mail={0: {"letter": 1}}, hand={0: ["bone"]}
    )
    card, _ = act(card, "deliver")
    refused(card, lambda s: setattr(s.tasks[0], "n", 1), "revealed Stampy on a mission delivery")
    refused(card, lambda s: setattr(s.tasks[0], "cause", ""), "not over the effect that strikes it")
    lost = build(2, pos={0: "A1"}, grid={"A1": "lost"}, mail={0: {"letter": 1}}, hand={0: ["gps"]})
    lost, _ = act(lost, "deliver")
    refused(
        lost, lambda s: s.pos.__setitem__(0, POST_OFFICE), "'lost_card' decision at the post_office"
    )
    debt = build(2, stampy=True, stampy_at="C4", hand={0: ["bone"]})
    debt.debt[0] = 1
    debt, _ = act(debt, "refill")
    refused(
        debt,
        lambda s: s.debt.__setitem__(0, 0),
        "pays Stampy a Mail card only right after a refill",
    )


def test_deliveries_and_discards_need_mail() -> None:
    state = build(2, pos={0: "A1"}, grid={"A1": "double_received"}, mail={0: {"letter": 2}})
    state, _ = act(state, "deliver")
    assert state.tasks == [Task("give", 0, n=2)]

    def one_left(s: CarterosState) -> None:
        s.mail[0][0] -= 1
        s.mail_discard[0] += 1

    refused(state, one_left, "to deliver 2 Mail cards but holds 1")
    change = build(2, pos={0: "A1"}, grid={"A1": "change_of_direction"}, mail={0: {"letter": 1}})
    change, _ = act(change, "deliver")
    assert change.tasks[-1].kind == "discard"

    def none_left(s: CarterosState) -> None:
        s.mail[0][0] = 0
        s.mail_discard[0] += 1

    refused(change, none_left, "must discard a Mail card but holds none")
    refused(change, lambda s: setattr(s.tasks[0], "cause", "stampy"), "to Stampy with actions left")
    refused(
        change, lambda s: setattr(s, "current", 1), "belongs to seat 0, but it is seat 1's turn"
    )


def test_the_bicycle_ride() -> None:
    state = build(2, pos={0: "A1"}, grid={"A2": "lost"}, hand={0: ["bicycle"]})
    state, _ = act(state, "play bicycle")
    passes(state)

    def flood_a1(s: CarterosState) -> None:
        s.action_deck.remove(ACT["rain"])
        s.floods.append(0)  # A1 B1 A2 B2: both houses next to A1

    refused(state, flood_a1, "rides the bicycle from A1, but every house next to it is flooded")
    refused(state, lambda s: setattr(s.tasks[0], "arg", 1), "ridden 0 houses with direction 1")
    state, _ = act(state, "ride A2")
    assert state.tasks == [Task("ride", 0, n=1, arg=1)]
    passes(state)
    refused(state, lambda s: setattr(s.tasks[0], "n", 2), "cannot have ridden 2 houses down to A2")
    refused(
        state,
        lambda s: s.tasks.append(Task("discard", 0, cause="change_of_direction")),
        "only a delivery can interrupt",
    )


def test_gps_peeks() -> None:
    state = build(2, pos={0: "A1"}, hand={0: ["gps"]}, actions_used=1)
    state, _ = act(state, "play gps", "peek B1")
    assert state.tasks == [Task("peek", 0, n=1, arg=H["B1"])]
    refused(state, lambda s: setattr(s, "actions_used", 3), "GPS as the last action")
    refused(state, lambda s: setattr(s.tasks[0], "arg", H["C1"]), "C1, which is not next to A1")
    refused(state, lambda s: s.known[0].__setitem__(H["B1"], -1), "does not remember it")
    refused(state, lambda s: setattr(s.tasks[0], "n", 2), "2 looks left after looking")


def test_taking_a_mission() -> None:
    state = build(2, missions=True, pos={0: "A1"})
    state, _ = act(state, "shops")
    passes(state)

    def empty_shops(s: CarterosState) -> None:
        for deck in s.mission_decks:
            s.mission_discard.extend(deck)
            deck.clear()

    refused(state, empty_shops, "with a mission card on offer")
    refused(state, lambda s: setattr(s, "actions_used", 0), "without having taken an action")


def test_between_turns_stampy_is_placed_moved_and_bites() -> None:
    place = new_game(GAME, 2, {"stampy": True}, 3)
    place, _ = act(place, "end", "end")
    assert [t.kind for t in place.tasks] == ["next_turn", "place_stampy"]
    refused(place, lambda s: setattr(s.tasks[1], "seat", 1), "put on a corner by seat 0 once")
    refused(
        place,
        lambda s: setattr(s, "current", 0),
        "next turn goes to seat 0, but seat 1 follows seat 0",
    )
    refused(place, lambda s: setattr(s, "actions_used", 1), "were not reset")
    refused(place, lambda s: setattr(s, "max_rounds", 1), "a new round would start after round 1")
    refused(
        place,
        lambda s: setattr(s, "stampy_mode", False),
        "Stampy moves between two turns, but Stampy mode is off",
    )
    move = build(2, stampy=True, stampy_at="B2")
    move, _ = act(move, "end")
    assert [t.kind for t in move.tasks] == ["next_turn", "move_stampy"]
    passes(move)
    refused(move, lambda s: s.tasks.insert(1, Task("give", 1, n=1)), "'give' decision waits under")
    bite = build(3, stampy=True, stampy_at="A1", pos={1: "B1", 2: "B1"}, hand={1: ["bone"]})
    bite, _ = act(bite, "end", "move_stampy B1")
    refused(
        bite, lambda s: s.pos.__setitem__(2, H["C1"]), r"strike seats \[1\] .*pending are \[1, 2\]"
    )
    refused(bite, lambda s: setattr(s.tasks[1], "cause", "asked"), "waiting its turn already asked")


def test_the_tie_break_phase() -> None:
    state = build(
        3, current=2, delivered={0: {"letter": 4}, 1: {"parcel": 2}}, max_rounds=2, round=2
    )
    state, _ = act(state, "end")
    assert [t.seat for t in state.tasks] == [1, 0]
    refused(
        state,
        lambda s: setattr(s.tasks[0], "seat", 2),
        r"seats \[0, 2\] wait to ride the tie-break",
    )
    refused(
        state,
        lambda s: setattr(s, "current", 0),
        "play has ended, which happens after the last seat",
    )
    refused(
        state,
        lambda s: setattr(s, "max_rounds", 3),
        "ended in round 2 of 3, but nobody has delivered",
    )
    refused(
        state,
        lambda s: s.tiebreak.__setitem__(1, 2),
        "seat 1 waits to ride the tie-break but already",
    )
    refused(
        state,
        lambda s: s.tiebreak.__setitem__(2, 2),
        "seat 2 has a tie-break result, but only carriers tied",
    )
    refused(
        state,
        lambda s: s.tasks.clear(),
        "nobody rides the tie-break, but the game is not marked over",
    )
    refused(
        state, lambda s: setattr(s, "over", True), "the game is over, but a 'tiebreak' decision"
    )
