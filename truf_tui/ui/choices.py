"""``ChoiceSet``: a radio group whose arrow keys change the choice at once.

Textual's ``RadioSet`` moves a cursor with the arrows and needs Enter to choose, which a
new player easily misses (the highlighted option is not the chosen one).  Here the arrows
choose, as in the radio groups of desktop toolkits, and each option's label is a string key
translated on every language switch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.style import Style
from textual.widgets import RadioButton, RadioSet

Label = Callable[[Any], Text | str]


class ChoiceButton(RadioButton):
    """A radio button whose dot is only drawn when chosen: Textual's shows the dot in both
    states and tells them apart by colour alone."""

    @property
    def _button(self) -> Content:
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background,
                           background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (self.BUTTON_INNER if self.value else " ", button_style),
            (self.BUTTON_RIGHT, side_style),
        )


class ChoiceSet(RadioSet):
    """One value out of ``values``; ``label(value)`` gives each option's (translated) text."""

    def __init__(self, values: Sequence[Any], value: Any, label: Label, *,
                 id: str | None = None, classes: str | None = None) -> None:
        self.values = list(values)
        self._label = label
        if value not in self.values:
            value = self.values[0]
        buttons = [
            ChoiceButton(label(v), value=(v == value), id=f"{id}-{i}" if id else None)
            for i, v in enumerate(self.values)
        ]
        super().__init__(*buttons, id=id, classes=classes, compact=True)

    @property
    def value(self) -> Any:
        return self.values[max(self.pressed_index, 0)]

    @value.setter
    def value(self, value: Any) -> None:
        index = self.values.index(value)
        buttons = list(self.query(RadioButton))
        if buttons and not buttons[index].value:
            buttons[index].value = True

    def refresh_labels(self) -> None:
        for v, button in zip(self.values, self.query(RadioButton), strict=True):
            button.label = self._label(v)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The arrows already chose: Enter/Space on the chosen option falls through to the
        # screen (e.g. "play" on the start screen, "close" in the settings).
        if action == "toggle_button" and self._selected == self.pressed_index:
            return False
        return True

    def on_mount(self) -> None:
        # RadioSet puts its cursor on the first option; put it on the chosen one.
        self.call_after_refresh(self._cursor_to_value)

    def on_focus(self) -> None:
        self._cursor_to_value()

    def _cursor_to_value(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def _choose_selected(self) -> None:
        # Only a player's key press chooses (RadioSet also moves the cursor while mounting).
        if (self.has_focus and self._selected is not None
                and self._selected != self.pressed_index):
            self.action_toggle_button()

    def action_next_button(self) -> None:
        super().action_next_button()
        self._choose_selected()

    def action_previous_button(self) -> None:
        super().action_previous_button()
        self._choose_selected()
