"""Second-opinion rules audit: spec rules and rulings the other test files leave open.

Each test names the spec section (/work/shared/rules/burgundy.md) it checks.
"""
import copy
import json
import random
import re

import pytest

from bot.i18n import catalog
from bot.text import error_text
from engine.core import Action, RuleError
from engine.burgundy import GAME
from engine.burgundy.actions import place_tile
from engine.burgundy.board import prepare_phase
from engine.burgundy.data import GOODS_STACK, PHASES, START_GOODS, TILES
from engine.burgundy.scoring import breakdown
from burgundy_helpers import (
    act, between_actions, cover, decision, kinds, learn, me, new, on_depot, options, player,
    set_dice, store,
)

TILE_ID = re.compile(r"T\d{3}")


def _workers_turn(state):
    """The active seat uses both dice for Take Workers and cannot buy."""
    state["players"][me(state)]["silver"] = 0
    act(state, "die:0", "workers", "die:1", "workers")


def _refused(state, option_id, kind=None):
    """Apply an illegal answer: the RuleError, after checking nothing changed."""
    before = json.dumps(state, sort_keys=True)
    d = decision(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, d.seat, Action(kind or d.kind, option_id))
    assert json.dumps(state, sort_keys=True) == before
    return err.value


# -- setup and phases (§5, §6) -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_goods_stacks_and_box(players):            # §5 steps 3 and 5
    state = new(players)
    assert len(state["stacks"]) == len(PHASES) - 1       # phase A's stack is on the rounds
    assert all(len(stack) == GOODS_STACK for stack in state["stacks"])
    assert len(state["round_goods"]) == GOODS_STACK - 1  # round 1's goods went to a depot
    assert len(state["box"]) == 17 - START_GOODS * players
    assert all(sum(p["goods"]) == START_GOODS and sum(1 for g in p["goods"] if g) <= 3
               for p in state["players"])


def test_phase_preparation_clears_the_black_depot():      # §6.1 step 1, §18 item 17
    state = new(4)
    old_black = list(state["black"])
    state["phase"] = 1
    prepare_phase(state)
    assert len(state["black"]) == 8 and not set(old_black) & set(state["black"])
    assert set(old_black) <= set(state["out"])


def test_phase_e_income_is_paid_before_final_scoring():   # §6.4, §13, §18 item 16
    state = new(2)
    seat = me(state)
    cover(state, seat, 25, "mine")
    learn(state, seat, 2)
    p = state["players"][seat]
    workers = p["workers"]
    state["phase"], state["round"] = 4, 4
    _workers_turn(state)
    _workers_turn(state)                 # both turns start from 0 silverlings
    assert state["finished"]
    assert p["silver"] == 1 and p["workers"] == workers + 4 + 1    # income: +1, +1
    assert GAME.result(state).breakdown[seat]["silverlings"] == 1


# -- turn order (§15) -----------------------------------------------------------------------
def test_a_ship_mid_round_keeps_this_rounds_order():     # §15, §18 item 22
    state = new(3)
    a, b, c = state["order"]
    ship = store(state, a, "ship")
    player(state)["silver"] = 0
    set_dice(state, 2, 5)
    act(state, "die:0", f"place:{ship}", "space:18")
    while decision(state).kind in ("ship", "ship_goods"):
        act(state, options(state)[0])
    act(state, "die:1", "workers")
    assert me(state) == b and state["order"] == [a, b, c]        # B still plays next
    _workers_turn(state)
    _workers_turn(state)
    assert state["order"][0] == a and state["round"] == 1          # A alone on space 2


# -- placing and scoring (§8.2, §10, §18) -------------------------------------------------
def test_city_hall_second_tile_completes_a_second_region():   # §18 item 23
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 9, "bank")
    cover(state, seat, 14, "church")
    watch = store(state, seat, "watchtower")
    hall = store(state, seat, "city_hall")
    set_dice(state, 3, 1)
    events = act(state, "die:0", f"place:{hall}", "space:12", f"place:{watch}", "space:15")
    regions = [e.params for e in events if e.kind == "region"]
    assert [(r["size"], r["vp"], r["bonus"]) for r in regions] == [(1, 1, 10), (3, 6, 10)]
    assert p["vp"] == 11 + 16 + 4


