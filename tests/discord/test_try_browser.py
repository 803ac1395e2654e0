"""The ``make try`` page in headless Chromium: three moves played by clicking the page's own
buttons, and what a player sees read from the page's DOM (the board image loaded, move buttons
enabled, no error announced); then "viewing as" another member shows none of your panels.
Runs where Debian's ``chromium`` is installed (CI installs it)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from bot.try_shots import BROWSER, browser_page, wait_for_move
from bot.try_table import Table, serve

pytest.importorskip("playwright")
pytestmark = pytest.mark.skipif(shutil.which(BROWSER) is None,
                                reason="Chromium is not installed (apt-get install chromium)")

SEES = """() => ({
  boards: [...document.querySelectorAll('img.embed-image')]
    .map(i => i.complete && i.naturalWidth > 0),
  moves: [...document.querySelectorAll('button.component-button')]
    .filter(b => b.textContent.trim() !== 'My hand').map(b => !b.disabled),
  alert: document.querySelector('[role=alert]')?.textContent || '',
  errors: !document.getElementById('inspector-count').hidden,
})"""

#: The texts of the messages only the viewer can see.
PRIVATE_TEXTS = ("() => [...document.querySelectorAll('.message-ephemeral-note')]"
                 ".map(n => n.parentElement.innerText)")


async def test_three_moves_by_clicking_the_page(tmp_path: Path) -> None:
    seen: list[dict[str, object]] = []

    async def play(table: Table, url: str) -> None:
        async with browser_page(url) as page:
            # a loaded machine answers slowly, not wrongly: wait as long as the test's own cap
            page.set_default_timeout(120_000)
            for _ in range(3):
                before = (await table.service.summary(table.game_id)).version
                shown = await page.locator(".message-ephemeral-note").count()
                await page.locator("button.component-button", has_text="My hand").last.click()
                # your panel arrives as a new message only you can see, with its move buttons
                await page.wait_for_function(
                    f"() => document.querySelectorAll('.message-ephemeral-note').length > {shown}")
                await page.wait_for_timeout(300)
                sees = await page.evaluate(SEES)
                seen.append(sees)
                assert any(sees["moves"]), sees
                # A move can take two presses (Fort asks a Best Friend's mode after the card)
                pressed = []
                for _ in range(3):
                    move = page.locator("button.component-button:not([disabled])") \
                        .filter(has_not_text="My hand").last
                    pressed.append(await move.text_content())
                    await move.click()
                    if await wait_for_move(table, before, seconds=60):
                        break
                else:
                    raise AssertionError(f"no move after pressing {pressed}")
            # the board the last move drew, once it is on screen and decoded
            # (scrolled from inside the page: a bot's edit may replace the element between a
            # locator's find and its scroll)
            await page.wait_for_function(
                "() => { const i = [...document.querySelectorAll('img.embed-image')].pop();"
                " if (!i) return false; i.scrollIntoView(); return true; }")
            # what the page shows at the moment every board on it is decoded (read in the same
            # check: a bot's next board may arrive between a wait and a later read)
            loaded = await page.wait_for_function(
                f"() => [...document.querySelectorAll('img.embed-image')]"
                f".every(i => i.complete && i.naturalWidth > 0) && ({SEES})()")
            seen.append(await loaded.json_value())
            mine = await page.evaluate(PRIVATE_TEXTS)
            assert sum("Your hand" in t for t in mine) >= 3, mine  # your three panels
            # Viewing as another member (a viewer, not a player: the other seats are AI
            # players): the thread and none of your panels
            await page.select_option("#viewer-picker", value=str(table.bots[0].id))
            await page.wait_for_function(
                "() => !document.body.innerText.includes('Your hand')"
                " && document.querySelectorAll('img.embed-image').length > 0")
            theirs = await page.evaluate(PRIVATE_TEXTS)
            assert not any("Your hand" in t or "Your move" in t for t in theirs)

    await asyncio.wait_for(serve("fort", players=None, mode=None, lang="en",
                                 db=tmp_path / "try.db", port=None, seconds=0, on_ready=play),
                           timeout=600)
    assert len(seen) == 4
    last = seen[-1]
    assert last["boards"] and all(last["boards"]), last  # every board image loaded
    assert all(not s["alert"] and not s["errors"] for s in seen), seen
