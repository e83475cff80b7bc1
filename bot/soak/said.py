"""What the bot said, by effect: the deliverer's messages keyed by their nonce, with their
final text and buttons, and the comparison of a run with its reference run."""
from __future__ import annotations

import re

from bot.offline import FakeDiscord, effect_nonce
from bot.soak.figures import Figure

__all__ = ["COUNTS", "compare", "said"]

ID = re.compile(r"\d{15,}")     # message and channel ids differ between runs
COUNTS = ("missing", "doubled", "changed")


def said(fake: FakeDiscord) -> dict[str, list[tuple]]:
    """nonce -> [(kind, recipient, final text, final components)] of the deliverer's
    posts and DMs (each message once, however often it was edited)."""
    out: dict[str, list[tuple]] = {}
    for sent in fake.messages.values():
        if sent.kind not in ("post", "dm") or not effect_nonce(sent.payload):
            continue
        parts = tuple(ID.sub("#", c) for c in sent.custom_ids())
        out.setdefault(sent.payload["nonce"], []).append(
            (sent.kind, sent.user_id, ID.sub("#", sent.content), parts))
    return out


def compare(fig: Figure, reference: dict[str, list[tuple]], got: dict[str, list[tuple]],
            prefix: str = "") -> int:
    """Count in ``fig`` (as ``prefix`` + one of :data:`COUNTS`) each reference message
    missing, doubled or changed in ``got``; returns how many messages ``got`` has that
    the reference has not."""
    for nonce, want in reference.items():
        have = got.get(nonce, [])
        if not have:
            fig.fail(prefix + "missing", f"{want[0][:2]} {want[0][2][:80]!r}")
        elif len(have) > 1:
            fig.fail(prefix + "doubled", f"{nonce} x{len(have)}: {have[0][2][:60]!r}")
        elif have != want:
            fig.fail(prefix + "changed", f"{want[0][2][:60]!r} -> {have[0][2][:60]!r}")
    return len(set(got) - set(reference))
