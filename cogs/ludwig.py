"""``/ludwig …``: Castles of Mad King Ludwig moves as slash commands (a thin mapping onto
the engine's option ids; every decision also works by buttons and selects).

Option-id prefixes (see ``engine/ludwig/view.py``): ``buy:`` a market room, ``stairs`` /
``hallway`` from the supply (bought, or free as a corridor reward), ``take`` 5,000;
``pl:`` a placement (the letters on the castle picture), ``spot:`` where in the castle
when there are many placements; the Master Builder's pricing ``move:`` a room ``to:`` a
slot, then ``confirm``; ``rw:`` the next completion reward, ``type:`` a downstairs
reward's type, ``stack:`` the stack a sleeping reward looks at, ``tile:`` the tiles put
on the deck, ``done``; ``keep:`` the utility card, ``return:`` the dealt bonus card
given back, ``pick:`` a chosen bonus card, ``favor:`` a chosen favor.  ``choose``
answers any decision.  ``castle player:<member>`` shows anybody's castle privately.
"""
from __future__ import annotations

from discord import app_commands

from cogs.moves import Move, move_group
from cogs.player_picture import picture_command

GAME = "ludwig"

MOVES = {
    "buy": Move("buy:", "room"),
    "stairs": Move("stairs"),
    "hallway": Move("hallway"),
    "take": Move("take"),
    "place": Move("pl:", "placement"),
    "spot": Move("spot:", "spot"),
    "price": Move("move:", "room"),
    "slot": Move("to:", "slot"),
    "confirm": Move("confirm"),
    "reward": Move("rw:", "reward"),
    "type": Move("type:", "type"),
    "stack": Move("stack:", "stack"),
    "tile": Move("tile:", "tile"),
    "done": Move("done"),
    "keep": Move("keep:", "card"),
    "return": Move("return:", "card"),
    "bonus": Move("pick:", "card"),
    "favor": Move("favor:", "favor"),
    "back": Move("back"),
    "decline": Move("decline"),
    "choose": Move("", "option"),
}


def castle(view: dict, seat: int, locale: str):
    """``seat``'s castle picture (Pillow is imported only where images are made)."""
    from render import ludwig

    return ludwig.render_castle(view, seat, locale)


def ludwig_group() -> app_commands.Group:
    group = move_group(GAME, MOVES)
    group.add_command(picture_command(GAME, "castle", castle))
    return group


async def setup(bot) -> None:
    bot.tree.add_command(ludwig_group())
