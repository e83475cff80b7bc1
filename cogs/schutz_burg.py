"""``/schutz_burg …``: Im Schutz der Burg moves as slash commands (a thin mapping onto
the engine's option ids; everything else, and the secret card pick, works by buttons).

Option-id prefixes (see ``engine/schutz_burg``): ``card:`` the face-down pick, ``tpl:``
a building, ``pay:`` an exact payment, ``space:`` a helper on a building, ``from:`` where
that helper comes from, ``spot:`` a trader's helper (or the one given back for the inn
toll), ``kind:`` the Bricklayer's tower kind, ``buy:`` a Stonemason purchase, ``take:``
pieces for a Worker card or an item from the Castle Maiden.  ``choose`` answers any
decision (inn, granary, winter cards, courtship, ...).
"""
from __future__ import annotations

from cogs.moves import Move, move_group

MOVES = {
    "pick": Move("card:", "card"),
    "build": Move("tpl:", "building"),
    "pay": Move("pay:", "payment"),
    "helper": Move("space:", "space"),
    "source": Move("from:", "source"),
    "trader": Move("spot:", "spot"),
    "tower": Move("kind:", "resource"),
    "buy": Move("buy:", "piece"),
    "take": Move("take:", "item"),
    "done": Move("done"),
    "pass": Move("pass"),
    "back": Move("back"),
    "choose": Move("", "option"),
}


async def setup(bot) -> None:
    bot.tree.add_command(move_group("schutz_burg", MOVES))
