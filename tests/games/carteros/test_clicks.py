"""The Carteros board's click paths and component data (games/carteros/clicks.py): each action
is the thing a player sees it as — a house, a card, a pile, a place — read from the seat's view."""

from __future__ import annotations

import msgspec

from mailbag.core import parse_action
from mailbag.core.i18n import use_language
from mailbag.games.carteros import GAME

from .builder import build


def paths(state, seat: int = 0) -> dict[str, tuple[str, ...]]:  # type: ignore[no-untyped-def]
    view = GAME.view(state, seat)
    return {str(a): GAME.presentation.click_path(view, a) for a in GAME.legal_actions(state, seat)}


def test_a_turn_walks_to_a_neighbour_delivers_at_its_own_house_plays_or_replaces_a_card() -> None:
    state = build(2, pos={0: "B2"}, mail={0: {"letter": 2}}, hand={0: ["wind", "umbrella"]})
    found = paths(state)
    assert found["move B1"] == ("house:B1",)
    assert found["move C2"] == ("house:C2",)
    # delivering is clicking the house one stands on (B2), not any other
    assert found["deliver"] == ("house:B2",)
    assert found["play wind"] == ("card:wind",)
    # replacing starts at the Action discard pile, so it never begins like playing the card
    assert found["replace wind"] == ("action_discard", "card:wind")
    assert found["replace umbrella"] == ("action_discard", "card:umbrella")
    assert found["draw"] == ("action_deck",)
    assert found["end"] == ("do:end",)


def test_deliver_follows_the_carrier_not_the_seat_that_looks() -> None:
    state = build(2, pos={0: "A3", 1: "C1"}, mail={0: {"parcel": 1}, 1: {"letter": 1}})
    assert paths(state)["deliver"] == ("house:A3",)
    other = build(2, pos={0: "A3", 1: "C1"}, mail={1: {"letter": 1}}, current=1)
    assert paths(other, 1)["deliver"] == ("house:C1",)


def test_from_the_post_office_an_empty_bag_refills_and_a_corner_is_entered() -> None:
    state = build(2, stampy=False, missions=True, pos={0: "post_office"})
    found = paths(state)
    assert found["refill"] == ("post_office",)
    assert {found[f"move {h}"] for h in ("A1", "C1", "A4", "C4")} == {
        ("house:A1",),
        ("house:C1",),
        ("house:A4",),
        ("house:C4",),
    }


def test_decisions_inside_effects_are_clicked_on_the_board() -> None:
    view = GAME.view(build(2), 0)
    cases = {
        "give parcel": ("mail:parcel",),
        "discard letter": ("mail:letter",),
        "use umbrella": ("react:umbrella",),
        "pass": ("react:pass",),
        "flood B2": ("block:B2",),
        "ride C3": ("house:C3",),
        "peek A2": ("house:A2",),
        "stop": ("do:stop",),
        "take_mission 7": ("mission:7",),
        "place_stampy C4": ("house:C4",),
        "move_stampy B1": ("house:B1",),
        "tiebreak A2 A4": ("house:A2", "house:A4"),
        "shops": ("shops",),
    }
    for notation, path in cases.items():
        assert GAME.presentation.click_path(view, parse_action(notation)) == path, notation


def test_board_data_is_json_in_the_readers_language() -> None:
    data = GAME.presentation.board_data()
    msgspec.json.encode(data)
    assert data["houses"][:3] == ["A1", "B1", "C1"] and data["columns"] == ["A", "B", "C"]
    assert data["blocks"]["B2"] == ["B2", "C2", "B3", "C3"]
    assert data["missions"]["1"] == {"house": "A1", "points": 2}
    assert data["action_kinds"]["umbrella"]["reaction"] is True
    assert data["action_kinds"]["umbrella"]["played"] is False
    assert data["action_kinds"]["rain"]["played"] is True
    with use_language("es"):
        spanish = GAME.presentation.board_data()
    assert spanish["places"]["post_office"] == "Correos"
    assert spanish["action_kinds"]["umbrella"]["title"] == "Paraguas"
    assert spanish["words"]["react_title"] == "¿Reaccionas?"
    assert data["words"]["react_title"] == "React now?"


