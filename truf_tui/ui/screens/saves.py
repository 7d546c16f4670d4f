"""Named saves in the app: the in-game menu (Escape on a table), "Save as…" and
the saved-games screen, on top of :class:`truf_tui.store.SaveStore`'s named saves.

The store checks names, writes atomically and sets a damaged save aside with a
:class:`~truf_tui.store.Problem`; these screens word all of it in the player's language.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Static

from truf_tui.engine.record import GameRecord
from truf_tui.play.config import TIERS
from truf_tui.store import BadNameError, NamedSave, SaveStore, StoreError
from truf_tui.store.saves import MAX_NAME, check_name, read_record_file
from truf_tui.ui.i18n import get_language, tr
from truf_tui.ui.keybar import KeyBar
from truf_tui.ui.screens.dialogs import ConfirmDialog
from truf_tui.ui.services import shell
from truf_tui.ui.settings import Translated
from truf_tui.ui.storage import progress_of

_WINDOWS_CHARS = set('<>:"|?*')


def name_error(name: str) -> str | None:
    """Why ``name`` cannot name a save, in the current language (``None``: it can).  The
    store's :func:`check_name` decides; this only words its reason."""
    try:
        check_name(name)
        return None
    except BadNameError as e:
        english = str(e)
    n = name.strip()
    if not n:
        return tr("name.empty")
    if len(n) > MAX_NAME:
        return tr("name.long", n=MAX_NAME)
    if "/" in n or "\\" in n:
        return tr("name.slash")
    if ".." in n:
        return tr("name.dots")
    if any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")
           for ch in n):
        return tr("name.control")
    bad = sorted(_WINDOWS_CHARS & set(n))
    if bad:
        return tr("name.chars", chars=tr("name.or").join(tr("name.quote", c=c) for c in bad))
    if n.startswith("."):
        return tr("name.dot_start")
    if n.endswith("."):
        return tr("name.dot_end")
    if "reserved" in english:
        return tr("name.reserved", name=n)
    return english  # a reason this screen does not know yet: the store's own sentence


