"""Issue 10, the channel, through real discord.py objects offline: whole games of every
registered game with four people (Bob's DMs closed) and AI seats up to the maximum.

What Discord itself would deliver is checked: each person is notified once per decision
(a DM panel, or a channel post whose allowed mentions name them; Discord never notifies
for an edit),
every click edits the panel it came from, and nobody ever reads a stale-button error.
"""
from __future__ import annotations

import importlib.util

import discord
import pytest

from bot.i18n import t
from bot.offline import TablePlayer, _http_error
from engine import registry
from harness import ALICE, BOB, CYRIL, DANA, PLAYERS, started_table

OPTIONS = {"citadels": {"action_cards": True}}


def games():
    for game_id in registry.available():
        yield pytest.param(game_id, id=game_id)


def pinged(sent) -> set[int]:
    """Whom one delivered message notifies."""
    if sent.kind == "dm" and sent.custom_ids():
        return {sent.user_id}
    if sent.kind == "post":
        return {int(u) for u in (sent.payload.get("allowed_mentions") or {}).get("users", [])}
    return set()


@pytest.mark.parametrize("game_id", list(games()))
async def test_one_ping_per_decision_and_panels_edited_in_place(offline, fake, game_id):
    if importlib.util.find_spec(f"cogs.{game_id}") is None:
        pytest.skip(f"{game_id} has no cog yet")
    game = registry.get(game_id)
    humans = PLAYERS[:min(len(PLAYERS), game.max_seats)]
    fake.closed_dms.add(BOB.id)
    gid = await started_table(offline, game_id, ALICE, humans[1:],
                              ai_seats=game.max_seats - len(humans), **OPTIONS.get(game_id, {}))
    player = TablePlayer(offline, gid, {u.id: u for u in humans})
    assert await player.play_to_end() > 0
    assert (await player.row()).status == "finished"

    waiting: dict[int, bool] = {}
    stale = {t("error.stale", u.locale) for u in humans}
    for sent in fake.sent:
        if sent.token is not None:               # the user clicked: a new decision may come
            waiting[sent.user_id] = False
            assert sent.content not in stale
        for user in pinged(sent):
            assert not waiting.get(user), f"{user} notified twice for one decision: {sent.content}"
            waiting[user] = True
    clicks = [s for s in fake.sent if s.token is not None and s.kind == "edit"]
    assert clicks, "decision clicks edit their panel"
    assert fake.dm_attempts[BOB.id] == 1 and offline.dms(BOB.id) == []


async def test_a_board_too_old_to_edit_is_posted_anew(offline, fake):
    """Discord refuses edits of a message older than an hour after a while (30046): the
    secret picks' status is then posted anew, once per refusal, and play goes on."""
    refused = []
    real_edit = fake._edit

    def edit(channel_id, message_id, body, token=None, files=None):
        if token is None and message_id in {p.message_id for p in offline.posts()}:
            refused.append(message_id)            # every edit of a channel post
            raise _http_error(discord.HTTPException, 400, "Bad Request", 30046,
                              "Maximum number of edits to messages older than 1 hour reached")
        return real_edit(channel_id, message_id, body, token, files)

    fake._edit = edit
    gid = await started_table(offline, "schutz_burg", ALICE, (BOB, CYRIL, DANA))
    boards = len(offline.posts())
    player = TablePlayer(offline, gid, {u.id: u for u in PLAYERS})
    assert await player.step()                     # one secret pick: the status changes
    assert refused and len(offline.posts()) == boards + 1
    status = offline.posts()[-1]
    assert status.content.startswith("**") and t("board.waiting_secret", "cs", names="").split(":")[0] \
        in status.content
    assert f"p1:{gid}" in status.custom_ids(), "the new status post carries the panel button"
    assert await player.play_to_end() > 0
