"""Persistence: atomic writes, kill-and-resume, bad files set aside, history and statistics."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truf_tui.store.saves as saves_mod
from truf_tui.engine import truc, trufludo
from truf_tui.engine.record import AnyState, GameRecord
from truf_tui.store import (
    MIGRATIONS,
    BadNameError,
    History,
    Problem,
    SaveStore,
    SettingsStore,
    StoreError,
    atomic_write,
    check_name,
    data_dir,
    defaults,
    export_record,
    game_meta,
    quarantine,
    read_record_file,
    truc_rounds,
)
from truf_tui.store.files import ENV_VAR, sweep_temp_files
from truf_tui.store.history import APPLICATION_ID

CORRUPT_NAME = re.compile(r"^(?P<base>.+)\.corrupt-\d{8}-\d{6}(-\d+)?$")
QUARANTINE_KINDS = {"empty", "corrupt", "foreign", "newer"}

# -- playing whole games with the engine -----------------------------------------------------------
# The same code runs in the child process of the real kill test (it is exec'd there).
PLAYER_SRC = '''
import random
from truf_tui.engine import truc, trufludo

_TRUC_WEIGHTS = {"play": 10.0, "raise": 1.0, "rest": 0.15, "accept": 3.0, "refuse": 1.0,
                 "fold": 0.1, "redeal": 0.5}


def pick(state, rng):
    """A random legal move; in Truc, mostly cards, so matches last many rounds."""
    legal = state.legal_actions()
    if isinstance(state, trufludo.State):
        return rng.choice(legal)
    return rng.choices(legal, [_TRUC_WEIGHTS[a.kind] for a in legal])[0]


def random_game(game, seed, rules=None):
    """The start state and the moves of a whole seeded game with random legal moves."""
    mod = truc if game == "truc" else trufludo
    rng = random.Random(seed)
    s = mod.new_game(rules, seed=seed)
    start, moves = s, []
    while not s.is_terminal():
        a = pick(s, rng)
        s = s.apply(a)
        moves.append(str(a))
    return start, moves
'''
_player: dict[str, Any] = {}
exec(PLAYER_SRC, _player)  # noqa: S102 - our own source, shared with the child process


def random_game(game: str, seed: int, rules: Any = None) -> tuple[AnyState, list[str]]:
    start, moves = _player["random_game"](game, seed, rules)
    return start, moves


def record_of(game: str, seed: int, n: int | None = None, **meta: Any) -> GameRecord:
    start, moves = random_game(game, seed)
    # A fixed start time: two calls must build equal records even across a clock second.
    meta.setdefault("started_at", "2026-01-01T00:00:00+00:00")
    rec = GameRecord.from_state(start, **game_meta(tier="medium", game_id=f"{game}-{seed}",
                                                   **meta))
    for m in moves[:n]:
        rec = rec.with_move(m)
    return rec


def states_after(start: AnyState, moves: list[str]) -> list[AnyState]:
    out = [start]
    for m in moves:
        out.append(out[-1].apply(m))
    return out


def kept(problem: Problem) -> bytes:
    assert problem.kept_as is not None, problem
    assert CORRUPT_NAME.match(problem.kept_as.name), problem.kept_as
    return problem.kept_as.read_bytes()


def assert_message(problem: Problem) -> None:
    """A clear sentence in both languages, naming the kept file when there is one."""
    for lang in ("en", "eo"):
        text = problem.message(lang)
        assert text and "{" not in text and "Traceback" not in text
        if problem.kept_as is not None and problem.kind in QUARANTINE_KINDS:
            assert str(problem.kept_as) in text
    assert str(problem) == problem.message("en")


class Crash(BaseException):
    """A simulated kill: not an Exception, so nothing may catch it and carry on."""


# -- the data folder and atomic writes --------------------------------------------------------
def test_data_dir_override_env_and_platform(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert data_dir(tmp_path / "a" / "b") == tmp_path / "a" / "b"
    assert (tmp_path / "a" / "b").is_dir()
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env" and (tmp_path / "env").is_dir()
    assert data_dir(tmp_path / "x") == tmp_path / "x"  # the option wins over the variable
    monkeypatch.delenv(ENV_VAR)
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda name, appauthor=None: str(tmp_path / "plat" / name))
    assert data_dir() == tmp_path / "plat" / "truf-tui"
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="it is a file, not a folder"):
        data_dir(tmp_path / "file")


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    p = tmp_path / "f.json"
    atomic_write(p, "old ✓")
    atomic_write(p, b"new bytes")
    assert p.read_bytes() == b"new bytes"
    assert sorted(os.listdir(tmp_path)) == ["f.json"]
    assert (os.stat(p).st_mode & 0o777) == 0o600


@pytest.mark.parametrize("fail_at", ["write", "fsync", "replace"])
def test_atomic_write_crash_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           fail_at: str) -> None:
    p = tmp_path / "f.json"
    atomic_write(p, "old")
    target = {"write": (os, "fdopen"), "fsync": (os, "fsync"), "replace": (os, "replace")}
    obj, name = target[fail_at]

    def boom(*a: Any, **k: Any) -> Any:
        raise Crash()

    with monkeypatch.context() as m:
        m.setattr(obj, name, boom)
        with pytest.raises(Crash):
            atomic_write(p, "new" * 1000)
    assert p.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.json"]


def test_atomic_write_os_error_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="could not be saved"):
        atomic_write(tmp_path / "missing-folder" / "f.json", "x")


def test_quarantine_never_overwrites(tmp_path: Path) -> None:
    p = tmp_path / "settings.json"
    now = datetime(2024, 5, 6, 7, 8, 9)
    taken = [tmp_path / "settings.json.corrupt-20240506-070809",
             tmp_path / "settings.json.corrupt-20240506-070809-1"]
    for i, t in enumerate(taken):
        t.write_bytes(b"earlier %d" % i)
    p.write_bytes(b"\x00bad")
    dst = quarantine(p, now=now)
    assert dst.name == "settings.json.corrupt-20240506-070809-2"
    assert dst.read_bytes() == b"\x00bad" and not p.exists()
    assert [t.read_bytes() for t in taken] == [b"earlier 0", b"earlier 1"]


def test_sweep_removes_only_old_temp_files(tmp_path: Path) -> None:
    old, young, other = (tmp_path / ".current.json.aa.tmp", tmp_path / ".current.json.bb.tmp",
                         tmp_path / "current.json")
    for f in (old, young, other):
        f.write_text("x")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    assert sweep_temp_files(tmp_path) == 1
    assert not old.exists() and young.exists() and other.exists()


# -- settings --------------------------------------------------------------------------------------
def test_settings_round_trip_partial_save_and_unknown_keys(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.load() == (defaults(), [])
    store.save({"lang": "eo", "theme": "nord", "variants": {"truc": {"target": 7}}})
    got, problems = SettingsStore(tmp_path).load()
    assert problems == []
    assert got["lang"] == "eo" and got["theme"] == "nord"
    assert got["variants"]["truc"] == {"target": 7, "rest_refusal": "stake"}
    assert got["variants"]["trufludo"] == defaults()["variants"]["trufludo"]
    # Unknown keys (a newer truf-tui's) are ignored on loading but written back untouched.
    body = json.loads((tmp_path / "settings.json").read_text())
    body["settings"]["future"] = {"x": [1, 2]}
    body["settings"]["variants"]["truc"]["future_rule"] = True
    (tmp_path / "settings.json").write_text(json.dumps(body))
    store = SettingsStore(tmp_path)
    got, problems = store.load()
    assert problems == [] and "future" not in got
    assert "future_rule" not in got["variants"]["truc"]
    store.save({"pace": "fast"})
    body = json.loads((tmp_path / "settings.json").read_text())
    assert body["format"] == "truf-tui-settings" and body["version"] == 1
    assert body["settings"]["future"] == {"x": [1, 2]}
    assert body["settings"]["variants"]["truc"]["future_rule"] is True
    assert body["settings"]["pace"] == "fast" and body["settings"]["lang"] == "eo"


def test_settings_invalid_values_become_defaults_with_messages(tmp_path: Path) -> None:
    bad = {"lang": "fr", "theme": 3, "pace": "fast", "card_style": None, "tier": "godlike",
           "dealer": True, "game": "truc",
           "variants": {"trufludo": {"deck": "tarot", "forced_capture": 1},
                        "truc": {"target": 100, "rest_refusal": "game"}}}
    body = {"format": "truf-tui-settings", "version": 1, "settings": bad}
    (tmp_path / "settings.json").write_text(json.dumps(body))
    got, problems = SettingsStore(tmp_path).load()
    d = defaults()
    assert got["pace"] == "fast" and got["game"] == "truc"
    assert got["variants"]["truc"] == {"target": 12, "rest_refusal": "game"}
    assert got["lang"] == d["lang"] and got["theme"] == d["theme"] and got["dealer"] is None
    assert got["variants"]["trufludo"] == d["variants"]["trufludo"]
    keys = sorted(p.key for p in problems)
    assert keys == sorted(["lang", "theme", "card_style", "tier", "dealer",
                           "variants.trufludo.deck", "variants.trufludo.forced_capture",
                           "variants.truc.target"])
    for p in problems:
        assert p.kind == "invalid" and p.kept_as is None
        assert_message(p)
        assert p.key in str(p)
    assert (tmp_path / "settings.json").exists()  # ours, only partly bad: not set aside


def test_settings_save_rejects_bad_values(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    for bad in ({"lang": "fr"}, {"nope": 1}, {"variants": {"truc": {"target": 0}}},
                {"variants": 3}, {"dealer": False}):
        with pytest.raises(ValueError):
            store.save(bad)
    assert not (tmp_path / "settings.json").exists()


def _settings_body(settings_value: Any = None, **over: Any) -> bytes:
    body: dict[str, Any] = {"format": "truf-tui-settings", "version": 1,
                            "settings": {"lang": "eo"} if settings_value is None
                            else settings_value}
    body.update(over)
    return json.dumps(body).encode()


BAD_SETTINGS: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "empty"),
    "blank": (b"  \n", "empty"),
    "truncated": (_settings_body()[:20], "corrupt"),
    "random": (bytes(random.Random(1).randrange(256) for _ in range(200)), "corrupt"),
    "not-utf8": (b'{"format": "\xff"}', "corrupt"),
    "nan": (b'{"format": "truf-tui-settings", "version": 1, "settings": {"x": NaN}}',
            "corrupt"),
    "list": (b"[1, 2]", "foreign"),
    "other-format": (_settings_body(format="truf-tui-record"), "foreign"),
    "no-format": (b'{"lang": "en"}', "foreign"),
    "newer": (_settings_body(version=2), "newer"),
    "version-string": (_settings_body(version="1"), "corrupt"),
    "settings-not-object": (_settings_body(settings_value=[]), "corrupt"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "corrupt"),
}


@pytest.mark.parametrize("case", sorted(BAD_SETTINGS))
def test_bad_settings_file_is_set_aside(tmp_path: Path, case: str) -> None:
    data, kind = BAD_SETTINGS[case]
    (tmp_path / "settings.json").write_bytes(data)
    store = SettingsStore(tmp_path)
    got, problems = store.load()
    assert got == defaults()
    assert [p.kind for p in problems] == [kind]
    assert kept(problems[0]) == data
    assert_message(problems[0])
    assert not (tmp_path / "settings.json").exists()
    store.save({"lang": "eo"})  # and the app goes on with a fresh file
    assert SettingsStore(tmp_path).load() == ({**defaults(), "lang": "eo"}, [])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400) | st.builds(lambda s: s.encode(), st.text(max_size=200)))
@pytest.mark.slow
def test_settings_fuzz_bytes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "settings.json"
        path.write_bytes(data)
        got, problems = SettingsStore(d).load()
        assert set(got) == set(defaults())
        moved = [p for p in problems if p.kept_as is not None]
        if moved:
            assert len(problems) == 1 and problems[0].kind in QUARANTINE_KINDS
            assert kept(problems[0]) == data and not path.exists()
        else:
            assert path.read_bytes() == data
        for p in problems:
            assert_message(p)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-200, 200) | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=3)
                    | st.dictionaries(st.text(max_size=8), kids, max_size=3), max_leaves=12)
KEYS = st.sampled_from(["lang", "theme", "pace", "card_style", "game", "tier", "dealer",
                        "variants", "x"])


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(KEYS, JSON | st.fixed_dictionaries(
    {"trufludo": JSON, "truc": st.dictionaries(st.sampled_from(["target", "rest_refusal"]),
                                               JSON)}), max_size=8))
def test_settings_fuzz_values(value: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "settings.json").write_bytes(_settings_body(value))
        store = SettingsStore(d)
        got, problems = store.load()
        assert all(p.kind == "invalid" for p in problems)
        store.save(got)  # whatever was loaded is valid
        assert SettingsStore(d).load() == (got, [])


# -- the autosave: kill and resume -----------------------------------------------------------
CRASHES = ("before-replace", "before-fsync", "truncated-temp", "non-atomic", "while-prev")


def _crash_saving(store: SaveStore, rec: GameRecord, how: str, rng: random.Random,
                  monkeypatch: pytest.MonkeyPatch, folder: Path) -> bytes | None:
    """Save ``rec`` but "die" in the middle, as ``how`` says.  Returns the broken bytes a
    non-atomic writer left in current.json, if any."""
    data = (rec.to_json() + "\n").encode()
    cut = rng.randrange(len(data))
    real_write = atomic_write
    left: list[bytes] = []

    def dying_write(path: str | Path, blob: bytes | str) -> None:
        path = Path(path)
        if how == "while-prev" and path.name == "current.prev.json":
            raise Crash()
        if how == "non-atomic" and path.name == "current.json":
            with open(path, "wb") as f:  # what a naive writer does: truncate, then write
                f.write(data[:cut])
            left.append(data[:cut])
            raise Crash()
        real_write(path, blob)

    def boom(*a: Any, **k: Any) -> Any:
        raise Crash()

    with monkeypatch.context() as m:
        if how == "before-replace":
            m.setattr(os, "replace", boom)
        elif how == "before-fsync":
            m.setattr(os, "fsync", boom)
        elif how in ("non-atomic", "while-prev"):
            m.setattr(saves_mod, "atomic_write", dying_write)
        if how == "truncated-temp":
            # Killed mid-write: the temporary file stays behind, cut short.
            (folder / f".current.json.{rng.randrange(16**6):06x}.tmp").write_bytes(data[:cut])
        else:
            with pytest.raises(Crash):
                store.save_current(rec)
    return left[0] if left else None


@pytest.mark.parametrize("game,seed", [("trufludo", 11), ("truc", 12), ("truc", 13)])
def test_kill_and_resume_after_every_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          game: str, seed: int) -> None:
    start, moves = random_game(game, seed)
    states = states_after(start, moves)
    base = GameRecord.from_state(start, **game_meta(tier="hard", game_id=f"g{seed}"))
    rng = random.Random(seed)
    store = SaveStore(tmp_path)
    saved = 0  # moves in the last completed save
    crashes: dict[str, int] = {}
    i = 0
    while i < len(moves):
        rec = GameRecord(base.game, base.rules, base.dealer, base.seed, base.deck,
                         tuple(moves[: i + 1]), base.meta)
        if rng.random() > 0.25:
            assert store.save_current(rec) == []
            saved, i = i + 1, i + 1
            continue
        how = CRASHES[sum(crashes.values()) % len(CRASHES)]
        crashes[how] = crashes.get(how, 0) + 1
        broken = _crash_saving(store, rec, how, rng, monkeypatch, tmp_path)
        # The app starts again.
        store = SaveStore(tmp_path)
        loaded, problems = store.load_current()
        if saved == 0 and how in ("before-replace", "before-fsync", "truncated-temp",
                                  "while-prev"):
            assert (loaded, problems) == (None, [])
        elif how == "non-atomic":
            assert problems[0].kind in ("corrupt", "empty")
            assert kept(problems[0]) == broken
            for p in problems:
                assert_message(p)
            # One notice, and what it says about the game is true (issue 16, item 6).
            assert len(problems) == 1
            assert problems[0].resumed is (saved > 0)
        else:
            assert problems == []
        if saved:
            assert loaded is not None
            assert loaded.moves == tuple(moves[:saved]) and loaded.meta == base.meta
            assert loaded.replay() == states[saved]  # the identical state
        i = saved  # play on from where the save says
    assert set(crashes) == set(CRASHES)
    final, problems = SaveStore(tmp_path).load_current()
    assert problems == [] and final is not None and final.replay() == states[-1]
    assert final.replay().is_terminal()


CHILD = PLAYER_SRC + '''
import sys
from truf_tui.engine.record import GameRecord
from truf_tui.store import SaveStore, game_meta

folder, game, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
mod = truc if game == "truc" else trufludo
store = SaveStore(folder)
rng = random.Random(seed)
s = mod.new_game(seed=seed)
rec = GameRecord.from_state(s, **game_meta(tier="easy", game_id=f"kill-{seed}"))
print("ready", flush=True)
n = 0
while not s.is_terminal():
    a = pick(s, rng)
    s = s.apply(a)
    rec = rec.with_move(str(a))
    store.save_current(rec)
    n += 1
    print(n, flush=True)
print("done", flush=True)
'''


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_real_kill_at_random_moments(tmp_path: Path) -> None:
    """A real process saving after every move, killed with SIGKILL at random moments."""
    rng = random.Random(2024)
    outcomes = []
    for trial, (game, seed) in enumerate([("truc", 21), ("trufludo", 22), ("truc", 23),
                                          ("trufludo", 24), ("truc", 25), ("truc", 26)]):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), game, str(seed)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        out = proc.stdout.read().split()
        proc.wait()
        proc.stdout.close()
        done = [int(x) for x in out if x.isdigit()]
        last = done[-1] if done else 0  # saves known to be complete
        start, moves = random_game(game, seed)
        loaded, problems = SaveStore(folder).load_current()
        assert problems == []
        n = 0 if loaded is None else len(loaded.moves)
        # Killed between a save and its report, the file may hold one move more.
        assert n in (last, last + 1) and n <= len(moves)
        if loaded is not None:
            assert loaded.moves == tuple(moves[:n])
            assert loaded.replay() == states_after(start, moves[:n])[-1]
        outcomes.append((n, len(moves)))
    assert any(0 < n < total for n, total in outcomes), outcomes  # killed mid-game at least once


# -- the autosave: bad files -----------------------------------------------------------------
def _bad_records() -> dict[str, tuple[bytes, str]]:
    good: dict[str, Any] = record_of("truc", 5, 12).to_dict()
    illegal = dict(good, moves=[*good["moves"][:5], "play 7Z", *good["moves"][5:]])
    wrong_move = dict(good, moves=["accept", *good["moves"]])
    text = json.dumps(good).encode()
    return {
        "empty": (b"", "empty"),
        "truncated": (text[: len(text) // 2], "corrupt"),
        "random": (bytes(random.Random(2).randrange(256) for _ in range(300)), "corrupt"),
        "illegal-card": (json.dumps(illegal).encode(), "corrupt"),
        "illegal-move": (json.dumps(wrong_move).encode(), "corrupt"),
        "bad-rules": (json.dumps(dict(good, rules={"target": "12"})).encode(), "corrupt"),
        "bad-dealer": (json.dumps(dict(good, dealer=2)).encode(), "corrupt"),
        "newer": (json.dumps(dict(good, version=99)).encode(), "newer"),
        "settings-file": (_settings_body(), "foreign"),
        "a-number": (b"42", "foreign"),
        "pickle": (b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00\x8c\x02os\x94.", "corrupt"),
    }


BAD_RECORDS = _bad_records()


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_bad_autosave_is_set_aside(tmp_path: Path, case: str) -> None:
    data, kind = BAD_RECORDS[case]
    (tmp_path / "current.json").write_bytes(data)
    store = SaveStore(tmp_path)
    loaded, problems = store.load_current()
    assert loaded is None
    assert [p.kind for p in problems] == [kind]
    assert kept(problems[0]) == data
    assert_message(problems[0])
    assert not store.has_current()
    rec = record_of("trufludo", 1, 3)
    assert store.save_current(rec) == []
    assert SaveStore(tmp_path).load_current() == (rec, [])


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_bad_named_save_is_set_aside(tmp_path: Path, case: str) -> None:
    data, kind = BAD_RECORDS[case]
    store = SaveStore(tmp_path)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "Mia ludo.json").write_bytes(data)
    [entry] = store.list_named()
    assert entry.name == "Mia ludo" and (entry.error is not None or kind == "corrupt")
    loaded, problems = store.load_named("Mia ludo")
    assert loaded is None and [p.kind for p in problems] == [kind]
    assert kept(problems[0]) == data and problems[0].key == "Mia ludo"
    assert "Mia ludo" in str(problems[0])
    assert_message(problems[0])
    assert store.list_named() == []


def test_autosave_fuzz_mutations(tmp_path: Path) -> None:
    """Seeded fuzz: truncations, byte flips, spliced garbage of real saves; never a
    traceback, and every unusable file is kept aside byte for byte."""
    rng = random.Random(77)
    sources = [(record_of("trufludo", 8, 30).to_json() + "\n").encode(),
               (record_of("truc", 9, 40).to_json() + "\n").encode()]
    outcomes: dict[str, int] = {}
    for trial in range(250):
        data = bytearray(rng.choice(sources))
        mode = rng.choice(["cut", "flip", "splice", "swap-digit"])
        if mode == "cut":
            data = data[: rng.randrange(len(data))]
        elif mode == "flip":
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif mode == "splice":
            at = rng.randrange(len(data))
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 20)))
        else:
            digits = [i for i, b in enumerate(data) if chr(b).isdigit()]
            data[rng.choice(digits)] = ord(str(rng.randrange(10)))
        folder = tmp_path / str(trial)
        folder.mkdir()
        (folder / "current.json").write_bytes(bytes(data))
        loaded, problems = SaveStore(folder).load_current()
        if loaded is not None:
            assert problems == []
            loaded.replay()  # a harmless change (spaces, a seed digit): it must replay
            outcomes["ok"] = outcomes.get("ok", 0) + 1
        else:
            assert len(problems) == 1 and problems[0].kind in QUARANTINE_KINDS
            assert kept(problems[0]) == bytes(data)
            assert_message(problems[0])
            outcomes[problems[0].kind] = outcomes.get(problems[0].kind, 0) + 1
    assert outcomes.get("corrupt", 0) > 100 and outcomes.get("ok", 0) > 0, outcomes


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_odd_things_in_place_of_files_do_not_hang_or_move(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "current.json")
    os.mkfifo(tmp_path / "settings.json")
    loaded, problems = SaveStore(tmp_path).load_current()
    assert loaded is None and [p.kind for p in problems] == ["unreadable"]
    assert "not a regular file" in str(problems[0])
    got, problems = SettingsStore(tmp_path).load()
    assert got == defaults() and [p.kind for p in problems] == ["unreadable"]
    assert_message(problems[0])
    assert (tmp_path / "current.json").exists() and (tmp_path / "settings.json").exists()


def test_current_and_previous_both_bad(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save_current(record_of("truc", 3, 4))
    store.save_current(record_of("truc", 3, 5))
    (tmp_path / "current.json").write_bytes(b"{")
    (tmp_path / "current.prev.json").write_bytes(b"")
    loaded, problems = SaveStore(tmp_path).load_current()
    assert loaded is None and [p.kind for p in problems] == ["corrupt", "empty"]
    assert kept(problems[0]) == b"{" and kept(problems[1]) == b""


def test_recovery_rewrites_the_autosave(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for n in (1, 2, 3):
        store.save_current(record_of("trufludo", 4, n))
    (tmp_path / "current.json").write_bytes(b"\x00" * 10)
    loaded, problems = SaveStore(tmp_path).load_current()
    assert loaded == record_of("trufludo", 4, 2)
    # One notice, not "…there is no game to continue" beside "the game was resumed…"
    # (issue 16, item 6): it names the file kept aside and says the game goes on.
    [p] = problems
    assert p.kind == "corrupt" and p.resumed
    assert_message(p)
    assert "one move earlier" in p.message("en") and "no game" not in p.message("en")
    assert "unu movon pli frue" in p.message("eo") and "neniu ludo" not in p.message("eo")
    # Even if the app stops now, the next start continues the same game.
    assert SaveStore(tmp_path).load_current() == (record_of("trufludo", 4, 2), [])


def test_finished_game_clear_and_history_once(tmp_path: Path) -> None:
    """Stopped between the last move and recording it: the game is recorded once."""
    rec = record_of("trufludo", 6)
    store = SaveStore(tmp_path)
    store.save_current(rec)
    h = History(tmp_path)
    first = h.add_game(rec)
    loaded, _ = SaveStore(tmp_path).load_current()  # the app restarts: a finished game
    assert loaded is not None and loaded.replay().is_terminal()
    assert h.add_game(loaded) == first and len(h.games()) == 1
    store.clear_current()
    assert SaveStore(tmp_path).load_current() == (None, [])
    assert not (tmp_path / "current.prev.json").exists()


def test_another_instances_game_is_kept(tmp_path: Path) -> None:
    # Two stores on one autosave: what a running app's lock (SaveStore.claim) prevents,
    # still safe where no lock can be had (tests/test_store_sharing.py has the locks).
    a, b = SaveStore(tmp_path), SaveStore(tmp_path)
    ra, rb = record_of("truc", 31, 3), record_of("trufludo", 32, 4)
    assert a.save_current(ra) == []
    problems = b.save_current(rb)  # a second window starts another game
    assert [p.kind for p in problems] == ["archived"]
    assert_message(problems[0])
    assert b.load_named(problems[0].key) == (ra, [])
    assert b.load_current() == (rb, [])
    problems = a.save_current(record_of("truc", 31, 4))  # the first window plays on
    assert [p.kind for p in problems] == ["archived"]
    assert a.load_named(problems[0].key) == (rb, [])
    # Ping-pong keeps one archive per game, not one per move, and says it once.
    assert b.save_current(record_of("trufludo", 32, 5)) == []
    assert a.save_current(record_of("truc", 31, 5)) == []
    # (b's copy of a's game is a's save before b's last move: kept up to date.)
    assert b.load_named("autosave-truc-truc-31") == (record_of("truc", 31, 4), [])
    assert sorted(s.name for s in a.list_named()) == ["autosave-truc-truc-31",
                                                      "autosave-trufludo-trufludo"]


def test_new_game_without_clearing_keeps_the_old_one(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    old = record_of("truc", 41, 6)
    store.save_current(old)
    store = SaveStore(tmp_path)
    store.load_current()
    problems = store.save_current(record_of("truc", 42, 1))
    assert [p.kind for p in problems] == ["archived"]
    assert store.load_named(problems[0].key) == (old, [])


# -- named saves -----------------------------------------------------------------------------
def test_named_saves(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    assert store.list_named() == []
    r1, r2 = record_of("truc", 51, 7), record_of("trufludo", 52, 9)
    p1 = store.save_named("  Ĉe la kafejo  ", r1)
    assert p1 == tmp_path / "saves" / "Ĉe la kafejo.json"
    os.utime(p1, (time.time() - 60, time.time() - 60))
    store.save_named("second", r2)
    names = [(s.name, s.game, s.moves, s.tier, s.error) for s in store.list_named()]
    assert names == [("second", "trufludo", 9, "medium", None),
                     ("Ĉe la kafejo", "truc", 7, "medium", None)]
    assert store.load_named("Ĉe la kafejo") == (r1, [])
    with pytest.raises(StoreError, match="already"):
        store.save_named("second", r1, overwrite=False)
    store.save_named("second", r1)
    assert store.load_named("second") == (r1, [])
    assert store.delete_named("second") is True
    assert store.delete_named("second") is False
    loaded, problems = store.load_named("second")
    assert loaded is None and [p.kind for p in problems] == ["missing"]
    assert_message(problems[0])
    (tmp_path / "saves" / ".hidden.json").write_text("{}")
    (tmp_path / "saves" / "notes.txt").write_text("x")
    assert [s.name for s in store.list_named()] == ["Ĉe la kafejo"]


@pytest.mark.parametrize("name", ["", "   ", "a/b", "a\\b", "..", "../x", "x..y", "a\nb",
                                  "tab\there", "nul\x00", "bell\x07", "rtl\u202eoverride",
                                  ".hidden", "end.", "CON", "nul.txt", "a:b", "why?", "x" * 101,
                                  "a|b", "<x>"])
def test_unsafe_names_are_refused(tmp_path: Path, name: str) -> None:
    store = SaveStore(tmp_path)
    rec = record_of("truc", 1, 1)
    with pytest.raises(BadNameError) as e:
        store.save_named(name, rec)
    assert str(e.value).endswith((".", "another."))
    for call in (store.load_named, store.delete_named):
        with pytest.raises(BadNameError):
            call(name)
    assert not (tmp_path / "saves").exists() or list((tmp_path / "saves").iterdir()) == []


def test_good_names() -> None:
    for name in ("Game 1", "Ĉu ludi?".replace("?", ""), "truc vs expert (3)", "a.b", "Ω"):
        assert check_name(name) == name


def test_export_and_read_record_file(tmp_path: Path) -> None:
    rec = record_of("truc", 61, 10)
    export_record(tmp_path / "game.json", rec)
    assert read_record_file(tmp_path / "game.json") == rec
    for data, words in ((b"", "empty"), (b"{", "damaged"), (b"[]", "not a truf-tui")):
        (tmp_path / "bad.json").write_bytes(data)
        with pytest.raises(StoreError, match=words):
            read_record_file(tmp_path / "bad.json")
        assert (tmp_path / "bad.json").read_bytes() == data  # a user's file is never moved
    with pytest.raises(StoreError, match="does not exist"):
        read_record_file(tmp_path / "nope.json")
    with pytest.raises(StoreError, match="folder"):
        export_record(tmp_path, rec)


# -- history ---------------------------------------------------------------------------------
def _finished(game: str, seed: int, **meta: Any) -> GameRecord:
    start, moves = random_game(game, seed)
    rec = GameRecord.from_state(start, **game_meta(game_id=f"h-{game}-{seed}", **meta))
    for m in moves:
        rec = rec.with_move(m)
    return rec


def test_history_stats_equal_what_was_stored(tmp_path: Path) -> None:
    rng = random.Random(5)
    expect_results: dict[str, dict[str | None, list[int]]] = {}
    tg: list[tuple[int, int]] = []
    pts: list[tuple[int, int, int]] = []
    stored = []
    h = History(tmp_path)
    assert h.problems == [] and h.schema_version == len(MIGRATIONS)
    for seed in range(24):
        game = "truc" if seed % 3 else "trufludo"
        tier = rng.choice(["easy", "medium", "hard", "expert", None])
        human = rng.randrange(2)
        rec = _finished(game, 100 + seed, tier=tier, human=human, hints_used=seed % 4)
        final = rec.replay()
        winner = final.winner()
        res = 1 if winner is None else 0 if winner == human else 2
        expect_results.setdefault(game, {}).setdefault(tier, [0, 0, 0])[res] += 1
        sc = final.scores()
        if isinstance(final, trufludo.State):
            tg.append((len(final.trufegoj[human]), len(final.trufegoj[1 - human])))
        else:
            assert isinstance(final, truc.State)
            pts.append((sc[human], sc[1 - human], final.round_no))
        gid = h.add_game(rec, finished_at=f"2024-01-01T00:00:{seed:02d}+00:00")
        stored.append((gid, rec, human, sc, tier, res))
    stats = History(tmp_path).stats()  # read back by a second connection
    got = {g: {t: [x.wins, x.draws, x.losses] for t, x in tiers.items()}
           for g, tiers in stats.results.items()}
    assert got == expect_results
    for g in expect_results:
        assert stats.total(g).games == sum(sum(v) for v in expect_results[g].values())
    assert stats.trufegoj_per_game is not None and stats.truc_points_per_round is not None
    assert stats.trufegoj_per_game.count == len(tg)
    assert stats.trufegoj_per_game.human == pytest.approx(sum(a for a, _ in tg) / len(tg))
    assert stats.trufegoj_per_game.computer == pytest.approx(sum(b for _, b in tg) / len(tg))
    rounds = sum(r for _, _, r in pts)
    assert stats.truc_points_per_round.count == rounds
    assert stats.truc_points_per_round.human == pytest.approx(sum(a for a, _, _ in pts) / rounds)
    assert stats.truc_points_per_round.computer == pytest.approx(
        sum(b for _, b, _ in pts) / rounds)
    rows = h.games()
    assert [r.id for r in rows] == [s[0] for s in stored]
    for row, (gid, rec, human, sc, tier, res) in zip(rows, stored, strict=True):
        assert row.record() == rec and row.human_seat == human and row.tier == tier
        assert (row.score_human, row.score_computer) == (sc[human], sc[1 - human])
        assert row.result == ("win", "draw", "loss")[res] and row.rules == rec.rules
        assert row.hints_used == (int(str(rec.meta["id"]).rsplit("-", 1)[1]) - 100) % 4
        assert row.practice is False and h.game(gid) == row
    assert {r.game for r in h.games(game="truc")} == {"truc"}
    assert all(r.tier == "easy" for r in h.games(tier="easy"))
    assert h.stats(practice=True).results == {}


def test_history_truc_rounds(tmp_path: Path) -> None:
    h = History(tmp_path)
    rec = _finished("truc", 7, tier="expert")
    gid = h.add_game(rec, human_seat=1)
    computed = truc_rounds(rec)
    stored = h.truc_rounds(gid)
    assert [r.round for r in stored] == list(range(1, len(stored) + 1))
    assert [(r.round, r.winner, r.points, r.how, r.events, r.hands, r.moves) for r in stored] \
        == [(r.round, r.winner, r.points, r.how, r.events, r.hands, r.moves) for r in computed]
    final = rec.replay()
    for seat in (0, 1):  # the rounds add up to the final score
        assert sum(r.points for r in stored if r.winner == seat) == final.scores()[seat]
    assert sum(len(r.moves) for r in stored) == len(rec.moves)
    for r in stored:
        for e in r.events:
            assert e["kind"] in ("raise", "rest", "redeal", "fold")
            assert e["by"] in (0, 1) and 1 <= e["trick"] <= 3
            if e["kind"] != "fold":
                assert e["answer"] in ("accept", "refuse", "fold", None)


def test_truc_rounds_constructed() -> None:
    """A raise refused, and a redeal accepted, read back as events."""
    s = truc.new_game(seed=3, dealer=1)
    nd = s.to_move
    rec = GameRecord.from_state(s)
    for m in ("redeal", "accept", "raise", "refuse"):
        rec = rec.with_move(m)
    [r] = truc_rounds(rec)
    assert r.how == "refused" and r.winner == nd and r.points == 1 and r.stake == 1
    assert r.redealt is not None and r.redealt != r.hands
    assert [(e["by"], e["kind"], e["answer"], e["stake"]) for e in r.events] == [
        (nd, "redeal", "accept", 1), (nd, "raise", "refuse", 1)]


def test_history_add_is_idempotent_and_checks(tmp_path: Path) -> None:
    h = History(tmp_path)
    rec = _finished("trufludo", 9, tier="easy", practice=True)
    a = h.add_game(rec)
    assert h.add_game(rec) == a and len(h.games()) == 1
    no_id = GameRecord(rec.game, rec.rules, rec.dealer, rec.seed, rec.deck, rec.moves)
    b = h.add_game(no_id)
    assert h.add_game(no_id) == b != a
    assert h.games()[0].practice is True and h.stats(practice=False).total("trufludo").games == 1
    with pytest.raises(ValueError, match="finished"):
        h.add_game(record_of("truc", 1, 3))
    with pytest.raises(ValueError):
        h.add_game(rec.with_move("play 7Z"))
    with pytest.raises(ValueError, match="human_seat"):
        h.add_game(_finished("truc", 10), human_seat=2)


def test_history_two_instances_at_once(tmp_path: Path) -> None:
    h1, h2 = History(tmp_path), History(tmp_path)
    recs = [_finished("trufludo" if i % 2 else "truc", 300 + i, tier="hard") for i in range(16)]
    errors: list[BaseException] = []

    def add(h: History, part: list[GameRecord]) -> None:
        try:
            for r in part:
                h.add_game(r)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=add, args=(h1, recs[0::2])),
               threading.Thread(target=add, args=(h2, recs[1::2])),
               threading.Thread(target=add, args=(h1, recs[::-1]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(h1.games()) == len(h2.games()) == 16
    assert h2.stats().total("truc").games == 8
    mode = sqlite3.connect(tmp_path / "history.sqlite3").execute("PRAGMA journal_mode")
    assert mode.fetchone()[0] == "wal"


def _migration_2(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN opponent_name TEXT")
    conn.execute("UPDATE games SET opponent_name = 'Bot ' || tier")


def test_migrations(tmp_path: Path) -> None:
    h = History(tmp_path)
    gid = h.add_game(_finished("truc", 71, tier="medium"))
    h.close()
    with History(tmp_path, migrations=[*MIGRATIONS, _migration_2]) as h2:
        assert h2.problems == [] and h2.schema_version == len(MIGRATIONS) + 1
        row = h2._query("SELECT opponent_name FROM games WHERE id = ?", (gid,))
        assert row == [("Bot medium",)]
        assert len(h2.games()) == 1  # the old data is all there
    with History(tmp_path, migrations=[*MIGRATIONS, _migration_2]) as h2:
        assert h2.problems == [] and h2.schema_version == len(MIGRATIONS) + 1  # nothing to do
    # A fresh folder runs migration 1 then 2; a list of SQL statements works too.
    with History(tmp_path / "new", migrations=[*MIGRATIONS, ["CREATE TABLE t2 (x)"]]) as h3:
        assert h3.schema_version == len(MIGRATIONS) + 1 and h3._query("SELECT * FROM t2") == []
    # This truf-tui knows only version 1: the version-2 file is from a newer truf-tui.
    before = (tmp_path / "history.sqlite3").read_bytes()
    h4 = History(tmp_path)
    assert [p.kind for p in h4.problems] == ["newer"]
    assert kept(h4.problems[0]) == before
    assert_message(h4.problems[0])
    assert h4.games() == [] and h4.schema_version == len(MIGRATIONS) and not h4.in_memory
    h4.add_game(_finished("truc", 72))
    assert len(History(tmp_path).games()) == 1


def test_failing_migration_rolls_back_and_leaves_the_file(tmp_path: Path) -> None:
    with History(tmp_path) as h:
        h.add_game(_finished("truc", 73))
    before = (tmp_path / "history.sqlite3").read_bytes()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half (x)")
        raise sqlite3.OperationalError("bug in migration 2")

    h = History(tmp_path, migrations=[*MIGRATIONS, broken])
    assert h.in_memory and [p.kind for p in h.problems] == ["unsaved"]
    assert_message(h.problems[0])
    h.close()
    with History(tmp_path) as again:
        assert again.problems == [] and again.schema_version == len(MIGRATIONS)
        assert len(again.games()) == 1
        assert "half" not in {r[0] for r in again._query(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert (tmp_path / "history.sqlite3").read_bytes() == before


def _real_db(folder: Path, n: int = 3) -> bytes:
    with History(folder) as h:
        for i in range(n):
            h.add_game(_finished("truc" if i % 2 else "trufludo", 400 + i))
    assert not (folder / "history.sqlite3-wal").exists()
    return (folder / "history.sqlite3").read_bytes()


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return _real_db(tmp_path_factory.mktemp("db"))


def _foreign_db(path: Path) -> bytes:
    c = sqlite3.connect(path)
    c.execute("CREATE TABLE notes (x)")
    c.execute("INSERT INTO notes VALUES ('mine')")
    c.commit()
    c.close()
    return path.read_bytes()


def _bad_dbs(real: bytes, tmp: Path) -> dict[str, tuple[bytes, str]]:
    flipped = bytearray(real)
    for page in range(1, len(real) // 4096):  # scribble over every page after the first
        flipped[page * 4096 + 8: page * 4096 + 40] = b"\xa5" * 32
    return {
        "empty": (b"", "empty"),
        "random": (bytes(random.Random(3).randrange(256) for _ in range(5000)), "foreign"),
        "text": (b'{"format": "truf-tui-settings"}', "foreign"),
        "magic-only": (real[:10], "corrupt"),
        "header-only": (real[:60], "corrupt"),
        "half": (real[: len(real) // 2], "corrupt"),
        "one-page": (real[:4096], "corrupt"),
        "scribbled": (bytes(flipped), "corrupt"),
        "other-program": (_foreign_db(tmp / "other.db"), "foreign"),
        "bad-page-size": (real[:16] + b"\x03\x00" + real[18:], "corrupt"),
    }


def test_bad_databases_are_set_aside(tmp_path: Path, real_db: bytes) -> None:
    cases = _bad_dbs(real_db, tmp_path)
    for case, (data, kind) in cases.items():
        folder = tmp_path / case
        folder.mkdir()
        (folder / "history.sqlite3").write_bytes(data)
        h = History(folder)
        assert [p.kind for p in h.problems] == [kind], case
        assert kept(h.problems[0]) == data, case
        assert_message(h.problems[0])
        assert not h.in_memory and h.games() == []
        h.add_game(_finished("truc", 500))  # a fresh database that works
        h.close()
        with History(folder) as again:
            assert again.problems == [] and len(again.games()) == 1


def test_database_wal_goes_aside_with_it(tmp_path: Path, real_db: bytes) -> None:
    (tmp_path / "history.sqlite3").write_bytes(real_db[:5000])
    (tmp_path / "history.sqlite3-wal").write_bytes(b"wal bytes")
    h = History(tmp_path)
    [p] = h.problems
    assert p.kept_as is not None
    assert Path(f"{p.kept_as}-wal").read_bytes() == b"wal bytes"
    assert kept(p) == real_db[:5000]


def test_database_fuzz(tmp_path: Path, real_db: bytes) -> None:
    """Seeded fuzz over cut and scribbled databases: never a traceback; a database that
    opens still works, one that does not is kept aside byte for byte."""
    rng = random.Random(99)
    seen: dict[str, int] = {}
    for trial in range(40):
        data = bytearray(real_db)
        if rng.random() < 0.4:
            data = data[: rng.randrange(len(data))]
        else:
            for _ in range(rng.randint(1, 6)):
                at = rng.randrange(len(data))
                data[at: at + rng.randint(1, 64)] = bytes(rng.randrange(256)
                                                          for _ in range(rng.randint(1, 64)))
        folder = tmp_path / str(trial)
        folder.mkdir()
        (folder / "history.sqlite3").write_bytes(bytes(data))
        with History(folder) as h:
            for p in h.problems:
                assert_message(p)
            moved = [p for p in h.problems if p.kept_as is not None]
            if moved:
                assert kept(moved[0]) == bytes(data)
            try:
                h.stats()
                h.games()
                h.truc_rounds()
                h.add_game(_finished("trufludo", 600 + trial))
            except StoreError as e:  # a clear sentence, never a raw traceback
                assert "history" in str(e)
            key = moved[0].kind if moved else "opened"
            seen[key] = seen.get(key, 0) + 1
    assert seen.get("corrupt", 0) >= 8, seen


def test_database_damage_found_later_is_set_aside(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Damage that shows only when a page is read (here: the check at opening is skipped,
    as if the file went bad during the session): set aside then, and a fresh start."""
    with History(tmp_path) as h:
        for i in range(30):
            h.add_game(_finished("truc", 700 + i))
    path = tmp_path / "history.sqlite3"
    c = sqlite3.connect(path)
    root = c.execute("SELECT rootpage FROM sqlite_master WHERE name = 'truc_rounds'").fetchone()
    c.close()
    data = bytearray(path.read_bytes())
    data[4096 * (root[0] - 1): 4096 * root[0]] = b"\xee" * 4096
    path.write_bytes(bytes(data))
    with monkeypatch.context() as m:
        m.setattr(History, "_check", lambda self, conn: None)
        h = History(tmp_path)
        assert h.problems == []
        assert h.truc_rounds() == []  # damaged: set aside, and the fresh history is empty
    assert [p.kind for p in h.problems] == ["corrupt"]
    assert kept(h.problems[0]) == bytes(data)
    assert_message(h.problems[0])
    h.add_game(_finished("truc", 800))
    assert len(h.games()) == 1
    h.close()


