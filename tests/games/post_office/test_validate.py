"""Post Office states loaded from outside (validate.py): each invariant, broken once in a real
position, is refused with a StateError naming it; valid positions — a simultaneous phase with
some choices made, goal tokens held and exchanged, the end of the game — pass.

Every scene starts from a state of a real game that passes, so the refusal comes from the one
thing broken."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

from mailbag.core import (
    Rng,
    StateError,
    new_game,
    parse_action,
    state_from_json,
    state_to_json,
    validate,
)
from mailbag.games.post_office.geometry import CELLS, SPACE_CELLS, STARTING_CELLS, TRACK
from mailbag.games.post_office.shelving import place_token
from mailbag.games.post_office.state import (
    EMPTY,
    KEEP,
    MOST_ROUNDS,
    MOVE,
    OVER,
    PLACE,
    SEAL,
    PostOfficeState,
    copy_state,
)

from .builder import GAME

Breaks = Callable[[PostOfficeState], object]


def passes(state: PostOfficeState) -> PostOfficeState:
    validate(GAME, state)
    assert state_from_json(GAME, state_to_json(GAME, state)) == state
    return state


def refused(state: PostOfficeState, breaks: Breaks, match: str) -> str:
    """``state`` passes; a copy with ``breaks`` applied is refused with ``match`` in the message,
    also when loaded from JSON."""
    passes(state)
    broken = copy_state(state)
    breaks(broken)
    with pytest.raises(StateError, match=match or None) as info:
        validate(GAME, broken)
    with pytest.raises(StateError, match=match or None):
        state_from_json(GAME, state_to_json(GAME, broken))
    return str(info.value)


@functools.cache
def _reach(
    players: int, goals: bool, rnd: int, phase: int, step: int, chosen: tuple[int, ...]
) -> PostOfficeState:
    """A real game (each seat plays its last legal action: the longest move, a tape whenever one
    fits) up to round ``rnd``, ``phase``, ``step``, where the ``chosen`` seats have made their
    decision and the others not yet."""
    state: PostOfficeState = new_game(GAME, players, {"goals": goals}, 7)
    for _ in range(players * 80):
        if (state.round, state.phase, state.step) == (rnd, phase, step) or GAME.is_over(state):
            break
        for seat in GAME.deciders(state):
            state = GAME.copy(state)
            GAME.apply_in_place(state, seat, GAME.legal_actions(state, seat)[-1])
    assert (state.round, state.phase, state.step) == (rnd, phase, step)
    for seat in chosen:
        state = GAME.copy(state)
        GAME.apply_in_place(state, seat, GAME.legal_actions(state, seat)[-1])
    return passes(state)


def reach(
    rnd: int, phase: int, step: int = 0, chosen: tuple[int, ...] = (0,), players: int = 3
) -> PostOfficeState:
    return copy_state(_reach(players, True, rnd, phase, step, chosen))


def mid() -> PostOfficeState:
    """Round 4, second placing (simultaneous: seat 0 has chosen, seats 1 and 2 not yet); seat 1
    holds a goal token, seat 2 won one and exchanged it (PO-103), and seat 0 has tapes down."""
    state = reach(4, PLACE, 1)
    won = state.goal_display.pop(0)
    state.players[1].goals.append(won)
    state.players[1].goals_won.append(won)
    spent = state.goal_display.pop(0)
    state.players[2].goals_won.append(spent)
    state.goal_box.append(spent)
    state.goal_display += [state.goal_stack.pop(), state.goal_stack.pop()]
    assert any(pid >= 0 for pid in state.players[0].placed)
    assert state.players[0].pending and not state.players[1].pending
    return passes(state)


# -- valid states pass ------------------------------------------------------------------------


def test_every_state_of_random_games_passes() -> None:
    """Every state of two random games passes, and so does ``check_state`` called alone (how
    fast it is — under 1 ms a state — is ``mailbag bench post_office``'s ``check_state`` row:
    a time asserted here failed on a loaded machine)."""
    rng = Rng.from_seed(3)
    states = []
    for players, goals in ((2, False), (4, True)):
        state: PostOfficeState = new_game(GAME, players, {"goals": goals}, 5)
        states.append(state)
        for _ in range(players * 80):
            if GAME.is_over(state):
                break
            seats = GAME.deciders(state)
            seat = seats[rng.randbelow(len(seats))]
            legal = GAME.legal_actions(state, seat)
            state = GAME.copy(state)
            GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
            states.append(state)
        assert GAME.is_over(state)
    assert len(states) > 100
    for state in states:
        validate(GAME, state)
        assert GAME.check_state(state) is None


def test_a_simultaneous_phase_with_goal_tokens_held_and_exchanged_passes() -> None:
    state = mid()
    assert GAME.deciders(state) == (1, 2)
    for seat in (1, 2):  # the phase resolves from the loaded state
        GAME.apply_in_place(state, seat, GAME.legal_actions(state, seat)[-1])
    assert state.phase == SEAL
    passes(state)


def test_worlds_drawn_from_a_view_pass() -> None:
    state = mid()
    for seat in (0, 1, None):
        passes(GAME.determinize(GAME.view(state, seat), Rng.from_seed(4)))


def test_the_end_of_the_game_passes() -> None:
    state = reach(MOST_ROUNDS, SEAL, chosen=(0, 1))
    GAME.apply_in_place(state, 2, GAME.legal_actions(state, 2)[0])
    assert state.phase == OVER and len(state.discarded) == 3
    passes(state)


# -- the table --------------------------------------------------------------------------------


def _first_free(state: PostOfficeState, seat: int) -> int:
    return state.players[seat].token.index(EMPTY)


def _pending_len(s: PostOfficeState) -> None:
    s.players[0].pending.append(0)


CASES: list[tuple[str, Breaks, str]] = [
    ("one seat", lambda s: s.players.__delitem__(slice(1, None)), r"the game has 1 seat; "),
    ("rng", lambda s: setattr(s.rng, "state", -1), r"random generator's state -1"),
    ("round", lambda s: setattr(s, "round", 12), r"round 12 does not exist"),
    ("phase", lambda s: setattr(s, "phase", 5), r"phase 5 does not exist"),
    ("step", lambda s: setattr(s, "step", 2), r"step 2 does not exist"),
    # board lists
    ("cells", lambda s: s.players[0].token.pop(), r"seat 0's board has 24 cells, not 25"),
    ("tapes list", lambda s: s.players[1].placed.append(-1), r"seat 1's board has 17 tapes"),
    ("helper", lambda s: setattr(s.players[1], "helper", 0), r"seat 1 plays helper 0.*PO-108"),
    ("space", lambda s: setattr(s.players[2], "space", TRACK), r"seat 2's helper .* space 24"),
    ("rotation", lambda s: s.players[0].rotation.__setitem__(3, 4), r"turned 4 quarter turns"),
]


@pytest.mark.parametrize(("breaks", "match"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_table_and_board_lists(breaks: Breaks, match: str) -> None:
    refused(mid(), breaks, match)


def test_negative_stamps() -> None:
    def breaks(s: PostOfficeState) -> None:
        s.stamp_supply += s.players[1].stamps + 5  # the total stays right
        s.players[1].stamps = -5

    assert refused(mid(), breaks, "") == "seat 1 holds -5 stamps"


# -- every parcel token in exactly one place --------------------------------------------------


def test_a_token_in_two_places() -> None:
    state = mid()
    token = state.players[1].hand[0]
    message = refused(state, lambda s: s.supply.append(token), "")
    assert message == f"parcel token {token} is in two places: seat 1's hand and the supply"


def test_a_token_missing() -> None:
    state = mid()
    token = state.supply[-1]
    message = refused(state, lambda s: s.supply.pop(), "")
    assert message == f"parcel token {token} is missing: it is in no place"


def test_a_token_that_does_not_exist() -> None:
    refused(
        mid(),
        lambda s: s.players[2].dealt.append(113),
        r"seat 2's dealt tokens holds token 113, which is no parcel token \(ids 1 to 112\)",
    )


def test_a_regular_token_on_a_starting_cell() -> None:
    def breaks(s: PostOfficeState) -> None:
        p = s.players[0]
        p.token[6], s.supply[0] = s.supply[0], p.token[6]

    refused(mid(), breaks, r"seat 0's board \(cell \(1,1\)\) holds token \d+, not a starting token")


def test_a_starting_token_in_hand() -> None:
    def breaks(s: PostOfficeState) -> None:  # the hamster's token, nobody plays it (3 seats)
        p = s.players[1]
        p.hand[0], s.starting_box[0] = s.starting_box[0], p.hand[0]

    refused(mid(), breaks, r"seat 1's hand holds starting token hamster-\d")


def test_a_regular_token_in_the_box() -> None:
    refused(
        mid(),
        lambda s: s.starting_box.append(s.supply.pop()),
        r"the box holds parcel token \d+; only starting tokens of helpers nobody plays",
    )


def test_an_empty_starting_cell() -> None:
    def breaks(s: PostOfficeState) -> None:
        s.players[2].token[18] = EMPTY

    refused(mid(), breaks, r"seat 2's starting cell \(3,3\) is empty")


# -- stamps -----------------------------------------------------------------------------------


def test_stamps_add_up_to_the_component_set() -> None:
    def breaks(s: PostOfficeState) -> None:
        s.players[0].stamps += 1

    refused(mid(), breaks, r"the stamps add up to 130 .*not the 129 of the component set")
    refused(mid(), lambda s: setattr(s, "stamp_supply", -1), "the stamp supply holds -1 stamps")


# -- goal tokens ------------------------------------------------------------------------------


def test_a_goal_that_does_not_exist() -> None:
    beyond = len(GAME.components.goals)  # one past the last goal of the component data
    refused(
        mid(),
        lambda s: s.goal_stack.append(beyond),
        rf"the goal stack holds goal {beyond}, which is no",
    )


def test_a_goal_in_two_places() -> None:
    state = mid()
    name = GAME.components.goals[state.goal_display[0]].name
    message = refused(state, lambda s: s.goal_stack.append(s.goal_display[0]), "")
    assert message == f"goal token {name} is in two places: the goal stack and the face-up goals"


def test_a_goal_missing() -> None:
    refused(mid(), lambda s: s.goal_stack.pop(), r"goal token \w+ is missing")


def test_a_goal_won_twice() -> None:
    state = mid()
    won = state.players[1].goals[0]
    refused(state, lambda s: s.players[0].goals_won.append(won), r"was won twice \(seats 0, 1\)")


def test_a_goal_held_but_never_won() -> None:
    refused(mid(), lambda s: s.players[1].goals_won.clear(), r"seat 1 holds goal token \w+ but")


def test_goal_tokens_in_play_without_the_option() -> None:
    refused(mid(), lambda s: setattr(s, "goals_on", False), r"played without goals")


def test_a_goal_in_the_box_nobody_exchanged() -> None:
    refused(
        mid(),
        lambda s: s.goal_box.append(s.goal_stack.pop(0)),
        r"goal token \w+ is in the box but nobody exchanged it",
    )


def test_an_exchanged_goal_not_in_the_box() -> None:
    def breaks(s: PostOfficeState) -> None:
        s.goal_stack.append(s.goal_box.pop())

    refused(mid(), breaks, r"was won by seat 2 and is no longer held.*belongs in the box")


def test_face_up_goals_and_the_stack() -> None:
    refused(
        mid(),
        lambda s: s.goal_display.append(s.goal_stack.pop()),
        r"5 goals lie face up; at most 4",
    )
    stack = len(mid().goal_stack) + 1  # the goals not face up nor taken, one more laid back
    refused(
        mid(),
        lambda s: s.goal_stack.append(s.goal_display.pop()),
        rf"only 3 goals lie face up while the goal stack holds {stack}",
    )


# -- each board -------------------------------------------------------------------------------


def test_an_empty_cell_turned() -> None:
    state = mid()
    cell = _first_free(state, 0)
    row, col = divmod(cell, 5)
    refused(
        state,
        lambda s: s.players[0].rotation.__setitem__(cell, 2),
        rf"seat 0's empty cell \({row},{col}\) is turned 2 quarter turns",
    )


def test_a_starting_token_turned() -> None:
    refused(
        mid(),
        lambda s: s.players[1].rotation.__setitem__(8, 1),
        r"seat 1's starting token on cell \(1,3\) is turned \(PO-109",
    )


def test_parcels_differ_from_the_token_on_them() -> None:
    def recolour(s: PostOfficeState) -> None:
        p = s.players[0]
        p.colour[22] = (p.colour[22] + 1) % 4  # parcel (2,2): the starting token on (1,1)

    refused(mid(), recolour, r"seat 0's parcel \(2,2\) shows colour \d and icon \d, but the token")

    def reicon(s: PostOfficeState) -> None:
        p = s.players[1]
        p.icon[77] = (p.icon[77] + 1) % 4  # parcel (7,7): the starting token on (3,3)

    refused(mid(), reicon, r"seat 1's parcel \(7,7\) shows colour")


def _tape(state: PostOfficeState) -> tuple[int, int]:
    """Seat 0's first tape down whose twin (the same shape in the next colour) is unused."""
    placed = state.players[0].placed
    return next((t, pid) for t, pid in enumerate(placed[:12]) if pid >= 0 and placed[t + 4] < 0)


