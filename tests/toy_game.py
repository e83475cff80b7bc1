"""A tiny real game on the engine contract, for testing the table service generically.

Each round every seat secretly bids 1-3 (simultaneous); then, in seat order, each seat
publicly adds 1 or 2 to its own total plus its bid.  First round end with a total of at
least 12 ends the game; highest total wins (ties shared).
"""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import Decision, Event, Game, Option, OptionSpec, Result
from engine.rng import Rng


class ToyGame(Game):
    id = "toy"
    min_seats, max_seats = 2, 4
    options = {"target": OptionSpec(12, (8, 12))}

    def setup(self, seats, options, seed):
        state = {"rng": Rng.seed_value(seed), "totals": [0] * seats, "turn": None,
                 "target": options.get("target", 12), "round": 1, "bids": {}}
        sim.open_picks(state, "bid", range(seats))
        return state

    def pending(self, state):
        if self.result(state) is not None:
            return []
        if sim.is_open(state, "bid"):
            return [Decision(s, "bid", tuple(Option(f"bid:{n}", "bid", {"n": n}) for n in (1, 2, 3)),
                             secret=True, default="bid:1") for s in sim.waiting(state, "bid")]
        return [Decision(state["turn"], "add", (Option("add:1", "add", {"n": 1}),
                                                Option("add:2", "add", {"n": 2})), default="add:1")]

    def apply(self, state, seat, action):
        decision, option = self.require(state, seat, action)
        n = int(option.id.split(":")[1])
        if decision.kind == "bid":
            sim.record(state, "bid", seat, n)
            if not sim.complete(state, "bid"):
                return [Event("bid_made", {"seat": seat})]
            state["bids"] = {str(s): b for s, b in sim.reveal(state, "bid").items()}
            state["turn"] = 0
            return [Event("bid_made", {"seat": seat}), Event("bids_revealed", {"bids": sorted(state["bids"].items())})]
        state["totals"][seat] += n + state["bids"][str(seat)]
        events = [Event("added", {"seat": seat, "n": n}),
                  Event("secret_note", {"seat": seat}, visible_to=frozenset({seat}))]
        if seat + 1 < len(state["totals"]):
            state["turn"] = seat + 1
        elif max(state["totals"]) < state["target"]:
            state["turn"], state["round"] = None, state["round"] + 1
            sim.open_picks(state, "bid", range(len(state["totals"])))
        else:
            state["turn"] = None
        return events

    def turn_marker(self, state):
        return state["round"], state["turn"]

    def view(self, state, seat):
        return {"game": self.id, "seat": seat, "players": len(state["totals"]),
                "totals": list(state["totals"]), "bid": sim.public_view(state, "bid", seat),
                "finished": self.result(state) is not None}

    def result(self, state):
        if state["turn"] is not None or sim.is_open(state, "bid") or max(state["totals"]) < state["target"]:
            return None
        best = max(state["totals"])
        return Result(tuple(i for i, v in enumerate(state["totals"]) if v == best),
                      {i: v for i, v in enumerate(state["totals"])}, {})


GAME = ToyGame()
