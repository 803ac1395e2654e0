"""What the Northgard tests' service knows: Northgard (helpers live in ``scenario.py``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("northgard",)


# The rules' edge-case tiles, for the tests that ask for them (``usefixtures("edge_tiles")``).
from tests.games.northgard.tiles import edge_tiles  # noqa: E402, F401
