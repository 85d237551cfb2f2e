"""The lobby: which games there are, making a table (seats, options, clock), importing a record
made on the command line, and rematches. Every request is checked field by field; a wrong one is
an error naming what was wrong (:class:`LobbyError`)."""

from __future__ import annotations

import secrets
from typing import Any

from mailbag.bots import bot_kinds, is_bot_kind, make_agents
from mailbag.bots.base import make_bot
from mailbag.core import MailbagError
from mailbag.core.i18n import _
from mailbag.core.names import MAX_NAME, check_name, name_problem
from mailbag.core.presentation import cited_rules
from mailbag.core.records import GameRecord, engine_seat_kinds
from mailbag.core.records import loads as load_record
from mailbag.games import get, names
from mailbag.server.hub import seat_rows_for
from mailbag.server.rooms import Room
from mailbag.server.store.db import Database, SeatRow
from mailbag.server.tokens import new_token, pending_hash, seat_link, token_hash, watch_link
from mailbag.server.words import kind_label, kind_labels
from mailbag.table import Table, game_for_record
from mailbag.table.hints import hints_by_default
from mailbag.table.tutorial import require_tutorial, tutorial_of

#: suggested bot kinds for the lobby's seat menus (any valid kind is accepted)
SUGGESTED_BOTS = ("greedy", "random", "mcts:time=1")
#: the longest seat kind a table may store (the database's column holds 128)
MAX_KIND = 128
#: the longest move time a table may set (seconds)
MAX_PER_MOVE = 24 * 3600


class LobbyError(MailbagError):
    """A lobby request that cannot be carried out, and why."""


def _words(text: str, domain: str) -> str:
    """A game's text (of its catalog, ``domain``) in the reader's language, rule ids cited in
    it dropped."""
    if not text:
        return ""
    return cited_rules(_(text))[0]


def _option(option: Any, domain: str) -> dict[str, Any]:
    choices = list(option.choices) if option.choices is not None else None
    labels = option.choice_labels
    if labels is None and option.type is bool:
        labels = (_("no"), _("yes"))
    choice_labels = None
    if labels is not None:
        shown = [_words(label, domain) for label in labels]
        values = choices if choices is not None else [False, True]
        choice_labels = [
            {"value": value, "label": label} for value, label in zip(values, shown, strict=False)
        ]
    return {
        "name": option.name,
        "label": _words(option.label, domain) or option.name.replace("_", " "),
        "type": option.type.__name__,
        "default": option.default,
        "choices": choices,
        "choice_labels": choice_labels,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "help": _words(option.help, domain),
    }


def describe_games() -> list[dict[str, Any]]:
    """Every game for the lobby's form, its title, summary and options' help in the reader's
    language (the games mark them where they are written), each option's label and choices in
    words (rule ids dropped), and each seat kind's name (``seat_kind_labels``)."""
    out = []
    for name in names():
        spec = get(name).spec
        kinds = [*SUGGESTED_BOTS, *(k for k in bot_kinds() if k not in SUGGESTED_BOTS)]
        out.append(
            {
                "name": spec.name,
                "title": _(spec.title),
                "min_seats": spec.min_seats,
                "max_seats": spec.max_seats,
                "summary": _(spec.summary) if spec.summary else "",
                "options": [_option(o, spec.name) for o in spec.options],
                "seat_kinds": kinds,
                "engine_seats": list(spec.engine_seats),
                # whether the game brings a guided first game ("Learn to play")
                "lesson": tutorial_of(get(name)) is not None,
                "seat_kind_labels": {
                    "me": kind_label("human", own=True),
                    "friend": _("Another person (invite)"),
                    **kind_labels([*kinds, *spec.engine_seats]),
                },
            }
        )
    return out


def _name(value: object, default: str, where: str) -> str:
    """The seat's name: the one given, under the name rule (:mod:`mailbag.core.names`: the
    record's, 1 to 20 characters, nothing invisible), else ``default`` made to fit it."""
    if value is None or value == "":
        return _fitted(default)
    return check_name(value, where)


def _fitted(name: str, room: int = 0) -> str:
    """A name the lobby made up (``me``, ``friend 2``, a bot's kind) cut to fit the name rule
    with ``room`` characters to spare (for a number put after it)."""
    return name.strip()[: MAX_NAME - room].rstrip() or "?"