# -- the in-game menu ----------------------------------------------------------------------------
class GameMenu(Translated, ModalScreen[str | None]):
    """Escape on a table: back to the game, save it under a name, the saved games, or
    leave it.  Dismisses with ``"save"``, ``"saved"``, ``"leave"`` or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('')", show=False),
        Binding("s", "choose('save')", show=False),
        Binding("o", "choose('saved')", show=False),
        Binding("l", "choose('leave')", show=False),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def __init__(self, can_save: bool, on_disk: bool = True,
                 why_not: str = "menu.no_saving") -> None:
        super().__init__()
        self.can_save = can_save
        self.on_disk = on_disk  # False: the autosave failed, the note says so
        self.why_not = why_not  # why it cannot be saved (a string key)
        self._chosen = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(id="menu-title", classes="dialog-title")
            yield Button(id="menu-resume", variant="primary")
            yield Button(id="menu-save", disabled=not self.can_save)
            yield Static(id="menu-note")
            yield Button(id="menu-saved")
            yield Button(id="menu-leave", variant="error")

    def mounted(self) -> None:
        self.query_one("#menu-resume", Button).focus()

    def refresh_texts(self) -> None:
        self.query_one("#menu-title", Static).update(tr("menu.title"))
        for bid, key in (("resume", "menu.resume"), ("save", "menu.save_as"),
                         ("saved", "menu.saved_games"), ("leave", "menu.leave")):
            self.query_one(f"#menu-{bid}", Button).label = tr(key)
        note = self.query_one("#menu-note", Static)
        note.update(tr(self.why_not if not self.can_save else "menu.not_on_disk"))
        note.display = not self.can_save or not self.on_disk

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = (event.button.id or "").removeprefix("menu-")
        self.action_choose("" if choice == "resume" else choice)

    def action_choose(self, choice: str) -> None:
        if choice == "save" and not self.can_save:
            self.notify(tr(self.why_not), severity="warning")
            return
        if not self._chosen:  # once: a quick second key must not reach the table
            self._chosen = True
            self.dismiss(choice or None)


# -- Save as… ------------------------------------------------------------------------------------
class NamedConfirm(ConfirmDialog):
    """A yes/no question about the save ``name`` (its texts take the name)."""

    def __init__(self, prefix: str, name: str) -> None:
        super().__init__(f"{prefix}.title", f"{prefix}.message", f"{prefix}.yes",
                         f"{prefix}.no", name=name)
        self.save_name = name


class SaveAsDialog(Translated, ModalScreen[str | None]):
    """Asks for a name and writes ``record`` under it (asking before replacing a save);
    dismisses with the name saved, or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, store: SaveStore, record: GameRecord) -> None:
        super().__init__()
        self.store = store
        self.record = record
        self._done = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(id="saveas-title", classes="dialog-title")
            yield Static(id="saveas-prompt")
            yield Input(id="saveas-name", max_length=MAX_NAME + 20)
            yield Static(id="saveas-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(id="saveas-save", variant="primary")
                yield Button(id="saveas-cancel")

    def mounted(self) -> None:
        self.show_error(None)
        self.query_one(Input).focus()

    def refresh_texts(self) -> None:
        self.query_one("#saveas-title", Static).update(tr("saveas.title"))
        self.query_one("#saveas-prompt", Static).update(tr("saveas.prompt"))
        self.query_one(Input).placeholder = tr("saveas.placeholder")
        self.query_one("#saveas-save", Button).label = tr("saveas.save")
        self.query_one("#saveas-cancel", Button).label = tr("saveas.cancel")

    def show_error(self, text: str | None) -> None:
        error = self.query_one("#saveas-error", Static)
        error.update(text or "")
        error.display = bool(text)

    def on_input_changed(self, _: Input.Changed) -> None:
        self.show_error(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.try_save()

    @on(Button.Pressed, "#saveas-save")
    def try_save(self) -> None:
        raw = self.query_one(Input).value
        problem = name_error(raw)
        if problem is not None:
            self.show_error(problem)
            return
        name = check_name(raw)
        try:
            exists = self.store.named_path(name).exists()
        except OSError:
            exists = False
        if not exists:
            self.write(name)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.write(name)
            else:
                self.query_one(Input).focus()

        self.app.push_screen(NamedConfirm("overwrite", name), answered)

    def write(self, name: str) -> None:
        try:
            self.store.save_named(name, self.record, overwrite=True)
        except StoreError as e:
            self.show_error(tr("saveas.failed", detail=str(e)))
            return
        if not self._done:
            self._done = True
            self.dismiss(name)

    @on(Button.Pressed, "#saveas-cancel")
    def action_cancel(self) -> None:
        if not self._done:
            self._done = True
            self.dismiss(None)


# -- the saved-games screen ----------------------------------------------------------------------
COLUMNS = ("name", "game", "opponent", "progress", "saved")


def save_row(entry: NamedSave) -> tuple[str, ...]:
    """One line of the list: name, game, opponent, progress, when saved.  The file is read
    and replayed here (never moved: a damaged one is set aside only when loaded)."""
    # This year's saves to the minute, older ones by the day (it fits in 80 columns).
    same_year = entry.modified.year == datetime.now().year
    saved = entry.modified.strftime("%m-%d %H:%M" if same_year else "%Y-%m-%d")
    damaged = (entry.name, tr("saves.unknown"), tr("saves.unknown"), tr("saves.damaged"), saved)
    if not entry.regular:  # a named pipe or the like: never opened (it could block)
        return (*damaged[:3], tr("saves.not_a_file"), saved)
    if entry.error is not None:
        return damaged
    try:
        record = read_record_file(entry.path)
        state = record.replay()
    except Exception:  # any reason: the list shows it damaged, loading says why
        return damaged
    p = progress_of(record, state)
    if record.game == "truc":
        progress = tr("saves.progress.truc", round=p.round, you=p.scores[0],
                      computer=p.scores[1], target=record.rules.get("target", 12))
    else:
        progress = tr("saves.progress.trufludo", stock=p.stock, you=p.scores[0],
                      computer=p.scores[1])
    tier = tr(f"tier.{p.tier}") if p.tier in TIERS else tr("saves.unknown")
    return (entry.name, tr(f"game.{record.game}"), tier, progress, saved)


class SavedGamesScreen(Translated, Screen[None]):
    """The named saves, newest first: Enter loads one, d deletes one, Escape goes back."""

    class LoadRequested(Message):
        """Carry on with ``record``, the save named ``name`` (the app asks first if a game
        would be lost)."""

        def __init__(self, record: GameRecord, name: str) -> None:
            super().__init__()
            self.record = record
            self.name = name

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("d,delete", "delete", show=False),
        Binding("l", "load", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="saved-games")
        self.entries: list[NamedSave] = []

    @property
    def store(self) -> SaveStore | None:
        data = shell(self).data
        return None if data is None else data.saves

    def _listed(self) -> list[NamedSave]:
        store = self.store
        return [] if store is None else store.list_named()

    def compose(self) -> ComposeResult:
        self.entries = self._listed()  # drawn with the texts once mounted
        with Horizontal(classes="title-bar"):
            yield Static(id="saves-title", classes="title-text")
        with VerticalScroll(id="saves-body"):
            yield Static(id="saves-note", classes="hint")
            table: DataTable[str] = DataTable(id="saves-table", cursor_type="row",
                                              zebra_stripes=True)
            yield table
        yield KeyBar([
            ("Enter", "saves.key.load", "screen.load"),
            ("d", "saves.key.delete", "screen.delete"),
            ("Esc", "key.close", "screen.close"),
            ("F1", "key.help", "app.help"),
        ], id="saves-keys")

    def reload(self, keep: str | None = None) -> None:
        self.entries = self._listed()
        self.refresh_texts(keep)

    def refresh_texts(self, keep: str | None = None) -> None:
        self.query_one("#saves-title", Static).update(tr("saves.title"))
        note = self.query_one("#saves-note", Static)
        text = (tr("saves.unsaved") if self.store is None
                else "" if self.entries else tr("saves.empty"))
        note.update(text)
        note.display = bool(text)
        table: DataTable[str] = self.query_one("#saves-table", DataTable)
        was = keep or self.selected_name()
        table.clear(columns=True)
        table.display = bool(self.entries)
        for col in COLUMNS:
            table.add_column(tr(f"saves.col.{col}"), key=col)
        for entry in self.entries:
            table.add_row(*save_row(entry), key=entry.name)
        names = [e.name for e in self.entries]
        if was in names:
            table.move_cursor(row=names.index(was))
        if self.entries:
            table.focus()
        self.query_one(KeyBar).refresh_texts()

    def selected_name(self) -> str | None:
        table: DataTable[str] = self.query_one("#saves-table", DataTable)
        if not self.entries or not table.row_count:
            return None
        row = min(max(table.cursor_row, 0), len(self.entries) - 1)
        return self.entries[row].name

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_load()

    def action_load(self) -> None:
        name, store = self.selected_name(), self.store
        if name is None or store is None:
            return
        try:
            record, problems = store.load_named(name)
        except BadNameError:  # listed names are checked: cannot happen
            return
        if record is None:  # damaged (now set aside) or gone: say so, list again
            for problem in problems:
                self.notify(problem.message(get_language()), title=tr("store.title"),
                            severity="warning", timeout=15)
            self.reload()
            return
        self.post_message(self.LoadRequested(record, name))

    def action_delete(self) -> None:
        name, store = self.selected_name(), self.store
        if name is None or store is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                store.delete_named(name)
            except StoreError as e:
                self.notify(tr("saves.not_deleted", name=name, detail=str(e)),
                            title=tr("store.title"), severity="warning")
            else:
                self.notify(tr("saves.deleted", name=name), title=tr("saves.title"))
            self.reload()

        self.app.push_screen(NamedConfirm("delete", name), answered)

    def action_close(self) -> None:
        self.dismiss()


__all__ = ["GameMenu", "NamedConfirm", "SaveAsDialog", "SavedGamesScreen", "name_error",
           "save_row"]
