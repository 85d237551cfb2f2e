"""The seed schedule and seat rotation."""

from __future__ import annotations

from collections import Counter

from mailbag.sim.schedule import chunked, job_for, rotate, schedule


def test_rotation_moves_each_kind_one_seat_on() -> None:
    assert rotate(["a", "b", "c"], 0) == ("a", "b", "c")
    assert rotate(["a", "b", "c"], 1) == ("c", "a", "b")
    assert rotate(["a", "b", "c"], 2) == ("b", "c", "a")


def test_each_deal_is_played_in_every_seating() -> None:
    jobs = schedule(9, ["a", "b", "c"], seed=40)
    assert [j.seed for j in jobs] == [40, 40, 40, 41, 41, 41, 42, 42, 42]
    assert [j.rotation for j in jobs] == [0, 1, 2] * 3
    assert [j.index for j in jobs] == list(range(9))
    for seat in range(3):
        assert Counter(j.seats[seat] for j in jobs) == {"a": 3, "b": 3, "c": 3}
    # same deal, all seatings distinct
    assert len({jobs[i].seats for i in range(3)}) == 3


def test_schedule_is_a_pure_function_of_its_inputs() -> None:
    assert schedule(7, ["x", "y"], 3) == schedule(7, ["x", "y"], 3)
    assert schedule(7, ["x", "y"], 3)[:4] == schedule(4, ["x", "y"], 3)
    assert job_for(5, ["x", "y"], 3) == schedule(7, ["x", "y"], 3)[5]


def test_no_rotation() -> None:
    jobs = schedule(3, ["a", "b"], seed=10, rotation=False)
    assert [j.seed for j in jobs] == [10, 11, 12]
    assert all(j.seats == ("a", "b") and j.rotation == 0 for j in jobs)


def test_identical_kinds_and_solo() -> None:
    assert schedule(2, ["r"], 0) == [job_for(0, ["r"], 0), job_for(1, ["r"], 0)]
    assert [j.seed for j in schedule(2, ["r"], 0)] == [0, 1]


def test_chunks_keep_order_and_cover_everything() -> None:
    jobs = schedule(10, ["a", "b"], 0)
    parts = chunked(jobs, 3)
    assert [len(p) for p in parts] == [3, 3, 3, 1]
    assert [j for p in parts for j in p] == jobs
