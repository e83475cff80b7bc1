"""The contract every Castellan game implements.

A game is a pure, deterministic rules object (no I/O, no discord, no Pillow).
Its state is a JSON-compatible ``dict`` that includes the seeded RNG state, so the
same seed and the same actions always give the same game.

The loop, for every game and every layer (AI, tests, table service, bench):

    state = game.setup(seats, options, seed)
    while (result := game.result(state)) is None:
        for decision in game.pending(state):            # who must choose what now
            action = Action(decision.kind, some option id from decision.options)
            events = game.apply(state, decision.seat, action)   # mutates; or RuleError

``apply`` validates first and raises :class:`RuleError` *before* changing anything,
so an illegal move never alters the state.  It then mutates ``state`` in place (the
callers that need the old state keep a JSON copy: storage does).  Several seats may be
pending at once (simultaneous secret picks); each answer is kept hidden by ``view``
until the game reveals it.

Display text never lives in the engine: decisions, options, events and errors carry
i18n keys and ids; card names come from the game's packaged data (``Game.names``).
"""
from __future__ import annotations

import functools
import importlib
import threading
from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.rng import Rng

__all__ = [
    "Action", "Decision", "Event", "Game", "Hook", "Option", "OptionSpec", "PendingMemo",
    "PendingScope",
    "Result", "RuleError", "Rng", "State", "refuse_garbage", "scoped_view", "seat_key",
]

State = dict  # JSON-compatible; every game keeps its RNG state under state["rng"]


