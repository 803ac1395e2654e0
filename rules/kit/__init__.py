"""What several games share, extracted from AGoT and Catan so later games need not reinvent
it: the serializable phase-frame stack (``frames``), secret simultaneous commitments with
ready and revise (``secret``), decks drawn with the state's rng (``cards``) and grid and
adjacency helpers (``grid``). No game here: ``rules/registry.py`` skips packages without
``RULES``."""
