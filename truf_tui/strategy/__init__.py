"""The shared strategy layer: what both the players (:mod:`truf_tui.ai`) and the offline
solver (:mod:`truf_tui.solve`) read about a solved Le Truc round.

- :mod:`~truf_tui.strategy.hands`: hands as rank multisets and card-removal weights (T1);
- :mod:`~truf_tui.strategy.tree`: the public tree of one round (T4-T10);
- :mod:`~truf_tui.strategy.kept`: a bounded store of results kept for the process.

This package never imports :mod:`truf_tui.solve`, :mod:`truf_tui.ai` or Textual.
"""
