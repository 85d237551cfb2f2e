"""A new gift is one data entry (its title and help with it) and one behaviour function: this
test makes up a Tandem (a lightning gift: one more movement and one more camp this turn) and a
Postcard Album (a bell gift: points per postcard sent, its number in its entry), registers their
behaviours here, and plays them through the menus, the engine, the refusals, the views, the
board, the notation, the state checks and the final score — touching no module of the game; its
words are the entry's own, in every language (a user's gift reads as written; a shipped one's
title and help go into the catalog from the data file itself)."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import pytest

from mailbag.core import (
    Event,
    IllegalAction,
    Rng,
    apply,
    new_game,
    parse_action,
    validate,
)
from mailbag.core.i18n import data_context, use_language
from mailbag.games.postcards import GAME
from mailbag.games.postcards.behaviours import GIFT_SCORES, GIFT_USES
from mailbag.games.postcards.components import Components
from mailbag.games.postcards.state import PostcardsState

from .builder import Builder, act, legal

SHIPPED = (
    resources.files("mailbag.games.postcards")
    .joinpath("data/components.toml")
    .read_text(encoding="utf-8")
)

#: the data entries
NEW_GIFTS = """
[[gifts]]
name = "tandem"
title = "Tandem"
copies = 2
lightning = true
effect = "tandem"
help = "one more movement and one more camp this turn"

