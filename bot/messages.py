"""What the bot says, independent of Discord: outgoing messages and their components.

The table service builds these from engine events and views; a notifier delivers them
(Discord in production, a transcript in `simulate`).  Custom ids (<= 100 chars):

- ``c1:<game>:<seq>:<option_id>``  answer the clicker's open decision at ``seq``
- ``s1:<game>:<seq>:<n>``          a select whose values are option ids (n = select index)
- ``p1:<game>``                    open the clicker's private panel (ephemeral)
- ``l1:<game>:<verb>``             lobby buttons: join | leave | ai | start
"""
from __future__ import annotations

from dataclasses import dataclass, field

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_CUSTOM_ID = 100
MAX_BUTTONS = 10  # more options read better as a select (a long wall of buttons on mobile)


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    disabled: bool = False


@dataclass(frozen=True)
class SelectOption:
    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[SelectOption, ...]


Row = tuple  # a row holds up to 5 Buttons, or exactly one Select


@dataclass
class OutMessage:
    """One message: text, optional image files, component rows, who may be mentioned."""

    text: str
    files: list[tuple[str, bytes]] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    ephemeral: bool = False

    def __post_init__(self) -> None:
        if len(self.text) > MAX_CONTENT:
            self.text = self.text[: MAX_CONTENT - 1] + "…"

    def custom_ids(self) -> list[str]:
        out = []
        for row in self.rows:
            for item in row:
                out.append(item.custom_id)
        return out


@dataclass(frozen=True)
class Sent:
    """Where a private message went (ids None when unknown); always truthy."""

    channel_id: int | None
    message_id: int | None


def clip(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decision_id(game_id: int, seq: int, option_id: str) -> str:
    return f"c1:{game_id}:{seq}:{option_id}"


def select_id(game_id: int, seq: int, index: int) -> str:
    return f"s1:{game_id}:{seq}:{index}"


def panel_id(game_id: int) -> str:
    return f"p1:{game_id}"


def lobby_id(game_id: int, verb: str) -> str:
    return f"l1:{game_id}:{verb}"


def option_rows(game_id: int, seq: int, labelled: list[tuple[str, str]],
                extra: list[Button] = (), max_rows: int = MAX_ROWS) -> list[Row]:
    """Lay out a decision's options as components within Discord's limits.

    ``labelled`` is ``[(option_id, label)]``.  Up to ``MAX_BUTTONS`` options become
    buttons (rows of 5, leaving a row for ``extra`` buttons); more become selects of 25
    each.  Options
    whose custom id would exceed 100 characters always go into a select.
    """
    rows: list[Row] = []
    fits = all(len(decision_id(game_id, seq, oid)) <= MAX_CUSTOM_ID for oid, _ in labelled)
    budget = max_rows - (1 if extra else 0)
    if fits and len(labelled) <= min(MAX_PER_ROW * budget, MAX_BUTTONS):
        for i in range(0, len(labelled), MAX_PER_ROW):
            chunk = labelled[i:i + MAX_PER_ROW]
            rows.append(tuple(Button(decision_id(game_id, seq, oid), clip(label, MAX_LABEL))
                              for oid, label in chunk))
    else:
        chunks = [labelled[i:i + MAX_SELECT_OPTIONS]
                  for i in range(0, len(labelled), MAX_SELECT_OPTIONS)][:budget]
        for n, chunk in enumerate(chunks):
            first, last = n * MAX_SELECT_OPTIONS + 1, n * MAX_SELECT_OPTIONS + len(chunk)
            rows.append((Select(select_id(game_id, seq, n), f"{first}–{last}",
                                tuple(SelectOption(oid[:MAX_OPTION_TEXT], clip(label, MAX_OPTION_TEXT))
                                      for oid, label in chunk)),))
    if extra:
        rows.append(tuple(extra)[:MAX_PER_ROW])
    return rows
