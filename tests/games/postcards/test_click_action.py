"""What a click names, legal or not (clicks.click_action), what the others changed
(clicks.changed_things), the last turn's draws taken for the seat (clicks.forced_choice) and the
rules every refusal cites (texts.RULES, Presentation.rules)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from mailbag.core.actions import Action
from mailbag.core.game import apply, new_game
from mailbag.core.i18n import use_language
from mailbag.games.postcards import GAME
from mailbag.games.postcards.state import Frame, PostcardsState

from .builder import COMPONENTS, Builder, run

PRESENTATION = GAME.presentation


def scene() -> Builder:
    """Seat 0 in Occitanie (region 8: campsites 33–37, next to 5, 6 and 9) with a red movement,
    two red camp cards and a blue postcard card, and postcard 2 (red, yellow, blue spaces)."""
    b = Builder(seats=2)
    b.hand(0, "red.movement", "red.camp", "red.camp", "blue.postcard").region(0, 8)
    b.postcard(0, 2)
    return b


def why(state: PostcardsState, *clicks: str) -> tuple[Action | None, str, str]:
    """The action the clicks name, and the rule and reason its refusal gives."""
    seat = state.current
    action = PRESENTATION.click_action(GAME.view(state, seat), clicks)
    if action is None:
        return None, "", ""
    assert action not in GAME.legal_actions(state, seat), action
    refusal = GAME.explain_illegal(state, seat, action)
    return action, refusal.rule, str(refusal.reason)


# -- every legal action's clicks name it back -----------------------------------------------------


def test_the_clicks_of_every_legal_action_name_it() -> None:
    checked = 0
    seatings = [("player", "automa:normal"), ("player", "player", "automa:easy")]
    for seed in range(4):
        state = new_game(GAME, seatings[seed % 2], {"side": "AB"[seed // 2]}, seed)
        rnd = random.Random(seed)
        for _step in range(400):  # bounded: a game of random moves ends well before
            if GAME.is_over(state):
                break
            seat = GAME.deciders(state)[0]
            view = GAME.view(state, seat)
            actions = GAME.legal_actions(state, seat)
            for action in actions:
                path = PRESENTATION.click_path(view, action)
                assert PRESENTATION.click_action(view, path) == action, (action, path)
                checked += 1
            state, _events = apply(GAME, state, seat, rnd.choice(actions))
    assert checked > 1000


# -- a refused click gets the rules' reason -------------------------------------------------------


def test_a_region_out_of_reach_is_refused_by_the_movement_rule() -> None:
    action, rule, reason = why(scene().state, "hand:red.movement", "region:1")
    assert action == Action("play", ("red.movement", "action", 1))
    assert rule == "Movement action"
    assert "Normandie is not next to Occitanie" in reason and "8" not in reason


def test_a_taken_campsite_and_one_elsewhere_are_refused_by_pc_8() -> None:
    b = scene()
    b.camps(1, 33)
    action, rule, reason = why(b.state, "hand:red.camp", "site:33")
    assert action == Action("play", ("red.camp", "action", 33))
    assert (rule, reason) == ("PC-8", "campsite 33 already holds a camp")
    action, rule, reason = why(b.state, "hand:red.camp", "site:1")
    assert rule == "PC-8" and "not in region 8" in reason


def test_a_movement_card_on_a_campsite_rides_to_its_region() -> None:
    action, rule, _reason = why(scene().state, "hand:red.movement", "site:1")
    assert action == Action("play", ("red.movement", "action", 1))  # campsite 1: Normandie
    assert rule == "Movement action"


def test_a_stamp_space_of_another_colour() -> None:
    action, rule, reason = why(scene().state, "hand:red.camp", "stamp:2:2")
    assert action == Action("play", ("red.camp", "stamp", 2, 2))
    assert rule == "Sticking a Stamp" and "yellow" in reason


def test_a_fourth_card_is_refused_by_pc_6() -> None:
    state = scene().state
    red_camp = COMPONENTS.travel_index("red.camp")
    assert red_camp is not None
    state.turn.played += [red_camp] * 3  # three cards played (moved from the deck)
    for _ in range(3):
        state.travel_deck.remove(red_camp)
    action, rule, reason = why(state, "hand:red.camp")
    assert action is not None and rule == "PC-6" and "3 cards are played" in reason


def test_a_pending_decision_is_named_in_words() -> None:
    state = scene().state
    state.turn.stack.append(Frame("postcard"))
    _action, rule, reason = why(state, "hand:red.camp")
    assert rule == "PC-7"
    assert "take a face-up postcard or the top of the deck" in reason
    assert not re.search(r"\btake (N|deck)\b", reason)  # no notation


def test_after_the_turn_only_draws() -> None:
    state = scene().state
    state.turn.drawing = True
    _action, rule, reason = why(state, "site:33")
    assert rule == "PC-11" and "draw back up to 5 cards" in reason and "row N" not in reason


def test_a_click_that_names_nothing() -> None:
    view = GAME.view(scene().state, 0)
    assert PRESENTATION.click_action(view, ("site:33",)) is None  # a campsite before a card
    assert PRESENTATION.click_action(view, ("hand:red.camp", "travel:2")) is None
    assert PRESENTATION.click_action(GAME.view(scene().state, 1), ("hand:red.camp",)) is None


# -- what the others changed ----------------------------------------------------------------------


def test_the_others_moves_are_named_by_the_things_they_changed() -> None:
    b = Builder(seats=2)
    b.hand(1, "red.movement", "red.camp", "red.camp", "blue.postcard").region(1, 8)
    b.postcard(1, 2)
    state = b.state
    state.current = 1
    before = GAME.view(state, 0)
    after_state = run(state, "play red.camp action 33")
    if after_state.turn.stack:  # a souvenir to place: declined
        after_state = run(after_state, "skip")
    after_state = run(after_state, "play red.movement stamp 2 1")
    after = GAME.view(after_state, 0)
    changed = set(PRESENTATION.changed_things(before, after))
    assert {"site:33", "stamp:2:1", "handsize:1", "camps:1"} <= changed
    assert not changed & {"site:34", "stamp:2:2", "bike:1", "bike:0", "points:0"}
    assert PRESENTATION.changed_things(after, after) == ()


def test_a_ride_lights_the_bicycle_and_its_region() -> None:
    b = Builder(seats=2)
    b.hand(1, "red.movement", "blue.camp").region(1, 8)
    state = b.state
    state.current = 1
    before = GAME.view(state, 0)
    after = GAME.view(run(state, "play red.movement action 9"), 0)
    assert {"bike:1", "region:9", "handsize:1"} <= set(PRESENTATION.changed_things(before, after))


# -- the last turn's draws are taken for the seat -------------------------------------------------


def _drawing(ending: bool, last: bool) -> PostcardsState:
    b = Builder(seats=2)
    b.hand(0, "red.movement", "red.camp").region(0, 8)
    state = b.state
    state.turn.drawing = True
    state.ending = ending
    state.current = 0
    state.first_player = 1 if last else 0
    return state


def test_the_last_turns_draws_are_forced_and_change_no_score() -> None:
    state = _drawing(ending=True, last=True)
    actions = GAME.legal_actions(state, 0)
    forced = PRESENTATION.forced_choice(GAME.view(state, 0), actions)
    assert forced is not None and forced in actions and forced.verb == "draw"
    results = set()
    for first in actions:  # every draw, and then every draw after it: the same end
        after, _events = apply(GAME, state, 0, first)
        for _ in range(5):
            if GAME.is_over(after):
                break
            more = GAME.legal_actions(after, 0)
            assert PRESENTATION.forced_choice(GAME.view(after, 0), more) is not None
            after, _events = apply(GAME, after, 0, more[-1])
        assert GAME.is_over(after)
        results.add(
            tuple((s.total, tuple(sorted(s.breakdown.items()))) for s in GAME.scores(after))
        )
    assert len(results) == 1


def test_other_draws_are_the_seats_to_choose() -> None:
    for ending, last in ((False, True), (True, False), (False, False)):
        state = _drawing(ending, last)
        view = GAME.view(state, 0)
        assert PRESENTATION.forced_choice(view, GAME.legal_actions(state, 0)) is None
    main = scene().state
    assert PRESENTATION.forced_choice(GAME.view(main, 0), GAME.legal_actions(main, 0)) is None


def test_a_stalemate_makes_the_last_turn_too() -> None:
    state = _drawing(ending=False, last=True)
    state.supply = 0
    for player in state.players:
        for owned in player.postcards:
            owned.stamps = [False] * len(owned.stamps)
    actions = GAME.legal_actions(state, 0)
    assert PRESENTATION.forced_choice(GAME.view(state, 0), actions) in actions


# -- every cited rule has a title and a summary ---------------------------------------------------

FOLDER = Path(__file__).parents[3] / "src" / "mailbag" / "games" / "postcards"


def test_every_rule_a_refusal_cites_is_explained() -> None:
    cited: set[str] = set()
    for path in FOLDER.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"\b(PC-\d+a?)\b", text))
        cited |= set(re.findall(r'_Bad\(\s*"([^"]+)"', text))
        cited |= set(re.findall(r'IllegalAction\(\s*"([^"]+)"', text))
    text = (FOLDER / "travel_actions.py").read_text(encoding="utf-8")
    cited |= set(re.findall(r'return \(\s*"([^"]+)",', text))  # the behaviours' refusals
    rules = PRESENTATION.rules()
    missing = sorted(r for r in cited if r not in rules)
    assert not missing, missing
    assert {"PC-8", "PC-6", "Sticking a Stamp", "action notation"} <= set(rules)
    for title, summary in rules.values():
        assert title and summary.endswith(".") and not re.search(r"\bPC-\d", title + summary)


def test_the_rules_are_in_the_readers_language() -> None:
    with use_language("nl"):
        title, summary = PRESENTATION.rules()["PC-8"]
    assert (title, summary) != (PRESENTATION.rules()["PC-8"])


def test_a_joker_told_its_card_names_only_that_cards_targets() -> None:
    """After "as a camp", a region clicked is no movement (which the joker could have been):
    it names what the pending decision refuses, so the answer says a camp is asked for."""
    state = run(scene().state, "pair red.camp red.camp")
    view = GAME.view(state, state.current)
    assert PRESENTATION.click_action(view, ("region:5",)) == Action("move", (5,))
    assert PRESENTATION.click_action(view, ("do:as.camp", "region:5")) == Action("end")
    assert PRESENTATION.click_action(view, ("do:as.move", "stamp:2:1")) == Action("end")
    assert PRESENTATION.click_action(view, ("do:as.stamp", "stamp:2:1")) == Action("stamp", (2, 1))
    action, rule, reason = why(state, "do:as.camp", "region:5")
    assert action == Action("end") and rule and reason
