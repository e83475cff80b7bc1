"""Independent rules audit: spec sections of rules/citadels.md not yet pinned by other tests.

Each test names the spec section (§) or ruling (item) it checks.
"""
import json
import random
from collections import Counter

import pytest

from engine.ai import choose
from engine.core import Action
from engine.citadels import GAME, rounds
from engine.citadels.data import BASE_DISTRICTS, DISTRICTS
from citadels_helpers import (
    act, current, kinds, options, pass_windows, refused as _refused, skip_to, table, warlord_turn,
)

AC = {"action_cards": True}
SEVEN = ["manor", "castle", "temple", "church", "tavern", "prison", "keep"]


# -- §2, §7 components ---------------------------------------------------------------------

def test_s7_district_deck_by_colour():
    colours = Counter()
    for district in BASE_DISTRICTS:
        colours[DISTRICTS[district]["colour"]] += DISTRICTS[district]["copies"]
    assert colours == {"yellow": 12, "blue": 11, "green": 20, "red": 11, "purple": 11}
    assert DISTRICTS["keep"]["copies"] == 2 and "great_wall" not in BASE_DISTRICTS


# -- §3 setup, §4.1 removal, §4.2 drafts, §13 player counts -----------------------------------

@pytest.mark.parametrize("n,face_up,last_offer", [
    (2, 0, 2), (3, 0, 2), (4, 2, 2), (5, 1, 2), (6, 0, 2), (7, 0, 2)])
def test_s13_removal_and_draft_sizes(n, face_up, last_offer):
    for seed in range(8):
        state = GAME.setup(n, {}, seed)
        assert state["discard"] == [] and state["gold"] == [2] * n
        assert len(state["up"]) == face_up and len(state["down"]) == 1
        assert state["seen"][0] == state["down"]  # only the crown holder saw it
        assert all(seen == [] for seen in state["seen"][1:])
        while state["phase"] == "draft":
            act(state, options(state)[0])
        per_player = 2 if n <= 3 else 1
        assert sorted(Counter(state["held"].values()).items()) == \
            [(s, per_player) for s in range(n)]
        assert len(state["up"]) + len(state["down"]) + len(state["held"]) == 8
        last = (0 + n - 1) % n
        assert len(state["offers"][last][-1]) == last_offer


def test_s4_2_last_player_puts_the_other_card_face_down_and_knows_it():
    state = GAME.setup(6, {}, 3)
    for _ in range(5):
        act(state, options(state)[0])
    pool = list(state["draft"]["pool"])
    assert len(pool) == 2
    act(state, "pick:" + pool[0])
    assert state["down"][-1] == pool[1] and state["seen"][5] == [pool[1]]
    assert GAME.view(state, 5)["me"]["seen_face_down"] == [pool[1]]
    assert pool[1] not in json.dumps(GAME.view(state, None))


def test_s4_2_picking_a_character_not_offered_is_refused_clearly():
    order = ["bishop", "king", "thief", "merchant", "warlord", "assassin", "magician",
             "architect"]
    state = GAME.setup(2, {}, 3)
    state["round"] = 0
    rounds.start_round(state, [], order=order)
    assert _refused(state, 0, "pick_character", "pick:bishop") == "not_offered"  # face down
    act(state, "pick:king")
    assert _refused(state, 1, "pick_character", "pick:king") == "not_offered"
    assert _refused(state, 1, "discard_character", "discard:thief") == "stale_decision"
    act(state, "pick:warlord")
    assert _refused(state, 1, "discard_character", "discard:warlord") == "not_offered"
    assert _refused(state, 1, "discard_character", "pick:thief") == "illegal_option"


@pytest.mark.parametrize("keep,down", [("thief", "magician"), ("magician", "thief")])
def test_s12_3_seventh_player_knows_the_initial_card_and_the_one_he_put_down(keep, down):
    order = ["thief", "bishop", "king", "merchant", "warlord", "magician", "assassin",
             "architect"]
    state = GAME.setup(7, {}, 3)
    state["round"] = 0
    rounds.start_round(state, [], order=order)
    for option in ("pick:king", "pick:architect", "pick:merchant", "pick:warlord",
                   "pick:assassin", "pick:bishop"):
        act(state, option)
    assert GAME.view(state, 6)["me"]["draft_pool"] == ["thief", "magician"]
    act(state, "pick:" + keep)
    assert state["down"] == [down] and state["held"][keep] == 6
    assert sorted(GAME.view(state, 6)["me"]["seen_face_down"]) == sorted({"thief", down})


