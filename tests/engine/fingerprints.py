"""Before/after check for engine optimisations: one hash per seeded random game.

    python -m tests.engine.fingerprints record GAME FILE [GAMES]   # with the old code
    python -m tests.engine.fingerprints compare GAME FILE [GAMES]  # with the new code

Each hash chains the JSON state after setup, then per move the pending decisions, the
events and the JSON state, and finally the result, over GAMES seeds (default 70) for
every seat count from 2 to 4 and each option set of ``OPTION_SETS``.  ``compare`` plays
GAMES seeds (fewer than recorded: a quicker check of the first ones; a game missing from
the file counts as changed), exits 1 and names the games whose sequence changed.  An
optimisation must change none; a rule fix changes some on purpose (record again).
:mod:`tests.engine.lockstep` checks the fast path against the slow one within one
version; this checks one version against another.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys

from engine import registry
from engine.core import Action, Game

#: option sets played besides the defaults
OPTION_SETS = {
    "citadels": [{"action_cards": True}, {"action_cards": True, "great_wall": True}],
    "burgundy": [{"estates": "advanced"}],
    "schutz_burg": [{"winter": True}],
    "ludwig": [{"chosen_bonus": True}],
}


#: moves after which a game is cut (random play may never end one: in Ludwig nobody is
#: forced to buy, so a market nobody buys from never refills and the deck never runs out)
MAX_MOVES = 3000


def fingerprint(game: Game, seats: int, seed: int, options=None) -> str:
    """The hash of one seeded random game (decisions picked as tests/engine/lockstep does),
    cut after :data:`MAX_MOVES` moves."""
    state = game.setup(seats, game.parse_options(options), seed)
    rnd = random.Random(seed)
    chain = hashlib.sha256(json.dumps(state, sort_keys=True).encode())
    for _move in range(MAX_MOVES):
        if game.result(state) is not None:
            break
        pending = game.pending(state)
        chain.update(repr(pending).encode())
        decision = pending[rnd.randrange(len(pending))]
        events = game.apply(state, decision.seat,
                            Action(decision.kind, rnd.choice(decision.options).id))
        chain.update(repr(events).encode())
        chain.update(json.dumps(state, sort_keys=True).encode())
    chain.update(repr(game.result(state)).encode())
    return chain.hexdigest()[:16]


def fingerprints(game_id: str, games: int) -> dict[str, str]:
    """``{"<options>|<seats>|<seed>": hash}`` for every game played."""
    game = registry.get(game_id)
    out = {}
    for options in [None, *OPTION_SETS.get(game_id, [])]:
        for seats in range(max(2, game.min_seats), min(4, game.max_seats) + 1):
            for seed in range(games):
                out[f"{json.dumps(options)}|{seats}|{seed}"] = fingerprint(
                    game, seats, seed, options)
    return out


def main(argv: list[str]) -> int:
    mode, game_id, path = argv[:3]
    found = fingerprints(game_id, int(argv[3]) if len(argv) > 3 else 70)
    if mode == "record":
        with open(path, "w", encoding="utf-8") as out:
            json.dump(found, out)
        print(f"{game_id}: {len(found)} games recorded")
        return 0
    with open(path, encoding="utf-8") as old:
        recorded = json.load(old)
    changed = [k for k in found if recorded.get(k) != found[k]]
    print(f"{game_id}: {len(found)} games compared, {len(changed)} changed {changed[:5]}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
