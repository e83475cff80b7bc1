"""Engine ids and keys -> player-facing text (Czech or English).

The engine speaks in keys and ids; this module turns decisions, options, events,
errors and results into sentences, using the game's ``names()`` for ids and the
table's seat names for seat numbers.
"""
from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from bot.i18n import LOCALES, first, has, norm_locale, t
from engine import registry
from engine.core import Decision, Event, Game, Option, Result, RuleError
from render.plural import localized_name


def _is_seat_param(name: str) -> bool:
    return name == "seat" or name.endswith("_seat") or name == "seats" or name.endswith("_seats")


def name_of(game: Game, value: Any, locale: str) -> Any:
    """A localised :class:`Name` for an id (it knows its cases: ``{card:acc}``), or the
    value unchanged."""
    if isinstance(value, str):
        entry = game.names().get(value)
        if entry:
            return localized_name(entry, norm_locale(locale), value)
    return value


def counted(game: Game, counts: Mapping[str, int], locale: str) -> str:
    """``{"sand": 1, "wood": 0, "clay": 3}`` -> ``"1× Sand, 3× Clay"`` (zeros left out)."""
    return ", ".join(f"{n}× {name_of(game, item, locale)}" for item, n in counts.items() if n) or "—"


class _SpaceGrouped(int):
    """A number whose ``{n:,}`` thousands grouping is a no-break space (Czech: 15 000)."""

    def __format__(self, spec: str) -> str:
        text = format(int(self), spec)
        return text.replace(",", "\u00a0") if "," in spec else text


def format_params(game: Game, params: Mapping[str, Any], locale: str,
                  seat_names: Sequence[str]) -> dict[str, Any]:
    """Seat numbers -> player names, ids -> localised names, lists joined, ``{id: count}``
    maps -> counted names (see ``counted``)."""
    def seat(v: Any) -> Any:
        if isinstance(v, int) and 0 <= v < len(seat_names):
            return seat_names[v]
        return v

    out: dict[str, Any] = {}
    for key, value in params.items():
        if _is_seat_param(key):
            out[key] = ", ".join(str(seat(v)) for v in value) if isinstance(value, (list, tuple)) else seat(value)
        elif isinstance(value, Mapping):
            out[key] = counted(game, value, locale)
        elif isinstance(value, (list, tuple)):
            out[key] = ", ".join(str(name_of(game, v, locale)) for v in value) or "—"
        elif type(value) is int and norm_locale(locale) == "cs":
            out[key] = _SpaceGrouped(value)
        else:
            out[key] = name_of(game, value, locale)
    return out


def game_title(game_id: str, locale: str) -> str:
    return t(f"game.{game_id}", locale)


def question(game: Game, decision: Decision, locale: str, seat_names: Sequence[str]) -> str:
    return _said(game, (f"{game.id}.decision.{decision.kind}",), locale, decision.params,
                 seat_names)


def option_label(game: Game, option: Option, locale: str, seat_names: Sequence[str]) -> str:
    return _said(game, (f"{game.id}.option.{option.label}", f"option.{option.label}"), locale,
                 option.params, seat_names)


def event_text(game: Game, event: Event, locale: str, seat_names: Sequence[str]) -> str:
    return _said(game, (f"{game.id}.event.{event.kind}", f"event.{event.kind}"), locale,
                 event.params, seat_names)


def _said(game: Game, keys: tuple[str, ...], locale: str, params: Mapping[str, Any],
          seat_names: Sequence[str]) -> str:
    """``first(keys, locale, **params)`` with the params shown (:func:`format_params`),
    kept for the same game, keys, language and params (and seat names when a param is a
    seat): a panel repeats its options' labels and a board its news at every edit, and
    filling a template costs far more than finding it again.  Params that cannot be
    keyed (lists, maps) are filled every time."""
    try:
        frozen = tuple((k, v, type(v)) for k, v in params.items())  # (True is not 1)
        hash(frozen)
    except TypeError:
        return first(list(keys), locale, **format_params(game, params, locale, seat_names))
    names = tuple(seat_names) if any(_is_seat_param(k) for k in params) else ()
    return _said_kept(game, keys, locale, frozen, names)


@functools.lru_cache(maxsize=16384)
def _said_kept(game: Game, keys: tuple[str, ...], locale: str, frozen: tuple,
               names: tuple[str, ...]) -> str:
    """:func:`_said` of hashable params (the catalogs and the games' names never change
    while the bot runs; these texts hold no command mentions, which follow a sync)."""
    params = {k: v for k, v, _ in frozen}
    return first(list(keys), locale, **format_params(game, params, locale, names))