def test_animals_count_same_kind_tiles_not_touching_the_new_one():   # §9, §18 item 24
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 12, "bank")
    cover(state, seat, 1, "cow", animals=3)          # space 1 does not touch space 11
    cover(state, seat, 6, "pig", animals=2)          # another kind in the same pasture
    cow = store(state, seat, "cow", animals=4)
    set_dice(state, 4, 4)
    events = act(state, "die:0", f"place:{cow}", "space:11")
    assert next(e for e in events if e.kind == "animals").params["vp"] == 4 + 3
    assert p["parts"] == {"animals": 7}


def _first_face_with_a_castle_region(seed_limit=50):
    """An advanced game whose first chooser was dealt estate 1 (castle region 2-3-7)."""
    for seed in range(seed_limit):
        state = GAME.setup(2, {"estates": "advanced"}, seed)
        if 1 in state["players"][me(state)]["board"]:
            return state
    raise LookupError("no seed deals estate 1 first")


def test_start_castle_region_scores_when_completed_later():   # §10.1, §18 item 12
    state = _first_face_with_a_castle_region()
    seat = me(state)
    events = act(state, "side:1", "castle:2")
    assert not [e for e in events if e.kind == "region"]        # nothing at setup
    for _ in ("side", "castle space"):             # the other seat takes the first offers
        act(state, decision(state).options[0].id)
    assert decision(state).kind == "turn"
    p = state["players"][seat]
    cover(state, seat, 3, "castle")
    castle = store(state, seat, "castle")
    events = place_tile(state, seat, castle, 7)
    region = next(e.params for e in events if e.kind == "region")
    assert (region["size"], region["vp"], region["bonus"]) == (3, 6, 10)
    assert p["estate"] == 1 and p["sp"][19] is None


@pytest.mark.parametrize("players, large, small", [(2, 5, 2), (4, 7, 4)])
def test_colour_bonus_by_player_count(players, large, small):   # §10.2, example 11
    state = new(players)
    gained = []
    for seat in range(players):
        cover(state, seat, 25, "mine")
        cover(state, seat, 30, "mine")
        mine = store(state, seat, "mine")
        events = place_tile(state, seat, mine, 34)
        gained.append([e.params["vp"] for e in events if e.kind == "colour_bonus"])
    assert gained == [[large], [small]] + [[]] * (players - 2)


def test_tiles_left_in_storage_score_nothing():           # §13
    state = new(3)
    p = state["players"][0]
    before = breakdown(p)
    for kind in ("watchtower", "knowledge_17", "cow"):
        store(state, 0, kind)
    assert breakdown(p) == before


# -- ships (§9, §18 items 10 and 31) ---------------------------------------------------------
def _ship_placed(state, *knowledge):
    seat = me(state)
    learn(state, seat, *knowledge)
    for pile in state["depot_goods"]:
        pile.clear()
    ship = store(state, seat, "ship")
    set_dice(state, 2, 1)
    return ship


def test_knowledge_5_storage_limit_applies_to_both_depots_together():   # §18 item 31
    state = new(3)
    p = player(state)
    ship = _ship_placed(state, 5)
    p["goods"] = [0, 1, 1, 0, 0, 0, 0]                  # two types: one space left
    state["depot_goods"][5] = [4, 1]
    state["depot_goods"][0] = [3, 3]
    act(state, "die:0", f"place:{ship}", "space:18", "depots:6:1")
    assert p["goods"][1] == 2                            # same type always stacks
    assert decision(state).kind == "ship_goods" and options(state) == ["goods:3", "goods:4"]
    act(state, "goods:3")
    assert p["goods"] == [0, 2, 1, 2, 0, 0, 0] and state["depot_goods"][5] == [4]
    assert between_actions(state)


