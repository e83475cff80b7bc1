"""A character's turn: the ``turn`` decision, its follow-ups, and clear errors for bad moves.

Option ids: ``income:gold|cards``, ``build:<district>``, ``ability:<name>``,
``action:<card>``, ``wagon:<owner_seat>``, ``end``.  Follow-ups live in ``turn["sub"]``
and offer ``back`` until something irreversible happened.
"""
from __future__ import annotations

from engine.core import Decision, Event, Option, RuleError, State

from engine.citadels import actions, characters, data, income, purple
from engine.citadels.calling import end_turn
from engine.citadels.cards import cost, pay, place

ABILITIES = {**characters.ABILITIES, **purple.ABILITIES}
SUBS = {**characters.SUBS, **purple.SUBS, **actions.SUBS,
        "keep_card": (income.keep_options, income.apply_keep)}
NO_BACK = actions.NO_BACK | {"keep_card"}
EXPLAIN = {**characters.EXPLAIN, **actions.EXPLAIN}

_INCOME = (Option("income:gold", "income_gold", {"gold": data.RULES["step1_gold"]}),
           Option("income:cards", "income_cards"))
_END = Option("end", "end_turn")
PURPLE_ABILITY = frozenset(purple.ABILITIES)  # districts whose owner has a turn ability
_ABILITY_OPTIONS = {name: Option("ability:" + name, "ability_" + name) for name in ABILITIES}


def _could_use(name: str, char: str) -> bool:
    """False when ``char`` can never use ability ``name`` (its check would say no)."""
    if name == "income":
        return data.INCOME_COLOUR[char] is not None
    return characters.USER.get(name, char) == char


#: per character, (name, check, option) of the abilities it might use, in ``ABILITIES`` order
#: (the character's own first, then the purple districts'); every check also asks that
#: the ability is unused this turn, so ``turn_decision`` skips a used one without calling it
_CANDIDATES = {char: [(name, ABILITIES[name][0], _ABILITY_OPTIONS[name])
                      for name in ABILITIES if _could_use(name, char)
                      and name not in purple.ABILITIES]
               for char in data.INCOME_COLOUR}
_PURPLE = [(name, check, _ABILITY_OPTIONS[name]) for name, (check, _) in purple.ABILITIES.items()]
assert list(ABILITIES)[-len(_PURPLE):] == list(purple.ABILITIES)
#: gold -> the districts that much gold pays for (the dearest's cost and more: all); action
#: cards are never built
_COST = {d: info["cost"] for d, info in data.DISTRICTS.items()}
_DEAREST = max(_COST.values())
_AFFORDABLE = [frozenset(d for d, c in _COST.items() if c <= gold) for gold in range(_DEAREST + 1)]
#: one shared (immutable) option per district: building the list is the hottest loop
_BUILD_OPTIONS = {d: Option("build:" + d, "build", {"district": d, "cost": cost(d)})
                  for d in data.DISTRICTS}
#: the question's params per character, shared by every decision of its turns (read only)
_PARAMS = {char: {"character": char} for char in data.INCOME_COLOUR}


def buildable(state: State, t: dict) -> list[str]:
    """Distinct hand districts ``t``'s player may build right now."""
    seat = t["seat"]
    if not t["step1"] or t["builds"] >= t["limit"]:
        return []
    gold, hand = state["gold"][seat], state["hands"][seat]
    fit = _AFFORDABLE[gold if gold < _DEAREST else _DEAREST].intersection(hand)
    if fit:
        fit = fit.difference(state["cities"][seat])
    if len(fit) < 2:  # (set operations in C first: usually nothing or one is left)
        return list(fit)
    return [d for d in dict.fromkeys(hand) if d in fit]  # in hand order


def playable_cards(state: State, t: dict) -> list[str]:
    if t["card"] is not None or not state["opts"]["action_cards"]:
        return []
    return [c for c in dict.fromkeys(state["hands"][t["seat"]])
            if c in actions.PLAYS and actions.PLAYS[c][0](state, t)]