def test_history_cannot_open_on_disk(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").mkdir()  # a folder where the file should be
    h = History(tmp_path)
    assert h.in_memory and [p.kind for p in h.problems] == ["unsaved"]
    assert_message(h.problems[0])
    h.add_game(_finished("truc", 900))
    assert len(h.games()) == 1
    assert (tmp_path / "history.sqlite3").is_dir()


def test_application_id_marks_our_files(tmp_path: Path) -> None:
    with History(tmp_path):
        pass
    c = sqlite3.connect(tmp_path / "history.sqlite3")
    assert c.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    c.close()
    leftovers = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
    assert leftovers == []


@pytest.fixture(autouse=True)
def _no_stray_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(ENV_VAR, raising=False)
    yield


def test_the_store_does_not_import_textual() -> None:
    code = "import sys, truf_tui.store; assert 'textual' not in sys.modules, 'textual'"
    subprocess.run([sys.executable, "-c", code], check=True)


_MAKER = """
import sys, time
from pathlib import Path
from truf_tui.store import history
tmp, fd = history._new_temp(Path(sys.argv[1]) / history.FILE_NAME)
Path(str(tmp) + "-journal").write_bytes(b"")
print(tmp.name, flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a killed process's files stay open there")
def test_a_history_killed_while_made_leaves_nothing_at_the_next_start(tmp_path: Path) -> None:
    """Issue 40: a kill -9 while the history was being made left its temporary database and
    its -journal behind for good.  The next start removes them, but never those of a process
    still making its history."""
    def making() -> tuple[subprocess.Popen[str], str]:
        proc = subprocess.Popen([sys.executable, "-c", _MAKER, str(tmp_path)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        return proc, proc.stdout.readline().strip()

    live, live_name = making()
    killed, killed_name = making()
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        assert (tmp_path / killed_name).exists() and (tmp_path / f"{killed_name}-journal").exists()
        (tmp_path / ".history.sqlite3.0123456789ab.tmp-wal").write_bytes(b"")  # its db gone
        with History(tmp_path) as history:
            assert history.problems == []
        left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".history"))
        assert left == [live_name, f"{live_name}-journal"]  # the live one's, untouched
    finally:
        live.kill()
        live.wait(10)
    with History(tmp_path):
        pass
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".history")]


@pytest.mark.parametrize(("text", "said"), [
    (b'{"format": "x", "name": "abc', "Unterminated string starting at line 1, column 25"),
    (b'{"format": "x",\n "name": "a\tb"}', "Invalid control character at line 2, column 12"),
    (b'{"format": "x",\n "name": }', "Expecting value at line 2, column 10"),
])
def test_a_json_error_says_where_in_plain_words(text: bytes, said: str) -> None:
    """Issue 40: "Unterminated string starting at at line 1"."""
    from truf_tui.store.files import Invalid, parse_json_object

    with pytest.raises(Invalid) as caught:
        parse_json_object(text, "x", 1)
    assert caught.value.detail == f"not valid JSON: {said}"
    assert " at at " not in caught.value.detail


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                    reason="symbolic links")
def test_a_linked_settings_file_stays_a_link(tmp_path: Path) -> None:
    """Issue 40: a settings.json linked to a file elsewhere (dotfiles) was replaced by a
    plain file.  The change is written at the link's target, atomically; the link stays."""
    dotfiles, data = tmp_path / "dotfiles", tmp_path / "data"
    dotfiles.mkdir()
    data.mkdir()
    (dotfiles / "truf.json").write_text(
        '{"format": "truf-tui-settings", "version": 1, "settings": {"lang": "eo"}}\n')
    (data / "settings.json").symlink_to("../dotfiles/truf.json")
    store = SettingsStore(data)
    assert store.load()[0]["lang"] == "eo"
    store.save({"pace": "fast"})
    assert (data / "settings.json").is_symlink()
    assert os.readlink(data / "settings.json") == "../dotfiles/truf.json"
    written = json.loads((dotfiles / "truf.json").read_text())["settings"]
    assert written["lang"] == "eo" and written["pace"] == "fast"
    assert sorted(p.name for p in dotfiles.iterdir()) == ["truf.json"]  # no temporary left
    assert SettingsStore(data).load()[0]["pace"] == "fast"


def test_an_unfinished_game_ended_while_a_player_was_away_is_the_others_win(
        tmp_path: Path) -> None:
    """Issue 39 item 4: an online game ended while seat ``ended_away`` was away goes into the
    history unfinished, won by the other seat; without a good mark it is refused."""
    start, moves = random_game("truc", 3)
    half = GameRecord.from_state(start)
    for m in moves[:len(moves) // 2]:
        half = half.with_move(m)
    assert not half.replay().is_terminal()
    h = History(tmp_path)
    for bad in (2, "1", True, None):
        marked = GameRecord(half.game, half.rules, half.dealer, half.seed, half.deck,
                            half.moves, {"id": f"bad-{bad}", "ended_away": bad}, half.scores)
        with pytest.raises(ValueError, match="finished"):
            h.add_game(marked)
    for away, human, result in ((1, 0, "win"), (1, 1, "loss"), (0, 1, "win")):
        marked = GameRecord(half.game, half.rules, half.dealer, half.seed, half.deck,
                            half.moves, {"id": f"a{away}h{human}", "ended_away": away,
                                         "human": human}, half.scores)
        h.add_game(marked)
        h.add_game(marked)  # once
        row = next(r for r in h.games() if r.uid == f"a{away}h{human}")
        assert (row.result, row.human_seat, row.ended_away) == (result, human, away)
    assert len(h.games()) == 3


def test_a_history_of_schema_2_keeps_its_decisions_and_takes_drills(tmp_path: Path) -> None:
    """Migration 3 (issue 38 item 5): a history written before the trainer kept its
    decisions (schema 2) loads with them, their spot key empty, and then keeps a drill's
    decisions by session, each with its spot's key."""
    from truf_tui.grading import Graded
    from truf_tui.store.history import MIGRATION_1, MIGRATION_2

    def raise_lost(move: int, loss: float) -> Graded[truc.Action]:
        return Graded.of(0, move, truc.RAISE, [(truc.RAISE, 1.0 - loss), (truc.FOLD, 1.0)],
                         "points", tags=("weak",))

    with History(tmp_path, migrations=[MIGRATION_1, MIGRATION_2]) as old:
        assert old.schema_version == 2
        old.add_game(_finished("truc", 74))
        old._run(lambda c: c.execute(
            "INSERT INTO decisions (source, ref, move, game, action, best, loss, unit, grade, "
            "tags, decided_at) VALUES ('game', 'g1', 3, 'truc', 'raise', 'fold', 0.3, "
            "'points', 'mistake', 'weak', '2030-01-01T10:00:00+00:00')"), write=True)
    with History(tmp_path) as h:
        assert h.problems == [] and h.schema_version == len(MIGRATIONS) == 4
        (d,) = h.decisions("truc")
        # its game 'g1' was never recorded: the categories an older definition gave it
        # cannot be made again, and count nowhere (migration 4)
        assert (d.source, d.ref, d.move, d.loss, d.tags, d.spot) == \
            ("game", "g1", 3, 0.3, (), "")
        assert len(h.games()) == 1
        assert h.add_graded([raise_lost(1, 0.2), raise_lost(2, 0.1)], ref="drill-s",
                            game="truc", source="drill", spot="k") == 2
        assert h.add_graded([raise_lost(1, 0.2)], ref="drill-s", game="truc",
                            source="drill", spot="k") == 0  # told again: kept once
        drilled = h.decisions("truc", source="drill")
        assert [(x.ref, x.move, x.spot) for x in drilled] == [("drill-s", 1, "k"),
                                                             ("drill-s", 2, "k")]


def test_decisions_tagged_by_older_categories_are_read_with_todays(tmp_path: Path) -> None:
    """Migration 4 (issue 38): the leak categories changed (a redeal merely open no longer
    makes a card play "the redeal", a weak hand's card is no raise), but the decisions kept
    before kept their old tags, and the statistics counted every round's first card as a
    redeal leak.  Read now, a game's decision is tagged again from its record, a drill's
    from its spot; one whose game was never recorded counts under no category."""
    from truf_tui.grading import LEAK_VERSION, leak_tags
    from truf_tui.spots import Spot, drill_tags
    from truf_tui.store.history import MIGRATION_1, MIGRATION_2, MIGRATION_3
    from truf_tui.store.repetition import spot_key
    from truf_tui.ui.screens.stats import progress

    rec = _finished("truc", 74)
    states = list(rec.states())
    # the first card played where a redeal was open: "redeal" by the old definition
    move = next(i for i, s in enumerate(states[:-1])
                if truc.REDEAL in s.legal_actions() and rec.moves[i].startswith("play"))
    before = states[move]
    assert isinstance(before, truc.State)
    card = truc.parse_action(rec.moves[move])
    today = leak_tags(before, card, card)
    assert "redeal" not in today
    spot = Spot("weak", 5, 0, (0, 0), (), 1)
    drilled = next(a for a in spot.state().legal_actions() if a.kind == "play")
    assert drill_tags(spot, drilled, drilled) == ("weak",)
    rows = [("game", rec.meta["id"], move, rec.moves[move], rec.moves[move], "redeal weak",
             "2030-01-01T10:00:00+00:00", ""),
            ("game", "never-finished", 0, "play 7H", "play 7H", "redeal",
             "2030-01-01T10:01:00+00:00", ""),
            ("drill", "drill-s", 1, str(drilled), str(drilled), "redeal weak",
             "2030-01-01T10:02:00+00:00", spot_key(spot.to_dict()))]
    with History(tmp_path, migrations=[MIGRATION_1, MIGRATION_2, MIGRATION_3]) as old:
        old.add_game(rec)
        old._run(lambda c: c.executemany(
            "INSERT INTO decisions (source, ref, move, game, action, best, loss, unit, grade, "
            "tags, decided_at, spot) VALUES (?, ?, ?, 'truc', ?, ?, 0.0, 'points', 'best', ?, "
            "?, ?)", rows), write=True)
        assert old._query("SELECT tags FROM decisions ORDER BY id") == [
            ("redeal weak",), ("redeal",), ("redeal weak",)]  # as an older truf-tui kept them
    with History(tmp_path) as h:
        assert h.problems == [] and h.schema_version == 4
        kept = {d.ref: d for d in h.decisions("truc")}
        assert kept[rec.meta["id"]].tags == today
        assert kept["drill-s"].tags == ("weak",)
        assert kept["never-finished"].tags == ()
        leaks = {lk.tag for src in ("game", "drill")
                 for lk in progress(list(kept.values()), src).leaks}
        assert "redeal" not in leaks and leaks == set(today) | {"weak"}
        versions = h._query("SELECT ref, tags_version FROM decisions ORDER BY id")
        assert versions == [(rec.meta["id"], LEAK_VERSION), ("never-finished", 0),
                            ("drill-s", LEAK_VERSION)]
        assert h.retag() == 0  # done once; the unrecorded one waits for its game
        # a decision kept now is tagged by today's definition already
        from truf_tui.grading import Graded

        g = Graded.of(0, 9, truc.RAISE, [(truc.RAISE, 1.0)], "points", tags=("weak",))
        h.add_graded([g], ref="g2", game="truc")
        assert next(d for d in h.decisions("truc") if d.ref == "g2").tags == ("weak",)


def test_the_review_queue_deals_a_missed_decision_as_its_leak_counts_it(tmp_path: Path) -> None:
    """Issue 38: a game's missed decision queued under an older leak definition (a card
    played at 11-4 with a redeal open, once "the redeal") counted under today's leak in the
    report ("the end of a match") but came back in the redeal's drill, and never in the
    end's.  Opened now, the queue labels it as the history tags that decision, once: the
    leak's drill deals it, the redeal's no more."""
    from truf_tui.grading import LEAK_VERSION, leak_tags
    from truf_tui.spots import DEALT, game_spot
    from truf_tui.store.repetition import FILE_NAME
    from truf_tui.ui.screens.stats import progress
    from truf_tui.ui.storage import AppData

    rec = _finished("truc", 71)
    final = rec.replay()
    move = 62  # "play 7D" at 11-4, a redeal open (checked below)
    before = list(rec.states())[move]
    assert isinstance(before, truc.State) and isinstance(final, truc.State)
    played = truc.parse_action(rec.moves[move])
    assert truc.REDEAL in before.legal_actions() and played.kind == "play"
    assert "end" in leak_tags(before, played, played)
    today = game_spot(final, move, rec.meta["id"], played).to_dict()
    assert today["category"] == "end"
    queued = {**today, "category": "redeal"}  # as an older definition labelled it
    (tmp_path / FILE_NAME).write_text(json.dumps({
        "format": "truf-tui-repetition", "version": 2, "spots": [{
            "spot": queued, "added": "2026-12-01T05:00:00+00:00", "misses": 1,
            "reviews": 0, "grade": "mistake",
            "card": {"card_id": 1, "state": 1, "step": 0, "stability": None,
                     "difficulty": None, "due": "2026-12-01T05:00:00+00:00",
                     "last_review": None}}]}))
    with History(tmp_path) as h:
        h.add_game(rec)
        h._run(lambda c: c.execute(
            "INSERT INTO decisions (source, ref, move, game, action, best, loss, unit, grade, "
            "tags, decided_at, tags_version) VALUES ('game', ?, ?, 'truc', ?, ?, 0.3, "
            "'points', 'mistake', 'redeal', '2026-12-01T05:00:00+00:00', 0)",
            (rec.meta["id"], move, rec.moves[move], rec.moves[move])), write=True)
        leaks = [lk.tag for lk in progress(h.decisions("truc")).leaks]
    assert leaks == ["end"]  # the report
    data = AppData(tmp_path)
    try:
        dealt = {c: data.review_spots(10, category=c) for c in DEALT}
        assert dealt["end"] == [today] and dealt["redeal"] == []
        assert [c for c, spots in dealt.items() if spots] == ["end"]
        assert data.problems == []
    finally:
        data.close()
    (kept,) = json.loads((tmp_path / FILE_NAME).read_text())["spots"]
    assert kept["spot"] == today and kept["tags_version"] == LEAK_VERSION
