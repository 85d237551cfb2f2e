"""mailbag's benchmarks, in one home: measurements to print, never assertions.

- :mod:`mailbag.bench.rules`: ``mailbag bench GAME``, the speed of a game's rules on one core
  (random playouts, each contract operation, MCTS iterations/s);
- :mod:`mailbag.bench.rl`: ``mailbag bench GAME --rl``, the reinforcement-learning
  environment's steps/s beside the raw engine's decisions/s (the ``rl`` extra);
- :mod:`mailbag.bench.server`: ``mailbag bench-server``, a load test of the browser server over
  its real protocol (the ``web`` extra), its server subprocesses in :mod:`mailbag.bench.processes`;
- :mod:`mailbag.bench.compare` (with :mod:`mailbag.bench.engines`, its measurements):
  ``python -m mailbag.bench.compare``, mailbag beside OpenSpiel on one core, from a checkout;
- :mod:`mailbag.bench.strength`: ``python -m mailbag.bench.strength GAME --kind ...``, a bot's
  strength against its time per move.

Importing this package imports none of them (each needs what it measures).
"""
