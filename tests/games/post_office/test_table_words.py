"""Post Office at the browser table: the action a click names, legal or not (click_action, so a
refused click is answered with the rules' reason), the things that changed between two views
(changed_things, highlighted on the board), the rules in words (rules) and the seat's own choices
told in words, never in notation."""

from __future__ import annotations

import random
import re
from pathlib import Path

from mailbag.core import Action, IllegalAction, apply, new_game, parse_action
from mailbag.core.presentation import cited_rules

from .builder import GAME, at_seal, blank_with, board, everyone, fill, new, seal, texts

PRESENT = GAME.presentation
FOLDER = Path(__file__).resolve().parents[3] / "src" / "mailbag" / "games" / "post_office"


def test_every_legal_action_is_named_back_by_its_click_path() -> None:
    checked = 0
    for seed in range(3):  # bounded: 3 games, at most 60 decisions each, 25 actions a decision
        rng = random.Random(seed)
        state = new_game(GAME, ("player",) * (2 + seed % 2), {}, seed)
        for _step in range(60):
            if GAME.is_over(state):
                break
            seat = rng.choice(GAME.deciders(state))
            view = GAME.view(state, seat)
            actions = GAME.legal_actions(state, seat)
            for action in rng.sample(actions, min(25, len(actions))):
                path = PRESENT.click_path(view, action)
                assert PRESENT.click_action(view, path) == action, (action, path)
                checked += 1
            state, _events = apply(GAME, state, seat, rng.choice(actions))
    assert checked > 300


def reason(state, seat, clicks):  # type: ignore[no-untyped-def]
    """What the rules say about the clicks (the refused one last), as the server asks it."""
    view = GAME.view(state, seat)
    action = PRESENT.click_action(view, clicks)
    assert action is not None, clicks
    assert action not in GAME.legal_actions(state, seat)
    return GAME.explain_illegal(state, seat, action)


def test_a_cell_the_helper_does_not_point_at_is_refused_by_the_placement_rule() -> None:
    state = everyone(everyone(new(2, seed=3))[0], {0: "move 0", 1: "move 0"})[0]
    token = state.players[0].hand[0]
    assert state.players[0].space == 1  # column 0
    refusal = reason(state, 0, [f"token:{token}", "rot:1", "cell:2"])  # row 0, column 2
    assert refusal.rule == "PO-5"
    assert "does not point at cell (0,2)" in refusal.reason
    # a starting cell is taken: said so, even before a token is picked
    refusal = reason(state, 0, ["cell:6"])
    assert "(1,1) already holds a parcel token" in refusal.reason
    # a free cell of the helper's column clicked before a token: nothing wrong with it yet
    assert PRESENT.click_action(GAME.view(state, 0), ["cell:10"]) is None


def test_a_space_beyond_the_stamps_held_is_refused_by_the_helper_rule() -> None:
    state = everyone(new(2, seed=3))[0]
    state.players[0].stamps = 1
    view = GAME.view(state, 0)
    stops = PRESENT.click_path(view, Action("move", (0,)))
    assert stops == ("space:1",)
    refusal = reason(state, 0, ["space:4"])  # three extra steps
    assert refusal.rule == "PO-4"
    assert "3 extra steps cost 3 stamps; you hold 1" in refusal.reason
    # a space pointing at a full column is passed for free: it names no move
    fill(state, 0, [r * 5 + 2 for r in range(5)])
    assert PRESENT.click_action(GAME.view(state, 0), ["space:3"]) is None


def test_a_tape_laid_or_fitting_nowhere_and_a_parcel_of_another_colour_are_explained() -> None:
    state = at_seal()
    board(state, 0, blank_with({(0, c): "S$" for c in range(4)} | {(1, c): "G" for c in range(4)}))
    refusal = reason(state, 0, ["tape:fragile:L"])
    assert refusal.rule == "PO-6"
    assert "fragile L tape fits on no four open fragile parcels" in refusal.reason
    refusal = reason(state, 0, ["tape:sweet:I", "form:1"])  # upright: no column of sweets
    assert "turned this way" in refusal.reason
    refusal = reason(state, 0, ["tape:sweet:I", "form:0", "parcel:11"])
    assert "parcel (1,1) is gift, not sweet" in refusal.reason
    seal(state, 0, [(0, 0), (0, 1), (0, 2), (0, 3)])
    refusal = reason(state, 0, ["tape:sweet:I"])
    assert "your sweet I tape is already on the board" in refusal.reason


def test_clicks_of_another_phase_or_another_seat_name_nothing() -> None:
    state = new(2, seed=3)
    view = GAME.view(state, 0)
    assert PRESENT.click_action(view, ["space:3"]) is None
    assert PRESENT.click_action(view, ["p1:cell:3"]) is None
    assert PRESENT.click_action(GAME.view(state, None), ["deal:3"]) is None
    # a seat that has chosen: its click is refused by the simultaneity rule
    dealt = state.players[0].dealt
    after, _events = apply(GAME, state, 0, parse_action(f"keep {dealt[0]}"))
    assert reason(after, 0, [f"deal:{dealt[1]}"]).rule == "PO-2"