# -- §6.1 Assassin ---------------------------------------------------------------------------

def test_s6_1_victims_other_character_still_plays_and_killed_is_not_revealed():
    state, _ = table(3, {"assassin": 0, "bishop": 0, "king": 1, "warlord": 1, "thief": 2,
                         "merchant": 2}, gold={1: 0})
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:king")
    act(state, "end")
    events = skip_to(state, "warlord")
    assert state["turn"]["seat"] == 1  # the King's holder plays his Warlord
    assert state["gold"][1] == 0       # but took no turn as the King
    events += skip_to(state, "-")
    assert [e.params for e in events if e.kind == "character_revealed"
            and e.params["character"] == "king"] == []
    heir = [e for e in events if e.kind == "crown_heir"]
    assert [e.params for e in heir] == [{"seat": 1}] and state["crown"] == 1


def test_s14_40_a_killed_bishop_is_never_revealed():
    state, _ = table(4, {"assassin": 0, "bishop": 2, "warlord": 1, "king": 3})
    act(state, "income:gold")
    act(state, "ability:kill")
    events = act(state, "target:bishop")
    events += act(state, "end")
    events += skip_to(state, "-")
    assert state["round"] == 2
    public = [e.params for e in events if e.visible_to is None]
    assert {"character": "bishop"} in public  # called, nobody answers
    assert not any(2 in (p.get("seat"), p.get("target_seat")) for p in public)


def test_s6_1_assassin_cannot_name_himself():
    state, _ = table(4, {"assassin": 0, "king": 1})
    act(state, "ability:kill")
    assert "target:assassin" not in options(state)
    assert _refused(state, 0, "kill_target", "target:assassin") == "target_forbidden"


# -- §6.2 Thief ------------------------------------------------------------------------------

def test_s6_2_thief_forbidden_targets_get_a_specific_error():
    state, _ = table(4, {"assassin": 0, "thief": 1, "king": 2})
    act(state, "ability:kill")
    act(state, "target:king")
    act(state, "income:gold")
    act(state, "end")
    act(state, "ability:rob")
    for target in ("assassin", "thief", "king"):
        assert _refused(state, 1, "rob_target", "target:" + target) == "target_forbidden"
    assert _refused(state, 1, "rob_target", "target:jester") == "illegal_option"


def test_s14_11_thief_may_name_his_own_second_character():
    state, _ = table(2, {"thief": 0, "merchant": 0, "king": 1, "warlord": 1}, gold={0: 0})
    act(state, "ability:rob")
    act(state, "target:merchant")
    act(state, "income:gold")
    act(state, "end")
    skip_to(state, "merchant")
    assert state["gold"][0] == 2  # robbed himself: no net change


def test_s11_3_gold_on_a_wagon_cannot_be_stolen():
    state, _ = table(4, {"thief": 0, "king": 1, "warlord": 2}, gold={0: 0, 1: 3}, **AC)
    state["wagons"] = [{"id": 1, "owner": 1, "gold": 4}]
    state["wagon_seq"] = 1
    state["bank"] -= 4
    act(state, "ability:rob")
    act(state, "target:king")
    act(state, "income:gold")
    act(state, "end")
    assert state["gold"][0] == 2 + 3 and state["wagons"][0]["gold"] == 4


# -- §6.3 Magician, §12.5 private hands -------------------------------------------------------

def test_s12_5_hand_swap_tells_both_players_their_new_hands_privately():
    state, _ = table(4, {"magician": 0, "king": 1}, hands={0: ["castle"], 1: ["temple", "keep"]})
    act(state, "ability:swap_hands")
    events = act(state, "player:1")
    public = [e for e in events if e.visible_to is None]
    assert [e.kind for e in public] == ["hands_swapped"]
    private = [(e.kind, e.params, e.visible_to) for e in events if e.visible_to is not None]
    assert private == [("hand_received", {"cards": ["temple", "keep"]}, frozenset({0})),
                       ("hand_received", {"cards": ["castle"]}, frozenset({1}))]


def test_s6_3_magician_cannot_swap_hands_with_himself():
    state, _ = table(4, {"magician": 0, "king": 1})
    act(state, "ability:swap_hands")
    assert "player:0" not in options(state)
    assert _refused(state, 0, "swap_hands_target", "player:0") == "not_an_opponent"


