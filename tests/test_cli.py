"""The command line: options, --export, --load, and ``truf-tui serve`` spoken to over HTTP
and its websocket (loopback only, bounded in time)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from truf_tui import __version__, cli
from truf_tui.engine import trufludo
from truf_tui.engine.record import GameRecord
from truf_tui.store import History, SaveStore, game_meta
from truf_tui.ui.app import TrufApp


def finished(seed: int, *, moves: int | None = None) -> GameRecord:
    """A Trufludo game (Italian pack) played with the first legal move, to its end or for
    ``moves`` moves."""
    s = trufludo.new_game(trufludo.Rules(deck="italian"), seed=seed)
    while not s.is_terminal() and (moves is None or len(s.history) < moves):
        s = s.apply(s.legal_actions()[-1])
    return GameRecord.from_state(s, **game_meta(tier="hard"))


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[TrufApp]:
    """``main`` builds the app but does not run it; the apps are recorded."""
    apps: list[TrufApp] = []
    monkeypatch.setattr(TrufApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


# -- options ---------------------------------------------------------------------------------
def test_help_version_and_serve_help(capsys: pytest.CaptureFixture[str]) -> None:
    for args, expected in ((["--help"], "--export FILE"), (["--version"], __version__),
                           (["serve", "--help"], "--port PORT")):
        with pytest.raises(SystemExit) as exc:
            cli.main(args)
        assert exc.value.code == 0
        assert expected in capsys.readouterr().out


def test_serve_help_says_who_can_reach_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--token TOKEN" in said and "other than loopback" in said
    assert "opens only for requests that carry it" in said
    assert "a random one is made at each start" in said
    assert "Given on loopback, it is required there too" in said


@pytest.mark.parametrize("args", [
    ["--game", "chess"], ["--tier", "godlike"], ["--deck", "tarot"], ["--seed", "x"],
    ["--lang", "fr"], ["--bogus"], ["bogus"], ["serve", "--port", "0"],
    ["serve", "--port", "http"], ["--load", "a.json", "--game", "truc"],
    ["--export", "a.json", "serve"], ["--export", "a.json", "--load", "b.json"],
    ["--load", "a.json", "serve"], ["--opponent", "robot"],
    ["serve", "--token", "short"], ["serve", "--token", "sixteen chars ok"],
    ["serve", "--token", "not/safe/in/a/url"], ["serve", "--token", ""],
])
def test_bad_options_exit_2_with_a_message(args: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage: truf-tui" in err and "error:" in err
    if "--token" in args:  # says what a token must be, and does not repeat the secret
        assert "invalid token: it needs at least 16 characters" in err
        assert args[-1] not in err.split("error:")[1] or not args[-1]


def test_options_reach_the_app(tmp_path: Path, ran: list[TrufApp]) -> None:
    assert cli.main(["--game", "truc", "--tier", "expert", "--seed", "5", "--lang", "eo",
                     "--data-dir", str(tmp_path / "d")]) == 0
    [app] = ran
    assert app.start_choices["game"] == "truc" and app.start_choices["tier"] == "expert"
    assert app.start_choices["seed"] == 5 and app.lang == "eo"
    assert app.data is not None and app.data.folder == tmp_path / "d"


def test_opponent_human_starts_a_hot_seat_game(tmp_path: Path, ran: list[TrufApp]) -> None:
    assert cli.main(["--game", "trufludo", "--opponent", "human",
                     "--data-dir", str(tmp_path / "d")]) == 0
    [app] = ran
    assert app.start_choices["opponent"] == "human"

    async def straight_in() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            table = next(s for s in app.screen_stack if hasattr(s, "hotseat"))
            assert table.hotseat and table.config.opponent == "human"
            assert type(app.screen).__name__ == "PassScreen"

    asyncio.run(straight_in())
    assert cli.main(["--opponent", "computer", "--data-dir", str(tmp_path / "d")]) == 0
    assert ran[-1].start_choices["opponent"] == "computer"


def test_the_data_folder_comes_from_the_environment(ran: list[TrufApp],
                                                    _private_data_dir: Path) -> None:
    cli.main(["--lang", "en"])
    assert ran[0].data is not None and ran[0].data.folder == _private_data_dir


def _folder_notice(ran: list[TrufApp], folder: Path, lang: str) -> str:
    from truf_tui.ui.i18n import get_language, set_language

    ran.clear()
    assert cli.main(["--data-dir", str(folder), "--lang", lang]) == 0
    [app] = ran
    assert app.data is None and len(app._notices) == 1
    old = get_language()
    set_language(lang)
    try:
        return app._notices[0].message(lang)
    finally:
        set_language(old)


# What a player met when the data folder could not be made: "…could not be created: File
# exists Nothing will be saved this time." — the system's words run into ours.  Now: plain
# words, whole sentences.
FOLDER_WORDS = {
    "en": ("is a file, not a folder.", "Nothing will be saved this time."),
    "eo": ("estas dosiero, ne dosierujo.", "Nenio estos konservata ĉi-foje."),
}
SYSTEM_WORDS = ("File exists", "Not a directory", "Errno", "could not be created")


@pytest.mark.parametrize("lang", ["en", "eo"])
def test_a_data_folder_that_is_a_file_is_said_plainly(tmp_path: Path, ran: list[TrufApp],
                                                      lang: str) -> None:
    (tmp_path / "file").write_text("x")
    cause, outcome = FOLDER_WORDS[lang]
    # --data-dir names the file itself.
    message = _folder_notice(ran, tmp_path / "file", lang)
    assert str(tmp_path / "file") in message
    assert cause in message and message.endswith(outcome), message
    assert not any(w in message for w in SYSTEM_WORDS), message
    # --data-dir names a folder under the file: the file in the way is named.
    message = _folder_notice(ran, tmp_path / "file" / "sub", lang)
    assert f"{tmp_path / 'file'} {cause.split(' ', 1)[0]}" in message, message
    assert str(tmp_path / "file" / "sub") in message and message.endswith(outcome)
    assert not any(w in message for w in SYSTEM_WORDS), message
    assert (tmp_path / "file").read_text() == "x"  # left as it is


@pytest.mark.parametrize("lang", ["en", "eo"])
def test_a_data_folder_without_permission_is_said_plainly(tmp_path: Path,
                                                          ran: list[TrufApp],
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          lang: str) -> None:
    import errno

    locked = tmp_path / "locked"
    locked.mkdir()

    def denied(self: Path, *a: Any, **k: Any) -> None:  # as chmod 555 does (but for root)
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", denied)
    message = _folder_notice(ran, locked / "data", lang)
    words = {"en": "you may not create a folder in", "eo": "vi ne rajtas krei dosierujon en"}
    assert f"{words[lang]} {locked}." in message, message
    assert message.endswith(FOLDER_WORDS[lang][1])
    assert not any(w in message for w in SYSTEM_WORDS + ("Permission denied",)), message


# -- export ----------------------------------------------------------------------------------
def test_export_the_game_in_progress_then_the_last_finished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = tmp_path / "data", tmp_path / "out.json"
    assert cli.main(["--data-dir", str(data), "--export", str(out)]) == 1
    assert "no game to export" in capsys.readouterr().err and not out.exists()

    with History(data) as history:
        history.add_game(finished(1))
        last = finished(2)
        history.add_game(last)
    assert cli.main(["--data-dir", str(data), "--export", str(out)]) == 0
    assert "the last finished game" in capsys.readouterr().out
    assert GameRecord.from_json(out.read_text()) == GameRecord.from_json(last.to_json())

    current = finished(3, moves=6)
    SaveStore(data).save_current(current)
    assert cli.main(["--data-dir", str(data), "--export", str(out)]) == 0
    assert "the game in progress" in capsys.readouterr().out
    assert GameRecord.from_json(out.read_text()).moves == current.moves
    assert cli.main(["--data-dir", str(data), "--export", str(tmp_path)]) == 1
    assert "is a folder" in capsys.readouterr().err


# -- load ------------------------------------------------------------------------------------
def test_load_opens_the_record(tmp_path: Path, ran: list[TrufApp]) -> None:
    path = tmp_path / "game.json"
    record = finished(4, moves=10)
    path.write_text(record.to_json())
    assert cli.main(["--load", str(path), "--data-dir", str(tmp_path / "d")]) == 0
    assert ran[0]._load is not None and ran[0]._load.moves == record.moves


@pytest.mark.parametrize("content, reason", [
    (None, "does not exist"),
    (b"", "it is empty"),
    (b'{"format": "truf-tui-record", "version": 1, "game": "truf', "it is damaged"),
    (b'{"format": "something-else"}', "not a truf-tui game record"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "it is damaged"),
    ("illegal", "illegal"),
])
def test_a_bad_record_is_refused_and_left_alone(
        tmp_path: Path, content: bytes | str | None, reason: str, ran: list[TrufApp],
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    if content == "illegal":
        record = finished(5, moves=4)
        content = GameRecord(record.game, record.rules, record.dealer, record.seed, None,
                             record.moves[:3] + ("KS",)).to_json().encode()
    if isinstance(content, bytes):
        path.write_bytes(content)
    data = tmp_path / "data"
    assert cli.main(["--load", str(path), "--data-dir", str(data)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("truf-tui: ") and reason in err and "Traceback" not in err
    assert ran == []  # no app
    assert sorted(p.name for p in tmp_path.iterdir()) == (["game.json"] if content is not None
                                                          else [])
    if isinstance(content, bytes):
        assert path.read_bytes() == content  # untouched
    assert not data.exists()


# -- serve -----------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, "the server stopped"
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.1)
    raise AssertionError("the server did not start listening")


def test_serve_speaks_http_and_websocket(tmp_path: Path) -> None:
    aiohttp = pytest.importorskip("aiohttp")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truf_tui", "--lang", "en", "--data-dir", str(tmp_path),
         "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)

    async def speak() -> tuple[str, bool, bytes]:
        timeout = aiohttp.ClientTimeout(total=30)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            async with session.get(f"http://127.0.0.1:{port}/") as response:
                assert response.status == 200
                page = await response.text()
            ws_url = f"http://127.0.0.1:{port}/ws?width=100&height=32"
            async with session.ws_connect(ws_url) as ws:
                await ws.send_json(["ping", "hello"])
                pong, screen = False, b""
                end = time.monotonic() + 25
                while time.monotonic() < end and not (pong and b"against the computer"
                                                      in screen):
                    msg = await ws.receive(timeout=end - time.monotonic())
                    if msg.type == aiohttp.WSMsgType.TEXT:
                        pong = pong or msg.json() == ["pong", "hello"]
                    elif msg.type == aiohttp.WSMsgType.BINARY:
                        screen += msg.data
                    else:
                        break
                return page, pong, screen

    try:
        wait_for_port(port, proc, timeout=20)
        page, pong, screen = asyncio.run(asyncio.wait_for(speak(), timeout=45))
        assert f"ws://127.0.0.1:{port}/ws" in page
        # the tab has a title, and the terminal takes the keyboard once connected (item 19;
        # tests/test_serve_browser.py checks both in a real browser)
        assert "<title>truf-tui</title>" in page
        assert 'classList.contains("-connected")' in page and "input.focus()" in page
        assert pong
        assert b"against the computer" in screen  # the start screen, drawn for the browser
    finally:
        _, err = stop_server(proc)
    assert "Traceback" not in err, err


def test_serve_command_passes_the_options_on(tmp_path: Path) -> None:
    args: Any = cli.build_parser().parse_args(["--lang", "eo", "--data-dir", "my dir",
                                               "serve", "--port", "9000"])
    assert args.port == 9000 and args.host == "localhost"
    command = cli.serve_command(args)
    assert command.endswith("-m truf_tui --lang eo --data-dir 'my dir'")
    args = cli.build_parser().parse_args(["--opponent", "human", "serve"])
    assert cli.serve_command(args).endswith("-m truf_tui --opponent human")


# -- serve on an address other than loopback: only with the access token (item 23) ----------
def test_which_addresses_are_loopback() -> None:
    for host in ("localhost", "LOCALHOST", "127.0.0.1", "127.3.2.1", "::1", "[::1]"):
        assert cli.is_loopback(host), host
    for host in ("0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "fe80::1", "my-laptop",
                 "localhost.example.org", ""):
        assert not cli.is_loopback(host), host


def test_the_address_to_open_names_this_computer_when_serving_on_all() -> None:
    web = pytest.importorskip("truf_tui.web")
    assert web.address("192.168.1.20", 8000) == "http://192.168.1.20:8000"
    assert web.address("::1", 9000) == "http://[::1]:9000"
    assert web.address("0.0.0.0", 8000) == f"http://{socket.gethostname()}:8000"


def start_server(tmp_path: Path, *serve_args: str, loopback: bool = True,
                 ) -> subprocess.Popen[bytes]:
    """``truf-tui serve`` on 127.0.0.1; ``loopback=False`` starts it as it starts on any other
    address (its own test of the address made False), so no other address is needed."""
    main = "from truf_tui import cli; import sys; "
    if not loopback:
        main += "cli.is_loopback = lambda host: False; "
    main += "sys.exit(cli.main(sys.argv[1:]))"
    return subprocess.Popen(
        [sys.executable, "-c", main, "--lang", "en", "--data-dir", str(tmp_path), "serve",
         "--host", "127.0.0.1", *serve_args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def stop_server(proc: subprocess.Popen[bytes]) -> tuple[str, str]:
    """Stop it (its whole process group); what it wrote on stdout (after its first line)
    and on stderr, where they were piped."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)
    out = err = ""
    if proc.stderr is not None:
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if proc.stdout is not None:
        out = proc.stdout.read().decode(errors="replace")
        proc.stdout.close()
    return out, err


