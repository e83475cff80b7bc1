"""Knowledge tiles 1-26: the numbers the rules test for, and end-game scoring (15-26).

Permanent effects are checked where they apply (``n in player["know"]``), by the names
below; the building scored by each of 16-23 comes from the data file (a label only).
"""
from __future__ import annotations

from engine.burgundy.data import ANIMALS, GOODS, KNOWLEDGE_BUILDING, TILES

IGNORE_BUILDING_LIMIT = 1   # any number of same-kind buildings per city
MINE_WORKERS = 2            # +1 worker per mine at each phase end
SALE_DOUBLE_SILVER = 3      # 2 silverlings per sale
SALE_WORKER = 4             # +1 worker per sale
SHIP_TWO_DEPOTS = 5         # a ship takes goods of two adjacent depots
BUY_ANY_DEPOT = 6           # purchase from any depot
ANIMAL_BONUS = 7            # +1 VP per scoring animal tile
DOUBLE_STEP = 8             # each worker moves a die by up to 2
#: estate colour placed -> knowledge tile giving a free ±1 step for that placement (9-11)
PLACE_FREE_STEP = {"city": 9, "river": 10, "pasture": 10, "castle": 11, "mine": 11, "knowledge": 11}
TAKE_FREE_STEP = 12         # free ±1 step when taking a tile from a depot
WORKERS_SILVER = 13         # Take Workers also gives 1 silverling
WORKERS_DOUBLE = 14         # Take Workers gives 4 workers

SOLD_TYPES, SOLD_TYPE_VP = 15, 3
BUILDING_VP = 4             # 16-23: per building of the tile's kind
ANIMAL_KINDS, ANIMAL_KIND_VP = 24, 4
SOLD_TILES, SOLD_TILE_VP = 25, 1
BONUS_TILES, BONUS_TILE_VP = 26, 2


def end_game_vp(player: dict) -> dict[int, int]:
    """VP of every end-game knowledge tile the player owns, by tile number."""
    out = {}
    for number in player["know"]:
        if number == SOLD_TYPES:
            out[number] = SOLD_TYPE_VP * sum(1 for g in GOODS if player["sold"][g])
        elif number in KNOWLEDGE_BUILDING:
            kind = KNOWLEDGE_BUILDING[number]
            out[number] = BUILDING_VP * sum(1 for t in player["sp"] if t and TILES[t].kind == kind)
        elif number == ANIMAL_KINDS:
            kinds = {TILES[t].kind for t in player["sp"] if t and TILES[t].kind in ANIMALS}
            out[number] = ANIMAL_KIND_VP * len(kinds)
        elif number == SOLD_TILES:
            out[number] = SOLD_TILE_VP * sum(player["sold"])
        elif number == BONUS_TILES:
            out[number] = BONUS_TILE_VP * len(player["bonus"])
    return out