class RuleError(Exception):
    """An action the rules forbid.

    ``key`` is an i18n key looked up as ``<game>.error.<key>`` and then ``error.<key>``;
    ``params`` fill its placeholders (ids are translated to names by the bot).
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


def _contract_object(cls: type) -> type:
    """The dataclass of an object the engines build on every move (:class:`Option`,
    :class:`Decision`, :class:`Action`, :class:`Event`): slotted, compared and hashed by
    value like a frozen one, but with the plain ``__init__`` of a mutable one.

    A frozen dataclass's ``__init__`` must bypass its own ``__setattr__`` and set each
    field through a descriptor call, about 2.5x the cost of a plain one (measured with
    callgrind: a Decision 6.8k against 2.7k instructions), and a random playout builds
    a Decision, an Action and an Event or two per move.  So these objects are read-only
    by convention, as their ``params`` dicts always were: options and params are shared
    between decisions (games keep them in tables), and nobody assigns to them.
    """
    return dataclass(slots=True, unsafe_hash=True)(cls)


@_contract_object
class Option:
    """One legal answer to a decision.

    ``id`` is stable for the same state, at most 60 characters of ``[A-Za-z0-9_.:+-]``
    (it travels inside a Discord custom_id).  ``label`` is an i18n key (looked up as
    ``<game>.option.<label>`` then ``option.<label>``), ``params`` fill it; string params
    that are card/character ids are shown by their localised names.
    """

    id: str
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)


@_contract_object
class Decision:
    """Seat ``seat`` must choose one of ``options`` now.

    ``kind`` is a stable id (the i18n key ``<game>.decision.<kind>`` is the question).
    ``secret``: ask privately (DM or ephemeral); the answer stays hidden until revealed.
    ``default``: the option id taken if the player times out (None: none sensible).
    ``params`` fill the question's placeholders.
    ``anonymous``: a reaction only a hidden card allows (e.g. Citadels' Acrobat): the
    others must not learn *who* is asked, so the channel says "waiting for possible
    reactions", names and pings nobody, and the seat is asked privately only.
    """

    seat: int
    kind: str
    options: tuple[Option, ...]
    secret: bool = False
    default: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    anonymous: bool = False

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None


_new = object.__new__


def make_option(id: str, label: str, params: Mapping[str, Any]) -> Option:
    """``Option(id, label, params)``, made without calling the class: CPython 3.11 runs a
    dataclass ``__init__`` through the class call's generic slot path, which costs more
    than filling the slots here (callgrind: about 2.0k against 1.3k instructions).  For
    the options an engine makes afresh on every menu; tests pin it equal to the class."""
    option = _new(Option)
    option.id = id
    option.label = label
    option.params = params
    return option


def make_decision(seat: int, kind: str, options: tuple[Option, ...], default: str | None,
                  params: Mapping[str, Any]) -> Decision:
    """``Decision(seat, kind, options, False, default, params)`` (not secret, not
    anonymous), made as :func:`make_option` makes options: for the decision an engine
    builds on every move."""
    decision = _new(Decision)
    decision.seat = seat
    decision.kind = kind
    decision.options = options
    decision.secret = False
    decision.default = default
    decision.params = params
    decision.anonymous = False
    return decision


@_contract_object
class Action:
    """A seat's answer: the decision kind it answers and the chosen option id."""

    kind: str
    option: str

    def to_json(self) -> dict:
        return {"kind": self.kind, "option": self.option}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Action":
        """The action of ``{"kind", "option"}``; RuleError for anything else (no crash)."""
        if not isinstance(data, Mapping):
            raise RuleError("stale_decision")
        return refuse_garbage(0, cls(data.get("kind"), data.get("option")))


def refuse_garbage(seat: Any, action: Any) -> Any:
    """The engine boundary: RuleError unless ``seat`` is a non-negative int (not a bool)
    and ``action`` an :class:`Action` of two strings; returns ``action``.  Every game's
    ``apply`` runs it first (see :meth:`Game.__init_subclass__`), so a game only ever sees
    well-typed input and refuses garbage before changing anything."""
    if type(seat) is not int or seat < 0:
        raise RuleError("not_your_turn")
    if not isinstance(action, Action) or type(action.kind) is not str:
        raise RuleError("stale_decision")
    if type(action.option) is not str:
        raise RuleError("illegal_option", option=repr(action.option)[:60])
    return action


@_contract_object
class Event:
    """Something that happened, for transcripts and channel/DM messages.

    ``kind`` is the i18n key ``<game>.event.<kind>``.  ``visible_to`` is None for a
    public event, else the seats allowed to see it.  Params whose name is ``seat`` or
    ends with ``_seat`` are seat numbers (shown as player names).
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "params": dict(self.params),
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        seen = data.get("visible_to")
        return cls(data["kind"], dict(data.get("params") or {}),
                   None if seen is None else frozenset(seen))


def make_event(kind: str, params: Mapping[str, Any]) -> Event:
    """``Event(kind, params)`` (public), made as :func:`make_option` makes options: for
    the events an engine says on nearly every move."""
    event = _new(Event)
    event.kind = kind
    event.params = params
    event.visible_to = None
    return event


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game.

    ``winners``: winning seats (several on a shared win).  ``scores``: final total per
    seat.  ``breakdown``: per seat, named score parts (i18n ``<game>.score.<name>``).
    """

    winners: tuple[int, ...]
    scores: Mapping[int, int]
    breakdown: Mapping[int, Mapping[str, int]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "winners": list(self.winners),
            "scores": {str(k): v for k, v in self.scores.items()},
            "breakdown": {str(k): dict(v) for k, v in self.breakdown.items()},
        }


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option chosen at table creation (e.g. ``action_cards``).

    ``choices``: allowed values (for bools ``(False, True)``).  The i18n key
    ``<game>.setting.<name>`` describes it.
    """

    default: Any
    choices: tuple[Any, ...]

    def parse(self, raw: Any) -> Any:
        """Accept a value or its string form (``"true"``, ``"3"``); RuleError if not allowed."""
        for choice in self.choices:
            if raw == choice or str(raw).strip().lower() == str(choice).lower():
                return choice
        raise RuleError("bad_option_value", value=str(raw),
                        allowed=", ".join(str(c).lower() for c in self.choices))


class PendingMemo:
    """The pending decisions of one state object, kept until the next ``apply``.

    ``pending`` always builds its answer and stores it here; ``apply`` validates against
    it instead of building the decisions again (the usual loop asks ``pending`` and then
    applies one of its options).  The key is the state object itself (held, so its id
    cannot be reused by another dict); ``apply`` clears it before and after mutating, so a
    copy, a JSON round trip or a replaced state never hits it, and nothing is stored in the
    state (no key leaks into JSON).  Like the rest of the contract it assumes a state changes
    only through ``apply``: code that edits a state by hand between ``pending`` and ``apply``
    (a test building a position) calls ``pending`` again or :meth:`clear` first.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple = (None, ())

    def get(self, state: State) -> tuple[Decision, ...] | None:
        owner, decisions = self._entry  # one read: safe if another thread stores meanwhile
        return decisions if owner is state else None

    def put(self, state: State, decisions: "list[Decision] | tuple[Decision, ...]") -> None:
        self._entry = (state, tuple(decisions))

    def clear(self) -> None:
        self._entry = (None, ())


class PendingScope:
    """``Game.pending`` built once per state for the length of a ``with`` block (one
    click of the table service, which asks it of the same state about ten times)::

        with PendingScope():
            ...  # every game's pending(state) of an unchanged state: the kept answer

    Inside the block ``pending`` of the state object it was last asked about returns a
    copy of the kept answer; any game's ``apply`` forgets it before and after changing a
    state, and what ``pending`` says while an ``apply`` runs (a game may ask mid-move) is
    never kept.  So it is safe exactly where states change only through ``apply`` (the
    table service: an undo replaces the state object, it never edits one); outside a
    block nothing is kept, so tests and tools that edit states by hand see no change.
    One entry, holding its state (its id cannot be reused meanwhile), read and written
    as one tuple.  A context variable carries the scope: concurrent clicks (tasks) never
    share one; it answers only in the thread that opened it (``asyncio.to_thread`` copies
    the context into a worker, e.g. an AI search: there every call builds, and an
    ``apply`` only forgets), and a task that outlives the block finds it closed.

    With ``views`` the scope keeps the views asked through :func:`scoped_view` the same
    way (the undo check and the pictures of the board and the panels of one click all
    look at the state after the move): per state object and seat, forgotten by any
    ``apply``.  Those views are shared, so their readers must not change them
    (``bot.compose.view_for`` copies before adding).  Without pictures nothing would
    use them again, and holding them only costs memory (and cache): ``views=False``."""

    __slots__ = ("_entry", "_views", "_keep_views", "_applying", "_thread", "_token", "hits",
                 "misses")

    def __init__(self, *, views: bool = True) -> None:
        self._entry: tuple | None = None  # (state, game, build, decisions)
        self._views: dict[int, tuple] = {}  # id(state) -> (state, game, {seat: view})
        self._keep_views = views
        self._applying = 0
        self._thread: int | None = None
        self.hits = self.misses = 0

    def __enter__(self) -> "PendingScope":
        self._thread = threading.get_ident()
        self._token = _PENDING_SCOPE.set(self)
        _OPEN_SCOPES.add(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _OPEN_SCOPES.discard(self)
        _PENDING_SCOPE.reset(self._token)
        self._thread = None
        self._entry = None
        self._views = {}

    def answer(self, game: "Game", state: State, build: Any) -> "list[Decision]":
        """``build(game, state)`` (a game's own pending), or the answer kept for it."""
        if self._applying or self._thread != threading.get_ident():
            return build(game, state)
        entry = self._entry
        if entry is not None and entry[0] is state and entry[1] is game and entry[2] is build:
            self.hits += 1
            return list(entry[3])
        self.misses += 1
        decisions = build(game, state)
        self._entry = (state, game, build, tuple(decisions))
        return decisions

    def view(self, game: "Game", state: State, seat: int | None) -> dict:
        """``game.view(state, seat)``, or the view kept for that state object and seat."""
        if self._applying or not self._keep_views or self._thread != threading.get_ident():
            return game.view(state, seat)
        entry = self._views.get(id(state))
        if entry is None or entry[0] is not state or entry[1] is not game:
            if len(self._views) >= _VIEWED_STATES:
                self._views.clear()
            entry = self._views[id(state)] = (state, game, {})
        views = entry[2]
        view = views.get(seat)
        if view is None:
            view = views[seat] = game.view(state, seat)
        return view

    def applying(self, delta: int) -> None:
        """An ``apply`` starts (+1) or ends (-1): forget the kept answers either way."""
        if self._thread == threading.get_ident():
            self._applying += delta
        self._entry = None
        if self._views:
            self._views = {}


_VIEWED_STATES = 4  # a click looks at two states (before and after its move)


def scoped_view(game: "Game", state: State, seat: int | None) -> dict:
    """``game.view(state, seat)``, built once per state and seat inside an open
    :class:`PendingScope` (shared: the caller must not change it)."""
    scope = _PENDING_SCOPE.get()
    return game.view(state, seat) if scope is None else scope.view(game, state, seat)


_PENDING_SCOPE: ContextVar[PendingScope | None] = ContextVar("pending_scope", default=None)
#: the scopes open now in any thread or task (set operations are atomic under the GIL):
#: while there are none (playouts, AI workers, tests) the wrappers of ``pending`` and
#: ``apply`` skip the context variable, a C call per use
_OPEN_SCOPES: set[PendingScope] = set()


class Hook:
    """A :class:`Game` method that is one function of another module, imported on first
    use, so a game's class names where its optional parts live in one line each::

        check_invariants = Hook(".invariants", "problems")
        public_state = Hook(".determinize")
        determinize = Hook(".determinize", pass_game=True)

    ``module`` may be relative to the game class's package; ``name`` defaults to the
    attribute's name; ``pass_game`` passes the game object first (like ``self``).  The
    function is looked up at each use, as the hand-written delegating methods did: the
    import waits for the first call (the search and check modules may import the game's
    own modules back) and a replaced module function is seen."""

    __slots__ = ("module", "name", "pass_game", "_package")

    def __init__(self, module: str, name: str | None = None, *, pass_game: bool = False) -> None:
        self.module, self.name, self.pass_game = module, name, pass_game
        self._package: str | None = None

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.name = self.name or attribute
        self._package = owner.__module__.rpartition(".")[0] or None

    def function(self) -> Any:
        """The module function this hook calls now."""
        return getattr(importlib.import_module(self.module, self._package), self.name)

    def __get__(self, game: "Game | None", owner: type | None = None) -> Any:
        if game is None:
            return self
        function = self.function()
        return functools.partial(function, game) if self.pass_game else function


def _scope_pending(cls: type) -> None:
    """Route a game class's own ``pending`` through the open :class:`PendingScope`."""
    build = cls.__dict__.get("pending")
    if build is None or getattr(build, "scoped", False):
        return

    def pending(self: "Game", state: State) -> "list[Decision]":
        if _OPEN_SCOPES:
            scope = _PENDING_SCOPE.get()
            if scope is not None:
                return scope.answer(self, state, build)
        return build(self, state)

    functools.update_wrapper(pending, build)
    pending.scoped = True  # type: ignore[attr-defined]
    cls.pending = pending  # type: ignore[method-assign]


def seat_key(seat: int | None) -> str:
    """The JSON key for a seat's entry in per-seat maps (``None`` = spectator)."""
    return "spectator" if seat is None else str(seat)


class Game:
    """Base class of a game's rules.  Subclasses set the attributes and methods below."""

    id: str = ""
    version: int = 1
    min_seats: int = 2
    max_seats: int = 2
    options: Mapping[str, OptionSpec] = {}
    #: event kinds that only announce the result: the table says the result itself, once
    final_events: frozenset[str] = frozenset({"game_over", "game_end", "game_won"})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Wrap a subclass's own ``apply`` in :func:`refuse_garbage` (the engine boundary),
        so every caller (table service, AI, tests, soak) gets the check for free; and its
        own ``apply`` and ``pending`` in the :class:`PendingScope` bookkeeping."""
        super().__init_subclass__(**kwargs)
        _scope_pending(cls)
        raw = cls.__dict__.get("apply")
        if raw is None or getattr(raw, "boundary_checked", False):
            return

        def apply(self: "Game", state: State, seat: int, action: Action) -> "list[Event]":
            if type(seat) is not int or seat < 0 or type(action) is not Action \
                    or type(action.kind) is not str or type(action.option) is not str:
                refuse_garbage(seat, action)
            scope = _PENDING_SCOPE.get() if _OPEN_SCOPES else None
            if scope is None:
                return raw(self, state, seat, action)
            scope.applying(+1)
            try:
                return raw(self, state, seat, action)
            finally:
                scope.applying(-1)

        functools.update_wrapper(apply, raw)
        apply.boundary_checked = True  # type: ignore[attr-defined]
        cls.apply = apply  # type: ignore[method-assign]

    # -- data -------------------------------------------------------------------------
    def names(self) -> Mapping[str, Mapping[str, str]]:
        """Localised names of every id the game shows: ``{id: {"en": .., "cs": ..}}``."""
        return {}

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        """What a card, character, district, tile or building is, for the ``/card``
        look-up; None for an id that is not looked up (colours, resources …).

        ``{"id", "kind"}`` plus any of: ``"text"`` (i18n key of its effect, default
        ``<game>.card.<id>``), ``"params"`` (fill the text), ``"cost"``, ``"points"``,
        ``"colour"`` (an id of ``names()``), ``"rank"``, ``"count"`` (copies), ``"plain"``
        (True: the text only repeats cost and points, panels leave it out).  ``kind``
        is shown by the i18n key ``<game>.kind.<kind>`` (then ``kind.<kind>``).  The default
        offers nothing, so games without look-up texts still work."""
        return None

    def card_ids(self) -> list[str]:
        """Every id :meth:`card_info` describes, in the order ``/card`` offers them."""
        return [i for i in self.names() if self.card_info(i) is not None]

    # -- the rules --------------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        raise NotImplementedError

    def pending(self, state: State) -> list[Decision]:
        """Every decision open now; empty only when the game is over."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s ``action`` in place, or raise RuleError leaving state untouched."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator): JSON, no hidden information."""
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    def determinize(self, view: dict, rng: Any) -> State:
        """A full state consistent with a seat's ``view`` (hands, decks, face-down stacks,
        secret picks sampled with ``rng``, a ``random.Random``), so that
        ``view(determinize(v, rng), v["seat"]) == v``: what honest AI search plays on.
        ``view["my_decision"]`` (``{"kind", "options", "params"}``), when present, is the
        seat's own open decision; ``view["public"]`` is :meth:`public_state` for games
        that have it.
        Optional: games without it raise NotImplementedError."""
        raise NotImplementedError

    # Optional too: ``public_state(state, seat) -> State``: the state with everything
    # ``seat`` may not know blanked (what the public history tells it), for games whose
    # view does not spell out all public bookkeeping; see engine/search/hidden.py.
    # Games usually declare these optional parts with :class:`Hook` (one line each).

    def check_invariants(self, state: State) -> list[str]:
        """What is wrong with ``state`` by the game's own invariants (conservation of
        cards, money, tiles …): one short sentence each, empty when all hold.  Optional:
        the reliability suite (``python -m bot soak``) calls it after every move."""
        return []

    def turn_marker(self, state: State) -> Any:
        """Changes when a new turn begins (e.g. ``(round, rank)``), even for the same player.

        The bot posts a new board message when this changes; within one turn the board is
        edited (secret picks, another player's reaction such as Citadels' Graveyard).
        The default (None) makes every change of the pending seats a new turn.
        """
        return None

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """The game's own round and turn for board headers: an i18n key (looked up as
        ``<game>.turn.<key>`` then ``turn.<key>``) and its params, e.g.
        ``("round_character", {"round": 3, "character": "thief"})``; None: no label."""
        return None

    def undoable(self, before: State, after: State, events: "list[Event]") -> bool:
        """May the move that turned ``before`` into ``after`` (with ``events``) be taken
        back?  Only if it revealed nothing: no random draw (the RNG state is unchanged),
        no private event, the game not over, and no seat (nor a spectator) sees a named
        thing (a card, character, tile: an id of :meth:`names`) more often than before,
        nor hears one it did not see, so no card was drawn, no hidden pick or hand card
        shown.  The rule is :meth:`undo_verdict`; games override that one only where the
        generic rule is not enough."""
        return self.undo_verdict(before, after, events)[0]

    def undo_verdict(self, before: State, after: State, events: "list[Event]",
                     seen_before: "tuple[Counter | None, ...] | None" = None,
                     mover: int | None = None,
                     ) -> "tuple[bool, tuple[Counter | None, ...] | None]":
        """:meth:`undoable`'s verdict, and what it kept of ``after`` for the next move
        (None when a cheap check decided first): per seat, how that seat's view's counts
        of named ids differ from the spectator's (:func:`engine.reveal.changed`), None for
        the seats not looked at (the verdict stops at the first seat who sees more).
        ``seen_before``: what the previous move's verdict returned, so no seat's view of
        ``before`` is built again.  ``mover``: the seat that moved, looked at first (a
        card drawn into its own hand is the usual reveal).  The rule is
        :func:`engine.reveal.undo_verdict`."""
        from engine import reveal
        return reveal.undo_verdict(self, before, after, events, seen_before, mover)

    # -- shared helpers ---------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate option values; RuleError on an unknown option."""
        raw = dict(raw or {})
        out: dict[str, Any] = {}
        for name, spec in self.options.items():
            out[name] = spec.parse(raw.pop(name)) if name in raw else spec.default
        if raw:
            raise RuleError("unknown_option", name=", ".join(sorted(raw)),
                            allowed=", ".join(sorted(self.options)) or "-")
        return out

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("bad_seat_count", seats=seats, min=self.min_seats, max=self.max_seats)

    def decision_for(self, state: State, seat: int) -> Decision | None:
        """The decision ``seat`` must answer now, if any."""
        for decision in self.pending(state):
            if decision.seat == seat:
                return decision
        return None

    def require(self, state: State, seat: int, action: Action) -> tuple[Decision, Option]:
        """Check that ``action`` answers an open decision of ``seat``; RuleError otherwise.

        Games whose legal options are exactly their pending decisions can call this at
        the top of ``apply`` and then trust the option.
        """
        if self.result(state) is not None:
            raise RuleError("game_over")
        decision = self.decision_for(state, seat)
        if decision is None:
            raise RuleError("not_your_turn")
        if decision.kind != action.kind:
            raise RuleError("stale_decision")
        option = decision.option(action.option)
        if option is None:
            raise self.explain_illegal(state, seat, action)
        return decision, option

    def explain_illegal(self, state: State, seat: int, action: Action) -> RuleError:
        """The error for an option that is not legal now; games override it to say why."""
        return RuleError("illegal_option", option=action.option)
