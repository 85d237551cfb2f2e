"""The core contract's own pieces: options, actions, the generator, serialisation, records."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from tiny import GAME, TinyGame

from mailbag.core import (
    Action,
    ActionSyntaxError,
    IllegalAction,
    NotYourTurn,
    OptionError,
    RecordError,
    Rng,
    SeatError,
    act,
    action_from_json,
    apply,
    new_game,
    parse_action,
    state_digest,
    state_from_json,
    state_to_json,
)
from mailbag.core.records import GameRecord, load, loads, replay
from mailbag.core.spec import parse_option_pairs
from mailbag.sim.runner import play_game


def test_options_fill_defaults_and_coerce_text() -> None:
    assert GAME.spec.resolve_options({}) == {"hand": 2}
    assert GAME.spec.resolve_options({"hand": "3"}) == {"hand": 3}


def test_unknown_option_names_it_and_lists_the_valid_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'colour' for tiny; valid options: hand"):
        GAME.spec.resolve_options({"colour": "red"})


@pytest.mark.parametrize("value", ["0", "4", "two", True, 2.5])
def test_bad_option_value_lists_the_valid_values(value: object) -> None:
    with pytest.raises(OptionError, match=r"option 'hand'; valid values: an integer 1\.\.3"):
        GAME.spec.resolve_options({"hand": value})


def test_option_pairs_must_be_key_value() -> None:
    assert parse_option_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs(["novalue"])


def test_seat_counts_are_checked() -> None:
    with pytest.raises(SeatError, match="tiny seats 2–3, not 4"):
        new_game(GAME, 4)
    with pytest.raises(SeatError, match="no engine seat 'automa:easy'"):
        new_game(GAME, ("player", "automa:easy"))


def test_action_notation_round_trips() -> None:
    action = act("place", 3, "r1", -2)
    assert str(action) == "place 3 r1 -2"
    assert parse_action(str(action)) == action
    assert action_from_json(action.to_json()) == action
    assert parse_action("end") == Action("end")


@pytest.mark.parametrize("text", ["", "   ", "12", "move 3 a$b", "move {x}"])
def test_malformed_action_text_is_refused(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_unknown_verb_lists_the_games_verbs() -> None:
    with pytest.raises(ActionSyntaxError, match="this game's actions are: draw, play"):
        GAME.parse_action("fly 3")


@pytest.mark.parametrize("data", [None, {"args": []}, {"verb": "x", "args": "1"}, {"verb": "x y"}])
def test_malformed_action_json_is_refused(data: object) -> None:
    with pytest.raises(ActionSyntaxError):
        action_from_json(data)


def test_rng_is_deterministic_and_seed_sensitive() -> None:
    a, b, c = Rng.from_seed(7), Rng.from_seed(7), Rng.from_seed(8)
    seq_a = [a.next64() for _ in range(5)]
    assert seq_a == [b.next64() for _ in range(5)]
    assert seq_a != [c.next64() for _ in range(5)]
    assert Rng.from_seed(7, 1).next64() != Rng.from_seed(7, 2).next64()


def test_rng_randbelow_is_roughly_uniform() -> None:
    rng = Rng.from_seed(1)
    counts = Counter(rng.randbelow(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())
    with pytest.raises(ValueError):
        rng.randbelow(0)


def test_rng_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng.from_seed(3).shuffle(items)
    assert sorted(items) == list(range(50))
    assert items != list(range(50))


def test_apply_is_functional_and_refuses_illegal_actions() -> None:
    state = new_game(GAME, 2, {}, 1)
    digest = state_digest(state)
    seat = GAME.deciders(state)[0]
    legal = GAME.legal_actions(state, seat)
    new, events = apply(GAME, state, seat, legal[0])
    assert state_digest(state) == digest
    assert new != state and events
    with pytest.raises(IllegalAction, match=r"\[play\]"):
        apply(GAME, state, seat, act("play", 99))
    with pytest.raises(NotYourTurn, match="seat 1 owes no decision now"):
        apply(GAME, state, 1 - seat, legal[0])
    assert state_digest(state) == digest


def test_state_json_round_trip_and_errors() -> None:
    state = new_game(GAME, 3, {"hand": 3}, 4)
    text = state_to_json(GAME, state)
    assert state_from_json(GAME, text) == state
    with pytest.raises(RecordError, match="not valid JSON"):
        state_from_json(GAME, "{")
    with pytest.raises(RecordError, match="of game 'other'"):
        state_from_json(GAME, text.replace('"tiny"', '"other"'))
    with pytest.raises(RecordError, match="schema"):
        state_from_json(GAME, text.replace('"schema":1', '"schema":99'))
    with pytest.raises(RecordError, match="does not fit tiny"):
        state_from_json(GAME, '{"game":"tiny","schema":1,"state":{"deck":"x"}}')


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    result = play_game(GAME, ["random", "random"], {}, seed=11, digests=True)
    path = tmp_path / "game.jsonl"
    result.record.save(path)
    again = load(path)
    assert again.dumps() == result.record.dumps()
    final = replay(GAME, again)
    assert final == result.state


def test_a_tampered_record_fails_at_the_step_that_diverges(tmp_path: Path) -> None:
    result = play_game(GAME, ["random", "random"], {}, seed=11, digests=True)
    lines = result.record.dumps().splitlines()
    lines[3] = lines[3].replace('"digest": "', '"digest": "00')
    with pytest.raises(RecordError, match=r"step 3 .*digest mismatch"):
        replay(GAME, loads("\n".join(lines)))
    record = loads(result.record.dumps())
    record.steps[0].action = act("play", 99)
    with pytest.raises(RecordError, match="step 1"):
        replay(GAME, record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty file"),
        ("not json", "line 1 is not valid JSON"),
        ('{"x": 1}', "not a mailbag game record"),
        ('{"mailbag_record": 1, "game": "tiny", "options": {}, "seats": []}', "'seed'"),
        (
            '{"mailbag_record": 1, "game": "tiny", "options": {}, "seed": 1, '
            '"seats": ["random"]}\n[1]',
            "line 2",
        ),
    ],
)
def test_malformed_records_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        loads(text)


def test_record_of_another_game_is_refused() -> None:
    record = GameRecord("postcards", {}, 1, ["random", "random"])
    with pytest.raises(RecordError, match="record is of 'postcards'"):
        replay(TinyGame(), record)


def test_rng_shuffle_is_fisher_yates_over_randbelow() -> None:
    """The unrolled shuffle draws exactly what the plain definition would."""
    for seed in range(50):
        for n in (0, 1, 2, 7, 52, 300):
            fast, plain = list(range(n)), list(range(n))
            a, b = Rng.from_seed(seed), Rng.from_seed(seed)
            a.shuffle(fast)
            for i in range(n - 1, 0, -1):
                j = b.randbelow(i + 1)
                plain[i], plain[j] = plain[j], plain[i]
            assert fast == plain and a.state == b.state


def _unmix(z: int) -> int:
    """The generator state whose next draw is ``z`` (SplitMix64's output step inverted)."""
    mask = (1 << 64) - 1

    def unxorshift(x: int, k: int) -> int:
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y

    z = unxorshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = unxorshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_rng_shuffle_on_halves_is_the_same_shuffle() -> None:
    """The compiled build's shuffle (32-bit halves) gives the plain definition's permutation and
    final state, including a rejected draw (a value in the biased top range is drawn again)."""
    from mailbag.core.rng import shuffle_halves

    top = (1 << 64) - 1
    seeds = [*range(40), top, _unmix(top), _unmix(top - 1), _unmix(1 << 63)]
    for seed in seeds:
        for n in (0, 1, 2, 3, 7, 52, 256, 257, 300):
            plain, halves = list(range(n)), list(range(n))
            rng = Rng(seed)
            for i in range(n - 1, 0, -1):
                j = rng.randbelow(i + 1)
                plain[i], plain[j] = plain[j], plain[i]
            assert shuffle_halves(seed, halves) == rng.state
            assert halves == plain, (seed, n)
    # from _unmix(top) the first draw is 2**64 - 1, rejected for 3 items (2**64 % 3 == 1): the
    # two swaps take three steps of the generator
    assert Rng(_unmix(top)).next64() == top
    gamma = 0x9E3779B97F4A7C15
    assert shuffle_halves(_unmix(top), [0, 1, 2]) == (_unmix(top) + 3 * gamma) % (1 << 64)


def test_rng_randbelow_on_halves_is_the_same_draw() -> None:
    """The compiled build's ``randbelow`` (32-bit halves, n below 2**31) draws what the plain
    64-bit definition draws, a rejected draw included."""
    from mailbag.core.rng import below_halves

    def plain(state: int, n: int) -> tuple[int, int]:
        mask = (1 << 64) - 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                return state, z % n

    top = (1 << 64) - 1
    for seed in [*range(30), top, _unmix(top), _unmix(top - 5), _unmix(1 << 63)]:
        for n in (1, 2, 3, 6, 7, 255, 256, 257, 1000, 12345, (1 << 31) - 1):
            state, j = plain(seed, n)
            hi, lo, k = below_halves(seed >> 32, seed & 0xFFFFFFFF, n)
            assert ((hi << 32) | lo, k) == (state, j), (seed, n)
            rng = Rng(seed)
            assert rng.randbelow(n) == j and rng.state == state
    # a rejection: the draw 2**64 - 1 is refused for n = 3, the state steps twice
    hi, lo, _ = below_halves(_unmix(top) >> 32, _unmix(top) & 0xFFFFFFFF, 3)
    assert (hi << 32) | lo == (_unmix(top) + 2 * 0x9E3779B97F4A7C15) % (1 << 64)


def test_contract_option_sets_come_from_the_declared_values() -> None:
    from mailbag.core import GameSpec, OptionSpec

    spec = GameSpec(
        "g",
        "G",
        2,
        2,
        options=(
            OptionSpec("flag", bool, False, ""),
            OptionSpec("side", str, "A", "", choices=("A", "B", "C")),
            OptionSpec("rounds", int, 11, "", minimum=1, maximum=20),
        ),
        contract_options=({"rounds": 5},),
    )
    base = {"flag": False, "side": "A", "rounds": 11}
    assert spec.contract_option_sets() == [
        base,
        {**base, "flag": True},
        {**base, "side": "B"},
        {**base, "side": "C"},
        {**base, "rounds": 1},
        {**base, "rounds": 20},
        {**base, "flag": True, "side": "B"},
        {**base, "rounds": 5},
    ]
