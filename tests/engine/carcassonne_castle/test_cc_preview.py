"""``board.preview`` (the AI's look-ahead without copying the state) agrees with what
``board.place`` really does, for every legal position on boards of random games."""
import copy
import random

import pytest

from engine.carcassonne_castle import GAME, board
from engine.core import Action


def _actual(geo, state, cell, tile, rot, group):
    trial = copy.deepcopy(state)
    base, completed = board.place(geo, trial, cell, tile, rot)
    uf = trial["uf"]
    if group["parts"]:
        root = board.find(uf, base + group["parts"][0])
    else:
        root = board.find(uf, group["roots"][0])
    return ({"kind": uf["kind"][root], "open": uf["open"][root], "cells": len(uf["cells"][root]),
             "fountain": bool(uf["fountain"][root]), "markets": uf["markets"][root],
             "fol": uf["fol"][root]},
            root in completed)


@pytest.mark.parametrize("seed", range(4))
def test_preview_matches_place(seed):
    geo, rnd = GAME.geo, random.Random(seed)
    state = GAME.setup(2, {}, seed)
    checked = 0
    while GAME.result(state) is None:
        if state["phase"] == "place" and rnd.random() < 0.3:
            for cell, rots in state["legal"][:6]:
                for rot in rots:
                    for group in board.preview(geo, state, cell, state["drawn"], rot):
                        real, done = _actual(geo, state, cell, state["drawn"], rot, group)
                        got = {k: group[k] for k in real}
                        assert got == real
                        scored = group["kind"] in "PTH" and group["open"] == 0 and not group["done"]
                        assert scored == done
                        checked += 1
        d = GAME.pending(state)[0]
        GAME.apply(state, d.seat, Action(d.kind, rnd.choice(d.options).id))
    assert checked > 50
