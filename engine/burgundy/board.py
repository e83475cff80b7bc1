"""The central board: setup, phase preparation, round start, depots and turn-order track.

State layout (plain JSON, mutated in place) is documented in :mod:`engine.burgundy.view`;
hidden parts are ``supply`` (face-down tile supplies), ``stacks`` (goods of later phases)
and ``box`` (goods returned unseen at setup).
"""
from __future__ import annotations

from engine.core import Event, Rng
from engine.burgundy.data import (
    BLACK_BACK, BLACK_PER_PHASE, CENTRE, COLOUR_BACK, DEPOT_SPACES, DEPOTS, ESTATES, GOODS,
    GOODS_PER_TYPE, GOODS_STACK, PHASES, START_GOODS, START_SILVER, THREE_PLAYER_SWAP, TILES,
    TRACK_SPACES, WORKERS_BY_SEAT,
)

ADVANCED = "advanced"


def new_player(estate: int, workers: int) -> dict:
    return {
        "estate": estate, "board": [estate], "sp": [None] * 38, "store": [],
        "goods": [0] * 7, "sold": [0] * 7, "workers": workers, "silver": START_SILVER,
        "vp": 0, "parts": {}, "know": [], "dice": [0, 0], "used": [True, True], "bonus": [],
    }


def setup_state(seats: int, options: dict, seed: int) -> dict:
    """A fresh game: supplies shuffled, goods dealt, start player drawn, phase A laid out."""
    state: dict = {"rng": Rng.seed_value(seed)}
    rng = Rng(state)
    supply: dict[str, list[str]] = {}
    for tile in TILES.values():
        supply.setdefault(tile.back, []).append(tile.id)
    for pile in supply.values():
        rng.shuffle(pile)
    goods = [g for g in GOODS for _ in range(GOODS_PER_TYPE[g])]
    rng.shuffle(goods)
    stacks = [goods[i * GOODS_STACK:(i + 1) * GOODS_STACK] for i in range(len(PHASES))]
    rest = goods[len(PHASES) * GOODS_STACK:]
    start = rng.randrange(seats)
    clockwise = [(start + i) % seats for i in range(seats)]
    players = [new_player(1, WORKERS_BY_SEAT[clockwise.index(s) + 1]) for s in range(seats)]
    for p in players:
        for _ in range(START_GOODS):
            p["goods"][rest.pop()] += 1
    state.update({
        "game": "burgundy", "n": seats, "opts": dict(options), "phase": 0, "round": 0,
        "finished": False, "supply": supply, "stacks": stacks, "box": rest, "round_goods": [],
        "depots": [[None] * 4 for _ in DEPOTS], "depot_goods": [[] for _ in DEPOTS],
        "black": [], "out": [], "bonus": {}, "track": [[] for _ in range(TRACK_SPACES)],
        "order": clockwise, "turn_idx": 0, "active": start, "white": 0, "bought": False,
        "stack": [], "players": players, "setup_queue": [],
    })
    state["track"][0] = list(reversed(clockwise))     # bottom .. top (start player on top)
    if options.get("estates") == ADVANCED:
        deal_boards(state, rng)
    else:
        for p in players:
            p["sp"][CENTRE] = supply[COLOUR_BACK["castle"]].pop()
    prepare_phase(state)
    return state


def deal_boards(state: dict, rng: Rng) -> None:
    """Advanced setup: six double-sided boards (1/x four times, x/y twice), one per player."""
    faces = [n for n in ESTATES if n != 1]
    rng.shuffle(faces)
    half = len(faces) // 2
    boards = [[1, f] for f in faces[:half]]
    boards += [faces[i:i + 2] for i in range(half, len(faces), 2)]
    rng.shuffle(boards)
    for seat, p in enumerate(state["players"]):
        p["board"] = boards[seat]
        p["estate"] = boards[seat][0]
    state["setup_queue"] = list(state["order"])
    state["stack"] = [{"k": "choose_estate"}]


def depot_colour(state: dict, depot: int, slot: int) -> str | None:
    """Colour of a depot space this game (None: unused at this player count)."""
    colour, min_players = DEPOT_SPACES[depot][slot]
    n = state["n"]
    if min_players > n:
        return None
    swap_depot, swap_colour, phases, replacement = THREE_PLAYER_SWAP
    if n == 3 and depot == swap_depot and colour == swap_colour and PHASES[state["phase"]] in phases:
        return replacement
    return colour


def prepare_phase(state: dict) -> list[Event]:
    """Clear the board's hex tiles, refill depots and the black depot, reveal the goods."""
    out, supply = state["out"], state["supply"]
    for depot in state["depots"]:
        out.extend(t for t in depot if t is not None)
    out.extend(state["black"])
    for d in DEPOTS:
        slots = state["depots"][d - 1]
        for i in range(len(slots)):
            colour = depot_colour(state, d, i)
            pile = supply[COLOUR_BACK[colour]] if colour else None
            slots[i] = pile.pop() if pile else None
    black = supply[BLACK_BACK]
    state["black"] = [black.pop() for _ in range(min(BLACK_PER_PHASE[state["n"]], len(black)))]
    state["round_goods"] = state["stacks"].pop(0)
    state["round"] = 0
    return [Event("phase_start", {"phase": PHASES[state["phase"]]})]


def play_order(track: list) -> list[int]:
    """Seats in playing order: rightmost space first, top of a stack first."""
    order = []
    for space in reversed(track):
        order.extend(reversed(space))
    return order


def start_round(state: dict) -> list[Event]:
    """Roll every die, move this round's goods to the white die's depot, set the order."""
    rng = Rng(state)
    for p in state["players"]:
        p["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        p["used"] = [False, False]
    white = rng.randint(1, 6)
    state["white"] = white
    goods = state["round_goods"].pop(0)
    state["depot_goods"][white - 1].append(goods)
    order = play_order(state["track"])
    state["order"] = order
    state["turn_idx"] = 0
    state["active"] = order[0]
    state["bought"] = False
    return [Event("round_start", {
        "phase": PHASES[state["phase"]], "round": state["round"] + 1, "white": white,
        "goods": f"goods_{goods}", "depot": white, "seat": order[0],
        "dice": {str(s): list(p["dice"]) for s, p in enumerate(state["players"])}})]


def advance_track(state: dict, seat: int) -> int:
    """Move ``seat``'s pawn one space right, on top of any stack; returns the new space."""
    track = state["track"]
    for i, space in enumerate(track):
        if seat in space:
            space.remove(seat)
            new = min(i + 1, len(track) - 1)
            track[new].append(seat)
            return new
    raise AssertionError("seat not on the track")
