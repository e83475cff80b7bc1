"""Run the real bot without Discord: interactions in as gateway payloads, everything out captured.

A real :class:`CastellanBot` on a SQLite file; interactions are built from payload dicts
and fed through ``ConnectionState.parse_interaction_create`` (so slash commands reach the
command tree and clicks reach the DynamicItems exactly as in production); interaction
replies are captured by a fake ``AsyncWebhookAdapter`` and REST calls (channel posts,
DMs, edits) by a patched ``HTTPClient.request``.  Every captured payload is checked
against Discord's limits; a violation is recorded in ``problems`` (tests fail on it).

This uses discord.py internals (pinned ``~=2.7.1``); they are confined to this module.

    async with OfflineDiscord.open("t.sqlite") as d:
        alice = User(1, "Alice", "cs")
        ex = await d.slash(alice, "game new", game="citadels")
        ex = await d.click(alice, ex.last, "l1:1:start")
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import json
import random
import re
import socket
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import discord
from discord.webhook import async_ as webhook_async

from bot.client import CastellanBot
from bot.config import Settings
from bot.delivery import TASK_NAME as DELIVERY_TASK
from bot.effects import NONCE_PREFIX
from bot.render_service import Renderer
from engine import ai, registry
from engine.core import Decision

APP_ID = 900_000_000_000_000_001
BOT_USER_ID = 900_000_000_000_000_002
GUILD_ID = 910_000_000_000_000_001
CHANNEL_ID = 920_000_000_000_000_001
DM_CHANNEL_BASE = 930_000_000_000_000_000
EPHEMERAL = 1 << 6
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 31)  # view, send, use app commands
MIB = 1024 * 1024
RESPONSE_DEADLINE = 3.0   # seconds Discord waits for the first interaction response
NONCE_WINDOW_S = 300.0    # how long Discord remembers an enforced nonce ("a few minutes")


@dataclass(frozen=True)
class User:
    """A simulated Discord user and the language of their client."""

    id: int
    name: str
    locale: str = "en-US"
    permissions: int = MEMBER_PERMISSIONS

    def payload(self) -> dict:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None}


@dataclass
class Sent:
    """One message-like thing the bot sent: a post, DM, reply, followup or edit."""

    kind: str                      # post | dm | response | followup | edit
    channel_id: int | None
    message_id: int | None
    payload: dict
    files: list[tuple[str, bytes]] = field(default_factory=list)
    user_id: int | None = None     # DM recipient, or the user who interacted
    token: str | None = None       # the interaction it answers
    dm: bool = False               # in a DM channel (clicks on it come from the DM)

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool((self.payload.get("flags") or 0) & EPHEMERAL)

    @property
    def components(self) -> list[dict]:
        """Buttons and selects, flattened: ``{"custom_id", "label" | "options", "type"}``."""
        return [c for row in self.payload.get("components") or [] for c in row.get("components", [])]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components if "custom_id" in c]

    def offered(self) -> dict[str, str]:
        """Option id -> label of every decision option offered (buttons, then select values
        in component order)."""
        out = {}
        for c in self.components:
            cid = c.get("custom_id", "")
            if cid.startswith("c1:"):
                out[cid.split(":", 3)[3]] = c["label"]
            elif cid.startswith("s1:"):
                out.update((o["value"], o["label"]) for o in c["options"])
        return out

    def message_payload(self) -> dict:
        """This message as Discord would include it in a component interaction."""
        return {
            "id": str(self.message_id), "channel_id": str(self.channel_id or CHANNEL_ID),
            "author": {"id": str(BOT_USER_ID), "username": "castellan", "discriminator": "0",
                       "avatar": None, "bot": True},
            "content": self.content, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0,
            "flags": self.payload.get("flags") or 0,
            "components": self.payload.get("components") or [],
        }


@dataclass
class Exchange:
    """Everything one interaction produced: its replies (and the autocomplete choices)."""

    token: str
    user_id: int
    channel_id: int
    dm: bool = False
    clicked: int | None = None     # the message whose component was used
    original: int | None = None    # the message the interaction response created or updates
    started: float = field(default_factory=time.monotonic)
    replies: list[Sent] = field(default_factory=list)
    responses: list[dict] = field(default_factory=list)   # raw interaction callbacks
    choices: list[dict] | None = None

    @property
    def last(self) -> Sent:
        return self.replies[-1]

    @property
    def text(self) -> str:
        return "\n".join(r.content for r in self.replies)


class _FakeResponse:
    """Just enough of aiohttp's response for discord.HTTPException."""

    def __init__(self, status: int, reason: str, headers: dict | None = None) -> None:
        self.status, self.reason, self.headers = status, reason, headers or {}


