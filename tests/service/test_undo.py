"""Undo: generic over the engine contract, proven on seeded random games of every game."""
from __future__ import annotations

import json
import random

import pytest

from bot.table import TableError
from bot.undo import can_undo, undo
from engine import registry
from engine.core import Action
from engine.reveal import named_ids
from tests.service.memory_helpers import at, human_table, random_move, service

GAMES = registry.available()


def _copy(state):
    return json.loads(json.dumps(state))


def _revealed(game, before, after) -> bool:
    """An independent oracle: some seat (or a spectator) now sees a named id it did not
    see at all before (a drawn card, a revealed pick)."""
    names = game.names()
    for seat in (None, *range(int(game.view(after, None)["players"]))):
        if set(named_ids(game.view(after, seat), names)) - set(named_ids(game.view(before, seat), names)):
            return True
    return False


def _told(game, before, events) -> bool:
    """A public event names something some seat did not see before."""
    names = game.names()
    said = {v for e in events if e.visible_to is None for v in e.params.values()
            if isinstance(v, str) and v in names}
    return any(said - set(named_ids(game.view(before, seat), names))
               for seat in (None, *range(int(game.view(before, None)["players"]))))


@pytest.mark.parametrize("game_id", GAMES)
def test_engine_rule_never_lets_a_draw_a_roll_or_a_reveal_be_undone(game_id):
    game = registry.get(game_id)
    seen = {True: 0, False: 0}
    for seed in range(2):
        state = game.setup(game.max_seats, game.parse_options({}), seed)
        rnd = random.Random(seed)
        for _ in range(120):
            if game.result(state) is not None:
                break
            decision = rnd.choice(game.pending(state))
            before = _copy(state)
            events = game.apply(state, decision.seat, Action(decision.kind,
                                                             rnd.choice(decision.options).id))
            ok = game.undoable(before, state, events)
            seen[ok] += 1
            if before["rng"] != state["rng"] or any(e.visible_to for e in events) \
                    or game.result(state) is not None or _revealed(game, before, state) \
                    or _told(game, before, events):
                assert not ok, (seed, decision.kind, [e.kind for e in events])
    assert seen[True] and seen[False], seen   # both kinds of moves happen in every game


@pytest.mark.parametrize("game_id", GAMES)
async def test_undo_restores_the_state_before_and_the_move_can_be_made_again(game_id, tmp_path):
    svc, out = await service(tmp_path / "u.sqlite")
    gid = await human_table(svc, game_id, seed=11, seats=max(2, registry.get(game_id).min_seats))
    rnd = random.Random(5)
    undone = closed = 0
    previous = None
    for _ in range(60):
        row = await svc.db.load_game(gid)
        if row.status != "active":
            break
        before = _copy(row.state)
        user, seat, option = await random_move(svc, gid, rnd)
        after = await svc.db.load_game(gid)
        if previous is not None and previous[1] != seat:    # another player acted
            assert not await can_undo(svc.db, after, previous[1])
            with pytest.raises(TableError):
                await undo(svc, gid, at(previous[0]))
            closed += 1
        previous = (user, seat)
        if not await can_undo(svc.db, after, seat):
            continue
        posts = len(out.posts)
        await undo(svc, gid, at(user))
        restored = await svc.db.load_game(gid)
        assert json.dumps(restored.state, sort_keys=True) == json.dumps(before, sort_keys=True)
        assert restored.seq == after.seq + 1 and len(out.posts) == posts + 1
        moves = await svc.db.moves(gid)
        assert moves[-1]["action"] == {"kind": "undo", "option": str(after.seq)}
        await svc.act(gid, at(user), option, restored.seq, panel_image=False)   # again
        again = await svc.db.load_game(gid)
        assert json.dumps(again.state, sort_keys=True) == json.dumps(after.state, sort_keys=True)
        undone += 1
    assert undone and closed, (undone, closed)
    await svc.db.close()