def test_ship_may_take_no_goods_by_choosing_an_empty_depot():   # §18 item 10
    state = new(3)
    seat, p = me(state), player(state)
    ship = _ship_placed(state)
    p["goods"] = [0, 1, 1, 0, 0, 0, 0]
    state["depot_goods"][3] = [5]
    act(state, "die:0", f"place:{ship}", "space:18")
    assert options(state) == ["depot:4", "no_goods"]
    assert decision(state).default == "depot:4"
    act(state, "no_goods")
    assert p["goods"] == [0, 1, 1, 0, 0, 0, 0] and state["depot_goods"][3] == [5]
    assert seat in state["track"][1] and between_actions(state)


def test_ship_must_load_when_every_depot_has_goods():     # §9: no empty depot to choose
    state = new(3)
    ship = _ship_placed(state, 5)
    for i, pile in enumerate(state["depot_goods"]):
        pile.append(i + 1)
    act(state, "die:0", f"place:{ship}", "space:18")
    assert "no_goods" not in options(state)
    assert _refused(state, "no_goods").key == "illegal_option"


# -- castles, buildings and the purchase (§8.5, §11, §18) -----------------------------------
def _castle_placed(state):
    seat = me(state)
    cover(state, seat, 12, "bank")
    castle = store(state, seat, "castle")
    player(state)["silver"] = 5
    set_dice(state, 6, 1)
    act(state, "die:0", f"place:{castle}", "space:7")
    assert decision(state).kind == "castle"


def test_no_purchase_or_other_die_while_the_castle_action_is_open():   # §18 items 6 and 8
    state = new(3)
    _castle_placed(state)
    assert not [o for o in options(state) if o.startswith("buy")]
    black = state["black"][0]
    assert _refused(state, f"buy_black:{black}", kind="turn").key == "stale_decision"
    assert _refused(state, f"buy_black:{black}").key == "illegal_option"
    assert _refused(state, "die:1", kind="turn").key == "stale_decision"


def test_declined_castle_action_cannot_be_saved():         # §18 item 6
    state = new(3)
    p = player(state)
    _castle_placed(state)
    workers = p["workers"]
    events = act(state, "decline")
    assert "decline" in kinds(events) and not state["stack"]
    assert options(state)[0] == "die:1" and not any(o.startswith("castle") for o in options(state))
    assert p["used"] == [True, False] and p["workers"] == workers


@pytest.mark.parametrize("building, keep", [
    ("carpenters_workshop", ("animal", "ship", "mine", "knowledge", "castle")),
    ("church", ("building", "animal", "ship")),
    ("market", ("building", "mine", "knowledge", "castle")),
])
def test_take_building_without_a_fitting_tile_loses_its_benefit(building, keep):   # §11
    state = new(3)
    for slots in state["depots"]:
        for i, tile in enumerate(slots):
            if tile and TILES[tile].category not in keep:
                state["supply"][TILES[tile].back].append(tile)
                slots[i] = None
    tile = store(state, me(state), building)
    set_dice(state, 3, 1)
    events = act(state, "die:0", f"place:{tile}", "space:12")
    assert "effect_lost" in kinds(events) and between_actions(state)


def test_city_hall_with_nothing_placeable_loses_its_benefit():   # §11, §18 item 2
    def city_hall_on(space, *stored):
        state = new(3)
        for kind in stored:
            store(state, me(state), kind)
        hall = store(state, me(state), "city_hall")
        set_dice(state, 3, 3)
        return state, act(state, "die:0", f"place:{hall}", f"space:{space}")

    state, events = city_hall_on(12)                        # empty storage
    assert "effect_lost" in kinds(events) and between_actions(state)
    state, events = city_hall_on(26, "cow")                 # no pasture next to 19 or 26
    assert "effect_lost" in kinds(events) and between_actions(state)
    state, events = city_hall_on(12, "cow")                 # 12 touches pastures 6 and 11
    assert decision(state).kind == "city_hall" and "effect_lost" not in kinds(events)


