"""The game the app keeps on disk (truf_tui.ui.lifecycle): the followed game and its
autosave, the saved game the start screen offers, "Save as…"'s record, the retries of a
busy history.  Plain tests: no app, no Pilot; a real data folder, a timer by hand."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from truf_tui.engine import trufludo
from truf_tui.engine.record import GameRecord
from truf_tui.ui.lifecycle import Lifecycle
from truf_tui.ui.storage import AppData, GameKeeper, Notice


def opened(seed: int = 1) -> Any:
    return trufludo.new_game(trufludo.Rules(), seed=seed)


def played(state: Any, moves: int, seed: int = 1) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_without_a_data_folder_nothing_is_kept() -> None:
    life = Lifecycle(None)
    assert life.saved_game is None and not life.game_on_disk and not life.followed
    assert not life.can_save and life.record_to_name() is None
    life.follow(None)
    life.meta_changed(hints_used=2)  # nobody to tell
    life.discard()
    tries: list[float] = []
    life.retry_history(lambda delay, _: tries.append(delay), lambda: None)
    assert tries == []


def test_a_followed_game_is_the_saved_game_and_on_disk(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    life = Lifecycle(data)
    keeper = GameKeeper.new_game(data, "easy")
    life.follow(keeper)
    s = opened()
    assert life.moved(keeper, s)
    s = played(s, 3)
    assert life.moved(keeper, s)
    assert life.followed and life.can_save and life.game_on_disk
    saved = life.saved_game
    assert saved is not None and saved[1] == s
    assert AppData(tmp_path).load_autosave() is not None
    life.meta_changed(hints_used=2)  # "Save as…" keeps the latest meta
    record = life.record_to_name()
    assert record is not None and record.meta["hints_used"] == 2
    assert record.moves == saved[0].moves
    data.close()


def test_a_table_no_longer_followed_changes_nothing(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    life = Lifecycle(data)
    old, new = GameKeeper.new_game(data, "easy"), GameKeeper.new_game(data, "easy")
    life.follow(old)
    life.follow(new)
    assert not life.moved(old, opened())
    assert not life.moved(new, None)  # the table has no state yet
    assert old.state is None and life.saved_game is None
    data.close()


def test_a_failing_save_stops_following_and_says_so(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    life = Lifecycle(data)
    keeper = GameKeeper.new_game(data, "easy")
    life.follow(keeper)

    def broken(state: Any) -> None:
        raise OSError("disk full")

    keeper.moved = broken  # type: ignore[method-assign]
    assert life.moved(keeper, opened())  # the game goes on
    assert not keeper.tracking and not life.followed and life.saved_game is None
    assert [p.key for p in data.problems if isinstance(p, Notice)] == ["store.not_saved"]
    data.close()


def test_the_autosave_found_at_start_is_offered_until_a_table_opens(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    s = played(opened(), 2)
    record = GameRecord.from_state(s)
    life = Lifecycle(data, (record, s))
    assert life.saved_game == (record, s) and life.can_save and not life.followed
    assert life.record_to_name() is record
    life.follow(None)  # a guided game: not kept, and the saved game is no longer offered
    assert life.saved_game is None
    data.close()


def test_a_matchs_next_game_is_kept_as_the_saved_game(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    life = Lifecycle(data)
    keeper = GameKeeper.new_game(data, "easy")
    life.follow(keeper)
    life.moved(keeper, opened())
    nxt = opened(seed=2)
    record = GameRecord.from_state(nxt, match={"best_of": 3})
    life.keep_next(record, nxt)
    assert life.keeper is None and life.saved_game == (record, nxt) and life.game_on_disk
    loaded = AppData(tmp_path).load_autosave()
    assert loaded is not None and loaded[1] == nxt
    data.close()


def test_discard_forgets_the_followed_game_and_its_autosave(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    life = Lifecycle(data)
    keeper = GameKeeper.new_game(data, "easy")
    life.follow(keeper)
    life.moved(keeper, played(opened(), 2))
    life.discard()
    assert life.keeper is None and life.saved_game is None and not keeper.tracking
    assert AppData(tmp_path).load_autosave() is None
    data.close()


def test_discard_forgets_the_saved_game_on_disk(tmp_path: Path) -> None:
    data = AppData(tmp_path)
    s = played(opened(), 2)
    data.autosave(GameRecord.from_state(s))
    life = Lifecycle(data, data.load_autosave())
    assert life.saved_game is not None
    life.discard()
    assert life.saved_game is None and AppData(tmp_path).load_autosave() is None
    data.close()


class BusyHistory:
    """The data folder's side of the retries: the history is busy for ``busy`` tries."""

    RETRY_DELAYS = (1.0, 2.0, 4.0)

    def __init__(self, busy: int) -> None:
        self.busy = busy
        self.problems: list[Any] = []
        self.tries = 0

    @property
    def waiting(self) -> bool:
        return self.tries < self.busy + 1

    def flush_pending(self) -> int:
        self.tries += 1
        return 1 if not self.waiting else 0


def test_a_busy_history_is_tried_again_less_and_less_often() -> None:
    data = BusyHistory(busy=4)
    life = Lifecycle(data)  # type: ignore[arg-type]
    timers: list[tuple[float, Callable[[], None]]] = []
    told: list[int] = []

    def set_timer(delay: float, callback: Callable[[], None]) -> object:
        timers.append((delay, callback))
        return object()

    life.retry_history(set_timer, lambda: told.append(len(data.problems)))
    life.retry_history(set_timer, lambda: told.append(-1))  # one try pending at a time
    assert [d for d, _ in timers] == [1.0]
    while len(timers) < 10 and data.waiting:
        timers[-1][1]()
    # each try waits longer, up to the last delay; once in, it says so and stops
    assert [d for d, _ in timers] == [1.0, 2.0, 4.0, 4.0, 4.0]
    assert told == [0, 0, 0, 0, 1]
    assert [p.key for p in data.problems] == ["store.recorded_later"]
    # a later wait starts again from the first delay
    data.busy += 1
    life.retry_history(set_timer, lambda: None)
    assert timers[-1][0] == 1.0
