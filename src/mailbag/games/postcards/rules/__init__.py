"""Postcards' rules in mailbag's own words (``en.md``, ``nl.md``, ``es.md`` beside this file), and
which of their sections governs each choice, log line and score line (:data:`RULE_MAP`)."""

from __future__ import annotations

from typing import Final

from mailbag.core.presentation import RuleMap

RULE_MAP: Final = RuleMap(
    aliases={
        "Movement action": "movement",
        "Game Turn": "turn",
        "Sticking a Stamp": "stamp",
        "End of the Game": "end",
    },
    actions=(
        (r"play \S+ stamp", "stamp"),
        (r"play \S+\.movement", "movement"),
        (r"play \S+\.camp", "camp"),
        (r"play \S+\.postcard", "postcard-action"),
        (r"play ", "actions"),
        (r"pair ", "pairs"),
        (r"move ", "movement"),
        (r"camp ", "camp"),
        (r"(postcard|refresh|take )", "postcard-action"),
        (r"souvenir ", "camp"),
        (r"stamp ", "PC-4"),
        (r"star ", "PC-5"),
        (r"as ", "pairs"),
        (r"send ", "sending"),
        (r"pick ", "gifts"),
        (r"use ", "effects"),
        (r"(gift|keep )", "gifts"),
        (r"end", "end-of-turn"),
        (r"draw ", "end-of-turn"),
        (r"skip", "effects"),
    ),
    events={
        "automa_card": "solo",
        "automa_turn": "solo",
        "camp": "camp",
        "draw": "end-of-turn",
        "drawn": "end-of-turn",
        "effect": "effects",
        "end_game_bonus": "end",
        "end_turn": "end-of-turn",
        "game_over": "scoring",
        "gift": "gifts",
        "hiking": "gifts",
        "hiking_cards": "gifts",
        "keep": "gifts",
        "move": "movement",
        "pair": "pairs",
        "play": "actions",
        "refresh": "postcard-action",
        "score": "effects",
        "send": "sending",
        "skip": "effects",
        "souvenir": "camp",
        "stamp": "stamp",
        "take_postcard": "postcard-action",
        "use_gift": "gifts",
    },
    scores={
        "during play": "scoring",
        "itinerary": "itinerary",
        "unsent postcards": "scoring",
        "gifts (automa)": "PC-16",
        "snow globes": "gifts",
        "keychain": "gifts",
        "caravan": "gifts",
        "end-game bonus": "end",
    },
)
