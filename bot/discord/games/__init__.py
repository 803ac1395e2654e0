"""Per-game Discord UIs on top of the generic adapter (``bot.discord``).

Each game's module registers its move UI, DynamicItems and private presenter when imported
(it is listed in ``bot.discord.panels.UI_MODULES``); helper modules share its name as a
prefix (``agot_*``: A Game of Thrones, 1st edition).
"""
