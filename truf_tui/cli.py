"""The command line.

``truf-tui [options]`` starts the app; ``truf-tui serve [--host H] [--port P] [--token T]``
serves it to a browser with textual-serve (off loopback, only with an access token: see
``serve``); ``--export FILE`` and ``--load FILE`` write and open game records;
``truf-tui verify RECORD`` checks that a record's deals were fair (docs/fair-deal.md).
Exit codes: 0 fine, 1 a file could not be used or a deal is not verified (the message says
why), 2 bad options.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import secrets
import shlex
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from truf_tui import __version__
from truf_tui.addresses import is_loopback
from truf_tui.ai.base import GAMES, TIERS
from truf_tui.i18n import LANGUAGES
from truf_tui.play.config import BEST_OF, OPPONENTS

if TYPE_CHECKING:
    from truf_tui.engine.common import RuleValue
    from truf_tui.engine.record import GameRecord
    from truf_tui.net.server import Host
    from truf_tui.net.webseat import GuestPage, GuestPageMaker
    from truf_tui.ui.app import TrufApp
    from truf_tui.ui.terminal_watch import TerminalWatch

DEFAULT_HOST, DEFAULT_PORT = "localhost", 8000
TOKEN_LENGTH = 16
MAX_SESSIONS = 4  # browser tabs of serve at once: each is a whole app process

EPILOG = """\
commands:
  serve                 serve the app in a browser tab (truf-tui serve --help)
  host                  host a game over the network and print its invite code
  join CODE             join a game with the host's invite code
  verify RECORD         check that every deal of a game record follows from the seeds
                        both sides gave (truf-tui verify --help)

Your settings, the game in progress and the history of finished games are kept in a data
folder: --data-dir, else $TRUF_TUI_DATA_DIR, else the usual place for your system.
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="truf-tui",
        usage="%(prog)s [options]\n       %(prog)s [options] serve [--host HOST] [--port PORT] "
              "[--token TOKEN]\n       %(prog)s [options] host [--game G] [--port P] "
              "[--bind ADDR] [--resume]\n                          [--web [--web-port P]] "
              "--bot TIER\n       %(prog)s [options] join "
              "[CODE] [--rejoin] --bot TIER"
              "\n       %(prog)s verify RECORD",
        description="Play Trufludo and Le Truc against the computer (or a friend at the same "
                    "keyboard) in your terminal.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"truf-tui {__version__}")
    p.add_argument("--game", choices=GAMES, help="start straight into this game")
    p.add_argument("--tier", choices=TIERS, help="the computer opponent's strength")
    p.add_argument("--opponent", choices=OPPONENTS,
                   help="play the computer, or a friend at the same keyboard (human: "
                        "hot-seat, each hand hidden between turns)")
    p.add_argument("--deck", choices=("french", "italian"), help="Trufludo pack (F1)")
    p.add_argument("--seed", type=int, help="seed of the shuffles, to replay a deal")
    p.add_argument("--lang", choices=LANGUAGES, help="language: English or Esperanto")
    p.add_argument("--data-dir", metavar="DIR",
                   help="folder of the settings, saved game and history")
    p.add_argument("--load", metavar="FILE",
                   help="open a game record (from --export) at its position and play on")
    p.add_argument("--export", metavar="FILE",
                   help="write the game in progress (or else the last finished game) as a "
                        "game record to FILE, and exit")
    # The browser tab of 'host --web' runs this: the guest of the invite in its environment
    p.add_argument("--web-guest", action="store_true", help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", help=argparse.SUPPRESS)  # listed in the epilog
    serve = sub.add_parser(
        "serve", prog="truf-tui serve",
        help="serve the app in a browser tab (truf-tui serve --help)",
        description="Serve truf-tui with textual-serve, to play it in a browser tab. "
                    "Options given before 'serve' (--lang, --data-dir, ...) are passed on "
                    "to each game the server starts. Every tab plays with your data folder: "
                    "on an address other than loopback the server opens only with an "
                    "access token (see --token).")
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=f"address to listen on (default {DEFAULT_HOST}: this computer "
                            "only; 0.0.0.0: every address of this computer)")
    serve.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--token", type=access_token, metavar="TOKEN",
                       help="the access secret: on any address other than loopback "
                            "(localhost, 127.x.x.x, ::1) the server opens only for "
                            "requests that carry it, and prints the address to open "
                            "(ending in /?token=TOKEN); without --token a random one is "
                            "made at each start. Given on loopback, it is required "
                            "there too (a computer shared with other users). At least "
                            f"{TOKEN_LENGTH} letters, digits, '-' or '_'")
    serve.add_argument("--max-sessions", type=session_count, default=MAX_SESSIONS,
                       metavar="N",
                       help="browser tabs that play at once, each its own app process "
                            f"(default {MAX_SESSIONS}); a tab beyond them is told so")
    add_network_commands(sub)
    verify = sub.add_parser(
        "verify", prog="truf-tui verify", usage="%(prog)s [--lang {en,eo}] RECORD",
        help="check that every deal of a game record was fair (truf-tui verify --help)",
        description="Check a game record (from --export, a finished game of the history, or "
                    "a game over the network): every shuffle must follow from the seed its "
                    "dealer committed to before the other side gave its own, and every move "
                    "must fit the cards those seeds deal. Exits 0 when every deal is "
                    "verified, 1 naming the first bad deal (or when the file cannot be "
                    "read).")
    verify.add_argument("record", metavar="RECORD", help="the game record file to check")
    verify.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="the language of its lines (default: the app's, from the "
                             "data folder's settings)")
    return p