def test_building_take_with_full_storage_discards_first():   # §18 item 3
    state = new(3)
    seat, p = me(state), player(state)
    church = on_depot(state, 2, "church")
    shop = store(state, seat, "carpenters_workshop")
    set_dice(state, 3, 1)
    act(state, "die:0", f"place:{shop}", "space:12")
    assert decision(state).kind == "carpenters_workshop"
    kept = [store(state, seat, k) for k in ("mine", "ship", "bank")]   # cannot happen in play
    act(state, f"take:2:{church}")
    assert decision(state).kind == "discard"
    act(state, "back")
    assert decision(state).kind == "carpenters_workshop" and p["store"] == kept
    act(state, f"take:2:{church}", f"discard:{kept[1]}")
    assert p["store"] == [kept[0], kept[2], church] and between_actions(state)


def test_purchase_into_full_storage_discards_and_back_costs_nothing():   # §8.5
    state = new(3)
    seat, p = me(state), player(state)
    p["silver"] = 2
    kept = [store(state, seat, k) for k in ("mine", "ship", "bank")]
    tile = state["black"][0]
    before = copy.deepcopy(state)
    act(state, f"buy_black:{tile}")
    assert decision(state).kind == "discard" and p["silver"] == 2
    act(state, "back")
    assert {k: v for k, v in state.items() if k != "moves"} == \
        {k: v for k, v in before.items() if k != "moves"}
    act(state, f"buy_black:{tile}", f"discard:{kept[0]}")
    assert p["silver"] == 0 and p["store"] == kept[1:] + [tile] and state["bought"]


# -- errors say why (brief: specific, state unchanged) ----------------------------------------
def _texts(err):
    """The error as players read it (en, cs): from the catalog, placeholders filled."""
    assert f"burgundy.error.{err.key}" in catalog(), err.key
    texts = [error_text(GAME, err, locale, ["Ann", "Bob", "Cyd"]) for locale in ("en", "cs")]
    assert not any("{" in text for text in texts), texts
    return texts


def test_space_errors_name_the_reason():                  # §8.2
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 26, "bank")
    cover(state, seat, 13, "knowledge_1")
    p["know"] = []                     # knowledge 1 lies there but its effect is not wanted
    bank = store(state, seat, "bank")
    p["workers"] = 0
    set_dice(state, 3, 1)
    act(state, "die:0", f"place:{bank}")
    assert options(state) == ["space:12", "back"]
    assert _refused(state, "space:26").key == "space_taken"
    err = _refused(state, "space:18")
    assert err.key == "wrong_colour" and _texts(err)[1].endswith("(město).")
    assert _refused(state, "space:23").key == "not_adjacent"
    err = _refused(state, "space:32")                                  # city of space 26
    assert err.key == "building_in_city" and _texts(err)[0].endswith(": Bank.")
    err = _refused(state, "space:14")
    assert (err.key, err.params) == ("not_enough_workers", {"need": 1, "workers": 0})
    assert _refused(state, "space:99").key == "illegal_space"
    for option_id in ("space:26", "space:23"):
        _texts(_refused(state, option_id))


def test_space_errors_without_a_die_skip_the_worker_check():   # §11 City Hall
    state = new(3)
    watch = store(state, me(state), "watchtower")
    hall = store(state, me(state), "city_hall")
    set_dice(state, 3, 3)
    act(state, "die:0", f"place:{hall}", "space:12", f"place:{watch}")
    assert "space:26" in options(state)                 # die 3 space, no die needed
    assert _refused(state, "space:12").key == "space_taken"
    assert _refused(state, "space:23").key == "not_adjacent"


def test_buying_from_a_numbered_depot_needs_knowledge_6():    # §8.5
    state = new(3)
    player(state)["silver"] = 4
    tile = next(t for t in state["depots"][1] if t)
    err = _refused(state, f"buy:2:{tile}")
    assert err.key == "needs_knowledge_6" and _texts(err)
    state = new(3)                      # the same purchase with knowledge 6
    player(state)["silver"] = 4
    learn(state, me(state), 6)
    act(state, f"buy:2:{tile}")
    assert tile in player(state)["store"]


