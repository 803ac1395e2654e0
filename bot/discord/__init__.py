"""The thin discord.py adapter over the Discord-free service layer (design.md §5).

Modules: ``app`` (the bot, ``create_bot``, ``run``), ``cog_game`` (``/game …``: the group,
composed of ``cog_game_lobby``, ``cog_game_admin`` and ``cog_game_table`` over
``cog_game_base``), ``components`` (persistent DynamicItem buttons/selects), ``flows`` (what a
click or command does: defer → service → reply → deliver), ``delivery`` (service effects →
Discord), ``bursts`` (one delivery's effects as few messages: narration, one DM a player, post
buttons), ``panels`` (move UIs, per-game registry), ``presenters`` (embeds, per-game registry),
``deadline_loop`` (the polling task), ``text`` (catalog rendering in Discord style),
``strings`` (command descriptions from the catalog), ``options`` (``/game new options:``).
"""
