"""What a move revealed: the generic undo rule of :meth:`engine.core.Game.undoable`.

A move may be taken back only if it showed nobody anything new.  "Anything" is the ids
of :meth:`Game.names` (cards, characters, tiles) found in a viewer's view, counted per
viewer before and after the move.  This is the hot part of a click, so the views are
compared by their differences only (:func:`changed`): a seat's view beside the
spectator's, the spectator's after beside its own before; no view is walked whole.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from engine.core import scoped_view

if TYPE_CHECKING:
    from engine.core import Event, Game, State


def named_ids(value: Any, names: Mapping[str, Any]) -> Counter:
    """How often each id of ``names`` occurs in a JSON value (as a string or a key)."""
    return Counter(_found(value, names))


def _found(value: Any, names: Mapping[str, Any] | set) -> Iterator:
    """Each id of ``names`` in a JSON value (a string or a key), as often as it occurs.

    Hot (the undo rule walks the parts by which views differ on every click): exact-type
    checks for the JSON types first, and bound methods; subclasses of str/dict/list/tuple
    still count, by the slower ``isinstance`` branch."""
    stack, contains = [value], names.__contains__
    pop, push = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is str:
            if contains(item):
                yield item
        elif kind is dict:
            for key in filter(contains, item):
                yield key
            push(item.values())
        elif kind is list or kind is tuple:
            push(item)
        elif kind in _SCALARS:
            continue
        elif isinstance(item, str):
            if item in names:
                yield item
        elif isinstance(item, dict):
            yield from (key for key in item if key in names)
            push(item.values())
        elif isinstance(item, (list, tuple)):
            push(item)


def _shows_all(value: Any, wanted: set) -> bool:
    """Does ``value`` name every id of ``wanted``?  Stops as soon as it has seen them."""
    missing = set(wanted)
    for name in _found(value, wanted):
        missing.discard(name)
        if not missing:
            return True
    return not missing


_SCALARS = frozenset((int, float, bool, type(None)))


def _differences(value: Any, base: Any, added: list, removed: list) -> None:
    """Collect in ``added``/``removed`` the smallest parts by which ``value`` differs
    from ``base``: entries of two dicts by key, items of two equally long lists, the
    middle of two lists of different lengths once their equal ends are left out."""
    if value is not base and value != base:
        _unequal(value, base, added, removed)


def _unequal(value: Any, base: Any, added: list, removed: list) -> None:
    """:func:`_differences` of two values known to differ (equal entries and items are
    compared here, in C, and never make a call)."""
    kind = type(value)
    if kind is dict and type(base) is dict:
        shared = 0
        for key, item in value.items():
            old = base.get(key, _ABSENT)
            if old is _ABSENT:
                added.append({key: item})
                continue
            shared += 1
            if item is not old and item != old:
                _unequal(item, old, added, removed)
        if shared != len(base):
            removed.extend({key: old} for key, old in base.items() if key not in value)
    elif (kind is list or kind is tuple) and type(base) is kind:
        if len(value) == len(base):
            for item, old in zip(value, base):
                if item is not old and item != old:
                    _unequal(item, old, added, removed)
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


_ABSENT = object()


def changed(value: Any, base: Any, names: Mapping[str, Any]) -> Counter:
    """How many times more (negative: fewer) each id of ``names`` occurs in ``value`` than
    in the similar ``base``, from their differences alone (:func:`_differences`): an id
    that rises is in the parts ``value`` added more often than in the parts it replaced.
    No zero counts, so two of them compare as plain dicts."""
    added: list = []
    removed: list = []
    _differences(value, base, added, removed)
    rose = list(_found(added, names)) if added else ()
    fell = list(_found(removed, names)) if removed else ()
    delta = Counter(rose)
    if fell:
        delta.subtract(fell)
        if 0 in delta.values():
            delta = Counter({name: n for name, n in delta.items() if n})
    return delta


def undo_verdict(game: "Game", before: "State", after: "State", events: "list[Event]",
                 seen_before: "tuple[Counter | None, ...] | None" = None,
                 mover: int | None = None,
                 ) -> "tuple[bool, tuple[Counter | None, ...] | None]":
    """The generic :meth:`Game.undo_verdict`, by differences only.

    The spectator sees more after the move when its view's change (``public``: what
    :func:`changed` says of its views after and before) has an id that rises.  A seat's
    view is the spectator's plus its own part: ``mine`` (its view after beside the
    spectator's after) and ``knew`` (the same of the views before), so it sees more when
    ``public + mine - knew`` has an id that rises; a told id (named by a public event)
    must have been in its view before: in the spectator's (``base``), and not taken away
    by ``knew``.  No view is walked whole and no full counts are kept.

    A seat sees at least what the spectator sees (:data:`SEATS_SEE_THE_PUBLIC`: every
    game's views must; tests/engine/test_reveal.py checks the five), so ``knew`` has no
    negative count and a seat whose ``public + mine`` has none cannot see more: its view
    before is not built (in Carcassonne no seat's is, in Burgundy none while nobody has
    sold goods).  A ``mine`` with a negative count breaks the rule, and then every seat's
    view before is built.

    ``seen_before``/the counts returned: per seat, its ``mine`` (None for the seats not
    looked at: the verdict stops at the first seat that sees more, the mover first), so
    the next move reads ``knew`` from them and builds no seat's view of its ``before``.
    None when the rule decided before looking at any seat."""
    if before.get("rng") != after.get("rng") or game.result(after) is not None:
        return False, None
    if any(e.visible_to is not None for e in events):
        return False, None
    names = game.names()
    told = set(named_ids([dict(e.params) for e in events], names))  # said in public
    spectator = scoped_view(game, after, None)
    base = game.view(before, None)   # (views before a move: nobody looks again)
    public = changed(spectator, base, names)
    if any(n > 0 for n in public.values()) or told and not _shows_all(base, told):
        return False, None
    seats = int(spectator.get("players") or 0)
    if seen_before is None or len(seen_before) != seats:
        seen_before = (None,) * seats   # nothing kept (or not this game's)
    seen: list[Counter | None] = [None] * seats
    order = range(seats) if mover is None or not 0 <= mover < seats \
        else (mover, *(seat for seat in range(seats) if seat != mover))

    def sees_more(seat: int, knew: Counter | None) -> bool:
        mine = seen[seat]
        if knew is None:
            knew = changed(game.view(before, seat), base, names)
        return not dict.__eq__(mine, knew) and _rises(public, mine, knew) \
            or bool(told) and _unknown(told, base, knew)

    trusted, skipped = SEATS_SEE_THE_PUBLIC, []
    for seat in order:
        mine = seen[seat] = changed(scoped_view(game, after, seat), spectator, names)
        if trusted and any(n < 0 for n in mine.values()):
            trusted = False   # this game's seats may see less: skip no view before
        if trusted and seen_before[seat] is None and not _rises(public, mine, _NONE):
            skipped.append(seat)   # cannot see more (see above)
        elif sees_more(seat, seen_before[seat]):
            return False, tuple(seen)
    if not trusted and any(sees_more(seat, None) for seat in skipped):
        return False, tuple(seen)
    return True, tuple(seen)


#: Every seat sees each named id at least as often as the spectator does (what a
#: spectator sees is public: every seat sees it, and its own things besides).
SEATS_SEE_THE_PUBLIC = True

_NONE: Counter = Counter()


def _rises(public: Counter, mine: Counter, knew: Counter) -> bool:
    """Has ``public + mine - knew`` a positive count?  (``public`` has none.)"""
    shown, had = public.get, knew.get
    if any(n - had(name, 0) + shown(name, 0) > 0 for name, n in mine.items()):
        return True
    return any(shown(name, 0) > n for name, n in knew.items() if name not in mine)


def _unknown(told: set, base: Any, knew: Counter) -> bool:
    """Was a told id missing from a seat's view before, which held ``knew`` more of each
    id than ``base`` (that holds every told id)?  Only a negative ``knew`` can take one
    away, and only then is ``base`` counted."""
    if all(knew.get(name, 0) >= 0 for name in told):
        return False
    counts = named_ids(base, told)
    return any(counts[name] + knew.get(name, 0) < 1 for name in told)