def add_network_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``host`` and ``join`` (../shared/spec/NETWORK.md; docs/network.md)."""
    host = sub.add_parser(
        "host", prog="truf-tui host",
        help="host a game over the network (truf-tui host --help)",
        description="Host a game over the network: prints 'invite: CODE', the one argument "
                    "your friend gives to 'truf-tui join'. The code works once, for 10 "
                    "minutes. The connection is encrypted (TLS) and the code pins this "
                    "host's certificate.")
    host.add_argument("--game", dest="net_game", choices=GAMES, default="truc",
                      help="the game (default truc)")
    host.add_argument("--port", type=port_or_zero, default=0,
                      help="port to listen on (default 0: a free one)")
    host.add_argument("--bind", default="0.0.0.0",
                      help="address to listen on (default 0.0.0.0: every address of this "
                           "computer; 127.0.0.1: this computer only, e.g. behind ssh -L)")
    host.add_argument("--address", help="the address the invite gives your friend (default: "
                                        "the bound one, or this computer's on the network)")
    host.add_argument("--best-of", type=int, choices=BEST_OF, default=1,
                      help="games to a match (default 1)")
    host.add_argument("--deck", dest="net_deck", choices=("french", "italian"),
                      help="Trufludo pack (F1)")
    host.add_argument("--target", type=int, help="Le Truc: points to win (T10, default 12)")
    host.add_argument("--rest-refusal", choices=("stake", "game"),
                      help="Le Truc: what refusing the rest costs (T8)")
    host.add_argument("--bot", choices=TIERS, required=True,
                      help="a computer tier plays the host's seat, with no interface")
    host.add_argument("--seed", dest="net_seed", type=int,
                      help="seed of the computer player (the deal is never seeded: both "
                           "sides make it)")
    host.add_argument("--resume", action="store_true",
                      help="go on with the match this data folder's host was playing when it "
                           "stopped (its autosave): prints a new code, with which your friend "
                           "runs 'truf-tui join --rejoin CODE' (the game options are the "
                           "saved match's)")
    host.add_argument("--web", action="store_true",
                      help="your friend has only a browser: also serve the guest's seat in a "
                           "browser tab, and print 'web: LINK' after the invite. The link "
                           "lets one browser in, once, while the code is good (10 minutes); "
                           "add &lang=eo to it for Esperanto (else --lang). The friend's "
                           "truf-tui then runs on THIS computer: the deal is still provably "
                           "fair, but your computer holds both seats' programs. Your friend "
                           "must reach the web port (see --web-port)")
    host.add_argument("--web-port", type=port_or_zero, metavar="P",
                      help="port of the browser tab, on the address of --bind (default: a "
                           "free one; with port forwarding or a tunnel choose it, and "
                           "forward it too)")
    join = sub.add_parser(
        "join", prog="truf-tui join", help="join a game with an invite code",
        description="Join the game whose invite code the host gave you. If your side "
                    "stopped in the middle of a match, 'join --rejoin' (or the same code "
                    "again) takes your seat back within 5 minutes; after the host was "
                    "restarted, 'join --rejoin NEWCODE' with the code it printed.")
    join.add_argument("code", nargs="?", help="the invite code (truf1-...)")
    join.add_argument("--rejoin", action="store_true",
                      help="take back the seat this data folder kept (dialing CODE's host "
                           "if given: a restarted host's new code)")
    join.add_argument("--bot", choices=TIERS, required=True,
                      help="a computer tier plays your seat, with no interface")
    join.add_argument("--seed", dest="net_seed", type=int, help="seed of the computer player")


def port_or_zero(text: str) -> int:
    return 0 if text.strip() == "0" else port_number(text)


def session_count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of sessions {text!r}") from None
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError(f"invalid number of sessions {n}: expected 1 to 64")
    return n


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: not a number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {port}: expected 1 to 65535")
    return port


def access_token(text: str) -> str:
    """A ``--token``: long enough to be guessed by no one, and safe in an address as it is.
    Not repeated in the message: it is a secret."""
    if len(text) < TOKEN_LENGTH or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise argparse.ArgumentTypeError(
            f"invalid token: it needs at least {TOKEN_LENGTH} characters, each a letter "
            "(a-z, A-Z), a digit, '-' or '_' (leave --token out to get a random one)")
    return text


def fail(message: str) -> int:
    print(f"truf-tui: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.load is not None and (args.game or args.deck or args.seed is not None):
        parser.error("--load opens a game as it was: it cannot be combined with "
                     "--game, --deck or --seed")
    if args.export is not None and (args.load is not None or args.command):
        parser.error("--export writes a file and exits: it cannot be combined with "
                     "--load or serve")
    if args.web_guest:
        return web_guest(args, parser)
    if args.command in ("host", "join"):
        return network(args, parser)
    if args.command == "verify":
        if args.load is not None or args.export is not None:
            parser.error("verify checks a file and exits: it cannot be combined with --load "
                         "or --export")
        return verify(Path(args.record), verify_language(args))
    if args.command == "serve":
        if args.load is not None:
            parser.error("serve cannot open a file (--load): start the game in the browser")
        return serve(args)

    from truf_tui.store import StoreError

    if args.export is not None:
        return export(args.data_dir, Path(args.export))

    record = None
    if args.load is not None:
        from truf_tui.store import read_record_file

        try:
            record = read_record_file(args.load)
        except StoreError as e:  # the file is left as it is
            return fail(str(e))

    # Watching before Textual's driver starts: a terminal closed during start-up (issue 40)
    from truf_tui.ui.terminal_watch import TerminalWatch

    watch = TerminalWatch()
    watch.start()
    try:
        return _play(args, record, watch)
    finally:
        watch.stop()


def _play(args: argparse.Namespace, record: GameRecord | None, watch: TerminalWatch,
          join: str | None = None) -> int:
    from truf_tui.store import StoreError, data_dir
    from truf_tui.ui.app import TrufApp  # imported late: --help and --version stay fast
    from truf_tui.ui.storage import Notice, folder_notice

    notices: list[Notice] = []
    try:
        folder: Path | None = data_dir(args.data_dir)
    except StoreError as e:  # play anyway; nothing is kept this time
        folder = None
        notices.append(folder_notice(e))

    app = TrufApp(game=args.game, tier=args.tier, deck=args.deck, seed=args.seed,
                  lang=args.lang, data_dir=folder, load=record, notices=notices,
                  opponent=args.opponent, join=join,
                  web_guest=None if join else web_guest_maker(log_stream=None))
    watch.app = app
    run_app(app)
    return int(app.return_code or 0)


def run_app(app: TrufApp) -> None:
    """Run ``app`` in an event loop of its own that outlives its interface: a game with a
    friend online finishes closing once the screen is gone (its guest told the game is
    over), and a host whose friend was away stays to tell them, saying so on standard
    error, until they come back or their 5 minutes are over (Ctrl+C stops that)."""
    import asyncio

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        app.run(loop=loop)
        if "truf_tui.ui.netplay" in sys.modules:  # loaded only if a friend was played
            from truf_tui.ui.netplay import after_the_app

            try:
                loop.run_until_complete(after_the_app(
                    lambda text: print(text, file=sys.stderr, flush=True)))
            except KeyboardInterrupt:  # stopped waiting: what still runs stops now
                tasks = asyncio.all_tasks(loop)
                for task in tasks:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
    finally:
        asyncio.set_event_loop(None)
        loop.close()


def export(folder_arg: str | None, target: Path) -> int:
    """``--export``: the autosaved game, else the last finished game, as a record file."""
    from truf_tui.store import History, SaveStore, StoreError, data_dir, export_record

    try:
        folder = data_dir(folder_arg)
    except StoreError as e:
        return fail(str(e))
    record, problems = SaveStore(folder).load_current()
    for problem in problems:
        print(f"truf-tui: {problem}", file=sys.stderr)
    what = "the game in progress"
    if record is not None and record.replay().is_terminal():
        what = "the last finished game"  # stopped before it went into the history
    if record is None:
        with History(folder) as history:
            for problem in history.problems:
                print(f"truf-tui: {problem}", file=sys.stderr)
            try:
                games = history.games()
            except StoreError as e:
                return fail(str(e))
            if games:
                record = games[-1].record()
                what = "the last finished game"
    if record is None:
        return fail(f"there is no game to export: no game in progress and no finished game "
                    f"in {folder}.")
    try:
        export_record(target, record)
    except StoreError as e:
        return fail(str(e))
    print(f"truf-tui: {what} ({record.game}, {len(record.moves)} moves) was written to "
          f"{target}.")
    return 0


def network(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``host``/``join`` with ``--bot``: one match, headless (NETWORK.md)."""
    import asyncio

    from truf_tui.net.seats import host_match, join_match
    from truf_tui.net.server import check_rules
    from truf_tui.play.config import GameConfig
    from truf_tui.store import StoreError, data_dir

    if args.load is not None or args.export is not None:
        parser.error(f"{args.command} plays a new match: it cannot be combined with "
                     "--load or --export")
    try:
        folder: Path | None = data_dir(args.data_dir)
    except StoreError as e:
        print(f"truf-tui: {e} (the records will not be kept)", file=sys.stderr)
        folder = None
    if args.command == "join":
        if args.code is None and not args.rejoin:
            parser.error("join needs the invite code the host printed (or --rejoin)")
        return asyncio.run(join_match(args.code, args.bot, seed=args.net_seed, folder=folder,
                                      rejoin=args.rejoin))
    if args.web_port is not None and not args.web:
        parser.error("--web-port is the browser tab's port: it needs --web")
    if args.web and args.resume:
        parser.error("--web cannot be combined with --resume: a resumed match's guest takes "
                     "its seat back with 'truf-tui join --rejoin CODE', not in a new tab")
    if args.web and args.web_port and args.web_port == args.port:
        parser.error(f"--web-port {args.web_port} is the game's port (--port): choose another")
    web = None
    if args.web:
        maker = web_guest_maker(log_stream=sys.stderr)
        if maker is None:
            parser.error("--web needs the textual-serve package: pip install textual-serve")
        lang, web_port = args.lang or "en", args.web_port or 0

        def web(host: Host) -> GuestPage:
            return maker(host, web_port, lang)
    if args.resume:
        return asyncio.run(host_match(None, args.bot, seed=args.net_seed, bind=args.bind,
                                      port=args.port, address=args.address, folder=folder))
    rules: dict[str, RuleValue] = {}
    for name, value in (("deck", args.net_deck), ("target", args.target),
                        ("rest_refusal", args.rest_refusal)):
        if value is not None:
            rules[name] = value
    try:
        config = GameConfig(game=args.net_game, rules=rules, best_of=args.best_of,
                            opponent="human")
        check_rules(config)
    except ValueError as e:
        parser.error(str(e))
    if web is None:
        return asyncio.run(host_match(config, args.bot, seed=args.net_seed, bind=args.bind,
                                      port=args.port, address=args.address, folder=folder))
    return asyncio.run(stoppable(host_match(config, args.bot, seed=args.net_seed,
                                            bind=args.bind, port=args.port,
                                            address=args.address, folder=folder, web=web)))