def test_s14_5a_no_deck_swap_when_nothing_can_be_drawn():
    state, _ = table(4, {"magician": 0, "king": 1}, hands={0: ["temple"]}, deck=[], discard=[])
    assert "ability:swap_deck" not in options(state)
    assert "ability:swap_hands" in options(state)
    state["discard"].append("castle")
    assert "ability:swap_deck" in options(state)


def test_s6_3_action_cards_move_with_a_hand_swap():
    state, _ = table(4, {"magician": 0, "king": 1}, hands={0: [], 1: ["acrobat", "temple"]}, **AC)
    act(state, "ability:swap_hands")
    act(state, "player:1")
    assert state["hands"][0] == ["acrobat", "temple"] and state["hands"][1] == []


# -- §6.8 Warlord ----------------------------------------------------------------------------

def _warlord(held, cities, gold, n=4, **extra):
    return warlord_turn(n, held, cities, gold, **extra)


def test_s6_8_warlord_destroys_once_per_turn():
    state = _warlord({"warlord": 0, "king": 1}, {1: ["watchtower", "temple"]}, 5)
    act(state, "ability:destroy")
    act(state, "destroy:1:watchtower")
    assert "ability:destroy" not in options(state)
    assert _refused(state, 0, "turn", "ability:destroy") == "ability_used"


def test_s14_21_warlord_may_destroy_before_his_income():
    state = _warlord({"warlord": 0, "king": 1}, {1: ["prison"]}, 1)
    assert not state["turn"]["step1"]
    act(state, "ability:destroy")
    act(state, "destroy:1:prison")
    assert state["gold"][0] == 0 and state["cities"][1] == []
    act(state, "income:gold")
    assert state["gold"][0] == 2


@pytest.mark.parametrize("target,key", [
    ("destroy:0:watchtower", "not_an_opponent"),     # D-14, item 20
    ("destroy:1:keep", "cannot_destroy"),             # RB-6 (f)
    ("destroy:2:temple", "bishop_protected"),         # RB-6 (c), item 24
    ("destroy:3:manor", "city_complete"),             # RB-6 (e), item 23
    ("destroy:1:university", "not_enough_gold"),      # RB-6 (g), D-5, item 26
    ("destroy:1:palace", "not_in_city")])
def test_s6_8_forbidden_targets_are_refused_with_a_reason(target, key):
    cities = {0: ["watchtower"], 1: ["keep", "university", "prison"], 2: ["temple"],
              3: SEVEN + ["manor"]}
    state = _warlord({"warlord": 0, "king": 1, "bishop": 2, "merchant": 3}, cities, 4)
    act(state, "ability:destroy")
    assert target not in options(state)
    assert _refused(state, 0, "destroy_target", target) == key


# -- §8 purple districts, §9 piles -------------------------------------------------------------

def test_s14_34_laboratory_may_discard_an_action_card():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 0}, hands={0: ["big_top"]},
                     cities={0: ["laboratory"]}, **AC)
    act(state, "ability:laboratory")
    act(state, "discard:big_top")
    assert state["gold"][0] == 1 and state["discard"] == ["big_top"]


def test_s11_3_using_a_wagon_is_not_an_action_card_play():
    state, _ = table(4, {"king": 1, "warlord": 0}, gold={1: 3}, hands={1: ["ringmaster"]},
                     deck=["temple", "church"], **AC)
    state["wagons"] = [{"id": 1, "owner": 0, "gold": 0}]
    state["wagon_seq"] = 1
    act(state, "wagon:0")
    act(state, options(state)[0])
    act(state, "decline")
    assert state["turn"]["card"] is None and "action:ringmaster" in options(state)


def test_s9_a_cashed_wagon_is_announced_on_the_discard_pile():
    state, _ = table(4, {"king": 1, "warlord": 0}, gold={1: 3}, deck=["temple", "church"], **AC)
    state["wagons"] = [{"id": 1, "owner": 0, "gold": 2}]
    state["wagon_seq"] = 1
    state["bank"] -= 2
    act(state, "wagon:0")
    act(state, options(state)[0])
    owner_gold = state["gold"][0]
    events = act(state, "cash")
    assert state["gold"][0] == owner_gold + 3 and state["wagons"] == []
    assert [e.params for e in events if e.kind == "card_discarded"] == [
        {"card": "box_office_wagon", "seat": 0}]
    assert state["discard"][-1] == "box_office_wagon"


