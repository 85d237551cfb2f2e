"""A seal action's JSON form names the parcels its tape covers: the very parcels the tape
seals once the phase resolves; records keep the notation, so old records replay unchanged."""

from __future__ import annotations

import json

from mailbag.core import action_from_json, parse_action
from mailbag.games.post_office.actions import action_json

from .builder import GAME, at_seal, board, everyone, uniform


def test_every_legal_seal_names_the_parcels_it_seals() -> None:
    state = at_seal(2, seed=3)
    board(state, 0, uniform("G"))
    seals = [a for a in GAME.legal_actions(state, 0) if a.verb == "seal"]
    assert len(seals) > 50
    for action in seals[:: max(1, len(seals) // 12)]:
        data = json.loads(json.dumps(action.to_json()))
        parcels = sorted(tuple(rc) for rc in data["parcels"])
        assert len(parcels) == 4
        after, _events = everyone(state, {0: str(action), 1: "skip"})
        sealed = sorted(divmod(q, 10) for q, t in enumerate(after.players[0].tape) if t >= 0)
        assert sealed == parcels, str(action)
        # read back: the same action (the parcels are an addition, never needed)
        assert action_from_json(data) == action
        # an action read from its notation gets the same JSON through the game's components
        assert action_json(GAME.components, parse_action(str(action))) == action.to_json()


def test_other_actions_keep_the_plain_json_form() -> None:
    state = at_seal(2, seed=3)
    skip = next(a for a in GAME.legal_actions(state, 0) if a.verb == "skip")
    assert skip.to_json() == {"verb": "skip", "args": []}
    assert action_json(GAME.components, parse_action("move 2")) == {"verb": "move", "args": [2]}
