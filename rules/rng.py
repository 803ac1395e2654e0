"""Counter-based deterministic randomness, stable across Python versions and platforms.

Each draw hashes ``(seed, counter)`` with BLAKE2b, so a state needs only two integers to
reproduce every future draw. Never use the ``random`` module in engines.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """A deterministic generator whose whole state is ``(seed, counter)``."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = int(seed)
        self.counter = int(counter)

    def _next64(self) -> int:
        digest = hashlib.blake2b(
            f"{self.seed}:{self.counter}".encode(), digest_size=8
        ).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def randbelow(self, n: int) -> int:
        """Uniform int in ``[0, n)`` by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (_MASK64 + 1) - ((_MASK64 + 1) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]``."""
        return lo + self.randbelow(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        out = list(seq)
        self.shuffle(out)
        return out

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        out: list[T] = []
        for _ in range(k):
            out.append(pool.pop(self.randbelow(len(pool))))
        return out

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> Rng:
        return cls(data["seed"], data["counter"])
