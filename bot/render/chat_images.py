"""The README's board pictures at the size Discord shows them in chat (issue #26): each game's
board a few dozen moves into a seeded random game, with players' display names, shrunk into
Discord's 400×300 embed box as a desktop client does.

``python -m bot.render.chat_images --out docs/images [--game <game>] [--suffix after]`` writes
``board-<game>[-<mode>]-<suffix>.png``. The moves are random but seeded, so the pictures
only change when a renderer (or a rules engine) does."""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import Any

from PIL import Image

from bot.render import Images, as_images
from bot.render.kit import CHAT_BOX, with_names

NAMES = ("Alice", "Bořivoj", "Charlotte Longname", "Dan", "Eve")

#: The table a game's picture shows when its front declares none: its first variant at its
#: most seats, this many moves in. A front may declare its own in
#: ``extras["board_pictures"]``: (tag, config, seats, moves) each, the tag ("" for none)
#: added to the picture's name.
MOVES = 150
#: Discord's dark theme behind a message's embeds.
DISCORD_BG = (49, 51, 56)


def tables() -> list[tuple[str, str, dict[str, Any], int, int]]:
    """(game, picture name, config, seats, moves) for every game with a board image."""
    from bot.games import fronts
    from rules import registry

    out = []
    for game, f in sorted(fronts().items()):
        if f.renderer is None:
            continue
        variant = registry.get(game).variants()[0]
        pictures = f.extras.get("board_pictures") or (
            ("", dict(variant.config), max(variant.seats), MOVES),)
        for tag, config, seats, moves in pictures:
            out.append((game, f"{game}-{tag}" if tag else game, dict(config), seats, moves))
    return out


def played(game: str, config: dict[str, Any], seats: int, moves: int, seed: int = 7
           ) -> dict[str, Any]:
    """The public view ``moves`` seeded random moves into a game (fewer if it ends)."""
    from rules import registry
    from rules.rng import Rng

    rules = registry.get(game)
    state = rules.new_game(rules.check_config(config, seats), seats, seed)
    rng = Rng(3)
    for _ in range(moves):
        awaited = sorted(rules.awaiting(state))
        if not awaited or rules.result(state) is not None:
            break
        state, _ = rules.apply(state, awaited[0], rules.random_action(state, awaited[0], rng))
    view: dict[str, Any] = rules.view(state, None)
    return view


def chat_size(png: Images) -> Image.Image:
    """The image as Discord's desktop client shows it in chat: shrunk to fit ``CHAT_BOX``; a
    board in several images shows them one under another, each in its own box."""
    parts = []
    for data in as_images(png):
        img = Image.open(io.BytesIO(data)).convert("RGB")
        img.thumbnail(CHAT_BOX, Image.Resampling.LANCZOS)
        parts.append(img)
    if len(parts) == 1:
        return parts[0]
    gap = 8
    out = Image.new("RGB", (max(p.width for p in parts),
                            sum(p.height for p in parts) + gap * (len(parts) - 1)), DISCORD_BG)
    y = 0
    for part in parts:
        out.paste(part, (0, y))
        y += part.height + gap
    return out


def write(out: Path, suffix: str, only: str | None = None, locale: str = "en") -> list[Path]:
    from bot.games import front

    written = []
    for game, name, config, seats, moves in tables():
        f = front(game)
        if (only and only not in (game, name)) or f is None or f.renderer is None:
            continue
        view = with_names(played(game, config, seats, moves),
                          {i: NAMES[i] for i in range(seats)})
        path = out / f"board-{name}-{suffix}.png"
        # A palette keeps the README's pictures small; at this size it looks the same.
        chat_size(f.renderer(view, locale)).quantize(256).save(path, optimize=True)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bot.render.chat_images", description=__doc__)
    p.add_argument("--out", type=Path, default=Path("docs/images"))
    p.add_argument("--game", default=None, help="only this game (or picture name)")
    p.add_argument("--suffix", default="after")
    p.add_argument("--lang", choices=["en", "cs"], default="en")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in write(args.out, args.suffix, args.game, args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
