"""``host --web``: the friend closed the browser tab mid-match and opens the link again.
The browser that opened it first is let in again (its session cookie), and the tab's new
app takes the seat back with the seat kept in its folder (the same code: net/seat.json,
tests/test_serve_guest.py); another browser is still refused, saying why.  A link opened
from another site's page (a web chat: its SameSite=Strict cookie is not sent then) goes
once through a page of this server's own, which the cookie does follow."""

from __future__ import annotations

from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from truf_tui.net.invite import Invite
from truf_tui.net.server import Host
from truf_tui.play.config import GameConfig
from truf_tui.web.guest import USED, GuestServer

TOKEN = "t" * 32


async def test_the_first_browser_opens_the_link_again_another_is_refused(
        tmp_path: Path) -> None:
    host = Host(GameConfig(game="truc", opponent="human"))
    invite = Invite("127.0.0.1", 9, host.ticket.secret, bytes(32))
    server = GuestServer(host, bind="127.0.0.1", port=0, token=TOKEN, lang="en",
                         folder=tmp_path, invite=invite)
    jar = aiohttp.CookieJar(unsafe=True)  # (cookies of an IP address)
    async with TestClient(TestServer(await server._make_app()), cookie_jar=jar) as friend:
        link = f"/?token={TOKEN}"
        first = await friend.get(link, allow_redirects=False)
        assert first.status == 303 and server.spent
        host.ticket.used = True  # the tab's app took the seat with the code
        # The tab closed; the friend opens the link again in the same browser.
        again = await friend.get(link, allow_redirects=False)
        assert again.status == 303 and again.headers["Location"] == "/"
        assert (await friend.get("/")).status == 200  # the page of the seat
        async with aiohttp.ClientSession() as other:  # another browser, no cookie
            refused = await other.get(friend.make_url(link), allow_redirects=False)
            assert refused.status == 403
            said = await refused.text()
            assert "opened already" in said and "browser that opened it first" in said
            # From another site's page (a web chat) a browser withholds its SameSite=Strict
            # cookie: a hop by this server's own page, whose navigation carries it ...
            hop = await other.get(friend.make_url(link), allow_redirects=False,
                                  headers={"Sec-Fetch-Site": "cross-site"})
            assert hop.status == 200 and f"url=/?token={TOKEN}" in await hop.text()
            # ... and with no cookie then either, the refusal (never a second hop).
            after = await other.get(friend.make_url(link), allow_redirects=False,
                                    headers={"Sec-Fetch-Site": "same-origin"})
            assert after.status == 403
    assert "browser that opened it first" in USED
