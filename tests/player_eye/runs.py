"""Which games the player's-eye suite plays.

``make test`` plays every declared mode of every game once, the seat counts and languages
alternating from mode to mode so that each game is played at its smallest and its largest
table and in English and in Czech; AGoT for two full rounds, and every table for at most
``PRESS_CAP`` presses (the solo and short games to their end). With ``PLAYER_EYE_FULL=1``
(CI runs ``make test`` with it) every mode is played at its smallest and largest seat count
in both languages, every game to its end.
"""

from __future__ import annotations

import os

from rules import registry
from tests.player_eye.play import Run

FULL = os.environ.get("PLAYER_EYE_FULL", "") not in ("", "0")
LOCALES = ("en", "cs")
#: Games played for a number of rounds in ``make test`` (the whole game with FULL).
ROUNDS = {"agot": 2}
#: ``make test`` plays each table for this many presses at most (the short games and modes
#: to their end; with FULL every game to its end): a press through simcord costs 80-350 ms,
#: more as a game's thread grows, and whole games of every mode took ~30 minutes of CPU.
PRESS_CAP = 200


def all_runs(full: bool = FULL) -> list[Run]:
    out: list[Run] = []
    for game, rules in sorted(registry.games().items()):
        if full:
            # a mode's smallest table ends in one language and its largest in the other, the
            # next mode the other way round
            for m, v in enumerate(rules.variants()):
                for k, n in enumerate(sorted({min(v.seats), max(v.seats)})):
                    ending = LOCALES[(m + k) % 2]
                    out += [Run(game, v.name, n, loc, to_end=loc == ending) for loc in LOCALES]
            continue
        combos = [(v.name, n) for v in rules.variants()
                  for n in sorted({min(v.seats), max(v.seats)})]
        picked: list[tuple[str, int, str]] = []
        for i, v in enumerate(rules.variants()):
            sizes = sorted({min(v.seats), max(v.seats)})
            picked.append((v.name, sizes[i % 2 if len(sizes) > 1 else 0], LOCALES[i % 2]))
        # Each game also at its other extreme and in its other language when its modes'
        # alternation did not already give them.
        smallest = min(n for _, n in combos)
        largest = max(n for _, n in combos)
        for n, loc in ((smallest, "en"), (largest, "cs")):
            if not any(p[1] == n for p in picked) or not any(p[2] == loc for p in picked):
                mode = next(m for m, k in combos if k == n)
                if (mode, n, loc) not in picked:
                    picked.append((mode, n, loc))
        out += [Run(game, mode, n, loc) for mode, n, loc in picked]
    return out
