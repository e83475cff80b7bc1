"""Game setup: the basic game, and the advanced variant's estate and start-castle choice.

Advanced (option ``estates="advanced"``): every player is dealt a double-sided board
(rules §17 fallback pairing) and picks a side and the castle space of the start castle.
Option ``estate_choice``:

* ``open`` (default): in turn order, ``choose_estate`` (``side:<estate>``) then
  ``start_castle`` (``castle:<space>``, ``back``);
* ``secret``: everybody at once, one secret ``secret_estate`` decision
  (``estate:<estate>:<space>``), revealed when all have chosen (engine.simultaneous).

Then round 1 starts.
"""
from __future__ import annotations

from engine import simultaneous
from engine.core import Event, Option, Rng
from engine.burgundy.board import prepare_phase, start_round
from engine.burgundy.choices import BACK, Opt
from engine.burgundy.data import (
    CENTRE, COLOUR_BACK, ESTATES, GOODS, GOODS_PER_TYPE, GOODS_STACK, PHASES, START_GOODS,
    START_SILVER, TILES, TRACK_SPACES, WORKERS_BY_SEAT, DEPOTS,
)
from engine.burgundy.frames import first, register

STANDARD, ADVANCED = "standard", "advanced"
OPEN, SECRET = "open", "secret"
PICKS = "estate_picks"          # state key of the secret simultaneous choice


def new_player(estate: int, workers: int) -> dict:
    return {
        "estate": estate, "board": [estate], "sp": [None] * 38, "store": [],
        "goods": [0] * 7, "sold": [0] * 7, "workers": workers, "silver": START_SILVER,
        "vp": 0, "parts": {}, "know": [], "dice": [0, 0], "used": [True, True], "bonus": [],
    }


#: the face-down tile supplies by back, in data order, and every goods tile, before the
#: shuffle (worked out once: a random playout is mostly setup and a few hundred moves)
_SUPPLY: dict[str, tuple[str, ...]] = {}
for _tile in TILES.values():
    _SUPPLY[_tile.back] = _SUPPLY.get(_tile.back, ()) + (_tile.id,)
_GOODS = tuple(g for g in GOODS for _ in range(GOODS_PER_TYPE[g]))


def setup_state(seats: int, options: dict, seed: int) -> dict:
    """A fresh game: supplies shuffled, goods dealt, start player drawn, phase A laid out."""
    state: dict = {"rng": Rng.seed_value(seed)}
    rng = Rng(state)
    supply = {back: list(pile) for back, pile in _SUPPLY.items()}
    for pile in supply.values():
        rng.shuffle(pile)
    goods = list(_GOODS)
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
        "game": "burgundy", "moves": 0, "n": seats, "opts": dict(options), "phase": 0, "round": 0,
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
    if state["opts"].get("estate_choice") == SECRET:
        simultaneous.open_picks(state, PICKS, state["order"])
    else:
        state["stack"] = [{"k": "choose_estate"}]


def new_game(seats: int, options: dict, seed: int) -> dict:
    state = setup_state(seats, options, seed)
    if not state["setup_queue"]:
        start_round(state)
    return state


def _side_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    return [Option(f"side:{n}", "side", {"estate": n}) for n in p["board"]]


def _side_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    state["players"][seat]["estate"] = option.params["estate"]
    frame["k"] = "start_castle"
    return []


def _castle_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    return [Option(f"castle:{s}", "start_castle", {"space": s})
            for s in ESTATES[p["estate"]].castle_spaces] + [BACK]


def _castle_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    if option is BACK:
        frame["k"] = "choose_estate"
        return []
    space = option.params["space"]
    events = _settle_estate(state, seat, state["players"][seat]["estate"], space)
    queue = state["setup_queue"]
    queue.pop(0)
    if queue:
        state["active"] = queue[0]
        frame["k"] = "choose_estate"
        return events
    state["stack"].pop()
    return events + start_round(state)


def _settle_estate(state: dict, seat: int, estate: int, space: int) -> list[Event]:
    """Fix ``seat``'s estate side and put its start castle on ``space``."""
    p = state["players"][seat]
    p["estate"] = estate
    p["sp"][space] = state["supply"][COLOUR_BACK["castle"]].pop()
    return [Event("estate_chosen", {"seat": seat, "estate": estate, "space": space})]


def secret_options(state: dict, seat: int) -> list[Opt]:
    """Every (side, castle space) pair of the seat's board, for the secret choice."""
    return [Option(f"estate:{n}:{s}", "estate_castle", {"estate": n, "space": s})
            for n in state["players"][seat]["board"] for s in ESTATES[n].castle_spaces]


def secret_choose(state: dict, seat: int, option_id: str) -> list[Event]:
    """Record a hidden choice; once everybody has chosen, reveal them and start."""
    simultaneous.record(state, PICKS, seat, option_id)
    events = [Event("estate_picked", {"seat": seat})]
    if not simultaneous.complete(state, PICKS):
        return events
    for chooser, answer in sorted(simultaneous.reveal(state, PICKS).items()):
        _, estate, space = answer.split(":")
        events += _settle_estate(state, chooser, int(estate), int(space))
    state["setup_queue"] = []
    return events + start_round(state)


register("choose_estate", _side_options, _side_choose, first)
register("start_castle", _castle_options, _castle_choose, first)