async def _undoable_then_other(svc, gid, rnd):
    """Play until a seat's move is undoable; returns that seat's user (or None)."""
    for _ in range(200):
        user, seat, _ = await random_move(svc, gid, rnd)
        row = await svc.db.load_game(gid)
        if await can_undo(svc.db, row, seat):
            return user, seat
    return None, None


async def test_after_another_player_acted_nothing_is_undoable(tmp_path):
    svc, _ = await service(tmp_path / "o.sqlite")
    gid = await human_table(svc, "burgundy", seed=3, seats=2)
    rnd = random.Random(2)
    for _ in range(20):
        user, seat = await _undoable_then_other(svc, gid, rnd)
        assert user is not None
        row = await svc.db.load_game(gid)
        pending = {d.seat for d in registry.get(row.type).pending(row.state)}
        if pending - {seat}:
            break
    other = next(s for s in row.seats if s.seat in pending - {seat})
    decision = registry.get(row.type).decision_for(row.state, other.seat)
    await svc.act(gid, at(other.user_id), decision.options[0].id, row.seq, panel_image=False)
    with pytest.raises(TableError) as err:
        await undo(svc, gid, at(user))
    assert err.value.key == "nothing_to_undo"
    assert not await can_undo(svc.db, await svc.db.load_game(gid), seat)
    await svc.db.close()


async def test_only_the_mover_may_undo_and_only_once_per_move(tmp_path):
    svc, out = await service(tmp_path / "m.sqlite")
    gid = await human_table(svc, "schutz_burg", seed=4, seats=2)
    user, seat = await _undoable_then_other(svc, gid, random.Random(8))
    assert user is not None
    row = await svc.db.load_game(gid)
    stranger = next(s.user_id for s in row.seats if s.user_id != user)
    with pytest.raises(TableError) as err:
        await undo(svc, gid, at(stranger))
    assert err.value.key == "nothing_to_undo"
    await undo(svc, gid, at(user))
    assert "took back" in out.posts[-1].text or "zpět" in out.posts[-1].text
    await svc.db.close()


async def test_an_ai_reply_closes_the_undo(tmp_path):
    svc, _ = await service(tmp_path / "a.sqlite")
    gid = await human_table(svc, "citadels", seed=9, seats=2, ai=1)
    rnd = random.Random(1)
    for _ in range(80):
        row = await svc.db.load_game(gid)
        if row.status != "active":
            break
        before_seq = row.seq
        user, seat, _ = await random_move(svc, gid, rnd)
        row = await svc.db.load_game(gid)
        if row.seq > before_seq + 1:             # the AI seat answered after the move
            assert not await can_undo(svc.db, row, seat)
    await svc.db.close()


async def test_an_undo_is_announced_through_the_outbox_even_when_discord_fails(tmp_path):
    """The undo move and its job (a new board) are one transaction: Discord failing
    right then loses nothing, the board comes when it is back."""
    from bot.effects import Deferred

    svc, out = await service(tmp_path / "u.sqlite")
    gid = await human_table(svc, "citadels", seed=11, seats=2)
    rnd = random.Random(5)
    for _ in range(60):
        user, seat, _ = await random_move(svc, gid, rnd)
        if await can_undo(svc.db, await svc.db.load_game(gid), seat):
            break
    else:
        pytest.fail("no move could be undone")
    posts, post = len(out.posts), out.post

    async def unavailable(channel_id, msg):
        raise Deferred("503 Service Unavailable")
    out.post = unavailable
    panel = await undo(svc, gid, at(user))                 # the player's undo is done
    assert panel.text and len(out.posts) == posts
    job = await svc.delivery.outbox.job(gid)
    assert job is not None and job.before.get("new_board") and job.attempts == 1
    out.post = post
    assert await svc.delivery.deliver_due(now=float("inf")) == 0
    assert len(out.posts) == posts + 1 and await svc.delivery.outbox.job(gid) is None
