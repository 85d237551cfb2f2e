"""Fuzzing the readers of outside input: action notation, actions as JSON, and game records.

Each input is refused with a :class:`~mailbag.core.MailbagError` or accepted and then usable:
an accepted action round-trips and is refused or accepted by a real game without a crash; an
accepted record replays to a valid state that plays on. ``MAILBAG_FUZZ`` sets the number of
inputs per test (``make soak``: 100,000); the default keeps ``make test`` short.
"""

from __future__ import annotations

import os
from contextlib import suppress
from typing import Any

import msgspec
import pytest
from fuzz import EDGE_INTS, exercise, mutants

from mailbag.core import (
    Action,
    MailbagError,
    Rng,
    action_from_json,
    apply,
    check_action,
    new_game,
    parse_action,
)
from mailbag.core.records import loads, replay
from mailbag.core.registry import get, names
from mailbag.sim.runner import play_game

COUNT = int(os.environ.get("MAILBAG_FUZZ", "400"))

#: pieces of notation: real words, numbers of every size, and characters that look like digits
PIECES = (
    "move", "play", "pair", "send", "seal", "pick", "place", "skip", "pass", "deliver",
    "red.camp", "A1", "C4", "none", "-", "--1", "1", "0", "-0", "007", "99999999999999999999",
    "1" * 5000, "²", "٣", "１", "\x00", "\t", "\n", " ", "é", "x" * 300, "+", ":", ".", "_",
)


def random_text(rng: Rng) -> str:
    words = [PIECES[rng.randbelow(len(PIECES))] for _ in range(1 + rng.randbelow(5))]
    sep = " " if rng.randbelow(4) else ""
    return sep.join(words)


def real_actions() -> list[tuple[str, Any, Action]]:
    """(game, a state, one of its legal actions) from a short random game of every game."""
    found = []
    for name in names():
        game = get(name)
        state = new_game(game, 2, {}, 3)
        rng = Rng.from_seed(3, 5)
        for _ in range(30):
            if game.is_over(state):
                break
            seat = game.deciders(state)[0]
            legal = game.legal_actions(state, seat)
            found += [(name, state, a) for a in legal[:4]]
            state, _ = apply(game, state, seat, legal[rng.randbelow(len(legal))])
    return found


REAL = real_actions()


def mutated_notation(rng: Rng) -> tuple[str, Any, str]:
    name, state, action = REAL[rng.randbelow(len(REAL))]
    text = str(action)
    kind = rng.randbelow(5)
    if kind == 0:
        return name, state, random_text(rng)
    if kind == 1:
        cut = rng.randbelow(len(text) + 1)
        return name, state, text[:cut] + random_text(rng) + text[cut:]
    if kind == 2:
        parts = text.split()
        i = rng.randbelow(len(parts))
        parts[i] = str(EDGE_INTS[rng.randbelow(len(EDGE_INTS))])
        return name, state, " ".join(parts)
    if kind == 3:
        return name, state, text[: rng.randbelow(len(text) + 1)]
    return name, state, text + " " + random_text(rng)


def check_parsed(name: str, state: Any, text: str) -> None:
    game = get(name)
    for parser in (parse_action, game.parse_action):
        try:
            action = parser(text)
        except MailbagError:
            continue
        assert parse_action(str(action)) == action, f"{text!r} parsed to {action!r}: no round trip"
        for seat in range(game.num_seats(state)):
            with suppress(MailbagError):
                check_action(game, state, seat, action)


def test_action_notation_is_parsed_or_refused() -> None:
    rng = Rng.from_seed(11)
    for _ in range(COUNT):
        name, state, text = mutated_notation(rng)
        try:
            check_parsed(name, state, text)
        except AssertionError:
            raise
        except Exception as exc:
            raise AssertionError(f"{text[:80]!r}: {type(exc).__name__}: {exc}") from exc