def test_serve_off_loopback_opens_only_with_its_printed_token(tmp_path: Path) -> None:
    aiohttp = pytest.importorskip("aiohttp")
    port = free_port()
    proc = start_server(tmp_path, "--port", str(port), loopback=False)
    base = f"http://127.0.0.1:{port}"

    async def refused(session: Any, path: str, **kw: Any) -> str:
        async with session.get(base + path, **kw) as response:
            assert response.status == 403, path
            assert response.content_type == "text/html"
            return str(await response.text())

    async def ws_refused(session: Any, path: str, **kw: Any) -> None:
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            async with session.ws_connect(base + path, **kw):
                pass
        assert e.value.status == 403, path

    async def speak(url: str, token: str) -> None:
        timeout = aiohttp.ClientTimeout(total=30)
        async with aiohttp.ClientSession(timeout=timeout) as stranger:
            page = await refused(stranger, "/")
            assert "403: access refused" in page and "/?token=" in page
            assert "has no access token" in page
            assert "is not the one" in await refused(stranger, "/?token=" + "x" * 32)
            assert "is not the one" in await refused(stranger, f"/?token={token}x")
            await refused(stranger, "/static/js/textual.js")
            await refused(stranger, "/download/anything")
            await ws_refused(stranger, "/ws?width=100&height=32")
            await ws_refused(stranger, "/ws?width=100&height=32",
                             headers={"Cookie": f"truf-tui-token-{port}={token}"})
            # the right token, from a page of another site: refused too
            await ws_refused(stranger, f"/ws?token={token}",
                             origin="http://evil.example")
        # a browser (cookies kept, even for an IP address) given the printed address
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(timeout=timeout, cookie_jar=jar) as browser:
            async with browser.get(url) as response:
                assert response.status == 200
                page = await response.text()
                assert "<title>truf-tui</title>" in page
                # the printed address sends on to itself without the token (issue 40, 4),
                # with a cookie of this server instance that is not the token
                assert str(response.url) == base + "/"
                [welcome] = response.history
                assert welcome.status == 303
                [(name, cookie)] = welcome.cookies.items()
                assert re.fullmatch(r"truf_tui_[0-9a-f]{12}", name), name
                assert token not in cookie.value and len(cookie.value) >= 32
                assert cookie["httponly"] and cookie["samesite"] == "Strict"
            async with browser.get(base + "/static/js/textual.js") as response:
                assert response.status == 200  # the page's script, by the cookie
            async with browser.ws_connect(base + "/ws?width=100&height=32",
                                          origin=base) as ws:
                screen = b""
                end = time.monotonic() + 25
                while b"against the computer" not in screen and time.monotonic() < end:
                    msg = await ws.receive(timeout=end - time.monotonic())
                    assert msg.type == aiohttp.WSMsgType.BINARY or \
                        msg.type == aiohttp.WSMsgType.TEXT, msg
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        screen += msg.data
                assert b"against the computer" in screen  # the game, for the token holder

    try:
        wait_for_port(port, proc, timeout=20)
        assert proc.stdout is not None
        said = proc.stdout.readline().decode()
        prefix = f"truf-tui serve: open {base}/?token="
        assert said.startswith(prefix), said
        url = said.strip().removeprefix("truf-tui serve: open ")
        token = url.removeprefix(f"{base}/?token=")
        assert len(token) >= 32 and cli.access_token(token) == token  # random, URL-safe
        asyncio.run(asyncio.wait_for(speak(url, token), timeout=60))
    finally:
        out, err = stop_server(proc)
    assert "Traceback" not in err, err
    assert "/?token=…" in out  # the log of requests hides it, even across wrapped lines:
    assert token not in "".join(out.split())


