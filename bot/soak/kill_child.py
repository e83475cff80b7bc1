"""A bot process for the ``kill`` probe (run by it, then killed with SIGKILL).

``python -m bot.soak.kill_child DB GAME TABLES SEED``: the real offline bot on the SQLite
file DB keeps ``TABLES`` all-human tables of GAME going (resuming those the file already
has, starting new ones as games end) and plays moves round-robin through the players'
``/game hand`` panels.  After each click is answered (the move acknowledged to its
player) it prints ``{"t": table, "seq": seq, "sent": n}`` (``n``: messages the fake
Discord received so far) and flushes; it never stops by itself.  ``TABLES`` 0: only
start (delivering what the last run left open) and stop.

The fake Discord journals every post, DM and edit to ``DB.journal`` (``bot.offline.Journal``)
and reads it back at start, so its messages and nonces survive the kill.  Each choice is
a function of (table, seq) only, so a replay of the move log makes the same clicks.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from engine import ai, registry

from bot.offline import FakeDiscord, TablePlayer
from bot.soak.tables import click_for, offline_bot, start_table, users_for


def journal_of(path: str | Path) -> Path:
    return Path(f"{path}.journal")


def choice(table_id: int, row, decision) -> str:
    """The option a player picks at ``row.seq`` of ``table_id`` (the same in every run)."""
    return ai.choose(registry.get(row.type), row.state, decision,
                     random.Random(f"{table_id}:{row.seq}")).option


async def _panel(d, user, table_id: int):
    ex = await d.slash(user, "game hand", game=table_id)
    return ex.last


async def main(path: str, game_id: str, tables: int, seed: int) -> None:
    rnd = random.Random(seed)
    users = users_for(game_id)
    async with offline_bot(Path(path), fake=FakeDiscord(journal=journal_of(path))) as d:
        players = {}
        for row in await d.table.db.list_games(statuses=("active",)):
            players[row.id] = TablePlayer(d, row.id, {u.id: u for u in users}, rnd)
        while tables:
            while len(players) < tables:
                player = await start_table(d, game_id, users, rnd.randrange(1 << 30), rnd)
                players[player.game_id] = player
            for table_id, player in list(players.items()):
                turn = await player.next_turn()
                if turn is None:
                    del players[table_id]
                    continue
                user, decision = turn
                panel = await _panel(d, user, table_id)
                cid, values = click_for(panel, choice(table_id, await player.row(), decision))
                seq = int(cid.split(":")[2])
                ex = await d.click(user, panel, cid, values)
                if ex.replies:
                    print(json.dumps({"t": table_id, "seq": seq + 1, "sent": len(d.fake.sent)}),
                          flush=True)


if __name__ == "__main__":
    registry.available()
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
