"""The one Discord that several bot processes (shards) talk to, for the PostgreSQL race
test: each process has its own :class:`ShardDiscord` (a ``FakeDiscord`` with a
``Journal`` on disk and message ids of its own range); a message another process
made (the board it posted, the panel it sent by DM) is found in that process's journal
when this one edits it, as Discord would find it.  :func:`effect_sends` reads every
journal back: which process sent each effect (nonce) -- an effect sent by two
processes was delivered twice."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

from bot.offline import FakeDiscord, Journal, Sent, effect_nonce

ID_BASE = 950_000_000_000_000_000
ID_STRIDE = 10**12        # each process's message ids: far from every other's
SUFFIX = ".jsonl"


class ShardDiscord(FakeDiscord):
    """Discord as seen by process ``name`` (its journal: ``folder/name.jsonl``)."""

    def __init__(self, folder: str | Path, name: str, index: int) -> None:
        self.folder = Path(folder)
        super().__init__(self.folder / f"{name}{SUFFIX}")
        self._ids = itertools.count(ID_BASE + index * ID_STRIDE)

    def find(self, message_id: int) -> Sent | None:
        """The message as it stands, made by this process or another one."""
        if message_id not in self.messages:
            self._learn_peers()
        return self.messages.get(message_id)

    def _learn_peers(self) -> None:
        """Every message the other processes made (as their journals have them)."""
        for path in sorted(self.folder.glob("*" + SUFFIX)):
            if path == self.journal.path:
                continue
            peer = FakeDiscord()
            Journal(path, peer)._file.close()   # read only (a line being written is skipped)
            for message_id, sent in peer.messages.items():
                self.messages.setdefault(message_id, sent)

    def _edit(self, channel_id: int, message_id: int, body: dict, token: str | None = None,
              files=None) -> dict:
        self.find(message_id)
        return super()._edit(channel_id, message_id, body, token, files)


def effect_sends(folder: str | Path) -> dict[str, list[tuple[str, int]]]:
    """Effect nonce -> (process (journal name), message id) of each post or DM sent with it."""
    out: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(Path(folder).glob("*" + SUFFIX)):
        for line in path.read_text().splitlines():
            item = json.loads(line)
            if item["kind"] in ("post", "dm") and effect_nonce(item["payload"]):
                out.setdefault(item["payload"]["nonce"], []).append((path.stem, item["message"]))
    return out
