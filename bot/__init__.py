"""Maester: the Discord game master. ``bot.service`` is Discord-free; ``bot.discord`` adapts."""
