"""The six contract checks of DESIGN.md, as plain functions over any game.

Each check plays random games through the public contract and raises ``AssertionError`` with a
message that names the broken contract. ``test_contract.py`` runs them over every registered
game, seat count and option set; ``test_negative.py`` shows that each one catches a game broken
on purpose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from mailbag.core import (
    Action,
    Game,
    MailbagError,
    Rng,
    action_from_json,
    apply,
    canonical_json,
    check_action,
    new_game,
    parse_action,
    state_digest,
    state_from_json,
    state_to_json,
)
from mailbag.core.records import GameRecord, Step, loads, replay

MAX_STEPS = 20_000


def random_walk(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, Action, Any]]:
    """Play a random game through the functional ``apply``; yields (before, seat, action, after).

    Also checks contract 1: a decider always has legal actions and the game ends.
    """
    state = new_game(game, tuple(seats), options, seed)
    rng = Rng.from_seed(seed, 99)
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            assert not game.deciders(state), "a finished game still has deciders"
            return
        deciders = game.deciders(state)
        assert deciders, "contract 1: the game is not over but nobody owes a decision"
        seat = deciders[rng.randbelow(len(deciders))]
        legal = game.legal_actions(state, seat)
        assert legal, f"contract 1: decider {seat} has no legal action"
        action = legal[rng.randbelow(len(legal))]
        digest = state_digest(state)
        after, _ = apply(game, state, seat, action)
        assert state_digest(state) == digest, "contract 6: apply changed its input state"
        yield state, seat, action, after
        state = after
    raise AssertionError(f"contract 1: no end after {MAX_STEPS} decisions")


def check_playout(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """1. A random playout reaches the end with legal actions for every decider."""
    last = None
    for _, _, _, after in random_walk(game, seats, options, seed):
        last = after
    assert last is None or game.is_over(last)
    if last is not None:
        scores = game.scores(last)
        assert len(scores) == len(seats)
        for score in scores:
            assert score.total == sum(score.breakdown.values()), (
                f"a score's breakdown {score.breakdown} does not add up to {score.total}"
            )
        ranking = game.ranking(last)
        assert min(ranking) == 1, f"ranking {ranking} has no winner"


def _record_walk(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> tuple[GameRecord, list[str]]:
    record = GameRecord(game.spec.name, dict(options), seed, list(seats))
    digests = [state_digest(new_game(game, tuple(seats), options, seed))]
    for _, seat, action, after in random_walk(game, seats, options, seed):
        record.steps.append(Step(seat, action, state_digest(after)))
        digests.append(state_digest(after))
    return record, digests


def check_determinism(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """2. Same seed + same actions → identical states; a record replays exactly; the in-place
    fast path gives the same game; different seeds give different deals."""
    record, digests = _record_walk(game, seats, options, seed)
    again = new_game(game, tuple(seats), options, seed)
    assert state_digest(again) == digests[0], "contract 2: the same seed dealt a different game"
    for i, step in enumerate(record.steps, start=1):
        again, _ = apply(game, again, step.seat, step.action)
        assert state_digest(again) == digests[i], (
            f"contract 2: the same seed and actions gave a different state at step {i}"
        )
    replay(game, loads(record.dumps()))
    fast = new_game(game, tuple(seats), options, seed)
    for i, step in enumerate(record.steps, start=1):
        game.apply_in_place(fast, step.seat, step.action)
        assert state_digest(fast) == digests[i], (
            f"contract 2: apply_in_place differs from apply at step {i}"
        )
    observers = [*range(len(seats)), None]
    deals = {
        tuple(
            canonical_json(game.view(new_game(game, tuple(seats), options, seed + k), o))
            for o in observers
        )
        for k in range(8)
    }
    assert len(deals) > 1, "contract 2: eight different seeds dealt the same game (seed ignored)"


def check_json(game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int) -> None:
    """3. Every state survives the JSON round trip exactly."""
    for before, _, _, after in random_walk(game, seats, options, seed):
        for state in (before, after):
            text = state_to_json(game, state)
            back = state_from_json(game, text)
            assert back == state, "contract 3: JSON round trip changed the state"
            assert state_to_json(game, back) == text, "contract 3: JSON round trip not exact"


def check_views(game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int) -> None:
    """4. Views leak nothing: a world redrawn from a seat's view (everything it cannot see
    redistributed) gives that seat a byte-identical view, the same legal actions, and the same
    components."""
    rng = Rng.from_seed(seed, 4)
    n = len(seats)
    for before, seat, _, _ in random_walk(game, seats, options, seed):
        for observer in [*range(n), None]:
            view = game.view(before, observer)
            text = canonical_json(view)
            assert msgspec.json.decode(text) == view, "contract 4: a view is not plain JSON data"
            world = game.determinize(view, Rng(rng.next64()))
            other = canonical_json(game.view(world, observer))
            assert other == text, (
                f"contract 4: view of seat {observer} leaks hidden information (a world "
                "consistent with the view, hidden things redrawn, gives a different view)"
            )
            assert game.inventory(world) == game.inventory(before), (
                "contract 4: determinize made a world with different components"
            )
            if observer == seat:
                assert game.legal_actions(world, seat) == game.legal_actions(before, seat), (
                    "contract 4: legal actions depend on information the seat cannot see"
                )
            if observer is not None:
                probes = _refusal_probes(game, before, observer)
                ours = [_refusal(game, before, observer, a) for a in probes]
                theirs = [_refusal(game, world, observer, a) for a in probes]
                for action, mine, other in zip(probes, ours, theirs, strict=True):
                    assert mine == other, (
                        f"contract 4: refusing {action} to seat {observer} leaks hidden "
                        f"information: {mine!r} here, {other!r} in a world it cannot tell apart"
                    )


def _refusal_probes(game: Game[Any], state: Any, seat: int) -> list[Action]:
    """Actions to try as ``seat``: every seat's legal actions (some name things this seat
    cannot see) and malformed variants of them."""
    probes: list[Action] = []
    for other in game.deciders(state):
        legal = game.legal_actions(state, other)
        probes += legal[:12]
        probes += _illegal_candidates(game, state, other, legal)[:8]
    return list(dict.fromkeys(probes))


def _refusal(game: Game[Any], state: Any, seat: int, action: Action) -> str:
    """What refusing ``action`` to ``seat`` says ("" when it is legal)."""
    try:
        check_action(game, state, seat, action)
    except MailbagError as exc:
        return str(exc)
    return ""


def check_conservation(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """5. Every card, token and tile is in exactly one place at every step."""
    start = game.inventory(new_game(game, tuple(seats), options, seed))
    for i, (_, seat, action, after) in enumerate(random_walk(game, seats, options, seed), 1):
        now = game.inventory(after)
        if now != start:
            lost = start - now
            gained = now - start
            raise AssertionError(
                f"contract 5: components changed at step {i} ({seat}: {action}): "
                f"lost {dict(lost)}, gained {dict(gained)}"
            )


def _illegal_candidates(
    game: Game[Any], state: Any, seat: int, legal: list[Action]
) -> list[Action]:
    """Actions that must be refused: garbage, wrong arguments, other seats' actions."""
    legal_set = set(legal)
    candidates = [Action("no_such_verb"), Action("no_such_verb", (1, "x"))]
    for action in legal[:8]:
        candidates.append(Action(action.verb, (*action.args, 999)))
        if action.args:
            candidates.append(Action(action.verb, action.args[:-1]))
            candidates.append(Action(action.verb, (*action.args[:-1], 987654)))
    return [a for a in candidates if a not in legal_set]


