"""Command line: ``python -m bot run | try | demo | bench | content | db``."""

from __future__ import annotations

import argparse
import asyncio
import json
import runpy
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot", description="Maester, the Discord game "
                                "master for long asynchronous board games.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    try_ = sub.add_parser("try", help="play at a table in your browser: the real bot in a "
                          "simulated Discord, the other seats played by bots; no token needed")
    try_.add_argument("--game", default=None, help="game type (see demo --list); without it, "
                      "the last table if it is still being played, else agot")
    try_.add_argument("--new", action="store_true",
                      help="open a new table even if the last one is still being played")
    try_.add_argument("--mode", default=None, help="one of the game's modes")
    try_.add_argument("--players", type=int, default=None,
                      help="seats at the table, yours included (default: 3, within the "
                      "game's range)")
    try_.add_argument("--lang", choices=["en", "cs"], default="en")
    try_.add_argument("--db", type=Path, default=None,
                      help="the SQLite file that keeps the table (default: data/try.db)")
    try_.add_argument("--port", type=int, default=None, help="the loopback port to serve on")
    try_.add_argument("--seconds", type=float, default=None,
                      help="stop after this long instead of serving until Ctrl+C")
    shots = sub.add_parser("screenshots", help="photograph the try-out page of every game in "
                           "headless Chromium for the README")
    shots.add_argument("--out", type=Path, default=Path("docs/images"))
    shots.add_argument("--game", default=None, help="only this game's pictures")
    demo = sub.add_parser("demo", help="play a whole game offline through the service layer")
    demo.add_argument("--game", default=None,
                      help="game type (see --list); without it, every game in every mode")
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--mode", default=None, help="one of the game's modes (see --list)")
    demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="extra game option (JSON value), repeatable")
    demo.add_argument("--out", type=Path, default=None, help="write transcript, boards, "
                      "summary.json here")
    demo.add_argument("--quiet", action="store_true", help="do not print the transcript")
    demo.add_argument("--list", action="store_true", help="list the game types and exit")
    demo.add_argument("--all", action="store_true", help="play every game in every mode "
                      "(at its largest seat count) into --out/<game>-<mode>")
    bench = sub.add_parser("bench", help="run the benchmarks in bench/ and print figures")
    bench.add_argument("names", nargs="*", help="bench modules to run (default: all)")
    content = sub.add_parser("content", help="content packs: check one, or write a template")
    # One subcommand each, with optional positionals (``?``, not ``*``), so that options and
    # positionals parse in any order: ``check --game G DIR`` as well as ``check DIR --game G``.
    content_sub = content.add_subparsers(dest="action", required=True)
    check = content_sub.add_parser("check", help="validate a folder of content packs and print "
                                   "what it overrides and what stays provisional")
    check.add_argument("dir", nargs="?", default=None,
                       help="the folder holding <game>/ packs (default: CONTENT_DIR)")
    check.add_argument("--game", default=None, help="only this game")
    template = content_sub.add_parser("template", help="write a commented skeleton of a "
                                      "game's content to fill in from a printed copy")
    template.add_argument("game", nargs="?", default=None, help="the game")
    template.add_argument("dir", nargs="?", default=None,
                          help="where to write it (default: content/<game>)")
    db = sub.add_parser("db", help="database maintenance")
    db.add_argument("action", choices=["upgrade", "verify", "ratings"],
                    help="upgrade: apply migrations; verify: replay every game's log and "
                    "check it reproduces the stored state; ratings: recompute every server's "
                    "stored ratings and statistics from the logs")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # A fault of the environment (a bad DATABASE_URL or setting, a database that cannot be
    # reached, opened or written, a full disk) is one line and exit code 2, never a traceback.
    from bot.env_errors import explain

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file-size limit: an error, not a kill
    url = ""
    try:
        url = _settings().database_url if args.command in ("run", "db") else ""
        if args.command == "try":
            from bot.try_table import TRY_DB

            url = f"sqlite+aiosqlite:///{args.db or TRY_DB}"
        return _dispatch(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        found = explain(exc, url or _scratch_url(args))
        if found is None:
            raise
        print(found.render(), file=sys.stderr)
        return 2


def _settings() -> Any:
    """The settings from the environment and ``.env``; a malformed value is one line."""
    from pydantic import ValidationError

    from bot.config import Settings
    from bot.env_errors import EnvironmentFault
    from bot.i18n import msg

    try:
        return Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        name = ".".join(str(p) for p in first.get("loc", ())).upper()
        raise EnvironmentFault(msg("env.bad_setting", name=name,
                                   reason=first.get("msg", ""))) from None


def _scratch_url(args: argparse.Namespace) -> str:
    """What a command that keeps no database of its own writes, named as a file (the demo
    plays in a scratch database and writes into --out)."""
    out = getattr(args, "out", None)
    return f"sqlite+aiosqlite:///{out or tempfile.gettempdir()}"


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "run":
        return _run()
    if args.command == "demo":
        return _demo(args)
    if args.command == "screenshots":
        from bot.try_shots import screenshots_command

        return screenshots_command(args.out, args.game)
    if args.command == "screenshots":
        from bot.try_shots import screenshots_command

        return screenshots_command(args.out, args.game)
    if args.command == "try":
        from bot.try_table import try_command

        return try_command(args.game, mode=args.mode, players=args.players, lang=args.lang,
                           db=args.db, port=args.port, seconds=args.seconds,
                           new=args.new)
    if args.command == "content":
        from bot.content_cli import content_command

        if args.action == "template":
            return content_command("template", [a for a in (args.game, args.dir) if a], None)
        return content_command("check", [args.dir] if args.dir else [], args.game)
    if args.command == "bench":
        return _bench(args.names)
    if args.command == "db":
        from bot.env_errors import check_url
        from storage.migrate import upgrade

        url = _settings().database_url
        check_url(url)
        if args.action == "verify":  # read-only: never migrates what it checks
            return asyncio.run(_verify(url))
        if args.action == "ratings":
            upgrade(url)
            return asyncio.run(_ratings(url))
        upgrade(url)
        print("database is at the latest schema")
        return 0
    return 2


def _run() -> int:
    from bot import logs
    from bot.i18n import msg

    settings = _settings()
    try:
        logs.configure(settings.log_level.upper(), settings.log_format)
    except ValueError as exc:
        print(msg("env.bad_setting", name="LOG_LEVEL/LOG_FORMAT", reason=str(exc)).render(),
              file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(msg("run.no_token").render(), file=sys.stderr)
        return 2
    try:
        settings.shards()
    except ValueError as exc:
        print(msg("env.bad_setting", name="SHARD_COUNT/SHARD_IDS", reason=str(exc)).render(),
              file=sys.stderr)
        return 2
    from bot.runner import load_content, run_bot
    from rules.content import ContentError

    try:
        load_content(settings.content_dir)
    except ContentError as exc:
        print(f"content pack refused: {exc}", file=sys.stderr)
        return 2
    import aiohttp
    import discord

    try:
        asyncio.run(run_bot(settings))
    except discord.LoginFailure:
        print(msg("run.bad_token").render(), file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectorError, OSError) as exc:
        print(msg("run.no_network", reason=str(exc).splitlines()[0][:200]).render(),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


async def _ratings(url: str) -> int:
    from bot.service import GameService
    from storage.db import make_engine

    engine = make_engine(url)
    try:
        servers = await GameService(engine).refresh_all_ratings()
    finally:
        await engine.dispose()
    print(f"ratings recomputed from the logs for {servers} server(s)")
    return 0


async def _verify(url: str) -> int:
    """Replay every game's log; one line per bad game, and it goes on after one. A missing,
    corrupt or foreign database file gets one clear line, never a traceback."""
    from sqlalchemy.engine import make_url

    from bot.service import GameService
    from storage.db import is_sqlite, make_engine

    where = make_url(url).render_as_string(hide_password=True)
    if is_sqlite(url):
        path = make_url(url).database
        if path and path != ":memory:" and not Path(path).is_file():
            print(f"cannot verify: there is no database file at {path}")
            return 2
    engine = make_engine(url)
    try:
        service = GameService(engine)
        try:
            ids = await service.game_ids()
        except Exception as exc:  # not a database, not Maester's, unreachable
            print(f"cannot verify: {where} is not a readable Maester database "
                  f"({_one_line(exc)})")
            return 2
        bad = 0
        for gid in ids:
            try:
                problem = await service.verify(gid)
            except Exception as exc:  # an unreadable log row, an unknown game type, ...
                problem = f"cannot be replayed: {_one_line(exc)}"
            if problem:
                bad += 1
                print(f"game #{gid}: {problem}")
    finally:
        await engine.dispose()
    print(f"{len(ids) - bad} of {len(ids)} games replay to their stored state")
    return 1 if bad else 0


def _one_line(exc: BaseException, limit: int = 200) -> str:
    """What went wrong, on one line: a service error rendered, a row validation error's first
    field, a database error's own message (without SQLAlchemy's statement dump)."""
    from pydantic import ValidationError

    from bot.service import ServiceError

    if isinstance(exc, ServiceError):
        text = exc.msg.render()
    elif isinstance(exc, ValidationError):
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ()))
        text = f"a stored row is invalid ({exc.title}.{field}: {first.get('msg', '')})"
    else:
        text = f"{type(exc).__name__}: {getattr(exc, 'orig', None) or exc}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import run_demo
    from rules.registry import games

    available = games()
    if args.all or (args.game is None and not args.list):
        return _demo_all(args)
    if args.list or args.game not in available:
        for gid, rules in sorted(available.items()):
            modes = ", ".join(f"{v.name} ({'/'.join(map(str, v.seats))}p)"
                              for v in rules.variants())
            print(f"{gid}: {rules.title} — modes: {modes}")
        return 0 if args.list else 2
    rules = available[args.game]
    config: dict[str, object] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            config[key] = json.loads(value)
        except json.JSONDecodeError:
            config[key] = value
    players = args.players or rules.max_seats
    modes = {v.name: v for v in rules.variants()}
    if args.mode and args.mode not in modes:
        print(f"{args.game} has no mode {args.mode!r}; modes: {', '.join(modes)}")
        return 2
    if args.players is None and args.mode:
        players = max(modes[args.mode].seats)
    summary = asyncio.run(run_demo(args.game, players, args.seed, args.out, config,
                                   echo=not args.quiet, mode=args.mode))
    print(json.dumps(summary, indent=2))
    return 0 if summary["status"] == "finished" else 1


def _demo_all(args: argparse.Namespace) -> int:
    from bot.demo import run_demo
    from rules.registry import games

    failed = 0
    for gid, rules in sorted(games().items()):
        for variant in rules.variants():
            out = args.out / f"{gid}-{variant.name}" if args.out else None
            summary = asyncio.run(run_demo(gid, max(variant.seats), args.seed, out, {},
                                           echo=not args.quiet, mode=variant.name))
            ok = summary["status"] == "finished"
            failed += not ok
            print(f"{gid} {variant.name} ({max(variant.seats)}p): {summary['status']}, "
                  f"{summary['actions']} actions, {summary['seconds']} s")
    return 1 if failed else 0


def _bench(names: list[str]) -> int:
    bench_dir = Path(__file__).resolve().parent.parent / "bench"
    modules = sorted(p.stem for p in bench_dir.glob("*_bench.py"))
    chosen = [m for m in modules if not names or m in names or m.removesuffix("_bench") in names]
    if not chosen:
        print(f"no benchmarks match {names}; available: {', '.join(modules)}")
        return 2
    sys.path.insert(0, str(bench_dir.parent))
    argv = sys.argv
    try:
        for name in chosen:
            print(f"== bench/{name}.py")
            sys.stdout.flush()
            # Each bench reads its own arguments; it must not see this command's ("bench").
            sys.argv = [str(bench_dir / f"{name}.py")]
            runpy.run_module(f"bench.{name}", run_name="__main__")
    finally:
        sys.argv = argv
    return 0


if __name__ == "__main__":
    sys.exit(main())
