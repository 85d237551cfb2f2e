"""Seeded mutators for fuzzing what mailbag reads from outside: states, records, actions.

A mutant is a valid input changed in one or a few small ways that a corrupted file, a hostile
client or a careless edit would produce (a number pushed out of range, a card duplicated or moved
to another pile, a field dropped, a list emptied, a line torn). Whatever mailbag makes of it, it
must either refuse it with a :class:`~mailbag.core.MailbagError` or accept it and then play on
from it without a crash and without a component appearing or vanishing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from mailbag.core import (
    Game,
    MailbagError,
    Rng,
    apply,
    new_game,
    state_from_json,
    state_to_json,
)

#: integers a mutation pushes into a field: edges, overflow, and far out of range
EDGE_INTS = (
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    7,
    10,
    12,
    13,
    99,
    255,
    -(2**31),
    2**31,
    2**63 - 1,
    2**64,
    -(2**63),
)

Path = tuple[Any, ...]


def _nodes(doc: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, doc
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _nodes(value, (*path, i))


def _get(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: Path, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _pick(rng: Rng, items: Sequence[Any]) -> Any:
    return items[rng.randbelow(len(items))]


def mutate_tree(doc: Any, rng: Rng) -> tuple[Any, str]:
    """One random mutation of a JSON tree (changed in place and returned) and what it did."""
    nodes = [(p, v) for p, v in _nodes(doc) if p]
    ints = [(p, v) for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
    lists = [(p, v) for p, v in nodes if isinstance(v, list)]
    full = [(p, v) for p, v in lists if v]
    kind = rng.randbelow(10)
    if kind <= 2 and ints:
        path, value = _pick(rng, ints)
        new = _pick(rng, (*EDGE_INTS, value + 1, value - 1, value * 2 + 1))
        _set(doc, path, new)
        return doc, f"{_name(path)}: {value} -> {new}"
    if kind == 3 and full:
        path, value = _pick(rng, full)
        i = rng.randbelow(len(value))
        value.append(value[i] if not isinstance(value[i], (dict, list)) else _copy(value[i]))
        return doc, f"{_name(path)}: element {i} duplicated"
    if kind == 4 and full:
        path, value = _pick(rng, full)
        i = rng.randbelow(len(value))
        del value[i]
        return doc, f"{_name(path)}: element {i} dropped"
    if kind == 5 and full and len(lists) > 1:
        src_path, src = _pick(rng, full)
        dst_path, dst = _pick(rng, lists)
        if src_path != dst_path:
            i = rng.randbelow(len(src))
            dst.append(src.pop(i))
            return doc, f"element {i} of {_name(src_path)} moved to {_name(dst_path)}"
    if kind == 6 and full:
        path, value = _pick(rng, full)
        value.clear()
        return doc, f"{_name(path)}: emptied"
    if kind == 7 and len(ints) > 1:
        (p1, v1), (p2, v2) = _pick(rng, ints), _pick(rng, ints)
        _set(doc, p1, v2)
        _set(doc, p2, v1)
        return doc, f"{_name(p1)} and {_name(p2)} swapped ({v1}, {v2})"
    if kind == 8:
        bools = [(p, v) for p, v in nodes if isinstance(v, bool)]
        if bools:
            path, value = _pick(rng, bools)
            _set(doc, path, not value)
            return doc, f"{_name(path)}: {value} -> {not value}"
        strs = [(p, v) for p, v in nodes if isinstance(v, str)]
        if strs:
            path, value = _pick(rng, strs)
            other = _pick(rng, [v for _, v in strs] + ["", "x", "B", "nl", "é"])
            _set(doc, path, other)
            return doc, f"{_name(path)}: {value!r} -> {other!r}"
    path, value = _pick(rng, nodes)
    replacement = _pick(rng, (None, [], {}, "x", 0, -1, 2**64, [0, 0], True, 1.5))
    _set(doc, path, replacement)
    return doc, f"{_name(path)}: replaced by {replacement!r}"


def _copy(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def _name(path: Path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path) or "."


def mutants(doc: Any, rng: Rng, count: int, max_changes: int = 3) -> Iterator[tuple[Any, str]]:
    """``count`` mutants of ``doc``, each with 1..``max_changes`` mutations."""
    for _ in range(count):
        tree = _copy(doc)
        notes = []
        for _ in range(1 + rng.randbelow(max_changes)):
            tree, note = mutate_tree(tree, rng)
            notes.append(note)
        yield tree, "; ".join(notes)


def sample_states(
    game: Game[Any], seats: Sequence[str], options: dict[str, Any], seed: int, every: int = 7
) -> list[Any]:
    """States from a random game (set-up, every ``every``-th step, the end)."""
    state = new_game(game, tuple(seats), options, seed)
    rng = Rng.from_seed(seed, 31)
    found = [state]
    for step in range(20_000):
        if game.is_over(state):
            break
        deciders = game.deciders(state)
        seat = deciders[rng.randbelow(len(deciders))]
        legal = game.legal_actions(state, seat)
        state, _ = apply(game, state, seat, legal[rng.randbelow(len(legal))])
        if step % every == every - 1:
            found.append(state)
    found.append(state)
    return found


def exercise(game: Game[Any], state: Any, rng: Rng, steps: int, expected: Any) -> None:
    """Use an accepted state as every layer would: views of every seat, legal actions, scores,
    a redrawn world, and a random playout of up to ``steps`` decisions through ``apply``; any
    crash or change of components is an ``AssertionError``."""
    assert game.inventory(state) == expected, "accepted a state whose components differ"
    n = game.num_seats(state)
    for observer in [*range(n), None]:
        view = game.view(state, observer)
        game.presentation.render(view)
        world = game.determinize(view, Rng(rng.next64()))
        assert game.inventory(world) == expected, "determinize changed the components"
    game.scores(state)
    game.ranking(state)
    for _ in range(steps):
        if game.is_over(state):
            return
        deciders = game.deciders(state)
        assert deciders, "accepted a state where nobody decides but the game is not over"
        seat = deciders[rng.randbelow(len(deciders))]
        legal = game.legal_actions(state, seat)
        assert legal, f"accepted a state where decider {seat} has no legal action"
        view = game.view(state, seat)
        for action in legal[:3]:
            game.presentation.describe_action(view, action)
        state, _ = apply(game, state, seat, legal[rng.randbelow(len(legal))])
        assert game.inventory(state) == expected, "components changed after an accepted state"


def fuzz_states(
    game: Game[Any],
    seats: Sequence[str],
    options: dict[str, Any],
    seed: int,
    count: int,
    steps: int = 60,
    on_accept: Callable[[str], None] | None = None,
) -> tuple[int, int]:
    """``count`` mutated states of random games through ``state_from_json`` and, when accepted,
    through :func:`exercise`. Returns (accepted, refused); a crash is an ``AssertionError``
    naming the seed and the mutation."""
    rng = Rng.from_seed(seed, 77)
    states = sample_states(game, seats, options, seed)
    accepted = refused = 0
    for index in range(count):
        original = states[index % len(states)]
        expected = game.inventory(original)
        doc = msgspec.json.decode(state_to_json(game, original))
        tree, note = next(mutants(doc, rng, 1))
        text = msgspec.json.encode(tree)
        try:
            state = state_from_json(game, text)
        except MailbagError:
            refused += 1
            continue
        except Exception as exc:
            raise AssertionError(
                f"{game.spec.name} seed {seed} mutant {index} ({note}): state_from_json crashed "
                f"with {type(exc).__name__}: {exc}"
            ) from exc
        accepted += 1
        if on_accept is not None:
            on_accept(note)
        try:
            exercise(game, state, Rng(rng.next64()), steps, expected)
        except MailbagError as exc:
            raise AssertionError(
                f"{game.spec.name} seed {seed} mutant {index} ({note}): accepted, then refused "
                f"later: {exc}"
            ) from exc
        except Exception as exc:
            raise AssertionError(
                f"{game.spec.name} seed {seed} mutant {index} ({note}): accepted, then "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return accepted, refused


def fuzz_components(
    game: Game[Any], shipped: str, seed: int, count: int, seats: int = 2, steps: int = 40
) -> tuple[int, int]:
    """``count`` mutants of the component file text ``shipped`` through
    ``game.with_component_text``: each is refused with a ``ComponentError`` (any
    :class:`MailbagError`) or gives a game that deals and plays ``steps`` random decisions.
    Returns (accepted, refused)."""
    import tomllib

    import tomli_w

    rng = Rng.from_seed(seed, 91)
    doc = tomllib.loads(shipped)
    accepted = refused = 0
    for index, (tree, note) in enumerate(mutants(doc, rng, count)):
        try:
            text = tomli_w.dumps(tree)
        except (TypeError, ValueError):
            continue  # not expressible in TOML (a null, a list where a table must be)
        try:
            variant = game.with_component_text(text, "mutant.toml")
            state = new_game(variant, seats, {}, seed + index)
        except MailbagError:
            refused += 1
            continue
        except Exception as exc:
            raise AssertionError(
                f"{game.spec.name} component mutant {index} ({note}): {type(exc).__name__}: {exc}"
            ) from exc
        accepted += 1
        try:
            exercise(variant, state, Rng(rng.next64()), steps, variant.inventory(state))
        except Exception as exc:
            raise AssertionError(
                f"{game.spec.name} component mutant {index} ({note}): accepted, then "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return accepted, refused