def check_actions(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """6. Notation round-trips; illegal actions are refused with an error, never a crash or a
    change; apply never changes its input state."""
    n = len(seats)
    for before, seat, action, _ in random_walk(game, seats, options, seed):
        digest = state_digest(before)
        for other in game.legal_actions(before, seat):
            assert parse_action(str(other)) == other, f"contract 6: {other!r} does not round-trip"
            try:
                parsed = game.parse_action(str(other))
            except MailbagError as exc:
                raise AssertionError(
                    f"contract 6: legal action {other} does not parse: {exc}"
                ) from None
            assert parsed == other, f"contract 6: {other} parses as {parsed}"
            assert action_from_json(other.to_json()) == other, "contract 6: JSON form differs"
        for bad in _illegal_candidates(game, before, seat, game.legal_actions(before, seat)):
            try:
                apply(game, before, seat, bad)
            except MailbagError:
                pass
            else:
                raise AssertionError(f"contract 6: illegal action {bad} was accepted")
        for other_seat in range(n):
            if other_seat not in game.deciders(before):
                try:
                    apply(game, before, other_seat, action)
                except MailbagError:
                    pass
                else:
                    raise AssertionError(f"contract 6: seat {other_seat} acted out of turn")
        assert state_digest(before) == digest, "contract 6: an illegal action changed the state"


CHECKS: dict[str, Callable[[Game[Any], Sequence[str], dict[str, Any], int], None]] = {
    "playout": check_playout,
    "determinism": check_determinism,
    "json": check_json,
    "views": check_views,
    "conservation": check_conservation,
    "actions": check_actions,
}