def _http_error(cls: type[discord.HTTPException], status: int, reason: str, code: int,
                message: str, headers: dict | None = None) -> discord.HTTPException:
    return cls(_FakeResponse(status, reason, headers), {"code": code, "message": message})


def _body(payload: dict | None, multipart: list[dict] | None, form: list[dict] | None = None) -> dict:
    if payload is not None:
        return payload
    for part in multipart or form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return {}


def _file_bytes(files) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        fp = f.fp
        data = fp.getvalue() if isinstance(fp, io.BytesIO) else fp.read()
        out.append((f.filename, data))
    return out


def check_limits(sent: Sent) -> list[str]:
    """Discord's limits and Castellan's privacy rules for one outgoing message."""
    p, where, problems = sent.payload, f"{sent.kind} {sent.message_id}", []
    if len(sent.content) > 2000:
        problems.append(f"{where}: content {len(sent.content)} > 2000")
    rows = p.get("components") or []
    if len(rows) > 5:
        problems.append(f"{where}: {len(rows)} action rows > 5")
    seen: set[str] = set()
    for row in rows:
        items = row.get("components", [])
        selects = [c for c in items if c.get("type") == 3]
        if len(items) > 5 or (selects and len(items) != 1):
            problems.append(f"{where}: bad row of {len(items)} components")
        for c in items:
            cid = c.get("custom_id", "")
            if not 1 <= len(cid) <= 100:
                problems.append(f"{where}: custom_id length {len(cid)}")
            if cid in seen:
                problems.append(f"{where}: duplicate custom_id {cid}")
            seen.add(cid)
            if len(c.get("label") or "") > 80:
                problems.append(f"{where}: button label > 80")
            if c.get("type") == 3:
                opts = c.get("options", [])
                if not 1 <= len(opts) <= 25:
                    problems.append(f"{where}: select with {len(opts)} options")
                if len(c.get("placeholder") or "") > 150:
                    problems.append(f"{where}: placeholder > 150")
                for o in opts:
                    if any(len(o.get(k) or "") > 100 for k in ("label", "value", "description")):
                        problems.append(f"{where}: select option text > 100")
    sizes = [len(data) for _, data in sent.files]
    if any(s > 10 * MIB for s in sizes) or sum(sizes) > 25 * MIB:
        problems.append(f"{where}: attachment too large {sizes}")
    parse = (p.get("allowed_mentions") or {}).get("parse", [])
    if "everyone" in parse or "roles" in parse:
        problems.append(f"{where}: may ping {parse}")
    secret = any(cid.startswith(("c1:", "s1:")) for cid in sent.custom_ids()) or \
        any("-seat" in name for name, _ in sent.files)
    if secret and sent.kind == "post":
        problems.append(f"{where}: private decision or hand posted in a channel")
    if secret and sent.kind in ("response", "followup") and not sent.ephemeral:
        problems.append(f"{where}: private reply without the ephemeral flag")
    return problems


def check_choices(choices: list[dict]) -> list[str]:
    problems = [f"autocomplete: {len(choices)} choices > 25"] if len(choices) > 25 else []
    for c in choices:
        if not 1 <= len(c["name"]) <= 100 or len(str(c["value"])) > 100:
            problems.append(f"autocomplete: bad choice {c}")
    return problems


