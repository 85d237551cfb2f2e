"""The table's creator renews a friend's invite link from the lobby's new-table card: the card
shows the new link, the old one no longer opens the seat, the new one does (issue 28)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from browser_live import DESKTOP, Contexts, LiveServer
from playwright.sync_api import expect


def my_games(server: LiveServer, table: str, token: str) -> list[dict[str, object]]:
    body = json.dumps({"links": [{"table": table, "token": token}]}).encode()
    request = urllib.request.Request(
        f"{server.url}/api/my-games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answered:
        found: list[dict[str, object]] = json.load(answered)
    return found


def table_and_token(link: str) -> tuple[str, str]:
    table = link.split("/t/", 1)[1].split("#", 1)[0]
    return table, link.split("token=", 1)[1]


def test_the_creator_renews_an_invite_link(server: LiveServer, contexts: Contexts) -> None:
    lobby = contexts.page(DESKTOP)
    lobby.goto(server.url + "/")
    lobby.get_by_test_id("game-select").select_option("carteros")
    lobby.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    lobby.get_by_test_id("seat-kind-0").select_option("me")
    lobby.get_by_test_id("seat-kind-1").select_option("friend")
    lobby.get_by_test_id("create-table").click()
    link = lobby.get_by_test_id("invite-link-1")
    old = link.get_attribute("href")
    assert old and "#seat=1&token=" in old
    lobby.get_by_test_id("invite-link-1-renew").click()
    expect(link).not_to_have_attribute("href", old)
    new = link.get_attribute("href")
    assert new and "#seat=1&token=" in new
    table, old_token = table_and_token(old)
    assert my_games(server, table, old_token) == []  # the old link is no seat any more
    assert [g["seat"] for g in my_games(server, *table_and_token(new))] == [1]
    # the spectators' link is renewed the same way
    watch = lobby.get_by_test_id("spectator-link")
    before = watch.get_attribute("href")
    lobby.get_by_test_id("spectator-link-renew").click()
    expect(watch).not_to_have_attribute("href", before or "")
