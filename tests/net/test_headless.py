"""Headless seats as NETWORK.md fixes them: two real processes on loopback play a whole
match; a guest that cannot join says so in one line and exits 1 within 30 s."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from truf_tui.engine.record import GameRecord
from truf_tui.net.invite import Invite
from truf_tui.store import History

PY = [sys.executable, "-m", "truf_tui"]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}


def _start_host(folder: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    host = subprocess.Popen([*PY, "--data-dir", str(folder), "host", "--bind", "127.0.0.1",
                             "--port", "0", "--bot", "easy", "--seed", "1", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env())
    assert host.stdout is not None
    t0 = time.monotonic()
    line = host.stdout.readline()  # within 10 s (NETWORK.md)
    assert line.startswith("invite: "), (line, host.stderr.read() if host.stderr else "")
    assert time.monotonic() - t0 < 10
    return host, line.split(" ", 1)[1].strip()


def _finish(proc: subprocess.Popen[str], timeout: float = 60) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, out, err


def _join(folder: Path, code: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*PY, "--data-dir", str(folder), "join", code, "--bot", "easy",
                             "--seed", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env())


def _last_two(out: str) -> tuple[str, Path]:
    *_, result, record = out.strip().splitlines()
    assert result.startswith("result: ") and record.startswith("record: "), out
    return result, Path(record.split(" ", 1)[1])


@pytest.mark.parametrize("args", [
    ("--game", "truc", "--target", "9", "--rest-refusal", "game"),
    ("--game", "trufludo", "--deck", "italian", "--best-of", "3"),
], ids=["truc", "trufludo-best-of-3"])
def test_two_processes_play_a_whole_match_and_keep_the_same_game(tmp_path: Path,
                                                                 args: tuple[str, ...]) -> None:
    host, code = _start_host(tmp_path / "host", *args)
    try:
        guest = _join(tmp_path / "guest", code)
        g_rc, g_out, g_err = _finish(guest)
    finally:
        h_rc, h_out, h_err = _finish(host)
    assert (h_rc, g_rc) == (0, 0), (h_err, g_err)
    h_result, h_path = _last_two(h_out)
    g_result, g_path = _last_two(g_out)
    assert h_result == g_result
    a = GameRecord.from_json(h_path.read_text())
    b = GameRecord.from_json(g_path.read_text())
    assert (a.game, a.rules, a.dealer, a.seed, a.moves) == (b.game, b.rules, b.dealer, b.seed,
                                                            b.moves)
    final = b.replay()
    assert final.is_terminal()
    if "--best-of" not in args:
        assert h_result == "result: {}-{}".format(*final.scores())
        assert a.rules == {"target": 9, "rest_refusal": "game"}
    else:
        assert a.rules["deck"] == "italian"
        wins = [int(x) for x in h_result.split()[1].split("-")]
        assert max(wins) == 2
    for folder, seat in ((tmp_path / "host", 0), (tmp_path / "guest", 1)):
        with History(folder) as history:
            games = history.games()
        assert len(games) == len(list((folder / "net").glob("*.json")))  # each once
        assert all(g.human_seat == seat for g in games)


def test_a_guest_that_cannot_join_exits_1_with_one_line(tmp_path: Path) -> None:
    host, code = _start_host(tmp_path / "host", "--game", "truc", "--target", "3")
    try:
        good = Invite.parse(code)
        wrong = Invite(good.host, good.port, bytes(16), good.fingerprint).code()
        t0 = time.monotonic()
        rc, out, err = _finish(_join(tmp_path / "w", wrong), timeout=30)
        assert rc == 1 and out == "" and len(err.strip().splitlines()) == 1, err
        assert "not the host's" in err and time.monotonic() - t0 < 30
        rc, out, _err = _finish(_join(tmp_path / "g", code))
        assert rc == 0 and out.strip().splitlines()[-2].startswith("result: ")
    finally:
        h_rc, _out, h_err = _finish(host)
    assert h_rc == 0, h_err
    # the code again, once the host is gone (a used code while it plays: test_host.py)
    rc, out, err = _finish(_join(tmp_path / "u", code), timeout=30)
    assert rc == 1 and len(err.strip().splitlines()) == 1 and "cannot join" in err


def test_a_code_that_is_no_invite_exits_1(tmp_path: Path) -> None:
    rc, out, err = _finish(_join(tmp_path, "truf1-mistyped"), timeout=30)
    assert rc == 1 and err.count("\n") == 1 and "invite code" in err



@pytest.mark.parametrize("argv, words", [
    (["host", "--game", "truc"], "--bot"),
    (["host", "--bot", "easy", "--target", "0"], "target"),
    (["host", "--bot", "easy", "--deck", "italian", "--game", "truc"], "rules option"),
    (["host", "--bot", "easy", "--port", "70000"], "invalid port"),
    (["join", "--bot", "easy"], "code"),
])
def test_bad_network_options_exit_2_with_a_reason(argv: list[str], words: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from truf_tui.cli import main

    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and words in capsys.readouterr().err