class FakeDiscord:
    """Discord's side: answers REST and webhook calls, remembers and checks everything."""

    def __init__(self, journal: str | Path | None = None) -> None:
        self.sent: list[Sent] = []
        self.problems: list[str] = []
        self.closed_dms: set[int] = set()
        self.dm_attempts: dict[int, int] = {}
        self.messages: dict[int, Sent] = {}
        self.exchanges: dict[str, Exchange] = {}
        self._ids = itertools.count(950_000_000_000_000_000)
        self.dm_channels: dict[int, int] = {}  # channel id -> user id
        self.threads: dict[int, dict] = {}      # thread id -> {"parent", "name", "message"}
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}  # -> (message, when)
        self.nonce_hits = 0                     # resends answered with the message made
        self.faults: Faults | None = None       # failures injected at the network edge
        self.journal = Journal(journal, self) if journal else None

    def next_id(self) -> int:
        return next(self._ids)

    def dm_channel(self, user_id: int) -> int:
        channel_id = DM_CHANNEL_BASE + user_id % 10**9
        self.dm_channels[channel_id] = user_id
        return channel_id

    def _record(self, sent: Sent) -> Sent:
        if self.journal is not None and sent.kind in ("post", "dm", "edit"):
            self.journal.write(sent)
        self.sent.append(sent)
        self.problems += check_limits(sent)
        if sent.message_id is not None and sent.kind != "edit":
            self.messages[sent.message_id] = sent
        if sent.token is not None:
            self.exchanges[sent.token].replies.append(sent)
        return sent

    # -- REST (HTTPClient.request) -----------------------------------------------------
    async def rest(self, route: discord.http.Route, *, files=None, form=None, **kwargs: Any) -> Any:
        path = route.url[len(discord.http.Route.BASE):]
        body = _body(kwargs.get("json"), None, form)
        if self.faults is not None:
            await self.faults.before(self, route.method, path, body)
        if route.method == "POST" and path == "/users/@me/channels":
            user_id = int(body["recipient_id"])
            return {"id": str(self.dm_channel(user_id)), "type": 1, "last_message_id": None,
                    "recipients": [{"id": str(user_id), "username": f"u{user_id}",
                                    "discriminator": "0", "avatar": None}]}
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            if route.method == "POST":
                return self._send(int(m[1]), body, files)
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            if route.method == "PATCH":
                return self._edit(int(m[1]), int(m[2]), body, files=files)
        if m := re.fullmatch(r"/channels/(\d+)(?:/messages/(\d+))?/threads", path):
            if route.method == "POST":       # a thread in a channel, or from a message
                return self._thread(int(m[1]), body, int(m[2]) if m[2] else None)
        self.problems.append(f"unexpected REST call {route.method} {path}")
        raise RuntimeError(f"offline Discord has no {route.method} {path}")

    def _thread(self, parent_id: int, body: dict, message_id: int | None) -> dict:
        """Start a thread (Discord: name 1-100 characters); its posts go to its own id."""
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= 100:
            self.problems.append(f"thread name of {len(name)} characters")
        thread_id = self.next_id()
        self.threads[thread_id] = {"parent": parent_id, "name": name, "message": message_id}
        return {"id": str(thread_id), "type": body.get("type", 11), "parent_id": str(parent_id),
                "name": name, "owner_id": "0", "message_count": 0, "member_count": 1,
                "thread_metadata": {"archived": False, "auto_archive_duration":
                                    body.get("auto_archive_duration", 10080),
                                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                                    "locked": False}}

    def _send(self, channel_id: int, body: dict, files) -> dict:
        user_id = self.dm_channels.get(channel_id)
        if user_id is not None:
            self.dm_attempts[user_id] = self.dm_attempts.get(user_id, 0) + 1
            if user_id in self.closed_dms:
                raise _http_error(discord.Forbidden, 403, "Forbidden", 50007,
                                  "Cannot send messages to this user")
        made = self._nonce_match(channel_id, body)
        if made is not None:
            self.nonce_hits += 1
            return _as_message(made)
        sent = self._record(Sent("dm" if user_id else "post", channel_id, self.next_id(), body,
                                 _file_bytes(files), user_id=user_id, dm=user_id is not None))
        if effect_nonce(body) and body.get("enforce_nonce"):
            self.nonces[(channel_id, str(body["nonce"]))] = (sent.message_id, time.time())
        if self.faults is not None:
            self.faults.after_send(sent)     # e.g. a timeout after Discord made the message
        return _as_message(sent)

    def _nonce_match(self, channel_id: int, body: dict) -> Sent | None:
        """Discord's ``enforce_nonce``: the same nonce from the same author in the same
        channel within a few minutes returns the message already created.  Only the
        deliverer's effect nonces are matched: discord.py gives every other message a
        random numeric nonce, which tests pin to a constant (``secrets.randbits``)."""
        if not (effect_nonce(body) and body.get("enforce_nonce")):
            return None
        made = self.nonces.get((channel_id, str(body["nonce"])))
        if made is None or time.time() - made[1] > NONCE_WINDOW_S:
            return None
        return self.messages.get(made[0])

    def _edit(self, channel_id: int, message_id: int, body: dict, token: str | None = None,
              files=None) -> dict:
        """Edit a message in place; the edit is recorded as the whole message after it
        (its text, components and pictures), so a reply that edits reads like a reply."""
        old = self.messages.get(message_id)
        if old is None:
            raise _http_error(discord.NotFound, 404, "Not Found", 10008, "Unknown Message")
        payload = {**old.payload, **body}
        pictures = _file_bytes(files) if files else ([] if "attachments" in body else old.files)
        self._record(Sent("edit", channel_id, message_id, payload, pictures, old.user_id, token,
                          old.dm))
        self.messages[message_id] = Sent(old.kind, old.channel_id, message_id, payload, pictures,
                                         old.user_id, old.token, old.dm)
        return _as_message(self.messages[message_id])

    # -- interaction webhooks (AsyncWebhookAdapter.request) -----------------------------
    async def webhook(self, route, *, payload=None, multipart=None, files=None, **kwargs: Any) -> Any:
        path = route.url[len(discord.http.Route.BASE):]
        body = _body(payload, multipart)
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(int(m[1]), m[2], body, files)
        if m := re.fullmatch(rf"/webhooks/{APP_ID}/([^/]+)", path):
            sent = self._record(self._reply("followup", m[1], body, files))
            return _as_message(sent)
        if m := re.fullmatch(rf"/webhooks/{APP_ID}/([^/]+)/messages/([^/]+)", path):
            token, which = m[1], m[2]
            target = self._original(token) if which == "@original" else self.messages.get(int(which))
            if route.method == "GET" and target is not None:
                return _as_message(target)
            if route.method == "PATCH" and target is not None:
                return self._edit(target.channel_id or CHANNEL_ID, target.message_id, body, token,
                                  files)
        self.problems.append(f"unexpected webhook call {route.method} {path}")
        raise RuntimeError(f"offline Discord has no webhook {route.method} {path}")

    def _reply(self, kind: str, token: str, body: dict, files) -> Sent:
        ex = self.exchanges[token]
        return Sent(kind, ex.channel_id, self.next_id(), body, _file_bytes(files), ex.user_id,
                    token, ex.dm)

    def _original(self, token: str) -> Sent | None:
        origin = self.exchanges[token].original
        return self.messages.get(origin) if origin else None

    def _callback(self, interaction_id: int, token: str, body: dict, files) -> dict:
        ex = self.exchanges[token]
        kind, data = body.get("type"), body.get("data") or {}
        if ex.responses:
            self.problems.append(f"interaction {interaction_id} acknowledged twice (40060)")
        if time.monotonic() - ex.started > RESPONSE_DEADLINE:
            self.problems.append(f"interaction {interaction_id} answered after 3 s (10062)")
        ex.responses.append(body)
        message_id = None
        if kind == 8:
            ex.choices = data.get("choices", [])
            self.problems += check_choices(ex.choices)
        elif kind in (4, 7):
            message_id = self._record(self._reply("response", token, data, files)).message_id
        elif kind == 6:
            message_id = ex.clicked
        ex.original = message_id
        return {"interaction": {"id": str(interaction_id), "type": 2,
                                "response_message_id": str(message_id) if message_id else None,
                                "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL)},
                "resource": None}

    def begin(self, payload: dict, user_id: int, clicked: int | None) -> Exchange:
        token = payload["token"]
        ex = Exchange(token, user_id, int(payload["channel_id"]), "guild_id" not in payload, clicked)
        self.exchanges[token] = ex
        return ex


class Journal:
    """The fake Discord's memory on disk, so it survives a ``kill -9`` of the bot process
    (the kill probe): every post, DM and edit is appended as one JSON line (flushed
    before the bot hears back), and a new FakeDiscord on the same file knows those
    messages, their nonces and the next free id."""

    def __init__(self, path: str | Path, fake: "FakeDiscord") -> None:
        self.path = Path(path)
        last = None
        if self.path.exists():
            for line in self.path.read_text().splitlines():
                try:
                    item = json.loads(line)
                except ValueError:      # a line cut by the kill: never acknowledged
                    continue
                sent = Sent(item["kind"], item["channel"], item["message"], item["payload"],
                            user_id=item["user"], dm=item["dm"])
                if sent.kind != "edit":
                    fake.messages[sent.message_id] = sent
                    if effect_nonce(sent.payload) and sent.payload.get("enforce_nonce"):
                        fake.nonces[(sent.channel_id, str(sent.payload["nonce"]))] = \
                            (sent.message_id, item["at"])
                else:
                    old = fake.messages.get(sent.message_id)
                    if old is not None:
                        fake.messages[sent.message_id] = Sent(old.kind, old.channel_id,
                                                              old.message_id, sent.payload,
                                                              user_id=old.user_id, dm=old.dm)
                last = max(last or 0, sent.message_id)
        if last is not None:
            fake._ids = itertools.count(last + 1)
        self._file = self.path.open("a")

    def write(self, sent: Sent) -> None:
        self._file.write(json.dumps({"kind": sent.kind, "channel": sent.channel_id,
                                     "message": sent.message_id, "user": sent.user_id,
                                     "dm": sent.dm, "payload": sent.payload,
                                     "at": time.time()}) + "\n")
        self._file.flush()


class Faults:
    """Discord failing at the network edge, for the ``discord`` soak probe and tests.

    ``rate``: the chance that a REST call (post, DM, edit, opening a DM) fails, with one
    of ``kinds``: ``429`` (with ``retry_after``), ``500``/``502``/``503``, ``timeout``
    (before the request reached Discord), ``lost`` (Discord made the message, the answer
    was lost: only the nonce saves us from a double), ``50013`` (missing permissions),
    ``50007`` (a DM refused: the user closed their DMs), ``10008`` (an edited message
    was deleted by a moderator: it stays gone).  :meth:`clear` ends the outage.

    discord.py's own 429/5xx retry loop lives in ``HTTPClient.request``, which the
    harness replaces; these failures are what reaches the bot once that loop gave up.
    """

    TRANSIENT = ("429", "500", "502", "503", "timeout", "lost", "50013")

    def __init__(self, rate: float, kinds: tuple[str, ...] = TRANSIENT, seed: int = 1,
                 retry_after: float = 0.01) -> None:
        self.rate = rate
        self.kinds = kinds
        self.rnd = random.Random(seed)
        self.retry_after = retry_after
        self.injected: dict[str, int] = {}
        self.deleted: set[int] = set()
        self._lose_next = False

    def clear(self) -> None:
        self.rate = 0.0

    def _count(self, kind: str) -> None:
        self.injected[kind] = self.injected.get(kind, 0) + 1

    async def before(self, fake: "FakeDiscord", method: str, path: str, body: dict) -> None:
        self._lose_next = False
        edit = re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path)
        if edit and method == "PATCH" and int(edit[2]) in self.deleted:
            raise _http_error(discord.NotFound, 404, "Not Found", 10008, "Unknown Message")
        if not self.rate or self.rnd.random() >= self.rate:
            return
        kind = self.rnd.choice(self.kinds)
        send = method == "POST" and path.endswith("/messages")
        dm = send and int(path.split("/")[2]) in fake.dm_channels
        opening_dm = method == "POST" and path == "/users/@me/channels"
        if kind == "50007" and not dm or kind == "10008" and not edit or \
                kind == "lost" and not send or kind == "50013" and (dm or opening_dm):
            return                          # (a DM is never refused for permissions)
        self._count(kind)
        if kind == "429":
            raise _http_error(discord.HTTPException, 429, "Too Many Requests", 0,
                              "You are being rate limited.", {"Retry-After": str(self.retry_after)})
        if kind in ("500", "502", "503"):
            raise _http_error(discord.DiscordServerError, int(kind), "Server Error", 0, "")
        if kind == "timeout":
            raise asyncio.TimeoutError()
        if kind == "lost":
            self._lose_next = True
        elif kind == "50013":
            raise _http_error(discord.Forbidden, 403, "Forbidden", 50013, "Missing Permissions")
        elif kind == "50007":
            raise _http_error(discord.Forbidden, 403, "Forbidden", 50007,
                              "Cannot send messages to this user")
        elif kind == "10008":
            self.deleted.add(int(edit[2]))
            raise _http_error(discord.NotFound, 404, "Not Found", 10008, "Unknown Message")

    def after_send(self, sent: Sent) -> None:
        if self._lose_next:
            self._lose_next = False
            raise asyncio.TimeoutError()


