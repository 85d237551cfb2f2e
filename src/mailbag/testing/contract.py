"""The contract checks of DESIGN.md, as plain functions over any game — built-in or outside.

Each check plays random games through the public contract and raises ``AssertionError`` with a
message that names the broken contract. mailbag's own tests (tests/contract) run them over every
registered game, seat list, option set and seed, and show that each one catches a game broken on
purpose. Checks 1-9 hold the rules; ``presentation``, ``search`` and ``encoder`` (10-12, in
:mod:`mailbag.testing.halves`) hold each half beside them on its own; 13 (``open``) holds what
the game declares open information (``public_scores``, ``public_deciders``) to be so. A game in a
package of its own runs the same checks against the installed mailbag:

    from mailbag.testing import check_game
    check_game(GAME)                      # every check, every seat count and option set

or, one pytest test per check and combination (pytest itself is not needed by this module):

    from mailbag.testing import contract_cases

    @pytest.mark.parametrize("case", contract_cases(GAME), ids=str)
    def test_contract(case):
        case.run()
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
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
    clone,
    new_game,
    parse_action,
    state_digest,
    state_from_json,
    state_to_json,
)
from mailbag.core.records import GameRecord, Step, loads, replay
from mailbag.core.serialize import record_digest
from mailbag.testing.halves import check_encoder, check_presentation, check_search
from mailbag.testing.walk import MAX_STEPS as MAX_STEPS  # re-exported: the walk the checks share
from mailbag.testing.walk import random_walk as random_walk


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
        record.steps.append(Step(seat, action, record_digest(after)))
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
    """3. Every state survives the JSON round trip exactly, passes ``validate``, and the game's
    own ``copy`` equals a generic deep clone (a hand-written copy cannot drop a field)."""
    for before, _, _, after in random_walk(game, seats, options, seed):
        assert game.copy(after) == clone(after), "contract 3: the game's copy differs from a clone"
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
                for action, mine, elsewhere in zip(probes, ours, theirs, strict=True):
                    assert mine == elsewhere, (
                        f"contract 4: refusing {action} to seat {observer} leaks hidden "
                        f"information: {mine!r} here, {elsewhere!r} in a world it cannot tell "
                        "apart"
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


def check_undo(game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int) -> None:
    """7. Undo is exact and honest: a decision the game calls reversible (``reveals`` false)
    gives its seat the same view in every world it could not tell apart before (nothing hidden
    was shown, no chance resolved), and taking it back restores exactly the earlier state and
    record."""
    from mailbag.core.records import GameRecord
    from mailbag.table import Table

    rng = Rng.from_seed(seed, 8)
    record = GameRecord(game.spec.name, dict(options), seed, list(seats))
    table = Table.open(game, record)
    for _ in range(MAX_STEPS):
        if table.is_over():
            return
        deciders = table.deciders()
        seat = deciders[rng.randbelow(len(deciders))]
        legal = table.legal_actions(seat)
        action = legal[rng.randbelow(len(legal))]
        before, lines = table.state, record.to_lines()
        view_before = game.view(before, seat)
        events = table.submit(seat, action)
        after = table.state
        if game.reveals(before, seat, action, after, events):
            continue
        expected = canonical_json(game.view(after, seat))
        for _ in range(3):
            world = game.determinize(view_before, Rng(rng.next64()))
            moved, _ = apply(game, world, seat, action)
            assert canonical_json(game.view(moved, seat)) == expected, (
                f"contract 7: {action} by seat {seat} is called reversible but shows it "
                "something hidden (its view after differs between worlds it could not tell apart)"
            )
        if table.can_undo(seat) and rng.randbelow(3) == 0:
            table.undo(seat)
            assert state_digest(table.state) == state_digest(before), (
                f"contract 7: undoing {action} did not restore the earlier state"
            )
            assert record.to_lines() == lines, "contract 7: undo did not restore the record"
            table.submit(seat, action)
    raise AssertionError(f"contract 1: no end after {MAX_STEPS} decisions")


def check_clicks(game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int) -> None:
    """9. A game with a graphical board (``board_data``) gives every legal action of every
    decision exactly one click sequence: each action's ``click_path`` (from the seat's view) is
    non-empty, no two are equal and none begins another (else a click would be ambiguous: take
    the shorter action or wait for more?). ``board_data`` is JSON-able data."""
    data = game.presentation.board_data()
    msgspec.json.encode(data)  # raises on anything that is not JSON-able
    if not data:
        return
    for before, _, _, _ in random_walk(game, seats, options, seed):
        for seat in game.deciders(before):
            view = game.view(before, seat)
            paths: dict[tuple[str, ...], str] = {}
            for action in game.legal_actions(before, seat):
                path = tuple(game.presentation.click_path(view, action))
                assert path, f"contract 9: {action} has no click path"
                assert all(isinstance(step, str) and step for step in path), (
                    f"contract 9: {action}'s click path {path} has a step that is not a name"
                )
                assert path not in paths, (
                    f"contract 9: {action} and {paths[path]} have the same click path {path}"
                )
                paths[path] = str(action)
            ordered = sorted(paths)
            for shorter, longer in itertools.pairwise(ordered):
                assert longer[: len(shorter)] != shorter, (
                    f"contract 9: the click path of {paths[shorter]} {shorter} begins that of "
                    f"{paths[longer]} {longer}"
                )


CHECKS: dict[str, Callable[[Game[Any], Sequence[str], dict[str, Any], int], None]] = {
    "playout": check_playout,
    "determinism": check_determinism,
    "json": check_json,
    "views": check_views,
    "conservation": check_conservation,
    "actions": check_actions,
    "undo": check_undo,
    "clicks": check_clicks,
}


def _masked(
    data: Any, patterns: list[list[str]], seat: int | None, path: tuple[str, ...] = ()
) -> Any:
    """``data`` with every part matching a hidden-field pattern replaced by a marker."""
    for pattern in patterns:
        if len(pattern) == len(path) and all(
            p == "*" or p == k or (p == "~" and k.isdigit() and int(k) != seat)
            for p, k in zip(pattern, path, strict=True)
        ):
            return "<hidden>"
    if isinstance(data, dict):
        return {k: _masked(v, patterns, seat, (*path, str(k))) for k, v in data.items()}
    if isinstance(data, list):
        return [_masked(v, patterns, seat, (*path, str(i))) for i, v in enumerate(data)]
    return data


def check_determinize(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """8. ``determinize`` keeps everything public: in a world drawn from a seat's view, every
    part of the state (every field, defaults included) that the game does not declare hidden
    from that seat (``hidden_fields``) is exactly as in the true state — a planning bot never
    plans on a wrong round, score or board."""
    rng = Rng.from_seed(seed, 9)
    n = len(seats)
    for index, (before, _, _, _) in enumerate(random_walk(game, seats, options, seed)):
        if index % 3:
            continue
        for observer in [*range(n), None]:
            patterns = [p.split(".") for p in game.hidden_fields(observer)]
            world = game.determinize(game.view(before, observer), Rng(rng.next64()))
            true = _masked(to_plain(before), patterns, observer)
            drawn = _masked(to_plain(world), patterns, observer)
            if true != drawn:
                where = _first_difference(true, drawn)
                raise AssertionError(
                    f"contract 8: determinize for seat {observer} changed {where}, which the "
                    "game does not declare hidden (hidden_fields)"
                )


def to_plain(data: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data))


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}.{i}")
    return f"{path.lstrip('.') or 'the state'} ({_short(a)} vs {_short(b)})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def check_open_information(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int
) -> None:
    """13. What a game declares open is open: with ``public_scores``, every world drawn from
    every seat's (and a spectator's) view scores as the true state does, total and breakdown;
    with ``public_deciders``, owes the same decisions. (The server then reads them off the true
    state; were they not open, that would tell a seat what its view hides.)"""
    if not (game.public_scores or game.public_deciders):
        return
    rng = Rng.from_seed(seed, 10)
    n = len(seats)
    for index, (before, _, _, _) in enumerate(random_walk(game, seats, options, seed)):
        if index % 2:
            continue
        scores = [(s.total, dict(s.breakdown)) for s in game.scores(before)]
        deciders = tuple(game.deciders(before))
        for observer in [*range(n), None]:
            for _world in range(2):
                world = game.determinize(game.view(before, observer), Rng(rng.next64()))
                if game.public_scores:
                    drawn = [(s.total, dict(s.breakdown)) for s in game.scores(world)]
                    if drawn != scores:
                        raise AssertionError(
                            f"contract 13: the game declares its scores public, but a world drawn "
                            f"from seat {observer}'s view at step {index} scores {drawn}, the "
                            f"true state {scores}"
                        )
                if game.public_deciders and tuple(game.deciders(world)) != deciders:
                    raise AssertionError(
                        f"contract 13: the game declares who decides public, but a world drawn "
                        f"from seat {observer}'s view at step {index} has "
                        f"{tuple(game.deciders(world))} deciding, the true state {deciders}"
                    )


CHECKS["determinize"] = check_determinize
CHECKS["open"] = check_open_information
# each half of the interface that is not the rules, on its own (mailbag.testing.halves)
CHECKS["presentation"] = check_presentation
CHECKS["search"] = check_search
CHECKS["encoder"] = check_encoder


#: a check: (game, seats, options, seed) -> None, raising AssertionError naming the contract
Check = Callable[[Game[Any], Sequence[str], dict[str, Any], int], None]


def combinations(
    game: Game[Any], seat_counts: Iterable[int] | None = None
) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every (seat list, option set) the contract runs for ``game``: each seat count from
    ``max(min_seats, 2)`` to ``max_seats`` (or those of ``seat_counts``) of plain players, then
    the game's own ``contract_seats``, each with every option set of ``contract_option_sets``."""
    spec = game.spec
    counts = (
        range(max(spec.min_seats, 2), spec.max_seats + 1) if seat_counts is None else seat_counts
    )
    seat_lists = [("player",) * n for n in counts]
    seat_lists += [s for s in spec.contract_seats if s not in seat_lists]
    return [(seats, opts) for seats in seat_lists for opts in spec.contract_option_sets()]


