"""Citadels images from views of real AI games: every phase, sizes, locales, no leaks."""
import copy
import inspect

import pytest

from engine.citadels import GAME
from render import citadels, kit
from render_games import played
from render_helpers import all_keys, check_size, png

GAMES = [(2, 11, False), (3, 12, True), (4, 13, True), (5, 14, False), (6, 15, True),
         (7, 16, True), (7, 17, False)]
PRIVATE_KEYS = {"me", "hands", "hand", "offers", "seen_face_down", "peeks", "drawn"}


def _states():
    for seats, seed, action_cards in GAMES:
        for state in played(seats, seed, action_cards)[1]:
            yield f"{seats}p-{state['phase']}-r{state['round']}", state


STATES = list(_states())
IDS = [name for name, _ in STATES]


def test_snapshots_cover_every_phase_and_player_count():
    phases = {state["phase"] for _, state in STATES}
    assert phases == {"draft", "call", "over"}
    assert {seats for seats, _, _ in GAMES} == {2, 3, 4, 5, 6, 7}
    assert any(state["wagons"] for _, state in STATES)          # action-card variant seen
    assert any("big_top" in city for _, s in STATES for city in s["cities"])


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_table_image_has_a_sane_size(state, locale):
    check_size(citadels.render_table(GAME.view(state, None), locale))


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_private_image_for_every_seat(state):
    for seat in range(state["n"]):
        img = citadels.render_private(GAME.view(state, seat), "cs")
        check_size(img)


def test_spectator_has_no_private_image():
    state = STATES[0][1]
    assert citadels.render_private(GAME.view(state, None), "en") is None


def test_render_functions_take_only_a_view_and_a_locale():
    for fn in (citadels.render_table, citadels.render_private):
        assert list(inspect.signature(fn).parameters) == ["view", "locale"]


@pytest.mark.parametrize("state", [s for _, s in STATES if s["phase"] != "over"],
                         ids=[n for n, s in STATES if s["phase"] != "over"])
def test_spectator_view_holds_no_hidden_cards(state):
    view = GAME.view(state, None)
    assert not all_keys(view) & PRIVATE_KEYS
    assert citadels.render_table(view, "en").size[0] == citadels.WIDTH


@pytest.mark.parametrize("state", [s for _, s in STATES if s["phase"] != "over"],
                         ids=[n for n, s in STATES if s["phase"] != "over"])
def test_table_image_is_identical_from_every_seat_view(state):
    # Seat views carry that seat's hand and characters; the table must show none of it.
    spectator = png(citadels.render_table(GAME.view(state, None), "cs"))
    for seat in range(state["n"]):
        assert png(citadels.render_table(GAME.view(state, seat), "cs")) == spectator


def test_private_image_ignores_other_seats_hands():
    _, state = next((n, s) for n, s in STATES if s["phase"] == "call" and s["n"] >= 4)
    before = png(citadels.render_private(GAME.view(state, 0), "en"))
    changed = copy.deepcopy(state)
    for seat in range(1, changed["n"]):          # same sizes, different cards
        changed["hands"][seat] = ["palace"] * len(changed["hands"][seat])
    assert png(citadels.render_private(GAME.view(changed, 0), "en")) == before
    changed["hands"][0] = ["palace"] * len(changed["hands"][0])
    assert png(citadels.render_private(GAME.view(changed, 0), "en")) != before


def test_private_image_shows_the_draft_offer_to_the_picker_only():
    _, state = next((n, s) for n, s in STATES if s["phase"] == "draft")
    picker = state["draft"]["steps"][state["draft"]["i"]][0]
    other = (picker + 1) % state["n"]
    offer = citadels._private_sections(GAME.view(state, picker), "en")[0]
    assert offer[0] == kit.label("citadels", "draft_offer", "en")
    assert len(offer[1]) == len(state["draft"]["pool"])
    titles = [t for t, _, _ in citadels._private_sections(GAME.view(state, other), "en")]
    assert kit.label("citadels", "draft_offer", "en") not in titles


def test_rendering_is_deterministic_and_localised():
    _, state = STATES[-1]
    view = GAME.view(state, None)
    assert png(citadels.render_table(view, "cs")) == png(citadels.render_table(view, "cs-CZ"))
    assert png(citadels.render_table(view, "cs")) != png(citadels.render_table(view, "en"))


def test_end_image_marks_winners_and_scores():
    _, state = next((n, s) for n, s in STATES if s["phase"] == "over")
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"]
    plain = copy.deepcopy(view)
    plain.pop("result")
    assert png(citadels.render_table(view, "en")) != png(citadels.render_table(plain, "en"))


def test_seat_names_from_the_view_are_drawn():
    _, state = STATES[1]
    view = GAME.view(state, None)
    named = dict(view, seat_names=["Řehoř Žluťoučký"] * state["n"])
    assert png(citadels.render_table(named, "cs")) != png(citadels.render_table(view, "cs"))


def test_every_card_and_character_has_a_sprite_in_both_locales():
    for locale in ("en", "cs"):
        for card in list(citadels.data.DISTRICTS) + list(citadels.data.ACTION_CARDS):
            assert citadels.card_sprite(card, locale).size == citadels.CITY_CARD
            assert kit.t_name(citadels.NAMES, card, locale) != card
        for char in citadels.data.CHARACTERS:
            assert citadels.character_sprite(char, locale).size == citadels.CHAR_CARD


def test_action_cards_look_different_from_districts():
    district = citadels.card_sprite("tavern", "en").convert("RGB")
    action = citadels.card_sprite("acrobat", "en").convert("RGB")
    band = (citadels.CITY_CARD[0] // 2, 6)                          # right of the corner star
    assert district.getpixel(band) == kit.DISTRICT["green"]          # colour band
    assert action.getpixel(band) == citadels.ACTION_BAND
    assert action.getpixel((20, 50)) == citadels.ACTION_FACE         # white face


def test_every_score_part_has_a_label():
    _, state = next((n, s) for n, s in STATES if s["phase"] == "over")
    for parts in state["result"]["breakdown"].values():
        for part in parts:
            for locale in ("en", "cs"):
                assert kit.label("citadels", f"score.{part}", locale) != f"score.{part}"


def test_phase_texts_are_labelled():
    for _, state in STATES:
        text = citadels._phase_text(GAME.view(state, None), "cs")
        assert not text.startswith("phase."), text
