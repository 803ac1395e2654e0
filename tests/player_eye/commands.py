"""Slash commands, used as players use them: now and then a simulated player makes their move
with the game's own command (``/catan move``, ``/northgard move``, ``/agot order`` …) or asks
for something (``/fort cards``, ``/agot tracks``, ``/game status``), each option filled with
a value autocomplete offered them (or one of the command's fixed choices). The choices
offered and the reply are read like everything else.

A reply that lists every card of the game (``/fort cards kids``, ``/northgard card``) is read
as ``reference``: naming a card there says what the game holds, not who holds it, so the leak
check leaves it out; every other check reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.fort.cog import WHICH

#: Where a reply listing the game's whole content is filed (see the module docstring).
REFERENCE = "reference"


@dataclass(frozen=True)
class Command:
    name: str
    #: Options filled from autocomplete, in order (a later one may depend on an earlier one).
    typed: tuple[str, ...] = ()
    #: Options with fixed choices: option -> the values the client offers.
    fixed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: The command is a move (else it only answers).
    move: bool = False
    #: Which fixed values make the reply a listing of the whole game's content.
    reference: frozenset[str] = frozenset()


STATUS = Command("game status")
COMMANDS: dict[str, tuple[Command, ...]] = {
    "agot": (Command("agot order", ("area", "order"), move=True), Command("agot tracks"),
             Command("agot cards"), STATUS),
    "catan_watch": (Command("catan move", ("option",), move=True),
                    Command("catan build", ("spot",), move=True), STATUS),
    "northgard": (Command("northgard move", ("option",), move=True),
                  Command("northgard card", ("name",), reference=frozenset({"*"})), STATUS),
    "fort": (Command("fort cards", fixed=(("which", WHICH),),
                     reference=frozenset(WHICH) - {"table"}),
             Command("fort log"), STATUS),
    "great_wall": (STATUS,),
}
#: One move in this many is made with a command when the game has one.
ONE_IN = 6


async def use_command(table: Any, player: Any) -> bool:
    """``player`` uses one of the game's commands in the thread (a move command twice as
    often as a question); False when autocomplete offered nothing to fill it with."""
    commands = COMMANDS.get(table.game_type, ())
    weighted = [c for c in commands for _ in range(2 if c.move else 1)]
    if not weighted:
        return False
    command = weighted[table.rng.randbelow(len(weighted))]
    filled: dict[str, Any] = {}
    where = "reply"
    for option, values in command.fixed:
        filled[option] = values[table.rng.randbelow(len(values))]
        if filled[option] in command.reference:
            where = REFERENCE
    for option in command.typed:
        offered = await player.member.autocomplete(table.thread, command.name, option, "",
                                                   **filled)
        table.add(player, REFERENCE if "*" in command.reference else "choice",
                  [c["name"] for c in offered])
        if not offered:
            return False
        filled[option] = offered[table.rng.randbelow(len(offered))]["value"]
    if "*" in command.reference:
        where = REFERENCE
    table.presses += 1
    result = await player.member.slash(table.thread, command.name, **filled)
    for m in [result.response, *result.followups]:
        if m is not None:
            table.read(player, where if m.ephemeral else table.where(player, m._message),
                       m._message)
    response = result.response
    if response is not None and response.ephemeral and command.move:
        player.panel = (response.channel_id, response.id)
    return True
