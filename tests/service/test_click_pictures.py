"""A click's critical path: every picture it shows starts at once, and the clicker's
panel can be handed over before the board and the DMs go out (real SQLite, real
renderer drawing on a thread)."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot import messages as m
from bot.access import Caller
from bot.render_service import Renderer
from bot.table import TableService
from engine import registry
from storage import SeatRow, open_database
from tests.service.test_table import Outbox, at, lobby_of
from tests.toy_game import GAME as TOY

registry.register(TOY)
QUIET_S = 0.5     # a held drawing goes on once no picture was asked for this long


class HeldRenderer(Renderer):
    """The real renderer, each drawing held until no new picture has been asked for
    ``QUIET_S``: pictures a click asks for one after another (the next only once the
    last was drawn) are never in flight together, pictures asked at once all are."""

    def __init__(self) -> None:
        super().__init__(processes=False)
        self.asked = self.in_flight = self.peak = 0
        self._last_ask = 0.0

    def reset(self) -> None:
        self.asked = self.peak = 0

    async def _draw(self, *args):
        loop = asyncio.get_running_loop()
        self.asked += 1
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        self._last_ask = loop.time()
        try:
            while loop.time() - self._last_ask < QUIET_S:
                await asyncio.sleep(0.02)
            return await super()._draw(*args)
        finally:
            self.in_flight -= 1


async def test_a_click_asks_for_all_its_pictures_at_once(tmp_path):
    db = await open_database(tmp_path / "p.sqlite")
    out = Outbox()
    renderer = HeldRenderer()
    svc = TableService(db, out, renderer=renderer)
    try:
        game = registry.get("schutz_burg")
        row = await svc.create_lobby(game.id, guild_id=7, channel_id=500, host_id=1,
                                     host_name="A")
        await svc.db.set_seats(row.id, [SeatRow(0, 1, False, "A"), SeatRow(1, 2, False, "B")])
        row = await svc.start(row.id, None, seed=3)
        rnd, widest = random.Random(3), 0
        for _ in range(12):
            decision = rnd.choice(game.pending(row.state))
            user = next(s.user_id for s in row.seats if s.seat == decision.seat)
            renderer.reset()
            posts, dms = len(out.posts), len(out.dms)
            row = (await svc.act(row.id, at(user), rnd.choice(decision.options).id,
                                 row.seq)).row
            drawn = [msg for msg in out.posts[posts:] + [d for _, d in out.dms[dms:]]
                     if msg.files]
            assert renderer.peak == renderer.asked, "each picture waited for another"
            assert renderer.asked == 1 + len(drawn)       # the clicker's panel and the rest
            widest = max(widest, renderer.asked)
            if widest >= 3:
                break
        assert widest >= 3, "a click with a board and a DM panel was played"
    finally:
        await db.close()


@pytest.fixture
async def service(tmp_path):
    db = await open_database(tmp_path / "t.sqlite")
    out = Outbox()
    svc = TableService(db, out)
    svc.renderer.enabled = False
    yield svc, out
    await db.close()


async def test_the_panel_is_handed_over_before_the_board_and_the_dms(service):
    svc, out = service
    row = await svc.start((await lobby_of(svc)).id, at(1), seed=5)
    seen: list[tuple[m.OutMessage, int, int]] = []

    async def answer(outcome):
        seen.append((outcome.panel, len(out.posts), len(out.dms)))

    for _ in range(6):                      # the secret bids, then a new round's board
        decision = TOY.pending(row.state)[0]
        user = next(s.user_id for s in row.seats if s.seat == decision.seat)
        posts, dms = len(out.posts), len(out.dms)
        outcome = await svc.act(row.id, at(user), decision.options[-1].id, row.seq,
                                on_panel=answer)
        assert seen[-1] == (outcome.panel, posts, dms), "nothing was said before the panel"
        row = outcome.row
    assert len(out.posts) > 1 and len(out.dms) > 2, "boards and DMs followed the panels"


async def test_a_failed_answer_still_says_the_move(service):
    svc, out = service
    row = await svc.start((await lobby_of(svc, users=(1, 2))).id, at(1), seed=5)

    async def broken(outcome):
        raise ConnectionError("the interaction expired")

    while True:
        decision = TOY.pending(row.state)[0]
        user = next(s.user_id for s in row.seats if s.seat == decision.seat)
        posts = len(out.posts)
        with pytest.raises(ConnectionError):
            await svc.act(row.id, at(user), decision.options[-1].id, row.seq, on_panel=broken)
        row = await svc.db.load_game(row.id)
        assert await svc.delivery.outbox.job(row.id) is None, "the job was said and closed"
        if len(out.posts) > posts:          # a click that posts a board
            break
