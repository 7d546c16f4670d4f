"""String tables, one module per part of the UI (``shell``, ``tables``, …).

Each module defines ``STRINGS = {"key": {"en": "...", "eo": "..."}}``; ``truf_tui.ui.i18n``
registers every module found here as the ``ui`` area of :mod:`truf_tui.i18n`.
"""
