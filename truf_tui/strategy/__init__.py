"""The shared strategy layer: what both the players (:mod:`truf_tui.ai`) and the offline
solver (:mod:`truf_tui.solve`) know about a solved Le Truc round.

- :mod:`~truf_tui.strategy.hands`: hands as rank multisets and card-removal weights (T1);
- :mod:`~truf_tui.strategy.tree`: the public tree of one round (T4-T10);
- :mod:`~truf_tui.strategy.layout`: the one strategy type, :class:`TreeStrategy` (below);
- :mod:`~truf_tui.strategy.trufbp`: the ``.trufbp`` file, its reader and its writer;
- :mod:`~truf_tui.strategy.shipped`: the shipped files (``strategy/data``) and what they
  play at a spot (``policy``);
- :mod:`~truf_tui.strategy.matchtable`: the probability of winning the match from a score;
- :mod:`~truf_tui.strategy.greedy` and :mod:`~truf_tui.strategy.threshold`: the greedy card,
  the threshold player (who bets by its hand's strength alone) and the best response to one;
- :mod:`~truf_tui.strategy.values`: what each legal action is worth at a spot when both
  seats then play the shipped strategy (``bot.action_values``);
- :mod:`~truf_tui.strategy.openings`: the values of a round's two first decisions at every
  score, worked out offline by the same pass and shipped (``solve openings``);
- :mod:`~truf_tui.strategy.kept`: a bounded store of results kept for the process;
- :mod:`~truf_tui.strategy.arrays`: the array types of this layer and the solver, named once.

This package imports only :mod:`truf_tui.cards`, :mod:`truf_tui.engine`,
:mod:`truf_tui.i18n` and numpy (``lint-imports`` checks it; see pyproject.toml).

The strategy type
-----------------

A strategy of a round is a :class:`~truf_tui.strategy.layout.TreeStrategy`: a round's
public tree (``tree.build(target, scores, redeal)``: one tree per score and stage) and one
flat float64 vector ``probs`` of length ``layout(tree).edge_size``.  ``probs[edge_off[e] +
j]`` is the probability that the player to move at edge ``e``'s node, holding hand ``j`` of
that node (``hands.REST[cards he has played]``, ``hands.WIDTH`` of them), takes edge ``e``.
It holds both seats (each node belongs to its mover), sums to 1 over a node's edges for
each hand, and gives 0 to a card the hand does not hold.  Only the two hands are private,
so (node, hand) is an information set and this is a behaviour strategy with perfect
recall, exactly what a best response walks.  The best response and the exploitability
take this type alone (``solve.cfr.Solver.exploitability``).

The other forms a strategy takes, and how each becomes one:

====================================  =======================  ===========================
form                                  where                    into a ``TreeStrategy``
====================================  =======================  ===========================
the solver's average strategy         ``Solver.average()``     ``solver.played(vector)``
integers rounded as shipped,          ``solve.ship.pack``      ``solve.ship.unpack``
  in the solver's layout
a blueprint: one block per public     ``solve.blueprint``      ``solve.blueprint.lift``
  state (or group), [move][hand]
a ``.trufbp`` file: per history or    ``trufbp.SolvedTable``   ``solve.ship.lift_file``
  per state, blocks [move][hand]      (``block``)              (any score: the app's rule,
                                                               ``shipped.node_policies``);
                                                               ``read_stage`` (its own)
the app's policy at one spot:         ``shipped.policy``       (none needed: the same rule
  {action: probability}                                        as ``lift_file``, one hand)
a threshold or scripted player:       ``threshold``            ``solve.respond.strategy``
  a list over a state's moves         ``.threshold_policy``
====================================  =======================  ===========================

The exploitability, step by step (``python -m truf_tui.solve check``; a file:
``solve.__main__._measure``; the solver's own strategy: ``rounds.run_round``):

1. Build both stages' trees at the score: the round after an accepted redeal (T3,
   ``redeal=False``) and the whole round (``redeal=True``), each with its utility
   (points, or 2 P(win the match) - 1; ``solve.cfr.points_utility`` / ``match_utility``).
2. Turn the strategy into a ``TreeStrategy`` on each tree (the table above).
3. Forward pass (``Solver.prepare``): each seat's probability of reaching every
   (node, hand) under the strategy, card removal included (``hands.HOLDS``, ``LIFT``).
4. Backward pass, ``EVAL``: the strategy's value for the non-dealer against itself.
5. Backward pass, ``BEST``, once per seat: at the responder's nodes, for every hand, the
   move of highest counterfactual value; at the other's, the strategy's mix.  This gives
   ``best0`` and ``best1``, what each seat gains by best responding.
6. A stage's exploitability is ``(best0 + best1) / 2`` (NashConv / 2).  The stage after a
   redeal is measured first: its value is what an accepted redeal is worth in the whole
   round's utility.  The round's figure is the sum of the two stages' (an upper bound,
   ``solve.rounds.report``); in match payoffs, halved into match-win probability.
"""
