"""Persistence: settings, saved games and the history of finished games.

A pure library (no Textual): the UI calls it and shows the :class:`Problem` notices it
returns (``str(p)`` in English, ``p.message("eo")`` in Esperanto).  Everything lives in
one per-user folder (:func:`data_dir`)::

    settings.json        SettingsStore   the player's choices
    current.json         SaveStore       the game in progress, saved after every move
    current.prev.json                    the autosave before it (a fallback)
    current-N[.prev].json                the same for the Nth app running at once
    current[-N].lock                     held by the app playing that autosave
    pending/ID.json      SaveStore       finished games on their way into the history
    saves/NAME.json      SaveStore       named saves (game records)
    history.sqlite3      History         finished games and statistics
    repetition.json      RepetitionQueue missed spots to review, scheduled by FSRS
    repetition.lock                      held for each change of the queue
    errors.log[.1]       log_bot_crash   tracebacks of computer players that crashed

Bad files never raise and are never lost: they are renamed aside as
``NAME.corrupt-YYYYmmdd-HHMMSS[-n]`` and the app goes on with a fresh one.

The app's side, in short::

    folder = data_dir(args.data_dir)                  # StoreError if it cannot be made
    settings, problems = SettingsStore(folder).load()
    saves, history = SaveStore.claim(folder), History(folder)   # + history.problems
    # (claim: this running app's own autosave slot, locked; saves.others: other windows')
    record, more = saves.load_current()               # "Continue" if record is not None
    # a new game:
    record = GameRecord.from_state(state, **game_meta(tier="hard", human=0))
    # after every move:
    record = record.with_move(str(action)); notices = saves.save_current(record)
    # at the end: queued on disk first, then into the history (once: by the game's id)
    path = saves.put_pending(record); saves.clear_current()
    history.add_game(record); saves.remove_pending(path)
"""

from truf_tui.store.files import (
    ENV_VAR,
    BadNameError,
    FolderError,
    Problem,
    ProblemKind,
    StoreError,
    atomic_write,
    data_dir,
    quarantine,
)
from truf_tui.store.history import (
    MIGRATIONS,
    Decision,
    GameRow,
    History,
    HistoryBusy,
    Means,
    Stats,
    Tally,
    TrucRound,
    truc_rounds,
)
from truf_tui.store.saves import (
    GameMeta,
    NamedSave,
    SaveStore,
    check_name,
    export_record,
    game_meta,
    now_iso,
    read_record_file,
)
from truf_tui.store.settings import DEFAULT_SCHEMA, Setting, SettingsStore, choice, defaults

__all__ = [
    "DEFAULT_SCHEMA",
    "ENV_VAR",
    "MIGRATIONS",
    "BadNameError",
    "Decision",
    "FolderError",
    "GameMeta",
    "GameRow",
    "History",
    "HistoryBusy",
    "Means",
    "NamedSave",
    "Problem",
    "ProblemKind",
    "SaveStore",
    "Setting",
    "SettingsStore",
    "Stats",
    "StoreError",
    "Tally",
    "TrucRound",
    "atomic_write",
    "check_name",
    "choice",
    "data_dir",
    "defaults",
    "export_record",
    "game_meta",
    "now_iso",
    "read_record_file",
    "quarantine",
    "truc_rounds",
]