def random_json(rng: Rng, depth: int = 0) -> Any:
    kind = rng.randbelow(8 if depth < 4 else 5)
    if kind == 0:
        return EDGE_INTS[rng.randbelow(len(EDGE_INTS))]
    if kind == 1:
        return PIECES[rng.randbelow(len(PIECES))]
    if kind == 2:
        return [True, False, None, 1.5, -0.0][rng.randbelow(5)]
    if kind == 3:
        return 10 ** (1 + rng.randbelow(40))
    if kind == 4:
        return random_text(rng)
    if kind == 5:
        return [random_json(rng, depth + 1) for _ in range(rng.randbelow(4))]
    if kind == 6:
        return {"verb": random_json(rng, depth + 1), "args": random_json(rng, depth + 1)}
    return {PIECES[rng.randbelow(10)]: random_json(rng, depth + 1)}


def test_actions_in_json_are_read_or_refused() -> None:
    rng = Rng.from_seed(12)
    for index in range(COUNT):
        if index % 2:
            action = REAL[rng.randbelow(len(REAL))][2]
            data: Any = action.to_json()
            if rng.randbelow(2):
                data["args"] = [*data["args"], random_json(rng)]
            else:
                data[["verb", "args"][rng.randbelow(2)]] = random_json(rng)
        else:
            data = random_json(rng)
        try:
            action = action_from_json(data)
        except MailbagError:
            continue
        except Exception as exc:
            raise AssertionError(f"{data!r:.80}: {type(exc).__name__}: {exc}") from exc
        assert action_from_json(action.to_json()) == action


def record_texts() -> list[tuple[str, str]]:
    texts = []
    for name in names():
        seats = ["greedy", "random"] if name != "postcards" else ["random", "automa:normal"]
        result = play_game(get(name), seats, {}, 5, digests=True)
        texts.append((name, result.record.dumps()))
    return texts


RECORDS = record_texts()


def mutated_record(rng: Rng) -> tuple[str, bytes]:
    name, text = RECORDS[rng.randbelow(len(RECORDS))]
    lines = text.splitlines()
    kind = rng.randbelow(6)
    if kind == 0:  # one line's JSON mutated
        i = rng.randbelow(min(len(lines), 6)) if rng.randbelow(2) else rng.randbelow(len(lines))
        doc = msgspec.json.decode(lines[i])
        tree, _ = next(mutants(doc, rng, 1))
        lines[i] = msgspec.json.encode(tree).decode()
    elif kind == 1:  # lines dropped, duplicated or swapped
        i, j = rng.randbelow(len(lines)), rng.randbelow(len(lines))
        op = rng.randbelow(3)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == 2:  # torn at any byte
        data = "\n".join(lines).encode()
        return name, data[: rng.randbelow(len(data) + 1)]
    elif kind == 3:  # bytes flipped
        data = bytearray("\n".join(lines).encode())
        for _ in range(1 + rng.randbelow(3)):
            data[rng.randbelow(len(data))] = rng.randbelow(256)
        return name, bytes(data)
    elif kind == 4:  # cut to a prefix of steps (a valid, unfinished game)
        lines = lines[: 1 + rng.randbelow(len(lines))]
    else:  # an action replaced by another game's
        i = 1 + rng.randbelow(len(lines) - 1)
        if '"action"' in lines[i]:
            other = REAL[rng.randbelow(len(REAL))][2]
            entry = msgspec.json.decode(lines[i])
            entry["action"] = str(other)
            lines[i] = msgspec.json.encode(entry).decode()
    return name, ("\n".join(lines) + "\n").encode()


def test_records_are_replayed_or_refused() -> None:
    rng = Rng.from_seed(13)
    for index in range(COUNT):
        _, data = mutated_record(rng)
        try:
            record = loads(data, "fuzzed")
            game = get(record.game)
            state = replay(game, record)
        except MailbagError:
            continue
        except Exception as exc:
            raise AssertionError(f"record mutant {index}: {type(exc).__name__}: {exc}") from exc
        try:
            exercise(game, state, Rng(rng.next64()), 20, game.inventory(state))
        except Exception as exc:
            raise AssertionError(
                f"record mutant {index} replayed, then {type(exc).__name__}: {exc}"
            ) from exc


@pytest.mark.parametrize("text", ["move ²", "1" * 5000, "play " + "9" * 4301, "٣", "\x00"])
def test_known_bad_notations_are_refused(text: str) -> None:
    with pytest.raises(MailbagError):
        parse_action(text)
