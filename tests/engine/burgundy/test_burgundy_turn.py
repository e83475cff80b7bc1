"""Die actions, purchase, back, errors (spec §6-§8, examples 1, 13, 17, 29, 35, 37)."""
import copy

import pytest

from engine.core import Action, RuleError
from engine.burgundy import GAME
from burgundy_helpers import (
    act, cover, decision, kinds, me, new, on_depot, options, player, set_dice, store,
)


def test_workers_change_the_die_to_take_a_tile():      # example 1
    state = new(3)
    p = player(state)
    set_dice(state, 2, 5)
    p["workers"] = 2
    tile = on_depot(state, 6, "church", slot=0)
    act(state, "die:0")
    opt = decision(state).option(f"take:6:{tile}")
    assert opt.params["cost"] == 2 and opt.label == "take_cost"
    act(state, f"take:6:{tile}")
    assert p["workers"] == 0 and tile in p["store"] and p["used"] == [True, False]
    assert tile not in state["depots"][5]


def test_unaffordable_depot_is_not_offered():
    state = new(3)
    p = player(state)
    set_dice(state, 2, 2)
    p["workers"] = 1
    act(state, "die:0")
    assert not any(o.startswith("take:5:") for o in options(state))


def test_first_placements_touch_the_start_castle():    # example 17
    state = new(3)
    p = player(state)
    p["workers"] = 99
    set_dice(state, 3, 3)
    act(state, "die:0")
    spaces = set()
    for kind in ("bank", "mine", "knowledge_1", "ship"):
        tile = store(state, me(state), kind)
        act(state, f"place:{tile}")
        spaces |= {int(o.split(":")[1]) for o in options(state) if o.startswith("space:")}
        act(state, "back")
        p["store"].remove(tile)
    assert spaces == {12, 13, 18, 20, 25, 26}


def test_take_with_full_storage_discards_first():       # example 29
    state = new(3)
    p = player(state)
    mine, ship, bank = (store(state, me(state), k) for k in ("mine", "ship", "bank"))
    church = on_depot(state, 3, "church", slot=1)
    set_dice(state, 3, 1)
    act(state, "die:0", f"take:3:{church}")
    assert decision(state).kind == "discard"
    assert set(options(state)) == {f"discard:{mine}", f"discard:{ship}", f"discard:{bank}", "back"}
    act(state, f"discard:{ship}")
    assert p["store"] == [mine, bank, church] and ship in state["out"]
    assert p["used"][0]


def _game_state(state):
    """The state without its move counter (``back`` is a move, but changes nothing else)."""
    return {k: v for k, v in state.items() if k != "moves"}


def test_discard_back_changes_nothing():
    state = new(3)
    for k in ("mine", "ship", "bank"):
        store(state, me(state), k)
    church = on_depot(state, 3, "church", slot=1)
    set_dice(state, 3, 1)
    act(state, "die:0")
    before = copy.deepcopy(state)
    act(state, f"take:3:{church}", "back")
    assert _game_state(state) == _game_state(before)


def test_sell_four_players():                           # example 13
    state = new(4)
    p = player(state)
    p["goods"] = [0, 0, 0, 0, 0, 3, 0]
    silver = p["silver"]
    set_dice(state, 5, 1)
    events = act(state, "die:0", "sell:5")
    assert p["vp"] == 12 and p["silver"] == silver + 1 and p["goods"][5] == 0 and p["sold"][5] == 3
    assert "sell" in kinds(events)


def test_selling_nothing_is_not_offered():
    state = new(3)
    player(state)["goods"] = [0, 1, 0, 0, 0, 0, 0]
    player(state)["workers"] = 3
    set_dice(state, 4, 4)
    act(state, "die:0")
    assert [o for o in options(state) if o.startswith("sell")] == ["sell:1"]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me(state), Action("die_action", "sell:4"))
    assert err.value.key == "no_goods"


def test_take_workers_is_always_legal_and_default():
    state = new(3)
    p = player(state)
    workers = p["workers"]
    act(state, "die:1")
    assert decision(state).default == "workers"
    act(state, "workers")
    assert p["workers"] == workers + 2