class _Adapter(webhook_async.AsyncWebhookAdapter):
    """Interaction responses and followups go to the FakeDiscord instead of the network."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__()
        self.fake = fake

    async def request(self, route, session, **kwargs: Any) -> Any:  # type: ignore[override]
        return await self.fake.webhook(route, **kwargs)


@contextlib.contextmanager
def block_sockets() -> Iterator[None]:
    """Fail loudly if anything tries to reach the network."""
    def refuse(*args: Any, **kwargs: Any):
        raise RuntimeError("network access is blocked in the offline harness")

    saved = socket.socket.connect, socket.socket.connect_ex, socket.create_connection
    socket.socket.connect = socket.socket.connect_ex = refuse  # type: ignore[assignment]
    socket.create_connection = refuse  # type: ignore[assignment]
    try:
        yield
    finally:
        socket.socket.connect, socket.socket.connect_ex, socket.create_connection = saved


class OfflineDiscord:
    """A CastellanBot wired to a FakeDiscord; drive it with :meth:`slash` and :meth:`click`."""

    def __init__(self, bot: CastellanBot, fake: FakeDiscord) -> None:
        self.bot = bot
        self.fake = fake
        self._ids = itertools.count(1)
        self._token_reset = None

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, db_path: str, *, images: bool = True, fake: FakeDiscord | None = None):
        """A running offline bot on ``db_path`` (closed, with its database, on exit)."""
        offline = await cls.start(db_path, images=images, fake=fake)
        try:
            yield offline
        finally:
            await offline.close()

    @classmethod
    async def start(cls, db_path: str, *, images: bool = True,
                    fake: FakeDiscord | None = None) -> "OfflineDiscord":
        settings = Settings(token=None, database_path=str(db_path), dev_guild_id=None,
                            default_locale="en", log_level="WARNING")
        bot = CastellanBot(settings, renderer=Renderer(enabled=images))
        fake = fake or FakeDiscord()
        await bot._async_setup_hook()
        bot.http.request = fake.rest  # type: ignore[method-assign]
        state = bot._connection
        state.user = discord.ClientUser(state=state, data={
            "id": str(BOT_USER_ID), "username": "castellan", "discriminator": "0",
            "avatar": None, "bot": True})
        state.application_id = APP_ID
        await bot.setup_hook()
        offline = cls(bot, fake)
        offline._token_reset = webhook_async.async_context.set(_Adapter(fake))
        return offline

    async def close(self) -> None:
        await self.settle()
        for task in asyncio.all_tasks():
            if _is_view_timer(task):
                task.cancel()
        await self.bot.close()

    @property
    def table(self):
        return self.bot.table

    @property
    def problems(self) -> list[str]:
        return self.fake.problems

    # -- feeding interactions ----------------------------------------------------------
    def _base(self, user: User, itype: int, data: dict, *, channel_id: int | None, dm: bool,
              guild_id: int | None = None) -> dict:
        """An interaction payload from ``user``: in the test server's channel (or
        ``channel_id``; ``guild_id``: another server), or in the user's DM."""
        n = next(self._ids)
        payload: dict[str, Any] = {
            "id": str(960_000_000_000_000_000 + n), "application_id": str(APP_ID),
            "type": itype, "token": f"token-{n}-{user.id}", "version": 1, "data": data,
            "locale": user.locale, "app_permissions": str(MEMBER_PERMISSIONS),
            "attachment_size_limit": 10 * MIB, "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 1 if dm else 0,
        }
        if dm:
            channel = self.fake.dm_channel(user.id)
            payload["channel_id"] = str(channel)
            payload["channel"] = {"id": str(channel), "type": 1, "recipients": [user.payload()]}
            payload["user"] = user.payload()
        else:
            channel, guild = channel_id or CHANNEL_ID, guild_id or GUILD_ID
            payload.update(guild_id=str(guild), guild_locale="en-US", channel_id=str(channel))
            payload["channel"] = {"id": str(channel), "type": 0, "guild_id": str(guild),
                                  "name": "castellan", "position": 0, "permission_overwrites": [],
                                  "nsfw": False, "parent_id": None}
            payload["member"] = {"user": user.payload(), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                                 "deaf": False, "mute": False, "flags": 0,
                                 "permissions": str(user.permissions)}
        return payload

    async def feed(self, user: User, payload: dict, clicked: int | None = None) -> Exchange:
        """Deliver one interaction payload and wait until the bot has fully handled it."""
        ex = self.fake.begin(payload, user.id, clicked)
        before = asyncio.all_tasks()
        self.bot._connection.parse_interaction_create(payload)
        await self.settle(before)
        if not ex.responses:
            self.fake.problems.append(f"interaction {payload['id']} was never answered")
        return ex

    def _command_options(self, path: str, options: dict[str, Any], focus: str | None) -> dict:
        names = path.split()
        command = self.bot.tree.get_command(names[0])
        if command is None:
            raise KeyError(f"no command /{names[0]}")
        for name in names[1:]:
            command = command.get_command(name)
            if command is None:
                raise KeyError(f"no command /{path}")
        params = {p.display_name: p for p in command.parameters}
        leaf = []
        for name, value in options.items():
            if name not in params:
                raise KeyError(f"/{path} has no option {name!r}; it has {sorted(params)}")
            opt = {"name": name, "type": params[name].type.value, "value": value}
            if name == focus:
                opt["focused"] = True
            leaf.append(opt)
        for name in reversed(names[1:]):
            leaf = [{"name": name, "type": 1, "options": leaf}]
        return {"id": str(970_000_000_000_000_000 + len(names[0])), "name": names[0], "type": 1,
                "options": leaf}

    async def slash(self, user: User, path: str, *, dm: bool = False, channel_id: int | None = None,
                    guild_id: int | None = None, **options: Any) -> Exchange:
        """``/path option=value …`` by ``user`` in the guild channel (or the user's DM)."""
        data = self._command_options(path, options, None)
        return await self.feed(user, self._base(user, 2, data, channel_id=channel_id, dm=dm,
                                                guild_id=guild_id))

    async def autocomplete(self, user: User, path: str, focus: str, *, dm: bool = False,
                           channel_id: int | None = None, guild_id: int | None = None,
                           **options: Any) -> list[dict]:
        """The choices offered while ``user`` types option ``focus`` (its value in ``options``)."""
        options.setdefault(focus, "")
        data = self._command_options(path, options, focus)
        ex = await self.feed(user, self._base(user, 4, data, channel_id=channel_id, dm=dm,
                                              guild_id=guild_id))
        return ex.choices or []

    def click_payload(self, user: User, message: Sent, custom_id: str,
                      values: list[str] | None = None, *, channel_id: int | None = None,
                      guild_id: int | None = None, dm: bool | None = None) -> dict:
        """A click on ``message``; ``channel_id`` / ``guild_id`` / ``dm`` pretend the same
        component sits somewhere else (a forged or copied button)."""
        component = next((c for c in message.components if c.get("custom_id") == custom_id), None)
        if component is None:
            raise KeyError(f"message {message.message_id} has no component {custom_id!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == 3:
            data["values"] = list(values or [])
        payload = self._base(user, 3, data, channel_id=channel_id or message.channel_id,
                             dm=message.dm if dm is None else dm, guild_id=guild_id)
        payload["message"] = message.message_payload()
        payload["message"]["channel_id"] = payload["channel_id"]
        return payload

    async def click(self, user: User, message: Sent, custom_id: str,
                    values: list[str] | None = None, **where: Any) -> Exchange:
        """``user`` presses ``custom_id`` on ``message`` (a select: choosing ``values``);
        ``where``: see :meth:`click_payload`."""
        payload = self.click_payload(user, message, custom_id, values, **where)
        return await self.feed(user, payload, message.message_id)

    async def open_lobby(self, host: User, game: str, guests: tuple[User, ...] = (), *,
                         ai_seats: int = 0, **options: Any) -> tuple[int, Sent]:
        """``/game new`` by ``host``, then the guests join and ``ai_seats`` AI seats are
        added from the lobby; returns (game id, lobby message)."""
        lobby = (await self.slash(host, "game new", game=game, **options)).last
        game_id = int(lobby.custom_ids()[0].split(":")[1])
        for guest in guests:
            await self.click(guest, lobby, f"l1:{game_id}:join")
        for _ in range(ai_seats):
            await self.click(host, lobby, f"l1:{game_id}:ai")
        return game_id, lobby

    async def settle(self, before: set[asyncio.Task] = frozenset(), timeout: float = 30.0) -> None:
        """Wait until every task started since ``before`` has finished (view timers aside)."""
        me = asyncio.current_task()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            busy = [t for t in asyncio.all_tasks() if t is not me and t not in before
                    and not t.done() and not _is_view_timer(t)]
            if not busy:
                return
            left = deadline - loop.time()
            if left <= 0:
                self.fake.problems.append(f"dispatch did not finish: {busy}")
                return
            await asyncio.wait(busy, timeout=left)

    # -- reading what happened -----------------------------------------------------------
    def posts(self, channel_id: int = CHANNEL_ID) -> list[Sent]:
        return [s for s in self.fake.sent if s.kind == "post" and s.channel_id == channel_id]

    def dms(self, user_id: int) -> list[Sent]:
        return [s for s in self.fake.sent if s.kind == "dm" and s.user_id == user_id]


def effect_nonce(body: dict) -> bool:
    """Whether a message was sent by the deliverer under an effect's nonce."""
    return str(body.get("nonce") or "").startswith(NONCE_PREFIX)


def _as_message(sent: Sent) -> dict:
    return sent.message_payload()


def _is_view_timer(task: asyncio.Task) -> bool:
    """discord.py's 15-minute timer of an ephemeral view, or the deliverer's retry task
    (background work that is never waited for)."""
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "") \
        or task.get_name() == DELIVERY_TASK


