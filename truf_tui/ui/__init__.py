"""The Textual app: ``TrufApp`` in ``truf_tui.ui.app`` (imported on demand, not here, so that
``truf_tui.ui.i18n`` stays light)."""
