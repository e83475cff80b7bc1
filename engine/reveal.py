"""What a move revealed: the generic undo rule of :meth:`engine.core.Game.undoable`.

A move may be taken back only if it showed nobody anything new.  "Anything" is the ids
of :meth:`Game.names` (cards, characters, tiles) found in a viewer's view, counted per
viewer before and after the move.  The counting is the hot part of a click, so it walks
JSON by exact types and, for a seat's view, only where it differs from the spectator's.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from engine.core import scoped_view

if TYPE_CHECKING:
    from engine.core import Event, Game, State


def named_ids(value: Any, names: Mapping[str, Any]) -> Counter:
    """How often each id of ``names`` occurs in a JSON value (as a string or a key).

    Hot (the generic undo rule walks several views per click): exact-type checks for the
    JSON types first, bound methods, and one ``Counter`` at the end; subclasses of
    str/dict/list/tuple still count, by the slower ``isinstance`` branch."""
    found: list = []
    stack, contains = [value], names.__contains__
    pop, push, add = stack.pop, stack.extend, found.append
    while stack:
        item = pop()
        kind = type(item)
        if kind is str:
            if contains(item):
                add(item)
        elif kind is dict:
            found.extend(filter(contains, item))
            push(item.values())
        elif kind is list or kind is tuple:
            push(item)
        elif kind in _SCALARS:
            continue
        elif isinstance(item, str):
            if item in names:
                add(item)
        elif isinstance(item, dict):
            found.extend(k for k in item if k in names)
            push(item.values())
        elif isinstance(item, (list, tuple)):
            push(item)
    return Counter(found)


_SCALARS = frozenset((int, float, bool, type(None)))


def named_ids_beside(value: Any, base: Any, base_counts: Counter,
                     names: Mapping[str, Any]) -> Counter:
    """``named_ids(value, names)`` from the counts of a similar ``base`` value: only the
    parts of ``value`` that differ from ``base`` are walked (and base's parts they
    replace), since a seat's view is mostly the spectator's and comparing equal JSON
    values runs in C.  Equal values hold equal names, so the counts are exact."""
    added: list = []
    removed: list = []
    _differences(value, base, added, removed)
    if not added and not removed:
        return Counter(base_counts)
    counts = Counter(base_counts)
    counts.update(named_ids(added, names))
    if not removed:
        return counts
    counts.subtract(named_ids(removed, names))
    return +counts  # no zero counts (``undo_verdict`` reads the keys as "seen")


def _differences(value: Any, base: Any, added: list, removed: list) -> None:
    """Collect in ``added``/``removed`` the smallest parts by which ``value`` differs
    from ``base``: entries of two dicts by key, items of two equally long lists, the
    middle of two lists of different lengths once their equal ends are left out."""
    if value is base or value == base:
        return
    kind = type(value)
    if kind is dict and type(base) is dict:
        for key, item in value.items():
            if key in base:
                _differences(item, base[key], added, removed)
            else:
                added.append({key: item})
        removed.extend({key: old} for key, old in base.items() if key not in value)
    elif (kind is list or kind is tuple) and type(base) is kind:
        if len(value) == len(base):
            for item, old in zip(value, base):
                _differences(item, old, added, removed)
            return
        # a list grown or shrunk (a tile placed, a card taken): its equal ends are
        # skipped, only the middle parts are walked
        start, end, shorter = 0, 0, min(len(value), len(base))
        while start < shorter and value[start] == base[start]:
            start += 1
        while end < shorter - start and value[-1 - end] == base[-1 - end]:
            end += 1
        added.append(value[start:len(value) - end])
        removed.append(base[start:len(base) - end])
    else:
        added.append(value)
        removed.append(base)


def undo_verdict(game: "Game", before: "State", after: "State", events: "list[Event]",
                 seen_before: "tuple[Counter | None, ...] | None" = None,
                 mover: int | None = None,
                 ) -> "tuple[bool, tuple[Counter | None, ...] | None]":
    """The generic :meth:`Game.undo_verdict` (its docstring says what each argument is)."""
    if before.get("rng") != after.get("rng") or game.result(after) is not None:
        return False, None
    if any(e.visible_to is not None for e in events):
        return False, None
    names = game.names()
    told = set(named_ids([dict(e.params) for e in events], names))  # said in public
    spectator = scoped_view(game, after, None)
    viewers = 1 + int(spectator.get("players") or 0)
    if seen_before is None or len(seen_before) != viewers:
        seen_before = (None,) * viewers   # nothing kept (or not this game's counts)
    base, knew = None, seen_before[0]
    if knew is None:   # the spectator's view before: its changes alone are walked
        base = game.view(before, None)   # (views before a move: nobody looks again)
        knew = named_ids(base, names)
        public = named_ids_beside(spectator, base, knew, names)
    else:
        public = named_ids(spectator, names)
    before_public, seen = knew, public
    seen_after: list[Counter | None] = [public] + [None] * (viewers - 1)
    order = range(viewers) if mover is None or not 0 <= mover < viewers - 1 \
        else (0, mover + 1, *(v for v in range(1, viewers) if v != mover + 1))
    for viewer in order:
        if viewer:
            seen = seen_after[viewer] = named_ids_beside(
                scoped_view(game, after, viewer - 1), spectator, public, names)
            knew = seen_before[viewer]
            if knew is None:
                view = game.view(before, viewer - 1)
                knew = named_ids(view, names) if base is None \
                    else named_ids_beside(view, base, before_public, names)
        if (not dict.__eq__(seen, knew) and seen - knew) or told - knew.keys():
            return False, tuple(seen_after)  # (dict ==: in C, no zero counts here)
    return True, tuple(seen_after)


def seen_names(game: "Game", state: "State", names: Mapping[str, Any] | None = None,
               ) -> "tuple[Counter, ...]":
    """The generic :meth:`Game.seen_names`: each viewer's counts, the spectator first."""
    names = game.names() if names is None else names
    spectator = scoped_view(game, state, None)
    seats = int(spectator.get("players") or 0)
    public = named_ids(spectator, names)
    return (public, *(named_ids_beside(scoped_view(game, state, seat), spectator, public,
                                       names) for seat in range(seats)))
