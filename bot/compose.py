"""What the bot says, composed from a stored game: lobby posts, board texts, views.

Pure functions of a game row (and the engine's views): no storage, no notifier, no
images.  The table service adds pictures and delivers the result.
"""
from __future__ import annotations

from bot import messages as m
from bot.i18n import first, has, t
from bot.text import event_text, format_params, game_title, question, result_lines
from engine import registry
from engine.core import Event, Game, scoped_view
from storage import GameRow

EVENT_BUDGET = 1500  # characters of "what happened" on a board (Discord allows 2000 in all)


def seat_names(row: GameRow) -> list[str]:
    return [s.name for s in sorted(row.seats, key=lambda s: s.seat)]


def capacity(row: GameRow) -> int:
    """How many may sit at the table: the size chosen at creation, else the game's maximum."""
    return row.capacity or registry.get(row.type).max_seats


def mention(row: GameRow, seat: int) -> str:
    user = next(s for s in row.seats if s.seat == seat)
    return user.name if user.is_ai or user.user_id is None else f"<@{user.user_id}>"


def user_ids(row: GameRow, seats: list[int]) -> list[int]:
    return [s.user_id for s in row.seats if s.seat in seats and not s.is_ai and s.user_id]


def fit_lines(lines: list[str], budget: int) -> list[str]:
    """All lines if they fit in ``budget`` characters, else the first and the last ones
    around an ellipsis (the start of a round and the latest moves both matter)."""
    if sum(len(x) + 1 for x in lines) <= budget:
        return lines
    head: list[str] = []
    used = 0
    for line in lines[: len(lines) // 2]:
        if used + len(line) + 1 > budget // 2:
            break
        head.append(line)
        used += len(line) + 1
    tail: list[str] = []
    for line in reversed(lines[len(head):]):
        if used + len(line) + 1 > budget - 2:
            break
        tail.append(line)
        used += len(line) + 1
    return head + ["…"] + tail[::-1]


def setting_text(game_id: str, name: str, value: object, locale: str) -> str:
    """``Action cards: yes`` / ``Estates: advanced (…)``: a game option as players read it
    (keys ``<game>.setting.<name>.short`` and ``.<value>``, else the option's description
    and ``value.true|false``, else the raw key)."""
    base = f"{game_id}.setting.{name}"
    label = first([f"{base}.short", base], locale) if has(f"{base}.short") or has(base) else name
    raw = str(value).lower()
    shown = first([f"{base}.{raw}", f"value.{raw}"], locale) \
        if has(f"{base}.{raw}") or has(f"value.{raw}") else raw
    return f"{label}: {shown}"


def options_line(row: GameRow) -> str:
    """The lobby's "Options: …" line, one described setting per game option."""
    loc = row.locale
    parts = [setting_text(row.type, k, v, loc) for k, v in row.options.items()]
    return t("lobby.options", loc, options=" · ".join(parts)) if parts else t("lobby.options_none", loc)


def lobby_message(row: GameRow) -> m.OutMessage:
    """The lobby post with Join / Leave / Add (Remove) AI seat / Start buttons, and a row
    adding an AI seat at the normal or hard level."""
    game = registry.get(row.type)
    loc = row.locale
    names = ", ".join(s.name for s in row.seats) or t("lobby.empty", loc)
    lines = [t("lobby.title", loc, game=game_title(row.type, loc), id=row.id, host=f"<@{row.host_id}>"),
             t("lobby.seats", loc, n=len(row.seats), max=capacity(row), names=names),
             options_line(row)]
    if row.turn_timeout:
        lines.append(t("lobby.clock", loc, hours=row.turn_timeout // 3600))
    if row.status == "lobby":
        lines.append(t("lobby.hint", loc, min=game.min_seats, max=game.max_seats))
        buttons = (m.Button(m.lobby_id(row.id, "join"), t("lobby.join", loc), "success"),
                   m.Button(m.lobby_id(row.id, "leave"), t("lobby.leave", loc)),
                   m.Button(m.lobby_id(row.id, "ai"), t("lobby.ai", loc)))
        if any(s.is_ai for s in row.seats):
            buttons += (m.Button(m.lobby_id(row.id, "unai"), t("lobby.remove_ai", loc)),)
        buttons += (m.Button(m.lobby_id(row.id, "start"), t("lobby.start", loc), "primary"),)
        levels = tuple(m.Button(m.lobby_id(row.id, f"ai_{level}"), t(f"lobby.ai_{level}", loc))
                       for level in ("normal", "hard"))  # "ai" itself adds an easy seat
        return m.OutMessage("\n".join(lines), rows=[buttons, levels])
    lines.append(t("lobby.started", loc) if row.status != "abandoned" else t("board.abandoned", loc))
    return m.OutMessage("\n".join(lines))


def turn_text(game: Game, row: GameRow, loc: str) -> str | None:
    """The game's own round and turn (``Game.turn_label``), or None."""
    label = game.turn_label(row.state) if row.state is not None and row.status == "active" else None
    if label is None:
        return None
    key, params = label
    return first([f"{game.id}.turn.{key}", f"turn.{key}"], loc,
                 **format_params(game, params, loc, seat_names(row)))


def board_header(game: Game, row: GameRow, loc: str) -> str:
    title, turn = game_title(row.type, loc), turn_text(game, row, loc)
    return t("board.header", loc, game=title, id=row.id, turn=turn) if turn \
        else t("board.header_plain", loc, game=title, id=row.id)


def board_message(game: Game, row: GameRow, events: list[Event], *,
                  chosen: set[int] | frozenset = frozenset(),
                  pings: set[int] | None = None) -> m.OutMessage:
    """The public board text: header, what happened, who must act, or the end.

    Whoever must act is named; only the users in ``pings`` are pinged (the others get
    their panel by DM).  Secret choosers are listed with who has ``chosen`` already;
    an anonymous reaction reads "waiting for possible reactions" and names nobody.
    """
    loc, names = row.locale, seat_names(row)
    lines = [board_header(game, row, loc)]
    result = game.result(row.state) if row.state is not None else None
    final = game.final_events if result is not None else frozenset()
    public = [f"• {event_text(game, e, loc, names)}" for e in events
              if e.visible_to is None and e.kind not in final]
    lines += fit_lines(public, EVENT_BUDGET)
    mentions: list[int] = []
    if result is not None:
        said = result_lines(game, result, loc, names)
        lines.append(f"{t('board.finished', loc)} {said[0]}")
        lines += said[1:]
    elif row.status == "abandoned":
        lines.append(t("board.abandoned", loc))
    else:
        pending = game.pending(row.state)
        for d in (d for d in pending if not d.secret and not d.anonymous):
            lines.append(t("board.your_move", loc, mention=mention(row, d.seat),
                           question=question(game, d, loc, names)))
            mentions += user_ids(row, [d.seat])
        hidden = sorted({d.seat for d in pending if d.secret and not d.anonymous})
        done = sorted(set(chosen) - set(hidden) - {d.seat for d in pending})
        if hidden and done:
            lines.append(t("board.chosen", loc, names=", ".join(names[s] for s in done)))
        if hidden:
            lines.append(t("board.waiting_secret", loc,
                           names=", ".join(mention(row, s) for s in hidden)))
            mentions += user_ids(row, hidden)
        if any(d.anonymous for d in pending):
            lines.append(t("board.reactions", loc))
    rows = [] if result is not None or row.status != "active" else \
        [(m.Button(m.panel_id(row.id), first([f"{row.type}.board.my_panel", "board.my_panel"], loc),
                   "primary"),)]
    return m.OutMessage("\n".join(lines), rows=rows,
                        mentions=[u for u in mentions if u in (pings or ())])


def view_for(game: Game, row: GameRow, seat: int | None) -> dict:
    """The engine's view for ``seat``, plus the public player names for pictures and
    (for a seat) the ids of its own legal options.  The view is built once per state in
    a click (``scoped_view``: the undo check has usually built it already); it is shared,
    so the keys are added to a copy."""
    view = dict(scoped_view(game, row.state, seat))
    view["seat_names"] = seat_names(row)
    if seat is not None:  # the seat's own legal options, e.g. to highlight spaces
        decision = game.decision_for(row.state, seat) if row.status == "active" else None
        view["my_options"] = [o.id for o in decision.options] if decision else []
    return view