@pytest.mark.parametrize("owned", [["library"], ["observatory"], ["library", "observatory"]])
def test_s14_32_wagon_draw_ignores_library_and_observatory(owned):
    state, _ = table(4, {"king": 1, "warlord": 0}, gold={1: 3}, cities={1: owned},
                     hands={1: []}, deck=["temple", "church", "manor", "castle"], **AC)
    state["wagons"] = [{"id": 1, "owner": 0, "gold": 0}]
    state["wagon_seq"] = 1
    act(state, "wagon:0")
    assert len(state["turn"]["sub"]["drawn"]) == 2
    act(state, options(state)[0])
    assert len(state["hands"][1]) == 1 and len(state["discard"]) == 1


def test_s9_step1_draw_with_one_card_left_gives_it():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: []}, deck=["castle"], discard=[])
    act(state, "income:cards")
    assert state["hands"][0] == ["castle"] and state["discard"] == []
    assert state["turn"]["sub"] is None and "end" in options(state)


def test_s9_both_piles_empty_draws_nothing():
    state, _ = table(4, {"architect": 0, "warlord": 1}, hands={0: []}, deck=[], discard=[])
    act(state, "income:cards")
    act(state, "ability:architect_draw")
    assert state["hands"][0] == [] and "end" in options(state)


# -- §5 building ----------------------------------------------------------------------------

def test_s5_action_card_cannot_be_built():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 5}, hands={0: ["big_top"]}, **AC)
    act(state, "income:gold")
    assert _refused(state, 0, "turn", "build:big_top") == "not_a_district"


# -- §11 action cards ---------------------------------------------------------------------------

def test_s11_4_acrobat_by_a_player_whose_character_was_killed():
    state, _ = table(4, {"assassin": 0, "merchant": 2, "warlord": 3}, crown=3,
                     hands={0: [], 1: [], 2: ["acrobat"], 3: []}, **AC)
    act(state, "ability:kill")
    act(state, "target:merchant")
    pass_windows(state)
    act(state, "income:gold")
    act(state, "end")
    assert state["window"]["card"] == "acrobat"
    assert [d.seat for d in GAME.pending(state)] == [2]  # only the holder is asked
    act(state, "play:acrobat", 2)
    assert state["crown"] == 2
    skip_to(state, "-")
    assert state["crown"] == 2 and state["draft"]["steps"][0][0] == 2


def test_s11_5_fortune_teller_targets_an_opponent():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["fortune_teller"]}, **AC)
    act(state, "action:fortune_teller")
    assert _refused(state, 0, "fortune_target", "player:0") == "not_an_opponent"
    assert _refused(state, 0, "fortune_target", "player:9") == "illegal_option"


def test_s11_5_fortune_teller_on_an_empty_hand_is_spent():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["fortune_teller", "big_top"], 1: []},
                     **AC)
    act(state, "action:fortune_teller")
    events = act(state, "player:1")
    assert "fortune_empty" in kinds(events) and state["discard"] == ["fortune_teller"]
    assert state["hands"][0] == ["big_top"] and state["turn"]["card"] == "fortune_teller"
    assert not any(o.startswith("action:") for o in options(state))


def test_s11_6_saved_king_takes_the_crown():
    state, _ = table(4, {"assassin": 0, "king": 2, "warlord": 1}, crown=1,
                     hands={2: ["fristensky"]}, **AC)
    act(state, "ability:kill")
    act(state, "target:king")
    assert [d.seat for d in GAME.pending(state)] == [2]
    act(state, "play:fristensky", 2)
    act(state, "income:gold")
    events = act(state, "end")
    assert "crown_taken" in kinds(events) and state["crown"] == 2 and current(state) == "king"
    skip_to(state, "-")
    assert state["crown"] == 2


def test_s11_8_cannonball_never_duplicates_and_works_in_a_complete_city():
    city = SEVEN + ["watchtower"]
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 9},
                     hands={0: ["human_cannonball", "castle", "monastery"]},
                     cities={0: city}, **AC)
    act(state, "action:human_cannonball")
    act(state, "remove:watchtower")
    builds = options(state)
    assert "build:castle" not in builds and "build:monastery" in builds
    act(state, "build:monastery")
    assert len(state["cities"][0]) == 8 and state["gold"][0] == 9 - 2
    act(state, "income:gold")
    assert "build:castle" not in options(state)  # castle is in the city already


def test_s11_8_cannonball_new_district_must_cost_more():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 9},
                     hands={0: ["human_cannonball", "market", "prison"]},
                     cities={0: ["church"]}, **AC)
    assert "action:human_cannonball" not in options(state)  # nothing costs more than 2
    assert _refused(state, 0, "turn", "action:human_cannonball") == "action_unavailable"


# -- §12 hidden information ---------------------------------------------------------------------

