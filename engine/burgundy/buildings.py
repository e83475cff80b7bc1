"""The eight buildings (rules §11): automatic gains and optional follow-up choices.

Boarding House, Bank and Watchtower pay at once.  Warehouse, Carpenter's Workshop,
Church, Market and City Hall open a decision (named after the building) that may be
declined; when their benefit cannot be used they are skipped (benefit lost).
"""
from __future__ import annotations

from engine.core import Event
from engine.burgundy.actions import gain_vp
from engine.burgundy.choices import DECLINE, place_options, sell_options, take_options
from engine.burgundy.data import TILES, WATCHTOWER_VP
from engine.burgundy.frames import do_action, first, push, register

BANK_SILVER = 2
BOARDING_HOUSE_WORKERS = 4
#: building -> tile categories it may take from depots 1-6
TAKES = {
    "carpenters_workshop": ("building",),
    "church": ("mine", "knowledge", "castle"),
    "market": ("ship", "animal"),
}


def on_place(state: dict, seat: int, tile: str) -> list[Event]:
    """Resolve a building just placed by ``seat``."""
    p = state["players"][seat]
    kind = TILES[tile].kind
    if kind == "watchtower":
        gain_vp(p, "buildings", WATCHTOWER_VP)
        return [Event("watchtower", {"seat": seat, "vp": WATCHTOWER_VP})]
    if kind == "bank":
        p["silver"] += BANK_SILVER
        return [Event("bank", {"seat": seat, "silver": BANK_SILVER})]
    if kind == "boarding_house":
        p["workers"] += BOARDING_HOUSE_WORKERS
        return [Event("boarding_house", {"seat": seat, "workers": BOARDING_HOUSE_WORKERS})]
    if HANDLER_OPTIONS[kind](state, None, p):
        push(state, kind)
        return []
    return [Event("effect_lost", {"seat": seat, "tile": kind})]


def _warehouse(state: dict, frame, p: dict):
    """Sell one goods type, as the Sell action without a die."""
    return sell_options(p, None)


def _taker(categories):
    """Take a tile of ``categories`` from depots 1-6 (no die needed)."""
    def options(state: dict, frame, p: dict):
        return take_options(state, p, None, categories)
    return options


def _city_hall(state: dict, frame, p: dict):
    """Place a stored tile ignoring the die (colour, neighbour, city limit still apply)."""
    return place_options(p, None)


#: optional building -> its options (without ``decline``); empty means "benefit lost"
HANDLER_OPTIONS = {"warehouse": _warehouse, "city_hall": _city_hall}
HANDLER_OPTIONS.update({kind: _taker(cats) for kind, cats in TAKES.items()})


def _with_decline(options):
    return lambda state, frame, p: options(state, frame, p) + [DECLINE]


for _kind, _options in HANDLER_OPTIONS.items():
    register(_kind, _with_decline(_options), do_action, first)