class TablePlayer:
    """Plays one table like people do: "My hand" on the newest board, then an option button.

    The option clicked is the one the engine's AI would pick, so games end sensibly.
    Used by the click benchmark and (extended) by the Discord tests.
    """

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User],
                 rnd: random.Random | None = None) -> None:
        self.d = d
        self.game_id = game_id
        self.users = users
        self.rnd = rnd or random.Random(7)
        self.panels: dict[int, Sent] = {}   # each user's newest private panel

    async def row(self):
        return await self.d.table.db.load_game(self.game_id)

    async def next_turn(self) -> tuple[User, Decision] | None:
        """The first human who must decide now, with the decision (None: not running)."""
        row = await self.row()
        if row.status != "active":
            return None
        game = registry.get(row.type)
        humans = {s.seat: self.users[s.user_id] for s in row.seats if not s.is_ai}
        for decision in game.pending(row.state):
            if decision.seat in humans:
                return humans[decision.seat], decision
        raise AssertionError(f"no human to move at seq {row.seq}")

    async def wanted_option(self, decision: Decision) -> str:
        row = await self.row()
        return ai.choose(registry.get(row.type), row.state, decision, self.rnd).option

    def latest_board(self) -> Sent:
        boards = [p for p in self.d.posts() if f"p1:{self.game_id}" in p.custom_ids()]
        if not boards:
            raise AssertionError("no board message with a 'My hand' button")
        return self.d.fake.messages[boards[-1].message_id]

    async def open_panel(self, user: User) -> Sent:
        ex = await self.d.click(user, self.latest_board(), f"p1:{self.game_id}")
        self.panels[user.id] = ex.last
        return ex.last

    def is_current(self, panel: Sent | None, seq: int) -> bool:
        """Whether ``panel`` offers decision components for ``seq``."""
        heads = (f"c1:{self.game_id}:{seq}:", f"s1:{self.game_id}:{seq}:")
        return panel is not None and any(cid.startswith(heads) for cid in panel.custom_ids())

    def dm_panel(self, user: User, seq: int) -> Sent | None:
        """The user's newest DM if it offers the decision at ``seq``, else None."""
        dms = self.d.dms(user.id)
        return dms[-1] if dms and self.is_current(dms[-1], seq) else None

    async def panel_for(self, user: User) -> Sent:
        """The user's newest panel if it is current, else a freshly opened one."""
        panel = self.panels.get(user.id)
        if not self.is_current(panel, (await self.row()).seq):
            panel = await self.open_panel(user)
        return panel

    async def choose(self, user: User, panel: Sent, option: str) -> Exchange:
        """Click ``option`` on ``panel`` (its button, or its value in a select)."""
        for c in panel.components:
            cid = c["custom_id"]
            if cid.startswith("c1:") and cid.split(":", 3)[3] == option:
                ex = await self.d.click(user, panel, cid)
                break
            if cid.startswith("s1:") and option in [o["value"] for o in c["options"]]:
                ex = await self.d.click(user, panel, cid, values=[option])
                break
        else:
            raise AssertionError(f"option {option} is not offered: {panel.custom_ids()}")
        if ex.replies:
            self.panels[user.id] = ex.last
        return ex

    async def step(self) -> bool:
        """One human move (see :meth:`move`); False once the game is over."""
        turn = await self.next_turn()
        if turn is None:
            return False
        await self.move(*turn)
        return True

    async def move(self, user: User, decision: Decision) -> None:
        """``user`` answers ``decision`` through their panel (subclasses play otherwise)."""
        option = await self.wanted_option(decision)
        await self.choose(user, await self.panel_for(user), option)

    async def play_to_end(self, max_moves: int = 5000) -> int:
        """Step until the game is over; returns the number of human moves."""
        moves = 0
        while await self.step():
            moves += 1
            if moves >= max_moves:
                raise AssertionError("the game did not end")
        return moves