def test_s12_3_face_down_cards_are_only_ever_called_unanswered():
    state = GAME.setup(5, {}, 9)
    down = set(state["down"])
    events = []
    while state["round"] == 1:  # a whole round on timeout defaults
        decision = GAME.pending(state)[0]
        events += GAME.apply(state, decision.seat, Action(decision.kind, decision.default))
    naming = [e.kind for e in events if e.visible_to is None
              and e.params.get("character") in down]
    assert naming and set(naming) == {"call_unanswered"}
    spectator = GAME.view(state, None)
    assert spectator["removed_face_down"] == 1 and "face_down" not in spectator


def _window_state(hands, kill):
    held = {"assassin": 4, "king": 3, "merchant": 1, "bishop": 2, "warlord": 0}
    state, _ = table(5, held, crown=0, hands=hands, **AC)
    act(state, "income:gold")
    act(state, "ability:kill")
    events = act(state, "target:" + kill)
    if kill == "king":
        events += pass_windows(state)
        events += act(state, "end")
    return state, events


@pytest.mark.parametrize("kill,card", [("king", "acrobat"), ("bishop", "fristensky")])
def test_s12_6_a_reaction_window_looks_the_same_whoever_is_asked(kill, card):
    """Issue 10: only a seat that can react is asked, anonymously; every other seat sees
    the same window whichever of them is asked (seat 2 asked in one game, seat 4 in the
    other for the Acrobat; for Frištenský only the victim can be asked)."""
    others = {s: ["temple"] for s in range(5)}
    asked = 2 if card == "fristensky" else 4
    with_card, events_a = _window_state({**others, 2: [card]}, kill)
    without, events_b = _window_state({**others, 2: ["church"]}, kill)
    assert without["window"] is None and with_card["window"] is not None
    assert [(d.seat, d.anonymous) for d in GAME.pending(with_card)] == [(2, True)]
    assert [o.id for o in GAME.decision_for(with_card, 2).options] == ["pass", "play:" + card]
    for seat in (None, 0, 1, 3, 4):
        assert GAME.view(with_card, seat)["window"] == {"card": card}
        assert GAME.decision_for(with_card, seat) is None
    if card == "acrobat":
        elsewhere, events_c = _window_state({**others, asked: [card]}, kill)
        assert [d.seat for d in GAME.pending(elsewhere)] == [asked]

        def public(events):
            return [e.to_json() for e in events if e.visible_to is None]
        assert public(events_a) == public(events_c)
        for seat in (None, 0, 1, 3):
            mine_a, mine_c = GAME.view(with_card, seat), GAME.view(elsewhere, seat)
            if seat is not None:  # the hands differ by construction; the rest may not
                for v in (mine_a, mine_c):
                    v["me"].pop("hand")
                    v["seats"] = [{**x, "hand_size": 0} for x in v["seats"]]
            else:
                mine_a["seats"] = [{**x, "hand_size": 0} for x in mine_a["seats"]]
                mine_c["seats"] = [{**x, "hand_size": 0} for x in mine_c["seats"]]
            assert mine_a == mine_c


BOGUS = ["", ":", "end:", "x:y:z", "income:", "income:silver", "build:", "build:big_top",
         "ability:", "ability:kill", "action:", "action:acrobat", "wagon:", "wagon:x",
         "wagon:9", "target:", "target:jester", "target:assassin", "player:", "player:-1",
         "player:0", "player:99", "destroy:1", "destroy:99:keep", "destroy:x:y",
         "destroy:0:temple", "card:999", "card:-1", "done", "keep:", "keep:palace",
         "discard:", "take:", "remove:", "remove:big_top", "build:great_wall", "pick:",
         "pick:king", "discard:king", "play:acrobat", "play:fristensky", "cash", "back"]


@pytest.mark.parametrize("n,ac", [(2, True), (4, True), (7, False)])
def test_bad_input_never_crashes_and_changes_nothing(n, ac):
    """Whatever is typed, an option not offered is a RuleError and the state is untouched."""
    state = GAME.setup(n, GAME.parse_options({"action_cards": ac}), 20 + n)
    rnd = random.Random(n)
    steps = 0
    while GAME.result(state) is None and steps < 600:
        for decision in GAME.pending(state):
            legal = {o.id for o in decision.options}
            for bogus in BOGUS:
                if bogus not in legal:
                    key = _refused(state, decision.seat, decision.kind, bogus)
                    assert isinstance(key, str) and key
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd))
        steps += 1