async def stoppable(main: Coroutine[Any, Any, int]) -> int:
    """``main``, cancelled by Ctrl+C or SIGTERM, so that what it started is stopped (the
    browser tab's processes of ``host --web``): 1, saying so."""
    import asyncio
    import signal

    task = asyncio.ensure_future(main)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # (Windows)
            loop.add_signal_handler(signum, task.cancel)
    try:
        return await task
    except asyncio.CancelledError:
        print("truf-tui: the host was stopped; the match is over", file=sys.stderr)
        return 1


def web_guest_maker(log_stream: TextIO | None) -> GuestPageMaker | None:
    """What serves a hosted match's guest seat in a browser tab, when textual-serve is
    installed (imported only when a tab is served: aiohttp loads slowly); its server logs
    on ``log_stream`` (None in the app: the terminal is the app's)."""
    import importlib.util

    if importlib.util.find_spec("textual_serve") is None:
        return None

    def make(host: Host, port: int, lang: str) -> GuestPage:
        from truf_tui.web.guest import WebGuest

        return WebGuest(host, port, lang, log_stream=log_stream)
    return make


def web_guest(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``--web-guest``: the browser tab of ``host --web``, the guest of the invite in its
    environment (the server gives it; never in a command line)."""
    import os

    from truf_tui.net.webseat import INVITE_VARIABLE

    code = os.environ.pop(INVITE_VARIABLE, None)
    if (args.command or args.load is not None or args.export is not None or args.game
            or args.opponent):
        parser.error("--web-guest plays the guest's seat of 'host --web' and nothing else")
    if not code:
        parser.error(f"--web-guest is for the browser tab of 'truf-tui host --web' (it "
                     f"reads the invite from {INVITE_VARIABLE})")
    from truf_tui.ui.terminal_watch import TerminalWatch

    watch = TerminalWatch()
    watch.start()
    try:
        return _play(args, None, watch, join=code)
    finally:
        watch.stop()


# The engine's DealError sentences (engine/record.py, engine/deals.py), each said in the
# reader's language by ``verify.why.<key>`` with the numbers and words it names; one not
# listed here is printed as it is.
VERIFY_REASONS: tuple[tuple[str, str], ...] = (
    (r"deal 1 has no proof: this game was dealt from a given pack", "pack"),
    (r"deal 1 has no proof: this record was kept without the fair deal .*", "unfair"),
    (r"deal (?P<n>\d+): the host's seed is not revealed yet", "unrevealed"),
    (r"deal (?P<n>\d+): the host's seed does not agree with its commitment", "commitment"),
    (r"deal (?P<n>\d+): the (?:record|game)'s seed is not the one its proof gives", "seed"),
    (r"deal (?P<n>\d+): its guest seed is not the one deal (?P<m>\d+)'s commitment names",
     "chain"),
    (r"deal (?P<n>\d+): its commitment does not start the chain", "start"),
    (r"deal (?P<n>\d+): its proof has no chain, unlike the (?P<other>later ones|first one)",
     "unchained"),
    (r"deal (?P<n>\d+): the record's seal does not agree with it .*", "seal"),
    (r"the record of chained deals has no seal", "no_seal"),
    (r"the record has a seal but its deals have no chain", "stray_seal"),
    (r"deal (?P<n>\d+): move (?P<i>\d+) \((?P<move>.*?)\) does not fit the cards its seeds "
     r"deal: (?P<detail>.*)", "move"),
    (r"deal (?P<n>\d+) has no proof: move (?P<i>\d+) dealt it from hidden randomness",
     "hidden"),
    (r"deal (?P<n>\d+) was agreed but never dealt", "never"),
    (r"deal (?P<n>\d+): (?P<detail>.*)", "shape"),  # a malformed proof: the parser's words
)


def deal_problem(lang: str, why: str) -> str:
    """A ``DealError``'s sentence in ``lang`` (:data:`VERIFY_REASONS`), else as it is."""
    from truf_tui.ui.i18n import tr_in

    for pattern, key in VERIFY_REASONS:
        m = re.fullmatch(pattern, why, flags=re.DOTALL)
        if m is None:
            continue
        words = m.groupdict()
        if key == "unchained":
            words["other"] = tr_in(lang, "verify.why.unchained." + (
                "later" if words["other"] == "later ones" else "first"))
        return tr_in(lang, f"verify.why.{key}", **words)
    return why


def verify_language(args: argparse.Namespace) -> str:
    """The language ``verify`` speaks: ``--lang``, else the data folder's settings (read,
    never written: a file it cannot use is left to the app), else the environment's."""
    import json
    import os

    from truf_tui.i18n import FALLBACK

    if args.lang is not None:
        return str(args.lang)
    from truf_tui.store.files import ENV_VAR

    folder = args.data_dir or os.environ.get(ENV_VAR)
    if folder is None:
        with contextlib.suppress(Exception):
            import platformdirs

            folder = platformdirs.user_data_dir("truf-tui", appauthor=False)
    if folder:
        try:
            saved = json.loads((Path(folder).expanduser() / "settings.json").read_text())
            lang = saved["settings"]["lang"]
            if lang in LANGUAGES:
                return str(lang)
        except (OSError, ValueError, KeyError, TypeError):
            pass
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # as the app's first run
        value = os.environ.get(var, "")
        if value:
            lang = value.split(":")[0][:2].lower()
            return lang if lang in LANGUAGES else FALLBACK
    return FALLBACK


def verify(path: Path, lang: str = "en") -> int:
    """``verify RECORD``: 0 when every deal of the record follows from its revealed seeds
    and commitments (NETWORK.md), 1 naming the first bad deal or why the file is unusable;
    every line in ``lang``."""
    from truf_tui.engine.deals import DealError, is_chained
    from truf_tui.engine.record import RecordError
    from truf_tui.i18n import plural_key
    from truf_tui.store.files import Invalid, read_snapshot
    from truf_tui.store.saves import parse_record
    from truf_tui.ui.i18n import tr_in  # the app's texts, registered

    try:
        snap = read_snapshot(path)
    except OSError as e:
        return fail(tr_in(lang, "verify.unreadable", path=path, detail=e.strerror or e))
    if snap is None:
        return fail(tr_in(lang, "verify.missing", path=path))
    try:
        record = parse_record(snap.data, replay=False)
    except Invalid as why:
        reason = tr_in(lang, f"verify.file.{why.kind}" if why.kind in (
            "empty", "foreign", "newer") else "verify.file.corrupt")
        return fail(tr_in(lang, "verify.unusable", path=path, reason=reason,
                          detail=why.detail))
    try:
        final = record.verify()
    except DealError as e:
        return fail(tr_in(lang, "verify.bad", path=path, why=deal_problem(lang, str(e))))
    except RecordError as e:
        return fail(tr_in(lang, "verify.bad", path=path,
                          why=tr_in(lang, "verify.replay", detail=e)))
    except Exception as e:  # an untrusted file: whatever it holds, a sentence, not a trace
        return fail(tr_in(lang, "verify.bad", path=path, why=tr_in(
            lang, "verify.damaged", detail=f"{type(e).__name__}: {e}")))
    n = len(record.deals)
    a, b = final.scores()
    state = tr_in(lang, "verify.finished" if final.is_terminal() else "verify.in_progress")
    print(tr_in(lang, plural_key("verify.ok", n), path=path, n=n, game=record.game,
                moves=len(record.moves), state=state, a=a, b=b))
    if not is_chained(record.deals):  # docs/fair-deal.md, "Format 1"
        print(tr_in(lang, "verify.format1"))
    return 0


def serve_command(args: argparse.Namespace) -> str:
    """The shell command the server runs for each browser tab: this truf-tui, with the
    options given before ``serve``."""
    command = [sys.executable, "-m", "truf_tui"]
    for option in ("game", "tier", "opponent", "deck", "seed", "lang", "data_dir"):
        value = getattr(args, option)
        if value is not None:
            command += ["--" + option.replace("_", "-"), str(value)]
    return shlex.join(command)


def serve(args: argparse.Namespace) -> int:
    """Every tab plays with the data folder: reachable from elsewhere than this computer,
    the server asks for an access token (``--token``, else a random one), and so it does on
    loopback when ``--token`` is given.  Loopback without ``--token`` is open, as before."""
    try:
        from truf_tui.web import TrufServer
    except ImportError:
        return fail("serving needs the textual-serve package: pip install textual-serve")
    token = args.token
    loopback = is_loopback(args.host)
    if token is None and not loopback:  # others can reach it: a secret
        token = secrets.token_urlsafe(24)
    server = TrufServer(serve_command(args), host=args.host, port=args.port, token=token,
                        loopback=loopback, max_sessions=args.max_sessions)
    _quiet_closed_loop()
    try:
        server.serve()
    except OSError as e:  # the port is taken, the address is not ours, ...
        return fail(f"cannot serve on {args.host}:{args.port}: {e.strerror or e}")
    return 0


def _quiet_closed_loop() -> None:
    """Stopping the server (Ctrl+C) while a browser tab is open leaves the pipes of its
    game for the garbage collector after the event loop has closed; asyncio then prints a
    harmless "Event loop is closed" traceback.  Keep only that one quiet."""
    default = sys.unraisablehook

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        e = unraisable.exc_value
        if isinstance(e, RuntimeError) and str(e) == "Event loop is closed":
            return
        default(unraisable)

    sys.unraisablehook = hook
