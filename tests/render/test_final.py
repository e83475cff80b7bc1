"""The end-of-game score breakdown picture: every game's real result, read on a phone."""
import io

import pytest
from PIL import Image

from bot.final import breakdown_png
from bot.i18n import has
from engine import registry
from engine.reveal import named_ids
from phone import NAMES, Picture, shots
from render import final, kit


def _result(game_id: str, seats: int):
    state = shots(game_id, seats)[len([1 for _, s in shots(game_id, seats) if s is None]) - 1][0]
    result = registry.get(game_id).result(state)
    assert result is not None
    return result


@pytest.mark.parametrize("game_id", sorted(registry.available()))
@pytest.mark.parametrize("locale", ["cs", "en"])
def test_every_games_breakdown_reads_on_a_phone_with_real_labels(game_id, locale):
    game = registry.get(game_id)
    for seats in sorted({game.min_seats, game.max_seats}):
        result = _result(game_id, seats)
        parts = {k for b in result.breakdown.values() for k in b}
        assert parts, f"{game_id} gives no score breakdown"
        assert all(has(f"{game_id}.score.{k}") for k in parts), parts
        labels = []

        def label(part):
            labels.append(part)
            return f"{game_id}.{part}"

        with kit.recording() as records:
            img = final.breakdown_from_result(result.to_json(), list(NAMES[:seats]), label,
                                              "Konečné body", "Celkem")
        pic = Picture(f"{game_id} {seats}p", img.width, img.height, list(records))
        assert pic.problems() == []
        assert set(labels) == parts
        drawn = {r.text for r in records}
        for seat, score in result.scores.items():
            assert any(str(score) in text for text in drawn)
        winners = [t for t in drawn if t.startswith("★ ")]
        assert len(winners) == len(result.winners)


def test_the_picture_has_best_first_and_every_part_in_its_row():
    result = {"winners": [1], "scores": {"0": 5, "1": 9, "2": 5},
              "breakdown": {"0": {"a": 5, "b": 0}, "1": {"a": 4, "b": 5}, "2": {"b": 5}}}
    with kit.recording() as records:
        img = final.breakdown_from_result(result, ["Ann", "Bob", "Cyd"], str.upper, "T", "Sum")
    texts = [r.text for r in records]
    assert texts[:4] == ["T", "Bob", "Ann", "Cyd"]       # the winner first, then by score
    assert texts[4:8] == ["A", "4", "5", "0"] and texts[8:12] == ["B", "5", "0", "5"]
    assert texts[12:] == ["Sum", "★ 9", "5", "5"]
    assert img.height <= 1.75 * img.width


def test_the_bot_encodes_the_picture_for_a_finished_table():
    from storage import GameRow, SeatRow
    game = registry.get("citadels")
    state = shots("citadels", 4)[5][0]
    assert game.result(state) is not None
    row = GameRow(1, "citadels", 1, {}, "finished", 9, state, 7, 5, 1, "cs", 0.0, 0.0,
                  [SeatRow(i, 100 + i, False, n) for i, n in enumerate(NAMES[:4])])
    data, ext = breakdown_png(row, "cs")
    image = Image.open(io.BytesIO(data))
    assert image.width == final.WIDTH and ext == kit.FILENAME_EXT


@pytest.mark.parametrize("game_id", sorted(registry.available()))
def test_the_final_board_reveals_what_any_seat_saw(game_id):
    """The finished spectator view (the final board's picture) holds every card, pick and
    tile any seat's own view holds: nothing stays hidden at the end."""
    game = registry.get(game_id)
    for seats in sorted({game.min_seats, game.max_seats}):
        end = [state for state, seat in shots(game_id, seats) if seat is None][-1]
        names = game.names()
        public = set(named_ids(game.view(end, None), names))
        for seat in range(seats):
            assert set(named_ids(game.view(end, seat), names)) <= public, (seats, seat)
