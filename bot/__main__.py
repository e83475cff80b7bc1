"""Command line: ``python -m bot [run | demo | simulate | commands | bench | sync | arena | soak |
loadtest | migrate-db]``."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path

from bot.config import load_settings

NO_TOKEN = (
    "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, "
    "copy its token into a .env file (see .env.example) or the environment, and run again."
)


def _parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SystemExit(f"--option needs KEY=VALUE, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


#: exit code when the database (or the output folder) cannot be used
EXIT_STORAGE = 3


def _storage_failure(err: BaseException) -> int:
    """Say in one sentence why the database or folder cannot be used; the exit code."""
    print(str(err) if not isinstance(err, OSError) else
          f"Cannot use {err.filename or 'the output folder'}: {err.strerror or err}.",
          file=sys.stderr)
    return EXIT_STORAGE


def cmd_run(args) -> int:
    from storage.db import DatabaseUnusable, diagnose
    from storage.migrations import check_not_newer
    from storage.pg import is_postgres_url

    settings = load_settings()
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level)
    from bot import gc_policy
    from bot.client import CastellanBot

    gc_policy.tune()
    from bot.sharding import ShardingError

    try:
        # before logging in: a clear sentence, no traceback, nothing written
        if not is_postgres_url(settings.database_url):  # PostgreSQL: checked on connecting
            check_not_newer(settings.database_path, diagnose(settings.database_path) or 0)
        bot = CastellanBot(settings)
        bot.run(settings.token, log_handler=None)
    except DatabaseUnusable as err:
        return _storage_failure(err)
    except ShardingError as err:
        print(err, file=sys.stderr)
        return 2
    return 0


def cmd_run_or_demo(args) -> int:
    """``make run``: the bot with a token, else an offline demo game into ./demo/."""
    if load_settings().token:
        return cmd_run(args)
    print(NO_TOKEN)
    print("Meanwhile, playing an offline demo game of Citadels into ./demo/ ...")
    args.game, args.players, args.seed, args.out = "citadels", 4, 1, "demo"
    args.option, args.stop_after, args.resume, args.no_images = [], None, False, False
    args.locale = load_settings().default_locale
    code = cmd_simulate(args)
    print("Open demo/transcript.md and the demo/*.png images to see what the bot posts.")
    return code


def cmd_simulate(args) -> int:
    from engine.core import RuleError
    from bot.simulate import dumps, simulate
    from storage.db import DatabaseUnusable

    try:
        summary = asyncio.run(simulate(args.game, args.players, args.seed, Path(args.out),
                                       options=_parse_options(args.option),
                                       stop_after=args.stop_after, resume=args.resume,
                                       images=not args.no_images, locale=args.locale,
                                       days=getattr(args, "days", None)))
    except RuleError as err:
        from bot.text import error_text
        print(error_text(None, err, "en"), file=sys.stderr)
        return 2
    except (DatabaseUnusable, OSError) as err:
        return _storage_failure(err)
    print(dumps(summary))
    return 0


def cmd_commands(args) -> int:
    from bot.client import CastellanBot, command_payload

    async def build() -> list[dict]:
        bot = CastellanBot(load_settings())
        await bot.load_commands()
        return await command_payload(bot)

    payload = asyncio.run(build())
    print(json.dumps(payload, ensure_ascii=False, indent=None if args.json else 2))
    return 0


def cmd_sync(args) -> int:
    settings = load_settings()
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.client import CastellanBot, sync_commands

    bot = CastellanBot(settings)

    async def go():
        async with bot:
            await bot.login(settings.token)
            synced = await sync_commands(bot, args.guild or settings.dev_guild_id)
            print(f"synced {len(synced)} commands")

    asyncio.run(go())
    return 0


def cmd_bench(args) -> int:
    from bot.bench import run_bench

    if not args.default_gc:
        from bot import gc_policy

        gc_policy.tune()   # the search runs in AI workers with the serving GC settings

    for line in run_bench(args.game, games=args.games):
        print(json.dumps(line), flush=True)
    return 0


def cmd_soak(args) -> int:
    """The reliability suite: one JSON figure per line; exit 1 if any figure failed."""
    from bot.soak import run

    failed = 0
    for figure in run(args.size, args.game or None, args.probe or None):
        failed += figure.get("failures", 0) > 0
        print(json.dumps(figure, ensure_ascii=False), flush=True)
    return 1 if failed else 0


def cmd_loadtest(args) -> int:
    """Many live tables in this process, clicked at; one JSON object of figures."""
    from bot import gc_policy
    from bot.loadtest import loadtest

    gc_policy.tune()   # as the bot serves (cmd_run)

    figures = asyncio.run(loadtest(tables=args.tables, seconds=args.seconds,
                                   players=args.players, rate=args.rate, images=args.images,
                                   processes=args.render == "processes",
                                   database=args.database, seed=args.seed,
                                   live=not args.no_user_cache, profile=args.profile))
    print(json.dumps(figures), flush=True)
    return 0


def cmd_migrate_db(args) -> int:
    """Copy a SQLite database into an empty PostgreSQL one; figures, then the verdict."""
    from bot.migrate_db import run

    return run(args.source, args.target)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["arena"]:  # AI levels against each other (its own options)
        from bot.arena import main as arena_main
        return arena_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description="Castellan board-game bot")
    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser("run-or-demo", help="run the bot, or an offline demo without a token")
    sim = sub.add_parser("simulate", help="play a whole game offline through the real stack")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--out", default="out")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--stop-after", type=int, default=None)
    sim.add_argument("--resume", action="store_true")
    sim.add_argument("--no-images", action="store_true", help="skip rendering (faster)")
    sim.add_argument("--locale", default="en", choices=("en", "cs"), help="language of the posts")
    sim.add_argument("--days", type=int, default=None,
                     help="play on a simulated clock for at most N days (turn clock, reminders, "
                          "a vacation, a zombie seat); the transcript shows the times")
    com = sub.add_parser("commands", help="print the application-command payload")
    com.add_argument("--json", action="store_true")
    syn = sub.add_parser("sync", help="sync slash commands with Discord")
    syn.add_argument("--guild", type=int, default=None)
    ben = sub.add_parser("bench", help="print speed figures as JSON lines")
    ben.add_argument("game", nargs="?", default=None)
    ben.add_argument("--games", type=int, default=200, help="random games per engine figure")
    ben.add_argument("--default-gc", action="store_true",
                     help="CPython's garbage collector settings, not the serving processes'")
    soak = sub.add_parser("soak", help="reliability probes; one JSON figure per line")
    soak.add_argument("--size", choices=("small", "full"), default="small")
    soak.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    soak.add_argument("--probe", action="append", default=[],
                      choices=("fuzz", "secrets", "clicks", "access", "kill", "discord"))
    load = sub.add_parser("loadtest", help="many live tables clicked at; JSON figures")
    load.add_argument("--tables", type=int, default=10_000)
    load.add_argument("--seconds", type=float, default=30.0)
    load.add_argument("--players", type=int, default=32, help="closed loop: concurrent players")
    load.add_argument("--rate", type=float, default=None,
                      help="open loop: clicks arriving per second (instead of --players)")
    load.add_argument("--images", action="store_true", help="render the pictures too")
    load.add_argument("--render", choices=("processes", "threads"), default="processes")
    load.add_argument("--database", default=None,
                      help="a SQLite path (reused if it holds tables) or a postgresql:// URL; "
                           "default: a temporary file")
    load.add_argument("--seed", type=int, default=1)
    load.add_argument("--profile", metavar="PATH", default=None,
                      help="write the clicking part's cProfile statistics (slows the clicks)")
    load.add_argument("--no-user-cache", action="store_true",
                      help="read user preferences from the database every time")
    mig = sub.add_parser("migrate-db", help="copy a SQLite database into an empty PostgreSQL "
                                            "one, verified by row counts and checksums")
    mig.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH")
    mig.add_argument("--to", dest="target", required=True, metavar="postgresql://...")
    args = parser.parse_args(argv)
    handlers = {None: cmd_run, "run": cmd_run, "run-or-demo": cmd_run_or_demo,
                "simulate": cmd_simulate, "commands": cmd_commands, "sync": cmd_sync,
                "bench": cmd_bench, "soak": cmd_soak, "loadtest": cmd_loadtest,
                "migrate-db": cmd_migrate_db}
    return handlers[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
