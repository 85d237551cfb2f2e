"""PC-10a: "If, at any point, a deck is empty, shuffle its discard pile to form a new deck" —
the moment a deck is empty and its discard pile holds cards, the pile is shuffled into the new
deck; cards discarded later wait on the pile. Games of rules version 1 (mailbag 0.1) keep the
lazy refill at the next draw, so that their records and saved games replay as played."""

from __future__ import annotations

from mailbag.bots import make_agents
from mailbag.core import Rng, apply, new_game
from mailbag.games.postcards import GAME, pieces
from mailbag.games.postcards.state import PostcardsState

from .builder import COMPONENTS, Builder, gift, run


def _shuffled(rng: Rng, cards: list[int]) -> list[int]:
    deck = list(cards)
    Rng(rng.state).shuffle(deck)
    return deck


def _last_postcard_nl(version: int) -> PostcardsState:
    """Dutch edition, one postcard (9) left in the deck, every other one on the discard pile
    but those face up (1, 2, 3): taking the deck top empties the deck, then discards the
    display and reveals three new postcards (PC-7), in one decision."""
    state = (
        Builder(edition="nl")
        .hand(0, "red.postcard", "blue.postcard", "green.postcard")
        .postcard_row(1, 2, 3)
        .postcard_deck_only(9)
        .state
    )
    state.rules = version
    return run(state, "play red.postcard action")


def test_an_emptied_postcard_deck_is_reshuffled_at_once_pc_10a() -> None:
    before = _last_postcard_nl(2)
    pile = list(before.postcard_discard)
    new_deck = _shuffled(before.rng, pile)  # shuffled the moment 9 is drawn
    after = run(before, "take deck")
    assert [o.card for o in after.players[0].postcards] == [9]
    assert after.postcard_row == new_deck[-1:-4:-1]  # revealed from the new deck, in order
    assert after.postcard_deck == new_deck[:-3]
    assert after.postcard_discard == [1, 2, 3]  # discarded after: they wait on the pile


def test_rules_1_refills_at_the_next_draw_as_mailbag_0_1_did() -> None:
    before = _last_postcard_nl(1)
    pile = list(before.postcard_discard)
    new_deck = _shuffled(before.rng, [*pile, 1, 2, 3])  # the display joined the new deck
    after = run(before, "take deck")
    assert after.postcard_row == new_deck[-1:-4:-1]
    assert after.postcard_deck == new_deck[:-3]
    assert after.postcard_discard == []
    eager = run(_last_postcard_nl(2), "take deck")
    assert eager.postcard_deck != after.postcard_deck  # the two readings part here


def test_a_card_reaching_the_pile_of_an_empty_deck_forms_a_new_deck_pc_10a() -> None:
    builder = Builder().gift(0, "car")
    for g in list(builder.state.gift_deck):  # every other gift in seat 1's hands
        builder.gift(1, COMPONENTS.gifts[g].name)
    state = builder.state
    assert state.gift_deck == [] and state.gift_discard == []
    after, _ = apply(GAME, state, 0, GAME.parse_action("gift car"))
    assert after.gift_deck == [gift("car")] and after.gift_discard == []
    state.rules = 1
    lazy, _ = apply(GAME, state, 0, GAME.parse_action("gift car"))
    assert lazy.gift_deck == [] and lazy.gift_discard == [gift("car")]


def test_the_travel_deck_too_pc_10a() -> None:
    state = Builder().state
    a, b, c, d, e = state.travel_deck[:5]
    state.travel_deck, state.travel_discard = [e], [a, b, c]
    new_deck = _shuffled(state.rng, [a, b, c])
    assert pieces.draw_travel(state) == e
    assert state.travel_deck == new_deck and state.travel_discard == []
    pieces.discard_travel(state, [d])
    assert state.travel_deck == new_deck and state.travel_discard == [d]

    state.rules = 1
    state.travel_deck, state.travel_discard = [e], [a, b, c]
    assert pieces.draw_travel(state) == e and state.travel_deck == []
    pieces.discard_travel(state, [d])
    assert state.travel_discard == [a, b, c, d]
    later = _shuffled(state.rng, [a, b, c, d])
    assert pieces.draw_travel(state) == later[-1] and state.travel_deck == later[:-1]


def test_no_deck_ever_waits_empty_beside_its_pile_in_a_game_pc_10a() -> None:
    """Whole games of every deck running out (four random seats play long games): at the end
    of every decision, a deck is never empty while its discard pile holds cards."""
    reshuffled = set()
    for seed in range(3):
        seats = ["random"] * 4
        state = new_game(GAME, ("player",) * 4, {"edition": "en", "side": "A"}, seed)
        assert state.rules == GAME.rules_version == 2
        agents = make_agents(GAME, seats, seed)
        for _ in range(5000):
            if GAME.is_over(state):
                break
            seat = GAME.deciders(state)[0]
            action = agents[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat))
            before = state
            state, _ = apply(GAME, state, seat, action)
            for deck in ("travel", "postcard", "gift"):
                cards = getattr(state, f"{deck}_deck")
                pile = getattr(state, f"{deck}_discard")
                assert cards or not pile, (seed, deck, str(action))
                if len(cards) > len(getattr(before, f"{deck}_deck")):  # only a new deck grows
                    reshuffled.add(deck)
        assert GAME.is_over(state)
    assert {"travel", "postcard"} <= reshuffled  # the games did run decks out


def test_the_automa_looking_at_the_last_postcard_shuffles_nothing_pc_10a() -> None:
    from mailbag.games.postcards.automa import deck_top

    state = Builder().state
    a, b, c, x = state.postcard_deck[:4]
    state.postcard_deck, state.postcard_discard = [x], [a, b, c]
    rng = state.rng.state
    assert deck_top(state) == x
    assert state.postcard_deck == [x] and state.postcard_discard == [a, b, c]
    assert state.rng.state == rng  # the deck holds a card: it is not empty, nothing shuffled
    state.postcard_deck = []
    assert deck_top(state) == _shuffled(Rng(rng), [a, b, c])[-1]