def _bot_name(kind: str) -> str:
    """A bot seat's name when none was given: its kind if that fits a name (``greedy``,
    ``mcts:time=1``), else the bot's own name (``mcts`` for ``mcts:iters=1000,c=1.4``)."""
    if name_problem(kind) is None:
        return kind
    return _fitted(kind.partition(":")[0])


def _bot_kind(game_name: str, kind: object, where: str) -> str:
    """A bot's seat kind or one of the game's engine seats; a bot's parameters are checked
    against the bot's declared ranges and this server's limits (``mailbag serve
    --max-bot-time``, ``--max-bot-iters``)."""
    from mailbag.bots.base import check_kind
    from mailbag.server.thinking import server_limits

    game = get(game_name)
    if isinstance(kind, str) and kind in game.spec.engine_seats:
        return kind
    if isinstance(kind, str) and is_bot_kind(kind):
        try:
            check_kind(kind, server_limits())
        except MailbagError as exc:
            raise LobbyError(_("{where}: {problem}", where=where, problem=str(exc))) from None
        return kind
    valid = ", ".join([*bot_kinds(), *game.spec.engine_seats])
    raise LobbyError(
        _(
            "{where}: {kind} is not a seat kind of this game ({valid})",
            where=where,
            kind=repr(kind),
            valid=valid,
        )
    )


