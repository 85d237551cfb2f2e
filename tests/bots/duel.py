"""Duel: a small test game with simultaneous decisions and reactions (not registered).

Two seats each hold the cards 1–5. Each of 4 rounds, both seats secretly ``pick C`` at the same
time (both are deciders; a pick stays hidden until both have picked). The higher card wins the
round's point; on a tie nobody scores. Then the loser of the round, asked out of turn, may
``react protest`` (once per game: the round is replayed as a tie, nobody scores) or
``react accept``. Most points wins, ties broken by higher total of cards still in hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import msgspec

from mailbag.core import Action, Event, Game, GameSpec, Observation, Rng, Score, act
from mailbag.core.spec import OptionValue

ROUNDS = 4


class DuelState(msgspec.Struct):
    rng: Rng
    hands: list[list[int]]
    picks: list[int]
    points: list[int]
    protests: list[bool]
    round: int = 0
    #: seat asked to react, -1 when none
    reacting: int = -1
    last_winner: int = -1
    played: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


class DuelGame(Game[DuelState]):
    spec = GameSpec(
        name="duel",
        title="Duel",
        min_seats=2,
        max_seats=2,
        verbs=frozenset({"pick", "react"}),
    )
    state_type = DuelState

    def new_state(
        self, seats: tuple[str, ...], options: Mapping[str, OptionValue], seed: int
    ) -> DuelState:
        return DuelState(
            Rng.from_seed(seed), [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], [0, 0], [0, 0], [False] * 2
        )

    def num_seats(self, state: DuelState) -> int:
        return 2

    def is_over(self, state: DuelState) -> bool:
        return state.round >= ROUNDS

    def deciders(self, state: DuelState) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        if state.reacting >= 0:
            return (state.reacting,)
        return tuple(s for s in (0, 1) if state.picks[s] == 0)

    def legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        if state.reacting == seat:
            actions = [act("react", "accept")]
            if not state.protests[seat]:
                actions.append(act("react", "protest"))
            return actions
        return [act("pick", c) for c in state.hands[seat]]

    def apply_in_place(self, state: DuelState, seat: int, action: Action) -> list[Event]:
        if action.verb == "react":
            if action.args[0] == "protest":
                state.protests[seat] = True
                state.points[state.last_winner] -= 1
            state.reacting = -1
            state.round += 1
            return [Event("react", f"seat {seat} reacts: {action.args[0]}")]
        card = int(action.args[0])
        state.hands[seat].remove(card)
        state.picks[seat] = card
        if 0 in state.picks:
            return [Event("pick", f"seat {seat} picks a card")]
        a, b = state.picks
        state.played[0].append(a)
        state.played[1].append(b)
        state.picks = [0, 0]
        if a == b:
            state.round += 1
            return [Event("reveal", f"{a} ties {b}")]
        winner = 0 if a > b else 1
        state.points[winner] += 1
        state.last_winner = winner
        state.reacting = 1 - winner
        return [Event("reveal", f"seat {winner} wins the round")]

    def view(self, state: DuelState, seat: int | None) -> Observation:
        return {
            "seat": seat,
            "played": [list(p) for p in state.played],
            "picked": [p != 0 for p in state.picks],
            "my_pick": state.picks[seat] if seat is not None else None,
            "points": list(state.points),
            "protests": list(state.protests),
            "round": state.round,
            "reacting": state.reacting,
            "last_winner": state.last_winner,
        }

    def determinize(self, observation: Observation, rng: Rng) -> DuelState:
        seat = observation["seat"]
        played = [list(p) for p in observation["played"]]
        hands = [[c for c in range(1, 6) if c not in played[s]] for s in (0, 1)]
        picks = [0, 0]
        for s in (0, 1):
            if not observation["picked"][s]:
                continue
            if s == seat:
                picks[s] = observation["my_pick"]
            else:
                picks[s] = hands[s][rng.randbelow(len(hands[s]))]
            hands[s].remove(picks[s])
        return DuelState(
            Rng(rng.next64()),
            hands,
            picks,
            list(observation["points"]),
            list(observation["protests"]),
            observation["round"],
            observation["reacting"],
            observation["last_winner"],
            played,
        )

    def scores(self, state: DuelState) -> list[Score]:
        return [Score(p, {"rounds": p}) for p in state.points]

    def rank_key(self, state: DuelState, seat: int) -> tuple[int, ...]:
        return (state.points[seat], sum(state.hands[seat]))

    def inventory(self, state: DuelState) -> Counter[str]:
        return Counter(
            f"card:{s}:{c}" for s in (0, 1) for c in [*state.hands[s], *state.played[s]]
        ) + Counter(f"card:{s}:{state.picks[s]}" for s in (0, 1) if state.picks[s])

    def balance_tags(self, state: DuelState, seat: int) -> dict[str, list[str]]:
        return {"first card": [f"card:{state.played[seat][0]}"]} if state.played[seat] else {}


GAME = DuelGame()
