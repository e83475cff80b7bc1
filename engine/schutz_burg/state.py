"""The game state (plain JSON) and the small bookkeeping helpers every rule module uses.

Layout (seat-indexed data are lists so JSON keeps them unchanged)::

    game, rng, n (seats), winter (bool), rounds, round, start (start seat), track (coins left)
    bank, supply {kind: n} (carts and rider), tower {kind: n}, smithy (silver bars)
    spots {spot: null | [seat, round placed]}, board [templates still unbuilt],
    built {template: builder seat}, spaces {space: seat | null}
    players [{taler, res {kind: n}, vp, hand [cards], played [cards], removed [cards], helpers}]
    rs: this round {cards [[..] per seat], workers {"seat:card": {kind: n}}, built [[seat, tpl]],
        placed [[buildings / winter cards used for helpers] per seat]}
    queue [steps still to run], task (the open decision) | null, draft {seat: [card]} (2 players)
    picks (engine.simultaneous box while cards are being chosen)
    deck [winter cards], inn null | {keeper, taler}, granary null | [seats],
    maiden null | {drawn, first, out, paid, items}, maiden_items [items being handed out]
    lost {taler, kinds...} (left the game: market, palace, unclaimed maiden), final null |
    [{part: vp}], early_end, finished, result
"""
from __future__ import annotations

from engine.core import Rng, State

from . import data as D


def new_state(n: int, winter: bool, seed: int) -> State:
    """A fresh game for ``n`` seats before round 1 starts."""
    state: State = {"game": "schutz_burg", "rng": Rng.seed_value(seed)}
    rng = Rng(state)
    rounds = D.ROUNDS[n]
    players = [{"taler": D.START_TALER, "res": dict(D.START_RES), "vp": 0, "hand": list(D.CARDS),
                "played": [], "removed": [], "helpers": D.HELPERS[n]} for _ in range(n)]
    supply = {k: D.RESOURCE_COUNT[k] - D.TOWER_START.get(k, 0) - n * D.START_RES[k] for k in D.RESOURCES}
    deck = list(D.WINTER_CARDS)
    rng.shuffle(deck)
    state.update({
        "n": n, "winter": winter, "rounds": rounds, "round": 0, "start": rng.randrange(n),
        "track": rounds, "bank": D.TOTAL_TALER - rounds - n * D.START_TALER,
        "supply": supply, "tower": dict(D.TOWER_START), "smithy": 0,
        "spots": {s: None for s in D.SPOTS}, "board": list(D.TEMPLATES), "built": {},
        "spaces": {s: None for s in D.SPACES}, "players": players, "rs": new_round(n),
        "queue": [["round_start"]], "task": None, "draft": {},
        "deck": deck if winter else [], "inn": None, "granary": None, "maiden": None,
        "maiden_items": [],
        "lost": {"taler": 0, **{k: 0 for k in D.RESOURCES}}, "final": None,
        "early_end": False, "finished": False, "result": None,
    })
    return state


def new_round(n: int) -> dict:
    """Empty per-round bookkeeping."""
    return {"cards": [[] for _ in range(n)], "workers": {}, "built": [],
            "placed": [[] for _ in range(n)]}


def seats_from(state: State, first: int) -> list[int]:
    """All seats clockwise starting at ``first``."""
    n = state["n"]
    return [(first + i) % n for i in range(n)]


def is_built(state: State, building: str) -> bool:
    return building in D.PREBUILT or building in state["built"]


def bank_pays(state: State, seat: int, amount: int) -> int:
    """Pay ``seat`` up to ``amount`` from the bank (capped by what it holds); the sum paid."""
    paid = min(amount, state["bank"])
    state["bank"] -= paid
    state["players"][seat]["taler"] += paid
    return paid


def pay_bank(state: State, seat: int, amount: int) -> None:
    """``seat`` pays ``amount`` (already checked affordable) into the bank."""
    state["players"][seat]["taler"] -= amount
    state["bank"] += amount


def worker_key(seat: int, card: str) -> str:
    return f"{seat}:{card}"


def split_key(key: str) -> tuple[int, str]:
    seat, card = key.split(":", 1)
    return int(seat), card


def built_this_round(state: State, seat: int) -> bool:
    return any(s == seat for s, _ in state["rs"]["built"])


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in the printed card order."""
    return sorted(cards, key=D.CARD_INDEX.__getitem__)


def chosen_cards(state: State, seat: int) -> list[str]:
    """The cards ``seat`` has chosen face down this round (draft or locked pick)."""
    box = state.get("picks")
    if box and str(seat) in box["picks"]:
        return list(box["picks"][str(seat)])
    return list(state["draft"].get(str(seat), []))


def res_points(res: dict[str, int]) -> int:
    """Building-point value of a supply (silver counts 0)."""
    return sum(D.POINTS[k] * res[k] for k in D.BUILD_KINDS)
