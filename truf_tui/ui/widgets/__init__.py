"""Widgets of the card tables: cards and card rows, the move log, the thinking sign."""

from truf_tui.ui.widgets.cards import (
    CardRow,
    CardSpec,
    CardView,
    card_label,
    card_markup,
    card_text,
    cards_markup,
)
from truf_tui.ui.widgets.table import Markup, MoveLog, Thinking

__all__ = ["CardRow", "CardSpec", "CardView", "Markup", "MoveLog", "Thinking", "card_label",
           "card_markup", "card_text", "cards_markup"]
