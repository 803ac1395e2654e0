"""``python -m bot screenshots``: the ``make try`` page in headless Chromium (Debian's
``chromium`` driven by Playwright), photographed for the README: for each game the thread in
mid-game, your private panel (behind **My hand**), and the ``/game status`` answer."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.i18n import msg, render
from bot.try_table import Table, serve

#: The system's Chromium (Playwright's own browser download is not used).
BROWSER = "chromium"
#: The page's size in the pictures.
VIEWPORT = {"width": 1100, "height": 860}
#: Moves played before the pictures, so the thread shows a game under way.
MOVES_BEFORE = 4
#: Scrolls the newest message only you can see to the bottom of the page.
LAST_PRIVATE_TO_BOTTOM = ("() => [...document.querySelectorAll('.message-ephemeral-note')]"
                          ".pop().parentElement.scrollIntoView({block: 'end'})")
#: (game, language) of the pictures: every game in English, one in Czech.
SHOTS = (("agot", "en"), ("catan_watch", "en"), ("northgard", "en"), ("great_wall", "en"),
         ("fort", "en"), ("agot", "cs"))


@asynccontextmanager
async def browser_page(url: str) -> AsyncIterator[Any]:
    """A headless Chromium page open at ``url``, its first component drawn."""
    from playwright.async_api import async_playwright

    path = shutil.which(BROWSER)
    if path is None:
        raise RuntimeError("Chromium is not installed: apt-get install chromium")
    async with async_playwright() as pw:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        browser = await pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            page = await browser.new_page(viewport=VIEWPORT)
            await page.goto(url)
            await page.wait_for_selector("button.component-button")
            yield page
        finally:
            await browser.close()


async def wait_for_move(table: Table, before: int, seconds: float = 60.0) -> bool:
    """Whether the game moved past version ``before`` within ``seconds``."""
    for _ in range(int(seconds / 0.25)):
        if (await table.service.summary(table.game_id)).version != before:
            return True
        await asyncio.sleep(0.25)
    return False


async def play_moves(table: Table, moves: int, hand: str) -> None:
    """A move through your panel, ``moves`` times (the bots answer each): its last offered
    button, or the first option of its first select and then its button (a placement, a
    setup choice); stops early when the panel offers neither, or the game ended."""
    for _ in range(moves):
        before = (await table.service.summary(table.game_id)).version
        history = table.thread.history(viewer=table.you)
        hand_message = next(m for m in reversed(history) if hand in _labels(m))
        panel = (await table.you.click(hand_message, label=hand)).response
        for _ in range(3):
            offered = [label for label in _labels(panel) if label != hand]
            if offered:
                await table.you.click(panel, label=offered[-1])
                break
            select = _first_select(panel)
            if select is None:
                return
            chosen = await table.you.select(panel, [select["options"][0]["value"]],
                                            custom_id=select["custom_id"])
            panel = chosen.response or panel
        if not await wait_for_move(table, before):
            return
        await table.env.settle()


def _components(message: Any) -> Iterator[dict[str, Any]]:
    """A message's components, row by row, as payload dicts."""
    for row in message.components:
        children = row.get("components", [row]) if isinstance(row, dict) else \
            getattr(row, "children", [row])
        for child in children:
            yield child if isinstance(child, dict) else child.to_dict()


def _first_select(message: Any) -> dict[str, Any] | None:
    """The message's first enabled string select with options."""
    return next((c for c in _components(message)
                 if c.get("type") == 3 and c.get("options") and not c.get("disabled")), None)


def _labels(message: Any) -> list[str]:
    """The enabled buttons' labels of a message."""
    return [str(c["label"]) for c in _components(message)
            if c.get("type") == 2 and c.get("label") and not c.get("disabled")]


async def _pictures(table: Table, url: str, out: Path, name: str, hand: str) -> list[Path]:
    await play_moves(table, MOVES_BEFORE, hand)
    written: list[Path] = []
    async with browser_page(url) as page:
        await page.wait_for_function(
            "() => [...document.querySelectorAll('img.embed-image')]"
            ".every(i => i.complete && i.naturalWidth > 0)")
        # the live board, not the lines after it
        await page.locator("img.embed-image").last.scroll_into_view_if_needed()
        await page.wait_for_timeout(500)
        written.append(out / f"discord-{name}-thread.png")
        await page.screenshot(path=written[-1])
        shown = await page.locator(".message-ephemeral-note").count()
        await page.locator("button.component-button", has_text=hand).last.click()
        await page.wait_for_function(
            f"() => document.querySelectorAll('.message-ephemeral-note').length > {shown}")
        await page.wait_for_timeout(300)
        # the panel's foot (its buttons) at the bottom of the picture, the panel above it
        await page.evaluate(LAST_PRIVATE_TO_BOTTOM)
        await page.wait_for_timeout(500)
        written.append(out / f"discord-{name}-panel.png")
        await page.screenshot(path=written[-1])
        shown = await page.locator(".message-ephemeral-note").count()
        await table.you.slash(table.thread, "game status")
        await table.env.settle()
        await page.locator("#refresh").click()  # a command sent from here, not from the page
        await page.wait_for_function(
            f"() => document.querySelectorAll('.message-ephemeral-note').length > {shown}")
        await page.evaluate(LAST_PRIVATE_TO_BOTTOM)
        await page.wait_for_timeout(500)
        written.append(out / f"discord-{name}-status.png")
        await page.screenshot(path=written[-1])
    return written


def screenshots_command(out: Path, only: str | None = None) -> int:
    out.mkdir(parents=True, exist_ok=True)
    for game, lang in SHOTS:
        if only is not None and game != only:
            continue
        name = game if lang == "en" else f"{game}-{lang}"

        async def shoot(table: Table, url: str, name: str = name, lang: str = lang) -> None:
            hand = render(msg("ui.my_hand"), lang)
            for path in await _pictures(table, url, out, name, hand):
                print(path)

        with tempfile.TemporaryDirectory() as scratch:
            asyncio.run(serve(game, players=None, mode=None, lang=lang,
                              db=Path(scratch) / "try.db", port=None, seconds=0, new=True,
                              on_ready=shoot))
    return 0
