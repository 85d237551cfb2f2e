"""Bots: random, greedy (per-game heuristics) and information-set MCTS — all view-only."""

from mailbag.bots.base import (
    Bot,
    bot_kinds,
    bot_seed,
    is_bot_kind,
    make_agents,
    make_bot,
    parse_kind,
    register_bot,
    split_seats,
)

__all__ = [
    "Bot",
    "bot_kinds",
    "bot_seed",
    "is_bot_kind",
    "make_agents",
    "make_bot",
    "parse_kind",
    "register_bot",
    "split_seats",
]