def error_text(game: Game | None, err: RuleError, locale: str,
               seat_names: Sequence[str] = ()) -> str:
    keys = [f"error.{err.key}"]
    params = dict(err.params)
    if params.get("game") in registry.available():     # a game id: its title
        params["game"] = game_title(params["game"], locale)
    if game is not None:
        keys.insert(0, f"{game.id}.error.{err.key}")
        params = format_params(game, params, locale, seat_names)
    return first(keys, locale, **params)


def result_lines(game: Game, result: Result, locale: str, seat_names: Sequence[str]) -> list[str]:
    """Winner line and one score line per seat, best first."""
    lines = [t("board.winner", locale, names=", ".join(seat_names[s] for s in result.winners))]
    for seat in sorted(result.scores, key=lambda s: -result.scores[s]):
        parts = ", ".join(f"{first([f'{game.id}.score.{k}'], locale)} {v}"
                          for k, v in result.breakdown.get(seat, {}).items() if v)
        lines.append(t("board.score_line", locale, name=seat_names[seat],
                       total=result.scores[seat], parts=parts or "—"))
    return lines


def card_text(game: Game, card_id: str, locale: str) -> dict | None:
    """What ``/card`` shows of ``card_id`` (see ``Game.card_info``), localised:
    ``{"id", "name", "kind", "text", "footer", "cost", "points", "colour"}``; None if
    the game does not describe that id."""
    card = _card_text(game, card_id, locale)
    return None if card is None else dict(card)


@functools.lru_cache(maxsize=4096)
def _card_text(game: Game, card_id: str, locale: str) -> dict | None:
    """:func:`card_text`, kept: it reads only the game's data and the catalogs, which
    never change while the bot runs (every panel repeats its options' card texts)."""
    info = game.card_info(card_id)
    if info is None:
        return None
    cid = info["id"]
    kind = first([f"{game.id}.kind.{info['kind']}", f"kind.{info['kind']}"], locale,
                 rank=info.get("rank", ""))
    colour = game.names().get(info.get("colour") or "")
    kind_en = first([f"{game.id}.kind.{info['kind']}", f"kind.{info['kind']}"], "en",
                    rank=info.get("rank", ""))
    if colour and colour["en"].casefold() not in kind_en.casefold():   # not "Mine · mine"
        kind = f"{kind} · {name_of(game, info['colour'], locale)}"
    key = info.get("text") or f"{game.id}.card.{cid}"
    params = format_params(game, info.get("params") or {}, locale, ())
    return {"id": cid, "name": str(name_of(game, cid, locale)), "kind": kind,
            "text": t(key, locale, **params) if has(key) else "",
            "footer": t("card.copies", locale, n=info["count"]) if info.get("count") else "",
            "cost": info.get("cost"), "points": info.get("points"), "colour": info.get("colour")}


def card_matches(game: Game, typed: str, locale: str) -> list[tuple[str, str]]:
    """``[(id, name in locale)]`` of the game's look-up ids whose name (in any language)
    or id contains ``typed``; exact matches first."""
    needle = typed.strip().casefold()
    hits: list[tuple[int, str, str]] = []
    for cid in game.card_ids():
        names = {str(name_of(game, cid, loc)).casefold() for loc in LOCALES}
        name = str(name_of(game, cid, locale))
        if needle in names or needle == cid:
            hits.append((0, cid, name))
        elif any(needle in n for n in names) or needle in cid:
            hits.append((1, cid, name))
    return [(cid, name) for _, cid, name in sorted(hits, key=lambda h: h[0])]


EFFECT_BUDGET = 1100  # characters of effect texts a private panel may add


def effect_lines(game: Game, decision: Decision, locale: str,
                 budget: int = EFFECT_BUDGET) -> list[str]:
    """``▸ **Name**: what it does`` for each card, character, tile or building a decision
    offers (from ``Game.card_info``), while they fit in ``budget`` characters."""
    seen: list[str] = []
    for option in decision.options:
        for value in option.params.values():
            if isinstance(value, str) and value not in seen:
                seen.append(value)
    lines: list[str] = []
    used = 0
    shown: set[str] = set()
    for value in seen:
        info = game.card_info(value)
        if info is None or info.get("plain") or info["id"] in shown:
            continue
        card = card_text(game, value, locale)
        if not card or not card["text"]:
            continue
        line = f"▸ **{card['name']}**: {card['text']}"
        if used + len(line) + 1 > budget:
            break
        lines.append(line)
        used += len(line) + 1
        shown.add(info["id"])
    return lines
