"""Experiments on the computer players, run from a checkout (``python -m tools.lab.<name>``).

They may import ``truf_tui``; the package never imports them.
"""
