"""What Catan's own components do. Every move still goes through ``Flows.play`` (defer,
ownership and staleness checks, submit, fresh private panel, delivery); this module only
decides which action a click means and keeps the thread's trade offer message up to date.

Secret, simultaneous choices (discards after a 7) apply while the seat still owes them, even
if others moved meanwhile; an answer to a trade offer applies while that same offer is open.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.components import bot_of
from bot.discord.text import locale_of, render, tr
from bot.games.catan_watch import hero as hero
from bot.games.catan_watch.forms import (
    DiscardForm,
    TradeForm,
    counter_defaults,
    discard_need,
    hand_of,
)
from bot.games.catan_watch.names import seat_name, terms_text
from bot.games.catan_watch.panels import answer_items, hero_selects, terms_digest
from bot.games.catan_watch.parse import cards_from_values
from bot.games.catan_watch.routes import ROUTES
from bot.i18n import msg
from bot.service import PrivateView, ServiceError
from rules.base import Action, ActionSpec

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
Options = list[Action | ActionSpec]



async def _form_or_error(interaction: Interaction, game_id: int,
                         build: Any) -> None:
    """Show a form (it must be the first answer, so no defer) or say why not."""
    bot = bot_of(interaction)
    try:
        view = await bot.service.private_view(game_id, interaction.user.id)
        form = build(view)
    except ServiceError as err:
        await interaction.response.send_message(render(err.msg, locale_of(interaction)),
                                                ephemeral=True)
        return
    await interaction.response.send_modal(form)


# ---- discards after a 7 -------------------------------------------------------------------
def _check_discard(view: PrivateView, actions: Options) -> None:
    if view.view.get("phase") != "discard" or not any(
            isinstance(a, ActionSpec) and a.kind == "discard" for a in actions):
        key = ("catan.discard.already" if (view.view.get("you") or {}).get("pending_discard")
               else "catan.discard.none")
        raise ServiceError(key)


async def submit_discard(interaction: Interaction, game_id: int, seat: int,
                         cards: dict[str, int]) -> None:
    def choose(view: PrivateView, actions: Options) -> Action | None:
        _check_discard(view, actions)
        return Action("discard", {"cards": cards})

    await bot_of(interaction).flows.play(interaction, game_id, seat, 0, choose)


async def discard_picked(interaction: Interaction, game_id: int, seat: int,
                         values: list[str]) -> None:
    bot = bot_of(interaction)

    async def body() -> None:
        view = await bot.service.private_view(game_id, interaction.user.id)
        await submit_discard(interaction, game_id, seat, cards_from_values(values, hand_of(view)))

    await bot.flows.guarded(interaction, body)


async def open_discard_form(interaction: Interaction, game_id: int, seat: int) -> None:
    locale = locale_of(interaction)

    def build(view: PrivateView) -> DiscardForm:
        if view.seat != seat:
            raise ServiceError("error.not_your_button", game_id=game_id)
        if view.view.get("phase") != "discard" or not view.awaited:
            raise ServiceError("catan.discard.none")

        async def submit(modal_interaction: Interaction, cards: dict[str, int]) -> None:
            await submit_discard(modal_interaction, game_id, seat, cards)

        return DiscardForm(hand_of(view), discard_need(view), locale, submit)

    await _form_or_error(interaction, game_id, build)


# ---- trade offers ----------------------------------------------------------------------------
async def submit_offer(interaction: Interaction, game_id: int, seat: int, version: int,
                       give: dict[str, int], get: dict[str, int]) -> None:
    bot = bot_of(interaction)
    await bot.flows.play_action(interaction, game_id, seat, version,
                                Action("offer_trade", {"give": give, "get": get}))


async def open_offer_form(interaction: Interaction, game_id: int, seat: int,
                          version: int) -> None:
    locale = locale_of(interaction)

    def build(view: PrivateView) -> TradeForm:
        if view.seat != seat:
            raise ServiceError("error.not_your_button", game_id=game_id)

        async def submit(modal_interaction: Interaction, give: dict[str, int],
                         get: dict[str, int]) -> None:
            await submit_offer(modal_interaction, game_id, seat, version, give, get)

        return TradeForm(tr("catan.form.offer_title", locale), hand_of(view), locale, submit)

    await _form_or_error(interaction, game_id, build)


def check_offer(view: PrivateView, turn: int, digest: str) -> None:
    """The offer a button was made for is still open and the clicker still owes an answer."""
    data = view.view
    if (data.get("phase") != "trade" or int(data.get("turn", -1)) != turn
            or terms_digest(data.get("trade")) != digest):
        raise ServiceError("catan.trade.closed")
    if view.seat == data.get("current"):
        raise ServiceError("catan.trade.own")
    if not view.awaited:
        raise ServiceError("catan.trade.answered")


async def _answer(interaction: Interaction, game_id: int, turn: int, digest: str,
                  action: Action) -> None:
    bot = bot_of(interaction)

    async def body() -> None:
        try:
            view = await bot.service.private_view(game_id, interaction.user.id)
            check_offer(view, turn, digest)
        except ServiceError as err:
            if err.msg.key == "catan.trade.closed":  # a message left open: close it now
                await sync_offer_post(bot, game_id)
                if bot.flows.deferred_update(interaction):
                    # the clicker's own panel still offers the closed offer's answers: it
                    # is redrawn with what they can do now, under the reason
                    await bot.flows.panel(interaction, game_id, [err.msg])
                    return
            raise

        def choose(now: PrivateView, actions: Options) -> Action | None:
            check_offer(now, turn, digest)
            if action.kind != "counter_trade" and action not in actions:
                raise ServiceError("catan.trade.cannot_accept")
            return action

        await bot.flows.play(interaction, game_id, view.seat, view.version, choose)

    await bot.flows.guarded(interaction, body)


async def answer_offer(interaction: Interaction, game_id: int, turn: int, digest: str,
                       answer: str) -> None:
    kind = "accept_trade" if answer == "a" else "decline_trade"
    await _answer(interaction, game_id, turn, digest, Action(kind))


async def submit_counter(interaction: Interaction, game_id: int, turn: int, digest: str,
                         give: dict[str, int], get: dict[str, int]) -> None:
    await _answer(interaction, game_id, turn, digest,
                  Action("counter_trade", {"give": give, "get": get}))


async def open_counter_form(interaction: Interaction, game_id: int, turn: int,
                            digest: str) -> None:
    locale = locale_of(interaction)

    def build(view: PrivateView) -> TradeForm:
        check_offer(view, turn, digest)

        async def submit(modal_interaction: Interaction, give: dict[str, int],
                         get: dict[str, int]) -> None:
            await submit_counter(modal_interaction, game_id, turn, digest, give, get)

        return TradeForm(tr("catan.form.counter_title", locale), hand_of(view), locale, submit,
                         counter_defaults(view.view.get("trade") or {}))

    await _form_or_error(interaction, game_id, build)


async def finish_trade(interaction: Interaction, game_id: int, seat: int, version: int,
                       partner: int | None) -> None:
    bot = bot_of(interaction)
    action = (Action("cancel_trade") if partner is None
              else Action("confirm_trade", {"partner": partner}))
    await bot.flows.play_action(interaction, game_id, seat, version, action)


# ---- the offer's message in the thread ---------------------------------------------------
# The open offer has one message in the thread with Accept / Decline / Counter for the other
# players. It follows the game through the board hook (``sync_offer_post``), whoever moved —
# a click, ``/catan move``, a deadline — and its record is kept in the database, so a
# restarted bot still closes the message of an offer that was open before.
def offer_text(view: dict[str, Any], locale: str) -> str:
    trade = view.get("trade") or {}
    current = int(view.get("current", 0))
    lines = [tr("catan.trade.post", locale, player=seat_name(current, locale),
                terms=terms_text(trade.get("give"), trade.get("get"), locale))]
    answers = trade.get("responses") or {}
    for p in view.get("players", []):
        seat = int(p["seat"])
        if seat == current:
            continue
        answer = answers.get(str(seat), "?")
        who = seat_name(seat, locale)
        if answer == "?":
            lines.append(tr("catan.trade.waiting", locale, player=who))
        elif answer is None:
            lines.append(tr("catan.trade.declined", locale, player=who))
        elif answer == {"give": trade.get("give"), "get": trade.get("get")}:
            lines.append(tr("catan.trade.accepted", locale, player=who))
        else:
            lines.append(tr("catan.trade.countered", locale, player=who,
                            terms=terms_text(answer["get"], answer["give"], locale)))
    return "\n".join(lines)


def _post_key(game_id: int) -> str:
    return f"catan_watch.offer.{game_id}"


async def _recorded(bot: BotLike, game_id: int) -> dict[str, Any] | None:
    """The offer message on record: channel, message, turn, digest, give, get."""
    raw = await bot.service.bot_state(_post_key(game_id))
    return json.loads(raw) if raw else None


async def _record(bot: BotLike, game_id: int, post: dict[str, Any] | None) -> None:
    await bot.service.save_bot_state(_post_key(game_id), json.dumps(post) if post else "")


def _answer_view(game_id: int, view: dict[str, Any], locale: str) -> discord.ui.View:
    ui = discord.ui.View(timeout=None)
    for item in answer_items(game_id, view, locale):
        ui.add_item(item)
    return ui


async def sync_offer_post(bot: BotLike, game_id: int) -> None:
    """After every public change: the recorded offer message shows the answers so far (or
    "closed", without buttons, once its offer is over), and a newly opened offer is posted."""
    try:
        _type, _version, view = await bot.service.public_view(game_id)
    except ServiceError:
        return
    open_now = view.get("phase") in ("trade", "trade_confirm")
    turn, digest = int(view.get("turn", -1)), terms_digest(view.get("trade"))
    posted = await _recorded(bot, game_id)
    same = posted is not None and (posted["turn"], posted["digest"]) == (turn, digest)
    if posted is not None:
        await _edit_offer_post(bot, game_id, posted, view if same and open_now else None)
        if not (same and open_now):
            await _record(bot, game_id, None)
    if view.get("phase") == "trade" and not same:
        await _post_offer(bot, game_id, view)


async def _post_offer(bot: BotLike, game_id: int, view: dict[str, Any]) -> None:
    channel = await bot.delivery.channel_of(game_id)
    if channel is None:
        return
    locale = await bot.delivery.table_locale(getattr(channel, "guild", None))
    try:
        sent = await channel.send(offer_text(view, locale), view=_answer_view(game_id, view,
                                                                               locale),
                                  allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.exception("game %s: could not post the trade offer", game_id)
        return
    trade = view.get("trade") or {}
    await _record(bot, game_id, {
        "channel": channel.id, "message": sent.id, "turn": int(view["turn"]),
        "digest": terms_digest(trade), "give": dict(trade.get("give") or {}),
        "get": dict(trade.get("get") or {}),
    })


async def _edit_offer_post(bot: BotLike, game_id: int, posted: dict[str, Any],
                           view: dict[str, Any] | None) -> None:
    """Show the answers of the still open offer (``view``), or mark it closed."""
    channel: Any = bot.get_channel(posted["channel"])
    if channel is None:
        try:
            channel = await bot.fetch_channel(posted["channel"])
        except discord.HTTPException:
            return
    if not isinstance(channel, discord.abc.Messageable):
        return
    locale = await bot.delivery.table_locale(getattr(channel, "guild", None))
    message = channel.get_partial_message(posted["message"])  # type: ignore[attr-defined]
    try:
        if view is not None and view.get("phase") == "trade":
            await message.edit(content=offer_text(view, locale),
                               view=_answer_view(game_id, view, locale))
        elif view is not None:
            await message.edit(content=offer_text(view, locale) + "\n"
                               + tr("catan.trade.confirming", locale), view=None)
        else:
            await message.edit(content=tr("catan.trade.post_closed", locale,
                                          terms=terms_text(posted["give"], posted["get"],
                                                           locale)), view=None)
    except discord.HTTPException:
        log.warning("game %s: could not update the trade offer message", game_id)


# ---- heroes ------------------------------------------------------------------------------------
async def hero_take(interaction: Interaction, game_id: int, seat: int, version: int,
                    take: int) -> None:
    """Side B: the hero to take was chosen; now show the uses (a fresh ephemeral panel)."""
    bot = bot_of(interaction)

    async def body() -> None:
        view = await bot.service.private_view(game_id, interaction.user.id)
        if view.seat != seat:
            raise ServiceError("error.not_your_button", game_id=game_id)
        if view.version != version or take not in {n for n, _ in hero.offer(view.view)}:
            await bot.flows.panel(interaction, game_id, [msg("error.stale",
                                                               version=view.version)])
            return
        locale = locale_of(interaction)
        ui = discord.ui.View(timeout=None)
        for item in hero_selects(view, take, locale):
            ui.add_item(item)
        name = dict(hero.offer(view.view)).get(take, "")
        await bot.flows.show(interaction, tr("catan.hero.then_take", locale, hero=name),
                             view=ui)

    await bot.flows.guarded(interaction, body)


async def hero_use(interaction: Interaction, game_id: int, seat: int, version: int, take: int,
                   index: int) -> None:
    def choose(view: PrivateView, actions: Options) -> Action | None:
        if view.version != version:
            return None
        uses = hero.ability_options(view.view, view.seat)
        if not 0 <= index < len(uses):
            raise ServiceError("error.forged")
        return Action("use_hero", hero.with_after(view.view, view.seat, uses[index], take))

    await bot_of(interaction).flows.play(interaction, game_id, seat, version, choose)


ROUTES.register(answer_offer, discard_picked, finish_trade, hero_take, hero_use,
                open_counter_form, open_discard_form, open_offer_form)
