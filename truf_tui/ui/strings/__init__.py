"""String tables, one module per part of the UI (``shell``, ``tables``, …).

Each module defines ``STRINGS = {"key": {"en": "...", "eo": "..."}}``; ``truf_tui.ui.i18n``
merges every module found here.
"""
