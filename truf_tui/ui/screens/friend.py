"""Play a friend (issue 39): host a game and show its invite code, or join one with a code.

Hosting runs the authoritative server in the app's event loop (an async worker: the screen
never waits on the network); the host's own table joins it over loopback like the guest's.
The game, its variants and the best-of are the start screen's choices.  When the guest has
taken the seat and the first deal is agreed, the table replaces this screen.

A match this app hosted and did not finish (the app was killed, or stopped under its table)
is autosaved in the data folder (``net/host.json``): the screen then offers to resume it,
which hosts it again with a new code for the friend, whose seat waits for it (issue 39
item 4, as ``host --resume``); or to forget it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.markup import escape
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Static

from truf_tui.net.client import JoinError
from truf_tui.net.invite import InviteError
from truf_tui.net.server import HostError
from truf_tui.play.config import GameConfig
from truf_tui.ui.i18n import tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.netplay import (
    Lost,
    NetSession,
    Turn,
    forget_save,
    lost_words,
    resumable_save,
    saved_config,
    saved_friend,
)
from truf_tui.ui.services import services
from truf_tui.ui.settings import Translated
from truf_tui.ui.widgets.table import Markup

NAME_MAX = 16


def code_pasted(text: str) -> str:
    """An invite code as pasted: a code copied from the screen with the mouse comes on two
    lines at 80 columns, maybe with the box's border; the box keeps every piece of it."""
    return "".join(c for c in text if not c.isspace() and not "\u2500" <= c <= "\u257f")


class CodeInput(Input):
    """The code box: a paste keeps all its lines (a plain box keeps only the first, which
    leaves a code cut short, its address wrong)."""

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # not the plain box's paste as well
        if code_pasted(event.text):
            self.insert_text_at_cursor(code_pasted(event.text))


def join_problem(error: Exception) -> str:
    """Why the code did not take a seat, in plain words of the language."""
    if isinstance(error, InviteError):
        return tr("net.join.bad_code")
    kind = getattr(error, "kind", "closed")
    key = f"net.join.{kind}"
    text = tr(key)
    return text if text != key else tr("net.join.closed")


def config_words(config: GameConfig) -> str:
    """"Le Truc, best of 3, first to 12": what the host offers."""
    parts = [tr(f"game.{config.game}")]
    parts.append(tr("start.best_of", n=config.best_of) if config.best_of > 1
                 else tr("start.best_of.one"))
    target = config.rules.get("target")
    if config.game == "truc" and isinstance(target, int):
        parts.append(tr("net.target", n=target))
    deck = config.rules.get("deck")
    if config.game == "trufludo" and isinstance(deck, str):
        parts.append(tr(f"net.deck.{deck}"))
    return ", ".join(parts)


