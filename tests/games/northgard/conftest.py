"""What the Northgard tests' service knows: Northgard (helpers live in ``scenario.py``)."""

from __future__ import annotations

import pytest


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("northgard",)
