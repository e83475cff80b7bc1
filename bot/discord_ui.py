"""The Discord layer shared by the notifier and the cogs: OutMessage -> discord.py
keyword arguments, and the routing table of custom ids.

Components are sent wrapped in the ``DynamicItem`` class whose template matches their
custom id, so a click always reaches its routed callback (a plain item in a persistent
view would swallow it).  The cogs register their classes here with :func:`route`; this
module imports neither the cogs nor the notifier, so there is no import circle.
"""
from __future__ import annotations

import io
from typing import Any

import discord

from bot import messages as m

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

ROUTES: list[type] = []  # DynamicItem classes, in registration order


def route(cls: type) -> type:
    """Class decorator: clicks on custom ids matching ``cls``'s template go to ``cls``."""
    if cls not in ROUTES:
        ROUTES.append(cls)
    return cls


def dynamic_item(item: discord.ui.Item) -> discord.ui.Item:
    """Wrap a button/select in the routed DynamicItem whose template matches its custom id."""
    for cls in ROUTES:
        match = cls.__discord_ui_compiled_template__.fullmatch(item.custom_id or "")
        if match:
            return cls(item, match)
    return item


def component(spec: m.Button | m.Select, row: int) -> discord.ui.Item:
    """The discord.py item for one component, wrapped in its DynamicItem when it has one."""
    if isinstance(spec, m.Select):
        item: discord.ui.Item = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, row=row,
            options=[discord.SelectOption(label=o.label, value=o.value,
                                          description=o.description or None)
                     for o in spec.options])
    else:
        item = discord.ui.Button(custom_id=spec.custom_id, label=spec.label, row=row,
                                 style=STYLES.get(spec.style, discord.ButtonStyle.secondary),
                                 disabled=spec.disabled)
    return dynamic_item(item)


def build_view(msg: m.OutMessage) -> discord.ui.View | None:
    """A persistent View (timeout None) of the message's component rows, or None."""
    if not msg.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(msg.rows):
        for spec in row:
            view.add_item(component(spec, row_index))
    return view


def allowed_mentions(msg: m.OutMessage) -> discord.AllowedMentions:
    """Ping only the users the message names on purpose; never everyone or roles."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in msg.mentions])


def files_of(msg: m.OutMessage) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in msg.files]


def send_kwargs(msg: m.OutMessage) -> dict[str, Any]:
    """Keyword arguments for ``Messageable.send`` / ``followup.send`` for ``msg``."""
    kwargs: dict[str, Any] = {"content": msg.text, "allowed_mentions": allowed_mentions(msg)}
    files = files_of(msg)
    if files:
        kwargs["files"] = files
    view = build_view(msg)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def edit_kwargs(msg: m.OutMessage, *, attachments: bool = False) -> dict[str, Any]:
    """Keyword arguments to replace a message's text and components; with
    ``attachments`` its pictures are replaced too (a panel edited in place)."""
    kwargs: dict[str, Any] = {"content": msg.text, "allowed_mentions": allowed_mentions(msg),
                              "view": build_view(msg)}
    if attachments:
        kwargs["attachments"] = files_of(msg)
    return kwargs
