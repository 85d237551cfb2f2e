"""Post Office's rules in mailbag's own words (``en.md``, ``nl.md``, ``es.md`` beside this file),
and which of their sections governs each choice, log line and score line (:data:`RULE_MAP`)."""

from __future__ import annotations

from typing import Final

from mailbag.core.presentation import RuleMap

RULE_MAP: Final = RuleMap(
    aliases={
        "End of Game": "end",
        "End of the Game": "end",
        "Setup": "setup",
        "Round Structure": "round",
    },
    actions=(
        (r"keep ", "draft"),
        (r"move ", "move"),
        (r"place ", "place"),
        (r"(seal |skip)", "seal"),
    ),
    events={
        "chosen": "PO-114",
        "dealt": "draft",
        "draft": "draft",
        "received": "draft",
        "move": "move",
        "place": "place",
        "seal": "seal",
        "round": "end-of-round",
        "game_over": "scoring",
        "goal_shared": "goals",
    },
    scores={
        "fragile": "parcels",
        "gift": "parcels",
        "sweet": "parcels",
        "personal": "parcels",
        "receipts": "parcels",
        "stamps": "scoring",
        "square groups": "squares",
        "goal tokens": "goals",
    },
    turn="round",
)