def test_ship_errors_name_the_reason():                   # §9, knowledge 5
    state = new(3)
    ship = _ship_placed(state)
    state["depot_goods"][3] = [5]
    act(state, "die:0", f"place:{ship}", "space:18")
    assert _texts(_refused(state, "depot:2"))[0].endswith("“Take no goods”.")
    assert _refused(state, "depot:2").key == "depot_empty"
    assert _refused(state, "depots:3:4").key == "needs_knowledge_5"
    assert _refused(state, "depot:9").key == "illegal_option"
    state = new(3)
    ship = _ship_placed(state, 5)
    state["depot_goods"][3] = [5]
    act(state, "die:0", f"place:{ship}", "space:18")
    assert _refused(state, "depot:4").key == "choose_two_depots"
    assert _refused(state, "depots:1:4").key == "depots_not_adjacent"
    assert _refused(state, "depots:1:2").key == "depot_empty"
    for option_id in ("depot:4", "depots:1:4"):
        _texts(_refused(state, option_id))


def test_building_take_errors_name_the_building():        # §11
    state = new(3)
    ship = on_depot(state, 4, "ship")
    shop = store(state, me(state), "carpenters_workshop")
    set_dice(state, 3, 1)
    act(state, "die:0", f"place:{shop}", "space:12")
    err = _refused(state, f"take:4:{ship}")
    assert (err.key, err.params) == ("wrong_tile_kind",
                                     {"building": "carpenters_workshop", "tile": ship})
    ship_name = GAME.names()[ship]["en"]
    assert _texts(err)[0] == f"Carpenter's Workshop cannot take this tile: {ship_name}."


# -- timeouts and hidden information (§16, §18 item 15) -------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_timeout_defaults_play_a_whole_game(players):      # §18 item 15
    state = GAME.setup(players, {"estates": "advanced"}, players)
    moves = 0
    while GAME.result(state) is None:
        for d in GAME.pending(state):
            assert d.default is not None and d.option(d.default), d
            GAME.apply(state, d.seat, Action(d.kind, d.default))
            moves += 1
        assert moves < 5000
    assert state["phase"] == 4


def test_events_never_name_a_face_down_tile():            # §16
    state = GAME.setup(4, {}, 3)
    rnd = random.Random(3)
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        action = Action(d.kind, rnd.choice(d.options).id)
        events = GAME.apply(state, d.seat, action)
        hidden = {t for pile in state["supply"].values() for t in pile}
        for event in events:
            assert event.visible_to is None
            assert not hidden & set(TILE_ID.findall(json.dumps(event.to_json()))), event


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13)])
def test_take_and_sell_pay_the_rulebook_price_in_whole_games(players, seed):   # §7, §8
    """Random games: every die take/sell costs the §7 worker price (ring distance to the
    depot or goods number, knowledge 8 and 12 applied) and a sale pays §8.3 exactly."""
    state, rnd = GAME.setup(players, {}, seed), random.Random(seed)
    checked = 0
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        option = rnd.choice(d.options)
        p = state["players"][d.seat]
        verb, _, rest = option.id.partition(":")
        if d.kind != "die_action" or verb not in ("take", "sell"):
            GAME.apply(state, d.seat, Action(d.kind, option.id))
            continue
        die = p["dice"][state["stack"][-1]["die"]]
        target = int(rest.split(":")[0])
        steps = min(abs(die - target), 6 - abs(die - target))
        if verb == "take" and 12 in p["know"]:
            steps = max(0, steps - 1)
        cost = -(-steps // (2 if 8 in p["know"] else 1))
        workers, silver, vp, count = p["workers"], p["silver"], p["vp"], p["goods"][target]
        phase = state["phase"]
        GAME.apply(state, d.seat, Action(d.kind, option.id))
        if state["stack"] and state["stack"][-1]["k"] == "discard":
            continue                                    # paid once room is made
        if state["phase"] != phase or state["finished"]:
            continue                                    # mine income came in between
        if verb == "sell":
            assert p["vp"] - vp == count * {2: 2, 3: 3, 4: 4}[players]
            assert p["silver"] - silver == (2 if 3 in p["know"] else 1)
            cost -= 1 if 4 in p["know"] else 0
        assert workers - p["workers"] == cost
        checked += 1
    assert checked > 20
