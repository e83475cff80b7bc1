"""A notifier that writes what the bot would post into a Markdown transcript and PNG files.

Used by ``python -m bot simulate``: channel posts and every seat's private messages,
labelled, exactly as the Discord notifier would deliver them.
"""
from __future__ import annotations

from pathlib import Path

from bot import messages as m


class TranscriptNotifier:
    """Implements the table service's Notifier protocol on files in ``out_dir``."""

    def __init__(self, out_dir: Path, user_names: dict[int, str], *, images: bool = True) -> None:
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.path = self.out_dir / "transcript.md"
        self.user_names = user_names
        self.images = images
        self._next_id = self._resume_id()

    def _resume_id(self) -> int:
        if not self.path.exists():
            self.path.write_text("# Castellan transcript\n", encoding="utf-8")
            return 1
        return self.path.read_text(encoding="utf-8").count("\n## ") + 1

    def _write(self, heading: str, msg: m.OutMessage) -> int:
        mid = self._next_id
        self._next_id += 1
        parts = [f"\n## {heading} · message {mid}\n", msg.text, ""]
        if msg.mentions:  # who this message notifies (a mention alone does not)
            names = ", ".join(str(self.user_names.get(u, u)) for u in msg.mentions)
            parts.append(f"(pings: {names})")
        if self.images:
            for name, data in msg.files:
                (self.out_dir / name).write_bytes(data)
                parts.append(f"![{name}]({name})")
        for row in msg.rows:
            labels = []
            for item in row:
                if isinstance(item, m.Select):
                    labels.append(f"[select: {', '.join(o.label for o in item.options)}]")
                else:
                    labels.append(f"[{item.label}]")
            parts.append("  ".join(labels))
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write("\n".join(parts) + "\n")
        return mid

    async def post(self, channel_id: int, msg: m.OutMessage) -> int | None:
        return self._write("Channel", msg)

    async def dm(self, user_id: int, msg: m.OutMessage) -> m.Sent:
        mid = self._write(f"Private to {self.user_names.get(user_id, user_id)}", msg)
        return m.Sent(-user_id, mid)

    async def edit(self, channel_id: int, message_id: int, msg: m.OutMessage) -> bool:
        """An edit in place is written as such (it is not a new post)."""
        self._write(f"Edit of message {message_id}", msg)
        return True

    async def disable(self, channel_id: int, message_id: int) -> None:
        return None

    def ephemeral(self, user_id: int, msg: m.OutMessage) -> None:
        """An ephemeral reply (only the clicking user sees it)."""
        self._write(f"Ephemeral to {self.user_names.get(user_id, user_id)}", msg)
