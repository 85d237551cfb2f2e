"""``mailbag serve``: play in the browser with friends.

A starlette application (:mod:`.app`) holds a lobby and live tables; every table is driven by
:class:`mailbag.table.Table` (one driver for every front end), kept durable in a SQL database
(:mod:`.store`: SQLite by default, PostgreSQL for several processes), and talks to browsers over
one WebSocket per seat in the protocol of ``docs/protocol.md`` (:mod:`.protocol`). What leaves the
server for a seat is built from that seat's view, legal actions and visible events only
(:mod:`.messages`).
"""