def test_a_tape_at_no_placement() -> None:
    state = mid()
    t, _ = _tape(state)
    refused(
        state,
        lambda s: s.players[0].placed.__setitem__(t, 10**6),
        r"tape lies at placement 1000000, which does not exist",
    )


def test_a_tape_in_the_form_of_another_shape() -> None:
    state = mid()
    t, _ = _tape(state)
    other = next(pl.id for pl in GAME.components.placements if pl.shape != t % 4)
    refused(
        state,
        lambda s: s.players[0].placed.__setitem__(t, other),
        rf"seat 0's {GAME.components.tape_name(t)} tape lies in the form of another shape",
    )


def test_two_tapes_on_one_parcel() -> None:
    state = mid()
    t, pid = _tape(state)
    twin = t + 4  # the same shape in the next colour, laid on the very same parcels
    refused(
        state,
        lambda s: s.players[0].placed.__setitem__(twin, pid),
        r"seat 0's parcel \(\d,\d\) lies under two tapes",
    )


def test_a_tape_on_empty_parcels() -> None:
    state = mid()
    p = state.players[0]
    unused = p.placed.index(-1)
    cell = _first_free(state, 0)
    first = 20 * (cell // 5) + 2 * (cell % 5)  # the cell's top-left parcel
    pid = next(
        pl.id for pl in GAME.components.placements if pl.shape == unused % 4 and pl.anchor == first
    )
    refused(
        state,
        lambda s: s.players[0].placed.__setitem__(unused, pid),
        r"tape covers parcel \(\d,\d\), which is empty \(PO-6\)",
    )


def test_a_parcel_marked_sealed_with_no_tape() -> None:
    state = mid()
    p = state.players[1]
    q = next(q for q in range(100) if p.colour[q] >= 0 and p.tape[q] < 0)
    refused(
        state,
        lambda s: s.players[1].tape.__setitem__(q, 5),
        r"seat 1's parcel \(\d,\d\) is marked as sealed by tape 5, but no tape lies there",
    )


# -- round, phase, hands ----------------------------------------------------------------------


def test_game_over_before_the_last_round() -> None:
    def breaks(s: PostOfficeState) -> None:
        s.phase = OVER
        for p in s.players:
            p.pending = []

    refused(mid(), breaks, r"the game is over in round 4; it ends after round 11")


def test_no_second_step_while_dealing_or_in_the_half_round() -> None:
    refused(reach(3, KEEP), lambda s: setattr(s, "step", 1), r"the keep phase has no second step")
    refused(
        reach(MOST_ROUNDS, MOVE),
        lambda s: setattr(s, "step", 1),
        r"the half round 11 has no second step",
    )


def test_two_dealt_tokens_while_dealing() -> None:
    refused(
        reach(3, KEEP),
        lambda s: s.supply.append(s.players[1].dealt.pop()),
        r"seat 1 has 1 dealt token; in round 3, keep phase a player has 2",
    )


def test_hand_size_fits_the_phase() -> None:
    refused(
        mid(),
        lambda s: s.players[1].hand.append(s.supply.pop()),
        r"seat 1 holds 2 tokens in hand; in round 4, place phase \(step 1\) a player holds 1",
    )


def test_tokens_laid_fit_the_round() -> None:
    def breaks(s: PostOfficeState) -> None:
        place_token(GAME.components, s.players[2], s.supply.pop(), _first_free(s, 2), 0)

    refused(
        mid(), breaks, r"seat 2 has laid 8 tokens on the board; in round 4, place phase .* laid 7"
    )


def test_placing_needs_a_free_cell_where_the_helper_points() -> None:
    state = reach(10, PLACE, 1)
    p = state.players[1]
    full = next(
        s for s in range(TRACK) if all(p.token[c] != EMPTY for c in SPACE_CELLS[s])
    )  # a late board has full rows or columns
    refused(
        state,
        lambda s: setattr(s.players[1], "space", full),
        r"seat 1's helper on the (row|column) \d points at no free cell in the place phase",
    )


def test_the_discard_pile_fills_only_at_the_end() -> None:
    refused(
        mid(),
        lambda s: s.discarded.append(s.supply.pop()),
        r"the discard pile holds 1 token; in round 4, place phase \(step 1\) it holds 0",
    )


# -- pending decisions ------------------------------------------------------------------------


def test_no_pending_decision_once_the_game_is_over() -> None:
    state = reach(MOST_ROUNDS, SEAL, chosen=(0, 1))
    GAME.apply_in_place(state, 2, GAME.legal_actions(state, 2)[0])
    refused(
        state,
        lambda s: s.players[0].pending.append(0),
        r"seat 0 has a pending decision \[0\], but the game is over",
    )


def test_someone_still_owes_a_decision() -> None:
    def breaks(s: PostOfficeState) -> None:
        for seat in (1, 2):
            action = GAME.legal_actions(s, seat)[0]
            s.players[seat].pending = GAME.components.actions.encode(action)

    refused(mid(), breaks, r"every seat has chosen in the place phase, yet it was not carried out")


def test_pending_decisions_are_legal() -> None:
    refused(mid(), _pending_len, r"seat 0's pending place decision .* has 4 numbers, not 3")
    state = mid()
    other = state.players[1].hand[0]
    refused(
        state,
        lambda s: s.players[0].pending.__setitem__(0, other),
        r"places a token that is not in its hand \(PO-5\)",
    )
    full = next(c for c in range(CELLS) if c in STARTING_CELLS)
    refused(
        mid(),
        lambda s: s.players[0].pending.__setitem__(1, full),
        r"places on a cell its helper does not point at, or not free",
    )
    refused(
        mid(),
        lambda s: s.players[0].pending.__setitem__(2, 4),
        r"turns the token 4 quarter turns",
    )


def test_pending_keep_move_and_seal_are_legal() -> None:
    keep = reach(3, KEEP)
    refused(
        keep,
        lambda s: s.players[0].pending.__setitem__(0, s.supply[0]),
        r"seat 0's pending keep decision \[\d+\] keeps a token that was not dealt to it",
    )
    move = reach(3, MOVE, 1)
    refused(
        move,
        lambda s: s.players[0].pending.__setitem__(0, 99),
        r"pays for 99 extra steps; 0 to \d+ are possible \(PO-4\)",
    )
    seal = reach(3, SEAL, 1, chosen=())
    act = GAME.legal_actions(seal, 0)
    assert str(act[0]) == "skip"
    GAME.apply_in_place(seal, 0, parse_action("skip"))
    bad = next(
        [c, pl.id]
        for c in range(4)
        for pl in GAME.components.placements
        if [c, pl.id] not in [GAME.components.actions.encode(a) for a in act[1:]]
    )
    refused(
        seal,
        lambda s: setattr(s.players[0], "pending", bad),
        r"seat 0's pending seal decision .* is not a tape that can be laid now \(PO-6\)",
    )
