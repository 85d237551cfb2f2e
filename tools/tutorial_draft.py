"""Draft a guided first game (``games/<game>/tutorial.toml``): play a deal with a stand-in for the
learner and print each of the learner's decisions as a lesson step (its action, the section it
teaches, what it does in words), for an author to choose a deal and write the steps' words.

    python tools/tutorial_draft.py postcards --seats human,automa:normal --seed 7 --steps 20
"""

from __future__ import annotations

import argparse

from mailbag.bots.base import make_agents, make_bot
from mailbag.core import registry
from mailbag.core.records import GameRecord
from mailbag.table.menu import menu_for
from mailbag.table.table import Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--learner", default="greedy", help="the stand-in's seat kind")
    parser.add_argument("--do", default="", help="the learner's first actions, ';' apart")
    parser.add_argument("--list", action="store_true", help="list the choices after --do")
    args = parser.parse_args()
    game = registry.get(args.game)
    seats = args.seats.split(",")
    record = GameRecord(game.spec.name, {}, args.seed, seats)
    table = Table.open(game, record, agents=make_agents(game, seats, args.seed))
    learner = make_bot(args.learner, game, 0, args.seed + 1)
    shown = 0
    taken = 0  # of the --do actions
    given = [a.strip() for a in args.do.split(";") if a.strip()]
    for _turn in range(10_000):
        table.advance()
        if table.is_over() or shown >= args.steps:
            break
        if 0 not in table.deciders():
            break
        view = table.view(0)
        legal = table.legal_actions(0)
        single = menu_for(table, 0).single or table.forced(0)
        if single is not None:
            action = single
        elif taken < len(given):
            action = game.parse_action(given[taken])
            taken += 1
            if action not in legal:
                raise SystemExit(f"not legal: {action}")
        else:
            if args.list:
                for choice in legal:
                    print(f"##  {choice}  —  {game.presentation.describe_action(view, choice)}")
                break
            action = learner.choose(view, legal)
        rule = game.presentation.action_rule(action)
        print("[[steps]]")
        print(f'do = "{action}"')
        print(f'rule = "{rule}"' + ("  # single" if single is not None else ""))
        print(f"# {game.presentation.describe_action(view, action)} ({len(legal)} choices)")
        events = table.submit(0, action)
        for event in events:
            print(f"#   {game.presentation.event_text(event, table.labels())}")
        print()
        shown += 1  # noqa: SIM113 (a decision taken, not a loop turn)


if __name__ == "__main__":
    main()
