"""The one frame machine of Fort (handlers register in ``rules.fort.engine``)."""

from __future__ import annotations

from rules.fort.state import State
from rules.kit.frames import Machine

MACHINE: Machine[State] = Machine()