@dataclass(frozen=True)
class ContractCase:
    """One check of one game at one seat list and option set, over ``seeds`` seeds."""

    check: str
    game: Game[Any] = field(repr=False)
    seats: tuple[str, ...]
    options: dict[str, Any]
    seeds: tuple[int, ...]

    def run(self) -> None:
        """Run the check for every seed (raises ``AssertionError`` naming the contract)."""
        for seed in self.seeds:
            CHECKS[self.check](self.game, self.seats, self.options, seed)

    def __str__(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        return f"{self.check}-{self.game.spec.name}-{'+'.join(self.seats)}-{options}"


def contract_cases(
    game: Game[Any],
    seeds: int | Iterable[int] = 2,
    seat_counts: Iterable[int] | None = None,
    checks: Iterable[str] | None = None,
) -> list[ContractCase]:
    """Every check (or those named in ``checks``) for every combination of ``game``, one case
    each, to parametrize a test with (``str(case)`` is a readable id). ``seeds``: how many seeds
    (0, 1, …) or which."""
    chosen = tuple(range(seeds)) if isinstance(seeds, int) else tuple(seeds)
    names = sorted(CHECKS) if checks is None else list(checks)
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        raise ValueError(f"no contract check named {unknown}; the checks: {sorted(CHECKS)}")
    return [
        ContractCase(name, game, seats, options, chosen)
        for name in names
        for seats, options in combinations(game, seat_counts)
    ]


def check_game(
    game: Game[Any],
    seeds: int | Iterable[int] = 2,
    seat_counts: Iterable[int] | None = None,
    checks: Iterable[str] | None = None,
) -> None:
    """Run every contract check over ``game`` (see :func:`contract_cases`); raises the first
    ``AssertionError``, its message naming the check, seats, options and seed."""
    for case in contract_cases(game, seeds, seat_counts, checks):
        for seed in case.seeds:
            try:
                CHECKS[case.check](game, case.seats, case.options, seed)
            except AssertionError as exc:
                raise AssertionError(f"{case} seed {seed}: {exc}") from exc
