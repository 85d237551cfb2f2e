"""``mailbag bench-server`` briefly: a real server subprocess, a few clients playing over the
socket, the report's figures, and the server gone afterwards."""

from __future__ import annotations

import asyncio
import json

from mailbag.bench.server import BenchConfig, Latency, run_load, running_servers


def test_a_short_run_plays_moves_without_errors_and_stops_its_server() -> None:
    # one round of Carteros is a handful of decisions: games end and rematches follow
    config = BenchConfig(
        clients=4, tables=2, seconds=3, think=0.05, options={"max_rounds": 1}, seed=7
    )
    with running_servers(None, 1) as (servers, _url):
        process = servers[0].process
        report = asyncio.run(run_load(config, [servers[0].base], [process.pid]))
    assert process.poll() is not None  # stopped on leaving
    assert report.moves > 0
    assert report.errors == 0, report.error_kinds
    assert report.refusals == 0, report.refusal_reasons
    assert report.broadcast.count > 0 and report.broadcast.p99 is not None
    assert report.ack.count == report.moves
    assert report.games_finished >= 1 and report.rematches >= 1
    assert report.server_cpu_percent is not None and report.server_cpu_percent > 0
    assert json.loads(json.dumps(report.to_json()))["moves"] == report.moves


def test_percentiles_are_nearest_rank() -> None:
    samples = [i / 1000 for i in range(1, 101)]  # 1 … 100 ms
    lat = Latency.of(samples)
    assert (lat.count, lat.p50, lat.p90, lat.p99, lat.max) == (100, 50.0, 90.0, 99.0, 100.0)
    assert Latency.of([]).p50 is None


def test_a_server_that_is_not_there_is_one_error_line() -> None:
    """``bench-server --url`` at an address where nothing listens: one ``error:`` line naming
    the address, exit status 2 — not a traceback."""
    import socket
    import subprocess
    import sys

    with socket.socket() as probe:  # a free port: nothing listens there once it is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    done = subprocess.run(
        [sys.executable, "-m", "mailbag", "bench-server", "--url", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert "Traceback" not in output and f"no answer from {url}" in output, output