def _clock(value: object, game_name: str) -> dict[str, Any]:
    """The table's clock settings: seconds per move, and the bot that plays for an absent or
    late person (none: nobody plays for them)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or set(value) - {"per_move", "absent_bot", "absent_after"}:
        raise LobbyError(_("clock: expected {per_move: seconds, absent_bot: kind, absent_after}"))
    clock: dict[str, Any] = {}
    per_move = value.get("per_move")
    if per_move not in (None, 0):
        if (
            not isinstance(per_move, int)
            or isinstance(per_move, bool)
            or not (5 <= per_move <= MAX_PER_MOVE)
        ):
            raise LobbyError(
                _("clock.per_move: seconds per move, 5 to {limit}", limit=MAX_PER_MOVE)
            )
        clock["per_move"] = per_move
    bot = value.get("absent_bot")
    if bot not in (None, ""):
        kind = _bot_kind(game_name, bot, "clock.absent_bot")
        if kind in get(game_name).spec.engine_seats:
            raise LobbyError(
                _("clock.absent_bot: the Automa cannot play a person's seat; pick a bot")
            )
        clock["absent_bot"] = kind
    after = value.get("absent_after")
    if after is not None:
        if (
            not isinstance(after, (int, float))
            or isinstance(after, bool)
            or not (1 <= after <= 3600)
        ):
            raise LobbyError(_("clock.absent_after: seconds, 1 to 3600"))
        clock["absent_after"] = float(after)
    return clock


def _made(
    db: Database, record: GameRecord, settings: dict[str, Any], me: int | None
) -> dict[str, Any]:
    """Store a new table for ``record``: its seats get tokens, a spectator key is made."""
    table_id = secrets.token_urlsafe(9)
    rows, tokens = seat_rows_for(record)
    for row in rows:
        _storable(row)
    watch = new_token()
    settings = {**settings, "watch_hash": token_hash(watch)}
    if me is not None:
        settings["creator"] = me  # whoever holds this seat's link may renew the others' links
    game = game_for_record(record)
    # the table opens as the server will open it: its bots made (their kinds and parameters
    # checked), every decision replayed and checked, before anything is stored
    Table.open(game, record, agents=make_agents(game, record.seats, record.seed))
    if settings.get("absent_bot"):
        make_bot(str(settings["absent_bot"]), game, 0, record.seed)
    db.create_table(table_id, record, settings, rows)
    return {
        "table": table_id,
        "game": record.game,
        "me": me,
        "seats": [{"seat": r.seat, "name": r.name, "kind": r.kind} for r in rows],
        "links": {str(seat): seat_link(table_id, seat, token) for seat, token in tokens.items()},
        "spectator": watch_link(table_id, watch),
    }


def _storable(row: SeatRow) -> None:
    """A seat the database can hold as it is: a name under the name rule, a kind of at most
    :data:`MAX_KIND` printable characters (an imported record's kinds come from a file)."""
    where = _("seat {seat}", seat=row.seat)
    check_name(row.name, where)
    if len(row.kind) > MAX_KIND or not row.kind.isprintable():
        raise LobbyError(
            _(
                "{where}: a seat kind is at most {limit} printable characters",
                where=where,
                limit=MAX_KIND,
            )
        )


def _game_of(body: dict[str, Any]) -> Any:
    """The game a request's ``game`` field names (else an error listing the games)."""
    game_name = body.get("game")
    if game_name not in names():
        raise LobbyError(
            _(
                "game: {game} is not one of {games}",
                game=repr(game_name),
                games=", ".join(names()),
            )
        )
    return get(game_name)


def create_table(db: Database, body: Any) -> dict[str, Any]:
    """``POST /api/tables``: a new game (see docs/protocol.md)."""
    if not isinstance(body, dict):
        raise LobbyError(_("expected {game, options, seats, clock}"))
    unknown = set(body) - {"game", "options", "seats", "clock", "hints"}
    if unknown:
        raise LobbyError(_("unknown fields: {fields}", fields=", ".join(sorted(unknown))))
    game = _game_of(body)
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise LobbyError(_("options: expected {name: value}"))
    resolved = game.spec.resolve_options(options)
    seats = body.get("seats")
    if not isinstance(seats, list) or not (
        game.spec.min_seats <= len(seats) <= game.spec.max_seats
    ):
        raise LobbyError(
            _(
                "seats: {game} is played by {least}–{most} seats; give a list of them",
                game=_(game.spec.title),
                least=game.spec.min_seats,
                most=game.spec.max_seats,
            )
        )
    kinds: list[str] = []
    labels: list[str] = []
    me: int | None = None
    for index, seat in enumerate(seats):
        where = _("seat {seat}", seat=index)
        if not isinstance(seat, dict) or set(seat) - {"kind", "bot", "name"}:
            raise LobbyError(_("{where}: expected {{kind: me|friend|bot, bot, name}}", where=where))
        kind = seat.get("kind")
        if kind == "me":
            if me is not None:
                raise LobbyError(_("{where}: only one seat can be yours", where=where))
            me = index
            kinds.append("human")
            # the names the lobby makes up are in the language of whoever made the table
            labels.append(_name(seat.get("name"), _("Player {number}", number=index + 1), where))
        elif kind == "friend":
            kinds.append("human")
            labels.append(_name(seat.get("name"), _("Player {number}", number=index + 1), where))
        elif kind == "bot":
            bot = _bot_kind(game.spec.name, seat.get("bot"), where)
            kinds.append(bot)
            labels.append(_name(seat.get("name"), kind_label(bot), where))
        else:
            raise LobbyError(
                _("{where}: kind is me, friend or bot, not {kind}", where=where, kind=repr(kind))
            )
    labels = _distinct(labels, [bool(isinstance(x, dict) and x.get("name")) for x in seats])
    game.spec.check_seats(engine_seat_kinds(game, kinds))
    record = GameRecord(
        game.spec.name,
        dict(resolved),
        secrets.randbelow(2**63),
        kinds,
        schema=game.schema_version,
        names=labels,
    )
    settings = {**_clock(body.get("clock"), game.spec.name), **_hints(body, kinds)}
    # which names someone chose: the others are shown as the seat's kind in the reader's words
    settings["named"] = [bool(isinstance(x, dict) and x.get("name")) for x in seats]
    return _made(db, record, settings, me)


def create_lesson(db: Database, body: Any) -> dict[str, Any]:
    """``POST /api/learn``: a table of the game's guided first game (its fixed deal, seats and
    options: mailbag.table.tutorial), the caller at the learner's seat (0), hints off."""
    if not isinstance(body, dict) or set(body) - {"game"}:
        raise LobbyError(_("expected {game}"))
    game = _game_of(body)
    lesson = require_tutorial(game)
    kinds = list(lesson.seats)
    labels = [
        _("Player {number}", number=1),
        *(kind_label(kind) for kind in kinds[1:]),
    ]
    record = GameRecord(
        game.spec.name,
        dict(game.spec.resolve_options(lesson.options)),
        lesson.seed,
        kinds,
        schema=game.schema_version,
        names=_distinct(labels, [False] * len(kinds)),
    )
    settings = {"hints": False, "tutorial": True, "named": [False] * len(kinds)}
    return _made(db, record, settings, 0)


def _hints(body: dict[str, Any], kinds: list[str]) -> dict[str, bool]:
    """The table's hints setting: as the creator chose (``hints: true|false``), else on for
    one person against bots and off between people (mailbag.table.hints)."""
    value = body.get("hints")
    if value is None:
        return {"hints": hints_by_default(kinds)}
    if not isinstance(value, bool):
        raise LobbyError(_("hints: expected true or false"))
    return {"hints": value}


def _distinct(labels: list[str], given: list[bool]) -> list[str]:
    """Seat names, the ones made up by the lobby numbered apart ("greedy", "greedy 2"); two
    names a person gave that are the same are an error."""
    mine = [label for label, chosen in zip(labels, given, strict=True) if chosen]
    if len(set(mine)) != len(mine):
        raise LobbyError(_("seats: two seats have the same name"))
    out: list[str] = []
    for label, chosen in zip(labels, given, strict=True):
        name, n = label, 1
        while not chosen and (name in out or name in mine):
            n += 1
            name = f"{_fitted(label, len(str(n)) + 1)} {n}"  # still a name: at most 20
        out.append(name)
    return out


def import_table(db: Database, body: Any) -> dict[str, Any]:
    """``POST /api/import``: a record from the command line, continued here."""
    if not isinstance(body, dict) or not isinstance(body.get("record"), str):
        raise LobbyError(_("expected {record: the JSON Lines text, seats: [...], clock}"))
    try:
        body["record"].encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate ("\ud800" in the request's JSON)
        raise LobbyError(
            _(
                "record: not text (the character {char} at {where} stands alone)",
                char=f"U+{ord(body['record'][exc.start]):04X}",
                where=exc.start,
            )
        ) from None
    record = load_record(body["record"], _("the imported record"))
    humans = [i for i, kind in enumerate(record.seats) if kind == "human"]
    for seat, kind in enumerate(record.seats):
        if kind != "human":  # the record's bots play here under this server's limits
            _bot_kind(record.game, kind, _("seat {seat}", seat=seat))
    seats = body.get("seats") or [{"kind": "friend"} for _seat in humans]
    if not isinstance(seats, list) or len(seats) != len(humans):
        raise LobbyError(
            _(
                "seats: the record has {count} people's seats ({seats}); give one entry each",
                count=len(humans),
                seats=humans,
            )
        )
    me: int | None = None
    labels = [record.label(i) for i in range(len(record.seats))]
    for seat, entry in zip(humans, seats, strict=True):
        where = _("seat {seat}", seat=seat)
        if not isinstance(entry, dict) or entry.get("kind") not in ("me", "friend"):
            raise LobbyError(_("{where}: expected {{kind: me|friend, name}}", where=where))
        if entry["kind"] == "me":
            if me is not None:
                raise LobbyError(_("{where}: only one seat can be yours", where=where))
            me = seat
        labels[seat] = _name(entry.get("name"), labels[seat], where)
    # the record's own names (a file written by hand) meet the same rule as the lobby's
    labels = [check_name(label, _("seat {seat}", seat=i)) for i, label in enumerate(labels)]
    if len(set(labels)) != len(labels):
        raise LobbyError(_("seats: two seats have the same name"))
    record.names = labels
    settings = {**_clock(body.get("clock"), record.game), **_hints(body, list(record.seats))}
    return _made(db, record, settings, me)


def rematch(db: Database, room: Room) -> str:
    """The rematch table of a finished table (made once; asking again gives the same one): the
    same game, options, seats and clock, a new seed. Each person's seat waits for its owner: its
    token is derived from their old one (:func:`derived_token`), which only they hold, and is
    claimed when they show the old one (:meth:`Hub.claim_rematch`)."""
    if room.row.rematch is not None:
        return room.row.rematch
    old = room.table.record
    record = GameRecord(
        old.game,
        dict(old.options),
        secrets.randbelow(2**63),
        list(old.seats),
        components=old.components,
        schema=room.game.schema_version,
        names=room.names(),  # as the table knows them (not worded in a reader's language)
    )
    rows = [
        SeatRow(r.seat, r.name, r.kind, pending_hash(r.token_hash) if r.token_hash else None, False)
        for r in room.row.seats
    ]
    settings = {k: v for k, v in room.settings.items() if k != "watch_hash"}
    settings["watch_hash"] = token_hash(new_token())  # spectators are invited anew
    made = db.create_rematch(room.id, secrets.token_urlsafe(9), record, settings, rows)
    room.row.rematch = made
    return made
