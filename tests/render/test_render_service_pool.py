"""The render service draws in worker processes: real pictures, a failed render or a
dead worker costs only that picture, and a full queue posts without one at once."""
import asyncio
import os
import signal

from bot import render_service
from bot.render_service import Renderer, render_bytes, shared_pool
from engine import registry

PNG = b"\x89PNG"


def spectator_view(game_id: str = "citadels") -> dict:
    game = registry.get(game_id)
    return game.view(game.setup(4, game.parse_options({}), 3), None)


def is_image(out) -> bool:
    data, ext = out
    return len(data) > 1000 and ext in ("png", "webp", "jpg", "jpeg")


async def test_pictures_come_from_worker_processes_and_equal_the_inline_render():
    view = spectator_view()
    out = await Renderer().table("citadels", view, "en", 1, 0)
    assert out is not None and is_image(out)
    assert out == render_bytes("citadels", view, "en", "table")
    workers = shared_pool().pids()
    assert workers and os.getpid() not in workers


async def test_a_crashing_render_posts_without_its_picture_and_the_pool_goes_on():
    renderer = Renderer()
    assert await renderer.table("citadels", {"garbage": True}, "en", 2, 0) is None
    assert is_image(await renderer.table("citadels", spectator_view(), "en", 2, 1))


async def test_a_killed_worker_costs_one_picture_then_a_new_pool_draws():
    renderer = Renderer()
    view = spectator_view()
    assert await renderer.table("citadels", view, "en", 3, 0) is not None
    for pid in shared_pool().pids():
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.2)
    first = await renderer.table("citadels", view, "en", 3, 1)   # may be lost
    again = await renderer.table("citadels", view, "en", 3, 2)
    assert again is not None and is_image(again)
    assert first is None or is_image(first)


async def test_a_full_queue_answers_at_once_without_a_picture():
    renderer = Renderer(queue=2)
    views = [spectator_view() for _ in range(6)]
    results = await asyncio.gather(*(renderer.table("citadels", v, "en", 4, seq, )
                                     for seq, v in enumerate(views)))
    drawn = [r for r in results if r is not None]
    assert len(drawn) == 2 and renderer.dropped == 4
    assert all(is_image(r) for r in drawn)


async def test_threads_mode_still_renders_and_shutdown_stops_the_workers():
    view = spectator_view()
    assert is_image(await Renderer(processes=False).table("citadels", view, "cs", 5, 0))
    await Renderer().table("citadels", view, "en", 6, 0)
    workers = [w.process for w in shared_pool().workers]
    render_service.shutdown_pool()
    assert workers and all(p.poll() is not None for p in workers)
    assert is_image(await Renderer().table("citadels", view, "en", 6, 1))  # starts anew


async def test_thirty_two_players_at_once_all_get_their_pictures():
    """Every click awaits its pictures, so 32 players ask for 32 at once: that is
    a short wait for two workers, not a reason to leave pictures out (a fixed queue
    of 16 dropped half of them)."""
    renderer = Renderer()
    views = [spectator_view() for _ in range(32)]
    results = await asyncio.gather(*(renderer.table("citadels", v, "en", 7, seq)
                                     for seq, v in enumerate(views)))
    assert all(r is not None and is_image(r) for r in results)
    assert renderer.dropped == 0 and renderer.drawn == 32
    assert renderer.worker_ms > 0


async def test_a_picture_that_would_wait_too_long_is_left_out_at_once():
    renderer = Renderer(wait_ms=1.0)      # any picture ahead means waiting longer
    views = [spectator_view() for _ in range(6)]
    results = await asyncio.gather(*(renderer.table("citadels", v, "en", 8, seq)
                                     for seq, v in enumerate(views)))
    assert results[0] is not None and is_image(results[0])
    assert results[1:] == [None] * 5 and renderer.dropped == 5 and renderer.drawn == 1
    assert renderer.expected_wait_ms() == 0          # nothing in flight any more


async def test_a_picture_asked_for_while_being_drawn_is_drawn_once():
    """A caller may start a picture early (the clicker's panel beside the board) and ask
    for it again: the second ask waits for the first drawing instead of a second one."""
    renderer = Renderer()
    view = spectator_view()
    early = asyncio.ensure_future(renderer.table("citadels", view, "en", 9, 0))
    await asyncio.sleep(0)                                   # the drawing has started
    again = await renderer.table("citadels", view, "en", 9, 0)
    assert again is not None and is_image(again) and await early == again
    assert renderer.drawn == 1


async def test_the_workers_import_nothing_of_the_bot_beyond_its_gc_settings():
    await Renderer().table("citadels", spectator_view(), "en", 10, 0)
    modules = shared_pool().submit(eval, "sorted(__import__('sys').modules)").result(30)
    assert "render.output" in modules and "render.citadels" in modules
    assert [m for m in modules if m.startswith("bot")] == ["bot", "bot.gc_policy"]
    assert "asyncio" not in modules and "discord" not in modules