def test_buy_from_black_depot():
    state = new(3)
    p = player(state)
    p["silver"] = 3
    tile = state["black"][0]
    act(state, f"buy_black:{tile}")
    assert p["silver"] == 1 and tile in p["store"] and tile not in state["black"]
    assert not any(o.startswith("buy") for o in options(state))       # once per turn
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me(state), Action("turn", f"buy_black:{state['black'][0]}"))
    assert err.value.key == "already_bought"


def test_purchase_without_money():                      # example 37
    state = new(3)
    player(state)["silver"] = 1
    assert not any(o.startswith("buy") for o in options(state))
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me(state), Action("turn", f"buy_black:{state['black'][0]}"))
    assert err.value.key == "not_enough_silver" and state == before


def test_turn_ends_after_both_dice_when_nothing_to_buy():
    state = new(3)
    seat = me(state)
    player(state)["silver"] = 0
    act(state, "die:0", "workers", "die:1", "workers")
    assert me(state) != seat and state["turn_idx"] == 1


def test_may_buy_after_both_dice_then_end():
    state = new(3)
    seat = me(state)
    player(state)["silver"] = 2
    act(state, "die:0", "workers", "die:1", "workers")
    assert me(state) == seat and "end" in options(state)
    assert decision(state).default == "end"
    act(state, "end")
    assert me(state) != seat


def test_last_die_opens_by_itself_when_nothing_can_be_bought():
    state = new(3)
    player(state)["silver"] = 0
    act(state, "die:0", "workers")
    d = decision(state)
    assert d.kind == "die_action" and d.params["value"] == player(state)["dice"][1]
    assert "back" not in options(state)


def test_back_from_die_action_restores_the_state():
    state = new(3)
    before = copy.deepcopy(state)
    act(state, "die:0", "back")
    assert _game_state(state) == _game_state(before)


def test_errors_change_nothing():
    state = new(3)
    before = copy.deepcopy(state)
    other = (me(state) + 1) % 3
    cases = [(other, Action("turn", "die:0"), "not_your_turn"),
             (me(state), Action("die_action", "workers"), "stale_decision"),
             (me(state), Action("turn", "end"), "dice_left"),
             (me(state), Action("turn", "bogus"), "illegal_option")]
    for seat, action, key in cases:
        with pytest.raises(RuleError) as err:
            GAME.apply(state, seat, action)
        assert err.value.key == key
        assert state == before


def test_die_used_error():
    state = new(3)
    player(state)["silver"] = 2             # can still buy: the turn menu stays open
    act(state, "die:0", "workers")
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me(state), Action("turn", "die:0"))
    assert err.value.key == "die_used"


def test_place_pays_workers_for_the_space_die():
    state = new(3)
    p = player(state)
    p["workers"] = 3
    bank = store(state, me(state), "bank")
    set_dice(state, 1, 1)
    act(state, "die:0", f"place:{bank}")
    opts = {o.id: o for o in decision(state).options}
    assert opts["space:26"].params["cost"] == 2 and opts["space:12"].params["cost"] == 2
    act(state, "space:26")
    assert p["workers"] == 1 and p["sp"][26] == bank and p["silver"] == 3   # bank +2


def test_region_completion_scores_size_and_phase():     # example 15
    state = new(3)
    p = player(state)
    state["phase"] = 1
    cover(state, me(state), 23, "warehouse")
    cover(state, me(state), 24, "church")
    cover(state, me(state), 18, "ship")
    watch = store(state, me(state), "watchtower")
    set_dice(state, 6, 1)
    events = act(state, "die:0", f"place:{watch}", "space:29")
    region = next(e for e in events if e.kind == "region")
    assert region.params == {"seat": me(state), "size": 3, "vp": 6, "bonus": 8}
    assert p["vp"] == 14 + 4            # + the watchtower's own effect


def test_copies_answer_independently():
    """The open decision is memoised per state object and move: copies never share it."""
    import json
    state = new(3)
    twin = json.loads(json.dumps(state))
    assert GAME.pending(state) == GAME.pending(twin)
    seat = me(state)
    act(twin, "die:0", "workers")
    assert twin["players"][seat]["used"][0] and not any(state["players"][seat]["used"])
    assert options(state)[:2] == ["die:0", "die:1"]
    assert options(state) == [o.id for o in GAME.pending(json.loads(json.dumps(state)))[0].options]
