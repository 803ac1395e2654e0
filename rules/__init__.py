"""Pure game engines. Nothing here imports from ``bot`` or ``storage``."""