# -- the other way round: a click's action (refusals explained) and what changed -----------------

MODES = [{}, {"stampy": True}, {"missions": True}, {"stampy": True, "missions": True}]


def test_every_legal_actions_click_path_reads_back_as_that_action() -> None:
    """For every decision of random games in every mode, each legal action's clicks name it."""
    from mailbag.core import Rng, new_game

    checked = 0
    verbs: set[str] = set()
    for index, options in enumerate(MODES):
        for seed in range(2):
            state = new_game(GAME, 2 + (index + seed) % 3, options, seed)
            rng = Rng.from_seed(seed, 7)
            for _step in range(3000):
                if GAME.is_over(state):
                    break
                (seat,) = GAME.deciders(state)
                view = GAME.view(state, seat)
                legal = GAME.legal_actions(state, seat)
                for action in legal:
                    path = GAME.presentation.click_path(view, action)
                    assert GAME.presentation.click_action(view, path) == action, (action, path)
                    verbs.add(action.verb)
                    checked += 1
                GAME.apply_in_place(state, seat, legal[rng.randbelow(len(legal))])
    assert checked > 1000
    assert {"move", "deliver", "draw", "end", "give", "refill"} <= verbs


def reason(state, seat: int, clicks: tuple[str, ...]) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    view = GAME.view(state, seat)
    action = GAME.presentation.click_action(view, clicks)
    assert action is not None, clicks
    assert action not in GAME.legal_actions(state, seat), action
    refusal = GAME.explain_illegal(state, seat, action)
    return refusal.rule, refusal.reason


def test_a_refused_click_names_the_action_the_rules_explain() -> None:
    state = build(2, pos={0: "B2"}, mail={0: {"letter": 2}}, hand={0: ["umbrella"]})
    # a house two steps away: a move goes one house
    assert reason(state, 0, ("house:B4",)) == (
        "CA-1",
        "a move goes one house up, down, left or right",
    )
    # the Umbrella is only ever an answer to the Rain
    rule, text = reason(state, 0, ("card:umbrella",))
    assert rule == "CA-110" or "Umbrella" in text
    # the Post Office with Mail still in the bag
    assert reason(state, 0, ("post_office",)) == (
        "CA-3",
        "you refill only when you hold no Mail card",
    )
    # from the Post Office, a house that is no corner
    start = build(2, pos={0: "post_office"})
    assert reason(start, 0, ("house:B2",))[0] == "Turn Order 3"
    # a flooded house without boots: delivering there is refused by the flood's rule
    wet = build(2, pos={0: "B2"}, mail={0: {"letter": 1}}, floods=["B2"])
    assert reason(wet, 0, ("house:B2",)) == ("CA-6", "B2 is flooded and you wear no Rubber Boots")
    # a full hand: the Action deck cannot be drawn from
    full = build(2, pos={0: "B2"}, hand={0: ["wind", "rain", "gps"]})
    assert reason(full, 0, ("action_deck",))[0] == "CA-1"


def test_a_refused_click_inside_a_decision_is_that_decisions_verb() -> None:
    view = GAME.view(build(2), 0)
    tasks = {
        "ride": ("house:A1", "ride A1"),
        "peek": ("house:C3", "peek C3"),
        "move_stampy": ("house:B4", "move_stampy B4"),
        "place_stampy": ("house:B2", "place_stampy B2"),
        "give": ("mail:parcel", "give parcel"),
        "discard": ("mail:letter", "discard letter"),
        "react": ("card:umbrella", "use umbrella"),
        "tiebreak": ("house:B2", "tiebreak B2 B2"),
    }
    for kind, (click, notation) in tasks.items():
        seen = dict(view, tasks=[{"kind": kind, "seat": 0, "n": 1, "arg": 0, "cause": ""}])
        assert str(GAME.presentation.click_action(seen, (click,))) == notation, kind
    # a Mail card outside a choice of Mail cards, unknown ids, a spectator: no action named
    assert GAME.presentation.click_action(view, ("mail:letter",)) is None
    assert GAME.presentation.click_action(view, ("house:Z9",)) is None
    assert GAME.presentation.click_action(view, ("nonsense",)) is None
    assert GAME.presentation.click_action(view, ("do:",)) is None
    assert GAME.presentation.click_action(view, ("do:!!",)) is None
    assert GAME.presentation.click_action(GAME.view(build(2), None), ("house:A1",)) is None