def test_the_others_new_tokens_seals_helpers_and_passed_tokens_are_changed_things() -> None:
    state = everyone(new(3, seed=5))[0]  # the draft is resolved: a token passed to each seat
    before = GAME.view(new(3, seed=5), 0)
    changed = set(PRESENT.changed_things(before, GAME.view(state, 0)))
    passed = [t for t in state.players[0].hand if t not in new(3, seed=5).players[0].dealt]
    assert changed == {f"token:{passed[0]}"}
    state = everyone(state, {0: "move 0", 1: "move 0", 2: "move 1"})[0]
    old = GAME.view(state, 0)
    after, _events = everyone(state)  # everyone places the first legal placement
    changed = set(PRESENT.changed_things(old, GAME.view(after, 0)))
    laid = {
        f"p{i}:cell:{c}"
        for i in (1, 2)
        for c in range(25)
        if after.players[i].token[c] != state.players[i].token[c]
    }
    assert len(laid) == 2 and laid <= changed
    assert not any(t.startswith("cell:") for t in changed)  # the seat's own: left out
    # a seal by seat 1: its parcels and its stamps
    seal_state = at_seal(2, seed=1)
    board(seal_state, 1, blank_with({(0, c): "S$" for c in range(4)}))
    old = GAME.view(seal_state, 0)
    after = everyone(seal_state, {1: "seal sweet I 0 0 0"})[0]
    changed = set(PRESENT.changed_things(old, GAME.view(after, 0)))
    assert {"p1:parcel:0", "p1:parcel:3", "p1:stamps"} <= changed
    assert PRESENT.changed_things(old, old) == ()
    assert PRESENT.changed_things(old, GAME.view(after, 1)) == ()  # another seat's view


def test_every_rule_the_code_cites_has_a_title_and_summary() -> None:
    cited: set[str] = set()
    for path in FOLDER.glob("*.py"):
        for call in re.findall(r'IllegalAction\(\s*"(PO-\d+)"', path.read_text()):
            cited.add(call)
        cited.update(re.findall(r"\(PO-\d+\)", path.read_text()))
    cited = {c.strip("()") for c in cited}
    rules = PRESENT.rules()
    assert {"PO-2", "PO-3", "PO-4", "PO-5", "PO-6", "PO-101", "PO-113"} <= cited
    assert cited <= set(rules), cited - set(rules)
    for title, summary in rules.values():
        assert title and summary.endswith(".")


def test_the_seats_own_choices_are_told_in_words() -> None:
    state = new(2, seed=3)
    dealt = state.players[0].dealt[0]
    notations: list[str] = []
    seen: list[str] = []
    for _round in range(8):  # keep, move, place, seal and the second move, place, seal
        for seat in GAME.deciders(state):
            action = GAME.legal_actions(state, seat)[-1]
            notations.append(str(action))
            state, events = apply(GAME, state, seat, action)
            seen += texts(events, seat)
    assert f"you choose: keep token {dealt}" in seen or any("keep token" in t for t in seen)
    for text in seen:
        for notation in notations:
            assert notation not in text, (notation, text)
        assert not re.search(r"\d+\[", text), text  # no token codes like 45[G G*/P G]
    choices = [t for t in seen if t.startswith("you choose")]
    # a placement says the token as it lies, in words, and where
    assert any(
        "place token" in t and "on cell (" in t and "(" in t.split("on cell")[0] for t in choices
    ), choices
    assert any("helper" in t for t in choices)


def test_the_choices_list_names_tokens_in_words() -> None:
    state = new(2, seed=3)
    view = GAME.view(state, 0)
    for action in GAME.legal_actions(state, 0):
        text = PRESENT.describe_action(view, action)
        assert not re.search(r"\d+\[", text) and "token" in text, text
        assert "with a" in text or "," in text  # what the token holds, in words


def test_option_words_have_labels_and_no_bare_rule_ids() -> None:
    for option in GAME.spec.options:
        assert option.label
        assert cited_rules(option.help)[1] == ()
        if option.type is bool:
            assert option.choice_labels is not None and len(option.choice_labels) == 2


def test_a_refused_placement_reason_names_no_notation() -> None:
    state = everyone(everyone(new(2, seed=3))[0], {0: "move 0", 1: "move 0"})[0]
    token = state.players[0].hand[0]
    try:
        apply(GAME, state, 0, parse_action(f"place {token} 0 3 0"))
    except IllegalAction as refusal:
        assert f"place {token}" not in refusal.reason
    else:  # pragma: no cover - the cell (0,3) is not in column 0
        raise AssertionError("the placement was accepted")
