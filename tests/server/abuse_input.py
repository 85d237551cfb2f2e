"""Malformed input for the abuse suite (issue 28; the harness is abuse.py): protocol messages
and request bodies mutated at random from valid ones (wrong types, unknown fields and types, huge
and deeply nested values, lone surrogates, NUL, invalid UTF-8, wrong steps), frames that break
the WebSocket protocol itself, and table-creation bodies that look valid (random games, names,
seat kinds, bot parameters, options, clocks). Everything is drawn from one seed.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any
from urllib.parse import quote

from abuse import frame


class Deep:
    """``inner`` nested ``depth`` levels deep in lists (or objects: ``{"a": …}``), written out
    by :func:`dumps` without recursion (and cheaply)."""

    __slots__ = ("depth", "inner", "obj")

    def __init__(self, depth: int, inner: Any, obj: bool) -> None:
        self.depth, self.inner, self.obj = depth, inner, obj

    def __repr__(self) -> str:
        return f"<{self.inner!r} {self.depth} deep in {'objects' if self.obj else 'lists'}>"


def dumps(value: Any, ensure_ascii: bool = True) -> str:
    """JSON text of ``value`` (NaN and the infinities as Python writes them)."""
    if isinstance(value, Deep):
        inner = dumps(value.inner, ensure_ascii)
        if value.obj:
            return '{"a": ' * value.depth + inner + "}" * value.depth
        return "[" * value.depth + inner + "]" * value.depth
    if isinstance(value, dict):
        return "{" + ", ".join(
            json.dumps(str(k), ensure_ascii=ensure_ascii) + ": " + dumps(v, ensure_ascii)
            for k, v in value.items()
        ) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dumps(v, ensure_ascii) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ensure_ascii)


def copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy(v) for v in value]
    if isinstance(value, Deep):
        return Deep(value.depth, copy(value.inner), value.obj)
    return value


# -- generators ----------------------------------------------------------------------------------
WEIRD_TEXT = [
    "", " ", "\x00", "a\x00b", "\ud800", "\udfff", "x\udc80y", "\u202e", "\u200b", "\u2066",
    "\x1b[2J", "\x1b]0;x\x07", "\r", "\r\n", "\t", "\x7f", "\x85", "é", "𝔘𝔫", "🂡", "\ufeff",
    "e\u0301", "%s", "{0}", "{where}", "{{", "' OR 1=1 --", "../../etc/passwd", "null", "true",
    "<script>alert(1)</script>", "ß" * 30, "A" * 20, "A" * 21, "A" * 40, "A" * 41, "A" * 300,
    "mcts", "mcts:iters=50", "greedy", "random", "automa:easy", "human", "me", "friend", "bot",
    "seat 0", "friend 1", "-1", "1e309", "NaN", "0x10", "٣", "١٠",
]
WEIRD_NUMBERS: list[Any] = [
    0, -1, 1, 2, 3, 5, 19, 20, 21, 40, 255, 2**31, 2**53 + 1, 2**63, 2**64, -(2**63) - 1,
    10**30, 10**4000, 1.5, -0.0, 1e308, float("nan"), float("inf"), float("-inf"), True, False,
]
KINDS = [
    "random", "greedy", "mcts", "mcts:iters=20", "mcts:iters=50", "mcts:time=1", "mcts:time=0.01",
    "mcts:iters=abc", "mcts:time=100000", "mcts:iters=99999999999", "random:x=1",
    "mcts:iters=1000,c=1.4", "mcts:iters=-5", "mcts:iters=0", "mcts:time=-1", "mcts:time=nan",
    "mcts:iters=", "mcts:", "greedy:", "greedy:x", "mcts:iters=10,iters=20", "mcts:c=1e308",
    "automa", "automa:easy", "automa:normal", "automa:hard", "automa:impossible", "human", "",
    "mcts:iters=1" + "0" * 30, "mcts:time=1e400", "mcts:" + "x" * 70, "x" * 65, "MCTS",
    " greedy ", "greedy\x00", "mcts:iters=\ud800",
]
#: search kinds that are quick, or so wrong that no search can run (the rest may think for long:
#: today's server takes them, so the harness only seats them behind a person's first seat)
#: kinds any server should take
GOOD_KINDS = ["random", "greedy", "mcts:iters=20", "mcts:iters=50", "mcts:time=0.01", "greedy"]
LIGHT = frozenset(k for k in KINDS if not k.strip().startswith("mcts")) | {
    "mcts:iters=20", "mcts:iters=50", "mcts:time=0.01", "mcts:iters=abc", "mcts:iters=-5",
    "mcts:iters=0", "mcts:time=-1", "mcts:time=nan", "mcts:iters=", "mcts:iters=\ud800",
}
#: what a frame does to the WebSocket protocol (:meth:`Fuzz.frame`)
KEEPS, BREAKS, DESYNCS = 0, 1, 2
LANGS = ["en", "nl", "es", "xx", "", "EN", "en-US", "\ud800", "nl\x00", "a" * 17]


class Fuzz:
    """Malformed input from ``seed``; ``games``: the answer of ``GET /api/games``."""

    def __init__(self, seed: int, games: list[dict[str, Any]]) -> None:
        self.rng = random.Random(seed)
        self.games = games
        #: what the last frame made was, in words (for a failure's samples)
        self.last = ""
        #: whether the last frame or request made was a valid one (not malformed)
        self.valid = False

    # -- values ------------------------------------------------------------------------------
    def text(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            return rng.choice(WEIRD_TEXT)
        if roll < 0.8:
            return "".join(rng.choice(WEIRD_TEXT[:24]) + rng.choice("ab ") for _ in range(4))
        if roll < 0.9:
            return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(1, 45)))
        return rng.choice("xé\x00\ud800") * rng.choice([100, 2000, 20_000])

    def value(self, depth: int = 0) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:
            return self.text()
        if roll < 0.55:
            return rng.choice(WEIRD_NUMBERS)
        if roll < 0.65:
            return None
        if roll < 0.8 and depth < 3:
            return [self.value(depth + 1) for _ in range(rng.randint(0, 4))]
        if roll < 0.9 and depth < 3:
            return {self.text()[:30]: self.value(depth + 1) for _ in range(rng.randint(0, 3))}
        return self.deep(rng.choice([10, 900, 1001, 3000]))

    def deep(self, depth: int, inner: Any = 1) -> Deep:
        """``inner`` nested ``depth`` levels deep (lists or objects)."""
        return Deep(depth, inner, self.rng.random() < 0.5)

    # -- JSON mutations ----------------------------------------------------------------------
    def _paths(self, node: Any, path: tuple[Any, ...] = (), out: list[Any] | None = None) -> Any:
        out = [] if out is None else out
        out.append(path)
        if len(out) < 400:
            if isinstance(node, dict):
                for key, child in node.items():
                    self._paths(child, (*path, key), out)
            elif isinstance(node, list):
                for i, child in enumerate(node[:50]):
                    self._paths(child, (*path, i), out)
        return out

    def mutate(self, message: Any, rounds: int | None = None) -> Any:
        """``message`` (a JSON value) with one to three random changes."""
        rng = self.rng
        message = copy(message)
        for _ in range(rounds or rng.choice([1, 1, 1, 2, 3])):
            path = rng.choice(self._paths(message))
            parent, key = None, None
            node = message
            for step in path:
                parent, key, node = node, step, node[step]
            op = rng.random()
            if op < 0.45:
                new = self.value()
            elif op < 0.55 and isinstance(node, dict) and node:
                del node[rng.choice(list(node))]
                continue
            elif op < 0.65 and isinstance(node, dict):
                node[rng.choice(["x", "type", "v", "step", "extra", self.text()[:20]])] = (
                    self.value()
                )
                continue
            elif op < 0.72:
                new = self.deep(rng.choice([50, 999, 1001, 5000]), node)
            elif op < 0.8 and isinstance(node, list):
                new = node * rng.choice([10, 201, 1000])
            elif op < 0.88 and isinstance(node, str):
                spot = rng.randrange(len(node) + 1)
                new = node[:spot] + self.text() + node[spot:]
            elif op < 0.95 and isinstance(node, int) and not isinstance(node, bool):
                new = node + rng.choice([-1, 1, -(10**6), 10**9, 2**63])
            else:
                new = [node] if rng.random() < 0.5 else {"value": node}
            if parent is None:
                message = new
            else:
                parent[key] = new
        return message

    def encode(self, value: Any) -> bytes:
        """``value`` as JSON bytes, now and then spoilt: invalid UTF-8, lone surrogates, NUL,
        truncated, duplicated keys, trailing garbage, NaN."""
        rng = self.rng
        text = dumps(value, ensure_ascii=rng.random() < 0.5)
        data = text.encode("utf-8", "surrogatepass")
        roll = rng.random()
        if roll < 0.6:
            return data
        spot = rng.randrange(len(data) + 1)
        bad = rng.choice([
            b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\x80", b"\xf8\x88\x80\x80\x80", b"\x00",
            b"\\ud800", b"\\u0000", b'"', b",", b"}", b"]", b"{", b"[", b"NaN", b"-", b"\\",
        ])
        if roll < 0.8:
            return data[:spot] + bad + data[spot:]
        if roll < 0.87:
            return data[:spot]
        if roll < 0.92:
            return b"\xef\xbb\xbf" + data
        if roll < 0.96 and data.startswith(b"{"):
            return b'{"type":"x","type":' + data[1:] if data[1:2] != b"}" else data + b"x"
        return data + rng.choice([b" x", b"}", b"\x00", b"\n{}", b" // c"])

    # -- protocol messages ----------------------------------------------------------------------
    def message(self, ctx: dict[str, Any]) -> dict[str, Any]:
        """A valid-looking client message for a socket (``ctx``: its state, its tokens, whether
        it said hello)."""
        rng = self.rng
        step = ctx.get("step", 0)
        actions = ctx.get("actions") or ["play 1", "pass", "draw"]
        kinds = ["submit", "submit", "submit", "undo", "hint", "back", "lang", "sync", "ping"]
        if ctx.get("helloed"):  # (before it, no hello: the batch ends with one, its sentinel)
            kinds.append("hello")
        kind = rng.choice(
            [*kinds, rng.choice(["welcome", "state", "ack", "error", "", "HELLO", "submit "])]
        )
        out: dict[str, Any] = {"type": kind, "v": 1}
        if kind == "hello":
            out[rng.choice(["token", "watch"])] = rng.choice(ctx.get("tokens") or ["x"])
            if rng.random() < 0.3:
                out["last_step"] = rng.choice([0, step, step + 1, -1])
        elif kind == "submit":
            out["step"] = rng.choice([step, step, step - 1, step + 1, 0])
            out["action"] = rng.choice(actions)
        elif kind in ("undo", "hint"):
            out["step"] = rng.choice([step, step - 1, step + 1])
        elif kind == "lang":
            out["lang"] = rng.choice(LANGS)
        return out

    def frame(self, ctx: dict[str, Any]) -> tuple[bytes, int]:
        """One frame to send and what it does to the WebSocket protocol: :data:`KEEPS` it,
        :data:`BREAKS` it (the server may close the socket, or answer and go on) or
        :data:`DESYNCS` it (garbage or a frame cut short: the server cannot read what follows)."""
        rng = self.rng
        roll = rng.random()
        self.valid = False
        if roll < 0.06:
            return self.broken_frame()
        base = self.message(ctx)
        if roll < 0.12:
            payload = dumps(base).encode()  # valid (a move, a sync …)
            self.valid = True
        elif roll < 0.2:
            payload = self.encode(self.deep(rng.choice([500, 1000, 2000, 5000]), base))
        elif roll < 0.25:
            payload = rng.choice([
                b"", b" ", b"null", b"[]", b"{}", b"1", b'"hello"', b"[" * 8000, b"{" * 5000,
                os.urandom(rng.randint(1, 300)), b'{"v":1,"type":"ping"}' * 2,
                dumps({"v": 1, "type": "ping", "pad": "x" * 17_000}).encode(),
                dumps({"v": 1, "type": "submit", "step": 0, "action": "x" * 60_000}).encode(),
            ])
        else:
            payload = self.encode(self.mutate(base))
        payload = payload[:60_000]
        opcode = 2 if rng.random() < 0.1 else 1
        effect = KEEPS
        if opcode == 1:
            try:
                payload.decode("utf-8")
            except UnicodeDecodeError:
                effect = BREAKS  # a text frame must be UTF-8
        self.last = f"{'text' if opcode == 1 else 'binary'} {payload[:200]!r} ({len(payload)} B)"
        if self.valid:
            self.last = f"valid {self.last}"
        if rng.random() < 0.05 and len(payload) > 2:  # the same message in fragments
            cut = rng.randrange(1, len(payload))
            self.last = f"in 2 fragments: {self.last}"
            return frame(payload[:cut], opcode, fin=False) + frame(payload[cut:], 0), effect
        return frame(payload, opcode), effect

    def broken_frame(self) -> tuple[bytes, int]:
        rng = self.rng
        ok = b'{"v":1,"type":"ping"}'
        if rng.random() < 0.1:
            data = rng.choice([bytes([0x81]), bytes([0x81, 0xFE, 0x01]), os.urandom(64)])
            self.last = f"raw {data[:20]!r}"
            return data, DESYNCS
        data = rng.choice([
            lambda: frame(b"\xff\xfe invalid", 1),
            lambda: frame(b'{"v":1,"type":"ping","x":"\xed\xa0\x80"}', 1),
            lambda: frame(ok, 1, rsv=rng.choice([1, 2, 4, 7])),
            lambda: frame(ok, rng.choice([3, 4, 5, 6, 7, 11, 12, 15])),
            lambda: frame(ok, 1, mask=False),
            lambda: frame(ok, 0),
            lambda: frame(ok, 1, fin=False) + frame(ok, 1),
            lambda: frame(b"x" * 200, 9),
            lambda: frame(b"x", 9, fin=False),
            lambda: frame(rng.choice([999, 1005, 1006, 2000, 5000, 65535]).to_bytes(2, "big"), 8),
            lambda: frame((1000).to_bytes(2, "big") + b"\xff", 8),
            lambda: frame(b"\x03", 8),
            lambda: frame(ok, 1, length=2**63 - 1),
            lambda: frame(ok, 1, length=2**64 - 1),
            lambda: frame(ok, 1, length=10**6),
            lambda: frame(b"x" * 70_000, 1),
            lambda: frame(b"x" * 70_000, 2),
            lambda: frame(b"x" * 40_000, 1, fin=False) + frame(b"x" * 40_000, 0),
        ])()
        self.last = f"raw frame {data[:40]!r} ({len(data)} B)"
        return data, BREAKS

    # -- tables ----------------------------------------------------------------------------------
    def name(self) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            return None
        if roll < 0.75:
            return rng.choice(["ann", "bob", "Zoë", "李", "a b", " pad ", "x.y-z_1", "A" * 20])
        if roll < 0.97:
            return self.text()[:45] if rng.random() < 0.8 else self.text()
        return rng.choice([5, [], {}, True])

    def kind(self) -> str:
        return self.rng.choice(KINDS)

    def table(self) -> dict[str, Any]:
        """A table-creation body that looks valid: a game, seats, options, maybe a clock."""
        rng = self.rng
        game = rng.choice(self.games)
        count = rng.randint(game["min_seats"], game["max_seats"])
        if rng.random() < 0.03:
            count = rng.choice([0, 1, game["max_seats"] + 1, 30])
        seats: list[dict[str, Any]] = []
        for _seat in range(count):
            roll = rng.random()
            seat: dict[str, Any]
            if roll < 0.3 and not any(s.get("kind") == "me" for s in seats):
                seat = {"kind": "me"}
            elif roll < 0.55:
                seat = {"kind": "friend"}
            else:
                kinds = game["engine_seats"] if rng.random() < 0.15 else (
                    KINDS if rng.random() < 0.4 else GOOD_KINDS
                )
                seat = {"kind": "bot", "bot": rng.choice(kinds or GOOD_KINDS)}
                behind = bool(seats) and seats[0]["kind"] != "bot" and game["name"] != "post_office"
                if seat["bot"] not in LIGHT and not behind:
                    seat = {"kind": "friend"}  # a long search waits for the person first
            name = self.name()
            if name is not None:
                seat["name"] = name
            seats.append(seat)
        body: dict[str, Any] = {"game": game["name"], "seats": seats}
        options: dict[str, Any] = {}
        for option in game["options"]:
            roll = rng.random()
            if roll < 0.5:
                continue
            if roll < 0.95:
                if option["choices"]:
                    options[option["name"]] = rng.choice(option["choices"])
                elif option["type"] == "bool":
                    options[option["name"]] = rng.random() < 0.5
                elif option["type"] == "int":
                    low = option["minimum"] if option["minimum"] is not None else 0
                    high = option["maximum"] if option["maximum"] is not None else low + 10
                    options[option["name"]] = rng.choice([low, high, (low + high) // 2])
                else:
                    options[option["name"]] = option["default"]
            else:
                options[option["name"]] = self.value()
        if rng.random() < 0.03:
            options[self.text()[:20]] = self.value()
        if options or rng.random() < 0.5:
            body["options"] = options
        if rng.random() < 0.3:
            clock: dict[str, Any] = {}
            if rng.random() < 0.7:
                clock["per_move"] = rng.choice([5, 60, 3600, 86400, 60, 0, 4, 10**12, 7.5, "60"])
            if rng.random() < 0.5:
                clock["absent_bot"] = rng.choice(sorted(LIGHT))
            if rng.random() < 0.4:
                clock["absent_after"] = rng.choice([1, 30.5, 3600, 60, 0.5, 10**9, float("nan")])
            body["clock"] = clock
        if rng.random() < 0.3:
            body["hints"] = rng.choice([True, False, True, False, "yes", 1, None])
        return body

    # -- HTTP requests ---------------------------------------------------------------------------
    def path_part(self) -> str:
        text = self.text() if self.rng.random() < 0.7 else "x" * self.rng.choice([64, 65, 3000])
        return quote(text[:4000].encode("utf-8", "surrogatepass"), safe="")

    def header_text(self) -> str:
        rng = self.rng
        return "".join(chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0x100)]))
                       for _ in range(rng.choice([0, 1, 10, 40, 299, 400])))

    def request(
        self, tables: list[dict[str, Any]], records: list[str]
    ) -> tuple[str, str, bytes | None, dict[str, str]]:
        """(method, path, body, headers) of a request to the API: malformed (its body, path or
        token), but for some bodies sent as made (:attr:`valid`)."""
        rng = self.rng
        self.valid = False
        table = rng.choice(tables)
        secret = rng.choice([*table["tokens"], table["watch"], self.header_text()])
        roll = rng.random()
        headers: dict[str, str] = {}
        if rng.random() < 0.05:
            headers["Accept-Language"] = self.header_text()
        if roll < 0.35:
            path, body = "/api/tables", self.table() if rng.random() < 0.9 else self.value()
        elif roll < 0.5:
            record = rng.choice(records)
            if rng.random() < 0.5:
                lines = record.splitlines()
                spot = rng.randrange(len(lines))
                try:
                    lines[spot] = dumps(self.mutate(json.loads(lines[spot])))
                except (ValueError, RecursionError):
                    lines[spot] = lines[spot][: rng.randrange(len(lines[spot]) + 1)]
                record = "\n".join(lines) + rng.choice(["\n", "", "\n\n", "\x00"])
            seats = [rng.choice([{"kind": "me"}, {"kind": "friend", "name": self.name()}])]
            path, body = "/api/import", {"record": record, "seats": seats}
        elif roll < 0.65:
            links = [{"table": t["id"], "token": rng.choice(t["tokens"] or ["x"])} for t in tables]
            links += [{"table": self.text()[:70], "token": self.text()[:130]}
                      for _ in range(rng.choice([0, 1, 5]))]
            path, body = "/api/my-games", {"links": links}
        elif roll < 0.7:
            headers["Authorization"] = f"Bearer {secret}"
            return "POST", f"/api/tables/{table['id']}/rematch", b"", headers
        elif roll < 0.73:
            # a link renewed by someone who is not the creator (the creator's would close the
            # sockets of the other fuzzers at that table)
            others = [t for i, t in enumerate(table["tokens"]) if i != table["creator"]]
            headers["Authorization"] = f"Bearer {rng.choice([*others, self.header_text()])}"
            which = rng.choice(["0", "1", "spectator", self.path_part(), "-1", "99"])
            return "POST", f"/api/tables/{table['id']}/invites/{which}/revoke", b"", headers
        elif roll < 0.88:
            which = table["id"] if rng.random() < 0.6 else self.path_part()
            if rng.random() < 0.7:
                headers["Authorization"] = rng.choice(["Bearer ", "bearer ", "Basic ", ""]) + secret
            end = rng.choice(["record", f"replay/{rng.choice(['0', '1', '-1', '999999', 'x'])}",
                              f"replay/{self.path_part()}", "", "rematch"])
            return "GET", f"/api/tables/{which}/{end}", None, headers
        elif roll < 0.94:
            path = rng.choice([
                f"/api/i18n/{self.path_part()}", f"/api/games?lang={self.path_part()}",
                f"/t/{self.path_part()}", f"/static/{self.path_part()}", "/", "/api/i18n/nl",
                f"/api/tables/{table['id']}/record?lang={self.path_part()}",
            ])
            return "GET", path, None, headers
        else:
            method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "POST", "GET"])
            path = rng.choice(["/api/tables", "/api/my-games", "/api/import", "/api/games"])
            if rng.random() < 0.5:
                headers["Content-Type"] = rng.choice(
                    ["text/plain", "application/x-www-form-urlencoded", "application/json; x=1"]
                )
            return method, path, self.encode(self.value()), headers
        roll = rng.random()
        if roll < 0.15:
            data = dumps(body).encode("utf-8", "surrogatepass")  # as it is
            self.valid = True
        elif roll < 0.25:
            depth = rng.choice([1001, 3000, 100_000, 1_000_000])
            data = self.encode(self.deep(depth, body))
        elif roll < 0.3:
            data = rng.choice([b"", b"{", b"null", b"[]", b'"x"', b"\xff\xfe{}", b"{}" * 3,
                               os.urandom(rng.randint(1, 2000))])
        elif roll < 0.301:
            data = b'{"game": "' + b"x" * (4 * 1024 * 1024) + b'"}'
        else:
            data = self.encode(self.mutate(body))
        return "POST", path, data, headers
