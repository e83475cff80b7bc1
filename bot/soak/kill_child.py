"""A bot process for the ``kill`` probe (run by it, then killed with SIGKILL).

``python -m bot.soak.kill_child DB GAME TABLES SEED``: the real offline bot on the SQLite
file DB keeps ``TABLES`` all-human tables of GAME going (resuming those the file already
has, starting new ones as games end) and plays moves round-robin through the players'
``/game hand`` panels.  After each click is answered (the move acknowledged to its
player) it prints ``{"t": table, "seq": seq, "sent": n}`` (``n``: messages the fake
Discord received so far) and flushes; it never stops by itself.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from engine import registry

from bot.offline import TablePlayer
from bot.soak.tables import click_for, offline_bot, start_table, users_for


async def _panel(d, user, table_id: int):
    ex = await d.slash(user, "game hand", game=table_id)
    return ex.last


async def main(path: str, game_id: str, tables: int, seed: int) -> None:
    rnd = random.Random(seed)
    users = users_for(game_id)
    async with offline_bot(Path(path)) as d:
        players = {}
        for row in await d.table.db.list_games(statuses=("active",)):
            players[row.id] = TablePlayer(d, row.id, {u.id: u for u in users}, rnd)
        while True:
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
                cid, values = click_for(panel, await player.wanted_option(decision))
                seq = int(cid.split(":")[2])
                ex = await d.click(user, panel, cid, values)
                if ex.replies:
                    print(json.dumps({"t": table_id, "seq": seq + 1, "sent": len(d.fake.sent)}),
                          flush=True)


if __name__ == "__main__":
    registry.available()
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