def turn_decision(state: State) -> Decision:
    """The ``turn`` decision, or the open follow-up's (built after nearly every move)."""
    t = state["turn"]
    sub = t["sub"]
    if sub is not None:
        return _sub_decision(state, t, sub)
    seat = t["seat"]
    options = [_BUILD_OPTIONS[d] for d in buildable(state, t)] if t["step1"] else list(_INCOME)
    used = t["used"]
    for name, ok, option in _CANDIDATES[t["char"]]:
        if name not in used and ok(state, t):
            options.append(option)
    if not PURPLE_ABILITY.isdisjoint(state["cities"][seat]):
        options += [option for name, ok, option in _PURPLE if name not in used and ok(state, t)]
    if state["opts"]["action_cards"]:  # checked here too: the hottest path skips two calls
        options += [Option("action:" + c, "play_action", {"card": c})
                    for c in playable_cards(state, t)]
    if state["wagons"]:
        options += [Option(f"wagon:{owner}", "use_wagon", {"owner_seat": owner})
                    for owner in income.usable_wagons(state, t)]
    if t["step1"]:
        options.append(_END)
        return Decision(seat, "turn", tuple(options), False, "end", _PARAMS[t["char"]])
    return Decision(seat, "turn", tuple(options), False, "income:gold", _PARAMS[t["char"]])


def _sub_decision(state: State, t: dict, sub: dict) -> Decision:
    kind = sub["kind"]
    if kind in NO_BACK:
        options = tuple(SUBS[kind][0](state, t))
        return Decision(t["seat"], kind, options, False, options[0].id, _PARAMS[t["char"]])
    return Decision(t["seat"], kind, (*SUBS[kind][0](state, t), characters.BACK), False, "back",
                    _PARAMS[t["char"]])


def apply_turn(state: State, kind: str, option: str, events: list[Event]) -> None:
    """Carry out a validated ``option`` of the current turn's decision ``kind``."""
    t = state["turn"]
    if kind != "turn":
        if option == "back":
            t["sub"] = None
        else:
            SUBS[kind][1](state, t, option, events)
        return
    play = _PLAYS.get(option)
    if play is not None:
        play(state, t, events)
        return
    verb, _, arg = option.partition(":")
    if verb == "build":
        _build(state, t, arg, events)
    elif verb == "action":
        actions.PLAYS[arg][1](state, t, events)
    else:  # validated: the only other verb is "wagon"
        income.use_wagon(state, t, int(arg), events)


#: turn option id -> play(state, turn, events), for the options that carry no argument
_PLAYS = {"income:gold": income.take_gold, "income:cards": income.take_cards,
          **{option.id: ABILITIES[name][1] for name, option in _ABILITY_OPTIONS.items()},
          _END.id: lambda state, t, events: end_turn(state, events)}


def _build(state: State, t: dict, district: str, events: list[Event]) -> None:
    seat = t["seat"]
    pay(state, seat, cost(district))
    state["hands"][seat].remove(district)
    t["builds"] += 1
    events.append(Event("district_built", {"seat": seat, "district": district,
                                           "cost": cost(district)}))
    place(state, seat, district, events)


def explain(state: State, kind: str, option: str) -> RuleError:
    """The clearest reason why ``option`` is not legal for this turn right now."""
    t = state["turn"]
    if t is not None and t["sub"] is not None and kind == t["sub"]["kind"] and kind in EXPLAIN:
        return EXPLAIN[kind](state, t, option) or RuleError("illegal_option", option=option)
    if kind != "turn" or t is None or t["sub"] is not None:
        return RuleError("illegal_option", option=option)
    verb, _, arg = option.partition(":")
    seat = t["seat"]
    if verb == "income" and t["step1"]:
        return RuleError("income_done")
    if verb == "end" and not t["step1"]:
        return RuleError("income_first")
    if verb == "build":
        hand, city = state["hands"][seat], state["cities"][seat]
        if arg not in hand:
            return RuleError("card_not_in_hand", card=arg)
        if arg not in data.DISTRICTS:
            return RuleError("not_a_district", card=arg)
        if not t["step1"]:
            return RuleError("income_first")
        if t["builds"] >= t["limit"]:
            return RuleError("build_limit", limit=t["limit"])
        if arg in city:
            return RuleError("duplicate_district", district=arg)
        return RuleError("not_enough_gold", cost=cost(arg), gold=state["gold"][seat])
    if verb == "ability":
        magic = ("swap_hands", "swap_deck")
        used = arg in t["used"] or (arg in magic and any(m in t["used"] for m in magic))
        return RuleError("ability_used" if used else "ability_unavailable", ability=arg)
    if verb == "action":
        if t["card"] is not None:
            return RuleError("one_action_card_per_turn")
        if arg not in state["hands"][seat]:
            return RuleError("card_not_in_hand", card=arg)
        return RuleError("action_unavailable", card=arg)
    if verb == "wagon":
        return RuleError("wagon_unavailable")
    return RuleError("illegal_option", option=option)
