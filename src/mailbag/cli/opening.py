"""``mailbag serve --open GAME``: the newcomer's way in (``make play``). Once the server answers,
a table of GAME is made — you against the game's usual opponents (Postcards: the Automa) — and
the browser is opened straight on your seat; where no browser can be opened, the link is
printed instead.

It talks to the server it started over loopback HTTP, as any client does (``POST
/api/tables``), from a thread beside the server: the server itself is not changed.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Callable
from typing import Any

from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _

#: the opponents of a newcomer's first table, by game (a game not named: one greedy bot)
OPPONENTS: dict[str, tuple[str, ...]] = {
    "postcards": ("automa:normal",),
    "post_office": ("greedy", "greedy"),
    "carteros": ("greedy",),
}
#: how long to wait for the server to answer before giving up (seconds)
START_TIMEOUT = 60.0


class OpeningError(MailbagError):
    """The newcomer's table could not be made."""


def table_request(game: str) -> dict[str, Any]:
    """The ``POST /api/tables`` body of a newcomer's table of ``game``."""
    bots = OPPONENTS.get(game, ("greedy",))
    return {
        "game": game,
        "options": {},
        "seats": [{"kind": "me"}, *({"kind": "bot", "bot": bot} for bot in bots)],
    }


def make_table(address: str, game: str, timeout: float = START_TIMEOUT) -> str:
    """Wait (bounded) until the server at ``address`` answers, make the newcomer's table of
    ``game`` and return the absolute link of its person's seat."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(address + "api/games", timeout=5) as answer:
                answer.read()
            break
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise OpeningError(
                    _("the server at {address} did not answer", address=address)
                ) from None
            time.sleep(0.2)
    request = urllib.request.Request(
        address + "api/tables",
        data=json.dumps(table_request(game)).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            made = json.load(answer)
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode(errors="replace")
        raise OpeningError(_("the table could not be made: {detail}", detail=detail)) from None
    link = str(made["links"]["0"])
    return address.rstrip("/") + link if link.startswith("/") else link


def graphical_browser(link: str) -> bool:
    """Open ``link`` in a graphical browser, if this machine has a screen for one: on Linux a
    console browser (lynx, w3m …) would take over the terminal the server prints to, so without
    a display nothing is opened (False)."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    return webbrowser.open(link)


def open_in_browser(
    address: str,
    game: str,
    say: Callable[[str], None],
    opener: Callable[[str], bool] = graphical_browser,
) -> threading.Thread:
    """In a thread: make the table, open the browser on it (``opener``), and ``say`` the link
    (always — and that the browser could not be opened, where it could not)."""

    def run() -> None:
        try:
            link = make_table(address, game)
        except MailbagError as exc:
            say(_("mailbag: {error}", error=str(exc)))
            return
        try:
            opened = opener(link)
        except Exception:  # a browser that cannot start is not an error here
            opened = False
        if opened:
            say(_("mailbag: your table is open in the browser: {link}", link=link))
        else:
            say(_("mailbag: open this link in a browser to play: {link}", link=link))

    thread = threading.Thread(target=run, name="mailbag-open", daemon=True)
    thread.start()
    return thread