[[gifts]]
name = "album"
title = "Postcard Album"
copies = 1
lightning = false
effect = "per_postcard_sent"
points = 2
breakdown = "postcard album"
help = "end of game: 2 points per postcard you sent"
"""


def tandem(components: Components, state: PostcardsState, seat: int) -> list[Event]:
    """The lightning behaviour: a movement and a camp kept for later this turn (PC-4)."""
    for name in ("movement", "camp"):
        components.action(name).rule.keep(state.turn, 1)
    return [Event("tandem", f"seat {seat} rides the tandem", {"seat": seat})]


def per_postcard_sent(
    components: Components, state: PostcardsState, seat: int, copies: int, *, points: int
) -> int:
    """The bell behaviour: ``points`` per postcard sent, for each card held."""
    return copies * points * sum(1 for o in state.players[seat].postcards if o.sent)


if "tandem" not in GIFT_USES.names():
    GIFT_USES.register("tandem")(tandem)
if "per_postcard_sent" not in GIFT_SCORES.names():
    GIFT_SCORES.register("per_postcard_sent")(per_postcard_sent)

GAME_WITH_GIFTS = GAME.with_component_text(SHIPPED + NEW_GIFTS, "x.toml")


def test_the_new_gifts_are_kinds_of_the_component_set() -> None:
    components = GAME_WITH_GIFTS.components
    tandem_kind = components.gifts[components.gift_names["tandem"]]
    assert (tandem_kind.title, tandem_kind.copies, tandem_kind.lightning) == ("Tandem", 2, True)
    album = components.gifts[components.gift_names["album"]]
    assert album.numbers == {"points": 2} and album.breakdown == "postcard album"
    shipped = sum(g.copies for g in GAME.components.gifts)
    assert sum(g.copies for g in components.gifts) == shipped + 3  # counts are the data's own
    state = new_game(GAME_WITH_GIFTS, 2, {}, 4)
    inventory = GAME_WITH_GIFTS.inventory(state)
    assert inventory["gift:tandem"] == 2 and inventory["gift:album"] == 1
    assert "gift:tandem" not in GAME.inventory(new_game(GAME, 2, {}, 4))


def test_a_made_up_lightning_gift_is_offered_used_and_refused_by_its_entry() -> None:
    game = GAME_WITH_GIFTS
    five = ("red.postcard", "blue.postcard", "green.postcard", "yellow.postcard", "red.camp")
    builder = Builder(2, game=game).hand(0, *five).hand(1, *five).region(0, 8)
    builder.postcard(0, 37, sent=True).points(0, 5).gift(0, "tandem")  # a gift for a postcard
    state = builder.state
    validate(game, state)
    # the menu offers it, the board and the menu label name it from its entry
    assert "gift tandem" in legal(state, game=game)
    view = game.view(state, 0)
    assert "gifts: Tandem" in game.presentation.render(view)
    label = game.presentation.describe_action(view, parse_action("gift tandem"))
    assert label == "use gift Tandem: one more movement and one more camp this turn"
    # the engine plays it: discarded, a movement and a camp kept, both then offered
    after, events = act(state, "gift tandem", game=game)
    assert [e.kind for e in events] == ["use_gift", "tandem"]
    assert after.turn.moves == 1 and after.turn.camps == 1
    assert game.view(after, 1)["gift_discard"] == ["tandem"]
    menu = legal(after, game=game)
    assert "use movement 9" in menu and "use camp 33" in menu and "gift tandem" not in menu
    validate(game, after)
    assert game.inventory(after) == game.inventory(state)
    after, _ = act(after, "use camp 33", game=game)
    assert after.camp_owner[33 - 1] == 0 and after.turn.camps == 0
    validate(game, after)
    # refusals: used up here; unknown to the shipped game
    with pytest.raises(IllegalAction, match="you hold no Tandem gift card") as info:
        act(after, "gift tandem", game=game)
    assert info.value.rule == "PC-10"
    with pytest.raises(IllegalAction, match="unknown gift card 'tandem'"):
        apply(GAME, Builder(2).state, 0, parse_action("gift tandem"))
    # a world drawn from a seat's view keeps it where it is
    world = game.determinize(game.view(after, 1), Rng(5))
    assert world.gift_discard == after.gift_discard


def test_a_made_up_bell_gift_scores_on_its_own_line() -> None:
    game = GAME_WITH_GIFTS
    builder = Builder(2, game=game).gift(0, "album", "keychain.beach")
    builder.postcard(0, 29, sent=True).postcard(0, 33, sent=True)
    score = game.scores(builder.state)[0]
    assert score.breakdown["postcard album"] == 4 and score.breakdown["keychain (beach)"] == 0
    assert score.total == sum(score.breakdown.values())
    # an Automa's gifts (English edition) are worth 3 points each, its album too (PC-16)
    seats = ("player", "automa:normal")
    automa = Builder(seats, game=game).gift(1, "album", "tandem")
    assert game.scores(automa.state)[1].breakdown["gifts (automa)"] == 6
    # the shipped set has neither
    assert (
        GAME.components.gift_index("album") is None and GAME.components.gift_index("tandem") is None
    )


def test_games_with_the_made_up_gifts_play_to_the_end() -> None:
    game = GAME_WITH_GIFTS
    used = 0
    for seed in range(40):  # at least 4 games, and on until a Tandem was used
        if seed >= 4 and used:
            break
        state = new_game(game, 3, {}, seed)
        start = game.inventory(state)
        rng = Rng.from_seed(seed, 3)
        for _ in range(5000):
            if game.is_over(state):
                break
            (seat,) = game.deciders(state)
            options = game.legal_actions(state, seat)
            pick = next((a for a in options if str(a) == "gift tandem"), None)
            action = pick or options[rng.randbelow(len(options))]
            used += pick is not None
            state, _ = apply(game, state, seat, action)
        assert game.is_over(state)
        assert game.inventory(state) == start
        validate(game, state)
    assert used > 0


def test_the_new_gifts_words_are_their_entries_own_in_every_language() -> None:
    game = GAME_WITH_GIFTS
    state = Builder(2, game=game).gift(0, "tandem", "car").state
    view = game.view(state, 0)
    english = game.presentation.render(view)
    assert "gifts: Tandem, Car" in english
    label = "use gift Tandem: one more movement and one more camp this turn"
    assert game.presentation.describe_action(view, parse_action("gift tandem")) == label
    tandem = game.presentation.board_data()["gifts"]["tandem"]
    assert (tandem["title"], tandem["help"]) == (
        "Tandem",
        "one more movement and one more camp this turn",
    )
    with use_language("nl"):
        dutch = game.presentation.render(view)
        dutch_label = game.presentation.describe_action(view, parse_action("gift tandem"))
        dutch_board = game.presentation.board_data()
    # the shipped Car in the catalog's words, the user's Tandem as its entry writes it
    assert "cadeaukaarten: Tandem, Auto" in dutch
    assert (
        "Tandem" in dutch_label and "one more movement and one more camp this turn" in dutch_label
    )
    assert dutch_label != label  # the words around it are Dutch
    tandem = dutch_board["gifts"]["tandem"]
    assert (tandem["title"], tandem["help"]) == (
        "Tandem",
        "one more movement and one more camp this turn",
    )
    assert dutch_board["gifts"]["car"]["title"] == "Auto"


def test_a_new_shipped_gifts_title_and_help_go_into_the_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shipped with the game, the new entry's texts are extracted from the data file into the
    game's catalog template, with the context of their table: nothing to list in texts.py."""
    i18n = Path(__file__).resolve().parents[2] / "i18n"
    monkeypatch.syspath_prepend(str(i18n))
    sys.modules.pop("areas", None)
    import areas

    data = tmp_path / "components.toml"
    data.write_text(SHIPPED + NEW_GIFTS, encoding="utf-8")
    extracted = {
        (context, text) for context, text, _path, _line in areas.data_messages("postcards", data)
    }
    context = data_context("postcards", "gifts")
    assert context == "postcards gifts"
    for text in ("Tandem", "one more movement and one more camp this turn", "Postcard Album"):
        assert (context, text) in extracted, text
    assert (context, "Car") in extracted  # the shipped ones as before
    # the shipped file's own texts are what the game's catalog template holds
    shipped = {(c, t) for c, t, _p, _l in areas.messages_of("postcards")}
    assert (context, "Car") in shipped and (context, "Tandem") not in shipped
