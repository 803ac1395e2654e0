"""The AGoT and Catan front modules, on their way into their packages under ``bot/games/``
(``bot/games/agot``, ``bot/games/catan_watch`` expose the ``FRONT`` objects built from them)."""