def test_serve_with_a_given_token_asks_for_it_on_loopback_too(tmp_path: Path) -> None:
    """``--token`` on loopback: the token is required there too (documented in --help)."""
    aiohttp = pytest.importorskip("aiohttp")
    port, token = free_port(), "my-own-secret_123"
    proc = start_server(tmp_path, "--port", str(port), "--token", token)
    base = f"http://127.0.0.1:{port}"

    async def speak() -> None:
        jar = aiohttp.CookieJar(unsafe=True)  # cookies kept for an IP address, as browsers do
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30),
                                         cookie_jar=jar) as s:
            async with s.get(base + "/") as response:
                assert response.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                async with s.ws_connect(base + "/ws"):
                    pass
            assert e.value.status == 403
            async with s.get(f"{base}/?token={token}") as response:
                assert response.status == 200
            async with s.ws_connect(f"{base}/ws?token={token}&width=80&height=24") as ws:
                msg = await ws.receive(timeout=25)
                assert msg.type == aiohttp.WSMsgType.BINARY  # the app draws: it is open

    try:
        wait_for_port(port, proc, timeout=20)
        assert proc.stdout is not None
        assert proc.stdout.readline().decode().strip() == \
            f"truf-tui serve: open {base}/?token={token}"
        asyncio.run(asyncio.wait_for(speak(), timeout=60))
    finally:
        _, err = stop_server(proc)
    assert "Traceback" not in err, err