async def click_latency_ms(game_id: str = "citadels", n: int = 200, *,
                           images: bool = False) -> list[float]:
    """Milliseconds for each of ``n`` decision clicks, end to end, in ``game_id`` tables.

    Timed from the click's payload entering discord.py until every reply, post, DM and
    edit it caused was delivered (to the fake Discord).  The clicks are real moves of
    human seats playing from their private panels; new tables start as games end.
    """
    game = registry.get(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    users = tuple(User(200 + i, f"Player {i}", "cs" if i % 2 else "en-US") for i in range(seats))
    samples: list[float] = []
    with block_sockets(), tempfile.TemporaryDirectory() as tmp:
        async with OfflineDiscord.open(Path(tmp) / "bench.sqlite", images=images) as d:
            player: TablePlayer | None = None
            seed = 0
            while len(samples) < n:
                turn = await player.next_turn() if player else None
                if turn is None:
                    seed += 1
                    player = await _bench_table(d, game_id, users, seed)
                    continue
                user, decision = turn
                panel = await player.panel_for(user)
                option = await player.wanted_option(decision)
                start = time.perf_counter()
                await player.choose(user, panel, option)
                samples.append((time.perf_counter() - start) * 1000)
            if d.problems:
                raise AssertionError(f"Discord limits violated: {d.problems[:3]}")
    return samples


async def _bench_table(d: OfflineDiscord, game_id: str, users: tuple[User, ...],
                       seed: int) -> TablePlayer:
    host, *guests = users
    table_id, _lobby = await d.open_lobby(host, game_id, tuple(guests))
    await d.table.start(table_id, None, seed=seed)
    return TablePlayer(d, table_id, {u.id: u for u in users})