class FriendScreen(Translated, Screen[None]):
    """Host or join a game against a friend."""

    BIND: ClassVar[str] = "0.0.0.0"  # every address: a friend on the network can dial in
    DEFAULT_CSS = """
    FriendScreen { align: center top; }
    FriendScreen #friend-box { width: 90; max-width: 100%; height: auto; padding: 1 2; }
    FriendScreen #friend-title { text-style: bold; color: $text-accent; margin-bottom: 1; }
    FriendScreen .row { height: auto; margin-bottom: 1; }
    FriendScreen .row Static { width: auto; padding: 1 1 0 0; }
    FriendScreen #name { width: 24; }
    FriendScreen #code { width: 1fr; }
    FriendScreen #port { width: 12; }
    FriendScreen #address { width: 1fr; }
    FriendScreen Button { margin-right: 2; }
    FriendScreen #invite-code {
        border: double $success; padding: 1 2; text-style: bold; color: $text-success;
        height: auto; display: none;
    }
    /* The margin below: scrolled into view, a line is left for the key bar over it. */
    FriendScreen #friend-status { height: auto; margin: 1 0; }
    FriendScreen #friend-error { color: $text-error; height: auto; margin: 1 0; }
    FriendScreen #friend-keys { dock: bottom; height: 1; background: $panel; }
    FriendScreen #friend-keys KeyHint { width: auto; padding: 0 1; }
    FriendScreen #web { width: auto; margin-right: 2; }
    FriendScreen #web-port { width: 12; }
    FriendScreen.web-guest .row, FriendScreen.web-guest #host-offer { display: none; }
    FriendScreen #resume-offer { color: $text-warning; height: auto; }
    FriendScreen #resume-offer, FriendScreen #resume-row { display: none; }
    FriendScreen.resumable #resume-offer, FriendScreen.resumable #resume-row { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", show=False),
        Binding("c", "copy_code", show=False),
        Binding("l", "copy_link", show=False),
        Binding("j", "code_box", show=False),  # typed in a box, j is a letter
    ]

    def __init__(self, config: GameConfig, name: str = "",
                 join_code: str | None = None) -> None:
        super().__init__(id="friend")
        self.config = config
        self.player = name
        self.session: NetSession | None = None
        self.code: str | None = None
        self.link: str | None = None  # the guest's seat in a browser tab (host --web)
        # This app is the browser tab of host --web: it joins with this code, nothing else.
        self.join_code = join_code
        if join_code is not None:
            self.add_class("web-guest")
        self.state = "choosing"  # hosting, joining, playing
        # The match this app hosted and did not finish (net/host.json), to resume.
        self.save: dict[str, Any] | None = None
        self.resuming = False  # the code shown is a resumed match's (the kept seat's)
        self._status: tuple[str, dict[str, Any]] | None = None
        self._error: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="friend-box"):
            yield Markup(id="friend-title")
            yield Markup(id="resume-offer")
            with Horizontal(classes="row", id="resume-row"):
                yield Button(id="resume", variant="warning")
                yield Button(id="forget")
            with Horizontal(classes="row"):
                yield Static(id="name-label")
                yield Input(self.player, id="name", max_length=NAME_MAX)
            yield Markup(id="host-offer")
            with Horizontal(classes="row"):
                yield Button(id="host", variant="success")
                yield Static(id="port-label")
                yield Input(id="port", max_length=5, restrict=r"[0-9]*")
                yield Static(id="address-label")
                yield Input(id="address", max_length=253)
            with Horizontal(classes="row", id="web-row"):
                yield Checkbox(id="web")
                yield Static(id="web-port-label")
                yield Input(id="web-port", max_length=5, restrict=r"[0-9]*")
            with Horizontal(classes="row"):
                yield CodeInput(id="code", max_length=400)
                yield Button(id="join", variant="primary")
            yield Markup(id="invite-code")
            yield Markup(id="friend-status")
            yield Markup(id="friend-error")
        yield KeyBar([("j", "net.key.code", "screen.code_box"),
                      ("c", "net.key.copy", "screen.copy_code"),
                      ("l", "net.key.copy_link", "screen.copy_link"),
                      ("Esc", "key.back", "screen.back"),
                      ("F1", "key.help", "app.help")], id="friend-keys")

    def refresh_texts(self) -> None:
        self.query_one("#friend-title", Markup).text = tr("net.title")
        self.set_class(self.save is not None and self.state == "choosing", "resumable")
        if self.save is not None:
            friend = self.saved_friend()
            self.query_one("#resume-offer", Markup).text = tr(
                "net.resume.offer", name=escape(friend),
                what=escape(config_words(saved_config(self.save))))
            self.query_one("#resume", Button).label = tr("net.resume", name=friend)
            self.query_one("#forget", Button).label = tr("net.resume.forget")
        self.query_one("#name-label", Static).update(tr("net.name"))
        self.query_one("#name", Input).placeholder = tr("net.name.placeholder")
        self.query_one("#host-offer", Markup).text = tr(
            "net.host.offer", what=escape(config_words(self.config)))
        self.query_one("#host", Button).label = tr("net.host")
        self.query_one("#port-label", Static).update(tr("net.port"))
        self.query_one("#port", Input).placeholder = tr("net.port.any")
        self.query_one("#address-label", Static).update(tr("net.address"))
        self.query_one("#address", Input).placeholder = tr("net.address.this")
        self.query_one("#join", Button).label = tr("net.join")
        self.query_one("#web-row").display = (services(self).web_guest is not None
                                              and self.state == "choosing")
        self.query_one("#web", Checkbox).label = tr("net.web.offer")
        self.query_one("#web-port-label", Static).update(tr("net.web.port"))
        self.query_one("#web-port", Input).placeholder = tr("net.port.any")
        self.query_one("#code", Input).placeholder = tr("net.code.placeholder")
        box = self.query_one("#invite-code", Markup)
        box.display = self.code is not None
        if self.code is not None:
            box.text = tr("net.code.resumed" if self.resuming else "net.code.is",
                          code=escape(self.code))
            if self.link is not None:
                box.text += "\n\n" + tr("net.web.link", link=escape(self.link))
        status = "" if self._status is None else tr(self._status[0], **self._status[1])
        self.query_one("#friend-status", Markup).text = status
        self.query_one("#friend-error", Markup).text = (
            "" if self._error is None else escape(self._error))
        for bar in self.query("#friend-keys").results(KeyBar):
            bar.refresh_texts()
            bar.show("screen.copy_code", self.code is not None)
            bar.show("screen.copy_link", self.link is not None)
            bar.show("screen.code_box", self.state == "choosing" and self.join_code is None)

    def mounted(self) -> None:
        if self.join_code is not None:  # the browser tab of host --web: joins at once
            self.state = "joining"
            self.say("net.joining")
            self.run_worker(self._join(self.join_code), group="friend", exclusive=True,
                            exit_on_error=False)
            return
        self.save = resumable_save(services(self).data_folder)
        self.refresh_texts()
        # The first button, not the code box: a host would have to come back to it.
        self.query_one("#resume" if self.save is not None else "#host", Button).focus()

    def saved_friend(self) -> str:
        """The friend of the match to resume, as this table names them."""
        assert self.save is not None
        return saved_friend(self.save)

    def action_code_box(self) -> None:
        if self.state == "choosing" and self.join_code is None:
            self.query_one("#code", Input).focus()

    def on_paste(self, event: events.Paste) -> None:
        """A code pasted while no box has the cursor goes into the code box."""
        if (self.state == "choosing" and self.join_code is None
                and not isinstance(self.focused, Input)):
            event.stop()
            box = self.query_one("#code", Input)
            box.value = code_pasted(event.text)
            box.focus()
            box.cursor_position = len(box.value)

    def say(self, key: str | None, error: str | None = None, **kw: Any) -> None:
        self._status = None if key is None else (key, kw)
        self._error = error
        self.refresh_texts()
        # At 80×24 the status lines are below the fold: "Joining…" and why it failed must
        # be seen where they are written.
        shown = self.query_one("#friend-error" if error else "#friend-status")
        self.call_after_refresh(shown.scroll_visible, animate=False)

    @property
    def name_typed(self) -> str:
        return " ".join(self.query_one("#name", Input).value.split())[:NAME_MAX]

    # -- hosting ----------------------------------------------------------------------------
    @on(Button.Pressed, "#host")
    def host(self) -> None:
        if self.state != "choosing":
            return
        self.state = "hosting"
        self.say("net.host.starting")
        self.run_worker(self._host(), group="friend", exclusive=True, exit_on_error=False)

    @on(Button.Pressed, "#resume")
    def resume(self) -> None:
        """Host the unfinished match again: a new code, the friend's seat kept for it."""
        if self.state != "choosing" or self.save is None:
            return
        self.state = "hosting"
        self.say("net.host.starting")
        self.run_worker(self._host(self.save), group="friend", exclusive=True,
                        exit_on_error=False)

    @on(Button.Pressed, "#forget")
    def forget(self) -> None:
        if self.state != "choosing" or self.save is None:
            return
        self.save = None
        self.run_worker(forget_save(services(self).data_folder), group="forget")
        self.say(None)
        self.notify(tr("net.resume.forgotten"), timeout=4)
        self.query_one("#host", Button).focus()

    async def _host(self, save: dict[str, Any] | None = None) -> None:
        # Port forwarding and tunnels want a known port, and the address the guest dials.
        port_text = self.query_one("#port", Input).value.strip()
        address = self.query_one("#address", Input).value.strip() or None
        port = int(port_text) if port_text.isdigit() and int(port_text) < 65536 else 0
        try:
            session, invite = await NetSession.hosting(
                self.config, name=self.name_typed, bind=self.BIND,
                port=port, address=address, folder=services(self).data_folder, save=save)
        except (OSError, ValueError) as e:
            self.state = "choosing"
            why = getattr(e, "strerror", None) or str(e)
            self.say(None, tr("net.host.failed", why=why))
            return
        self.session = session
        maker = services(self).web_guest
        if save is None and maker is not None and self.query_one("#web", Checkbox).value:
            typed = self.query_one("#web-port", Input).value.strip()
            web_port = int(typed) if typed.isdigit() and int(typed) < 65536 else 0
            try:
                assert session.host is not None
                page = maker(session.host, web_port, services(self).settings.lang)
                self.link = await session.serve_page(page)
            except OSError as e:
                await self._give_up()
                self.say(None, tr("net.web.failed", why=e.strerror or str(e)))
                return
        self.code = invite.code()
        self.resuming = save is not None
        self.set_focus(None)  # out of the inputs: c copies the code, not a letter typed
        if save is not None:  # the friend's seat waits for them, with this new code
            self.say("net.resume.waiting", name=escape(session.other_name()))
        else:
            self.say("net.waiting.friend")
        if self.link is not None:  # the code and the link: below the fold at 80×24
            self.call_after_refresh(self.query_one("#invite-code").scroll_visible,
                                    animate=False)
        try:
            await session.guest_joined()
        except HostError:
            name = session.other_name()
            await self._give_up()
            if save is not None:  # kept: the friend may come back another time
                self.save = resumable_save(services(self).data_folder)
                self.say(None, tr("net.resume.gone", name=escape(name)))
            else:
                self.say(None, tr("net.host.expired"))
            return
        self.say("net.friend.came", name=escape(session.other_name()))
        await self._open_table(session)

    def action_copy_code(self) -> None:
        if self.code is not None:
            self.app.copy_to_clipboard(self.code)
            self.notify(tr("net.copied"), timeout=3)

    def action_copy_link(self) -> None:
        if self.link is not None:
            self.app.copy_to_clipboard(self.link)
            self.notify(tr("net.web.copied"), timeout=3)

    # -- joining ----------------------------------------------------------------------------
    @on(Button.Pressed, "#join")
    @on(Input.Submitted, "#code")
    def join(self) -> None:
        code = "".join(self.query_one("#code", Input).value.split())
        if self.state != "choosing":
            return
        if not code:
            self.say(None, tr("net.join.empty"))
            return
        self.state = "joining"
        self.say("net.joining")
        self.run_worker(self._join(code), group="friend", exclusive=True, exit_on_error=False)

    async def _join(self, code: str) -> None:
        try:
            # The seat is kept in the data folder: the same code again takes it back (the app
            # closed, or the computer restarted, within the 5 minutes).
            session = await NetSession.joining(code, name=self.name_typed,
                                               folder=services(self).data_folder,
                                               keep_seat=True)
        except (InviteError, JoinError) as e:
            self.state = "choosing" if self.join_code is None else "failed"
            self.say(None, join_problem(e))
            return
        session.in_browser = self.join_code is not None  # only host --web's tab has one
        self.session = session
        self.say("net.joined", name=escape(session.other_name()))
        await self._open_table(session)

    # -- the table --------------------------------------------------------------------------
    async def _open_table(self, session: NetSession) -> None:
        """The first position of the match opens the table (the deal is agreed first)."""
        from truf_tui.ui.screens.net_table import net_table

        while True:
            event = await session.queue.get()
            if isinstance(event, Turn):
                break
            if isinstance(event, Lost):
                name = session.other_name()
                await self._give_up()
                self.say(None, lost_words(event, name, session.in_browser))
                return
        self.state = "playing"
        self.session = None  # the table owns it now (and closes it)
        table = net_table(session, event)
        services(self).game_in_progress = True
        self.app.switch_screen(table)

    async def _give_up(self) -> None:
        session, self.session = self.session, None
        self.code = self.link = None
        self.state = "choosing"
        if session is not None:
            # A resumed match given up before the friend came back stays to resume.
            await session.close(keep=session.resumed)

    def action_back(self) -> None:
        self.workers.cancel_group(self, "friend")
        self.run_worker(self._leave(), group="leave")

    async def _leave(self) -> None:
        await self._give_up()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            import asyncio

            asyncio.ensure_future(session.close(keep=session.resumed))


__all__ = ["FriendScreen", "config_words", "join_problem"]
