"""mailbag: Postcards, Post Office and Carteros, played by their printed rules.

The rules engines live in :mod:`mailbag.games`; :mod:`mailbag.core` is the contract every game
implements; bots, simulation and the command line sit on top and see games only through it.
"""

__version__ = "0.1.0"