def test_changed_things_name_what_the_others_did() -> None:
    from mailbag.core import apply

    state = build(
        2,
        pos={0: "B2", 1: "A1"},
        mail={0: {"letter": 2}, 1: {"letter": 2}},
        current=1,
        grid={"B1": "received_letter"},
    )
    before = GAME.view(state, 0)
    assert GAME.presentation.changed_things(before, before) == ()
    state, _events = apply(GAME, state, 1, parse_action("move B1"))
    moved = GAME.view(state, 0)
    assert set(GAME.presentation.changed_things(before, moved)) == {"carrier:1", "meeple:1"}
    state, _events = apply(GAME, state, 1, parse_action("deliver"))
    while GAME.deciders(state) == (1,) and GAME.view(state, 1)["tasks"]:
        state, _events = apply(GAME, state, 1, GAME.legal_actions(state, 1)[0])
    after = GAME.view(state, 0)
    changed = set(GAME.presentation.changed_things(moved, after))
    # the house turned, the carrier who delivered, the pile the card went to
    assert {"house:B1", "carrier:1", "house_pile"} <= changed
    assert not any(c.startswith(("mail:", "card:", "meeple:0", "carrier:0")) for c in changed)


def test_changed_things_show_a_flood_and_the_seats_own_cards_lost() -> None:
    dry = GAME.view(build(2, pos={0: "B2"}, mail={0: {"letter": 2}}), 0)
    wet = GAME.view(build(2, pos={0: "B2"}, floods=["B2"]), 0)
    changed = set(GAME.presentation.changed_things(dry, wet))
    assert {"house:B2", "house:C2", "house:B3", "house:C3"} <= changed
    assert "carrier:0" in changed and "house:A1" not in changed
    # the letters are gone from the bag: nothing left to draw, so no mail: id either
    assert not any(c.startswith("mail:") for c in changed)
    fewer = GAME.view(build(2, pos={0: "B2"}, mail={0: {"letter": 1}}), 0)
    assert "mail:letter" in GAME.presentation.changed_things(dry, fewer)


def test_every_rule_a_refusal_cites_has_a_title_and_summary() -> None:
    import pathlib
    import re

    from mailbag.games.carteros import texts

    folder = pathlib.Path(texts.__file__).parent
    cited: set[str] = set()
    for path in folder.glob("*.py"):
        source = path.read_text()
        cited |= set(re.findall(r'IllegalAction\(\s*"([^"]+)"', source))
        cited |= set(re.findall(r'return \(\s*"(CA-\d+)"', source))
        cited |= set(re.findall(r'^\s*\(\s*"(CA-\d+)",\s*$', source, re.M))
    from mailbag.games.carteros.decisions import DECISIONS

    cited |= {d.rule for d in DECISIONS.values()}
    cited.discard("notation")  # the server's own rule, not the game's
    assert {"CA-1", "CA-2", "CA-4", "CA-8", "CA-103", "CA-110", "Turn Order 3"} <= cited
    assert cited <= set(texts.RULES), sorted(cited - set(texts.RULES))
    rules = GAME.presentation.rules()
    for rule in cited:
        title, summary = rules[rule]
        assert title and summary.endswith(".") and not re.search(r"\b[A-Z]{2}-\d+\b", summary)
    with use_language("es"):
        spanish = GAME.presentation.rules()
    assert set(spanish) == set(rules)


def test_help_texts_and_options_show_no_rule_ids() -> None:
    import re

    data = GAME.presentation.board_data()
    for table in ("house_kinds", "action_kinds"):
        for kind in data[table].values():
            assert not re.search(r"\b[A-Z]{2}-\d+\b", kind["help"]), kind["help"]
    for option in GAME.spec.options:
        assert option.label and not re.search(r"\b[A-Z]{2}-\d+\b", option.help)
        if option.type is bool:
            assert option.choice_labels is not None and len(option.choice_labels) == 2
