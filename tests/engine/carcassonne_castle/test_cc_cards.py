"""``/card`` for Carcassonne: The Castle: the features of the castle tiles and the nine
wall tiles, in both languages, with the data's values (copies, timing, points)."""
import re

import pytest

from bot.text import card_matches, card_text, effect_lines
from engine.carcassonne_castle import GAME
from engine.core import Decision, Option

WALLS = GAME.geo.wall_tiles


def test_features_then_the_nine_wall_tiles():
    ids = GAME.card_ids()
    assert ids[:7] == ["feature_path", "feature_tower", "feature_house", "feature_court",
                       "feature_market", "feature_fountain", "feature_keep"]
    assert ids[7:] == [f"walltile{n}" for n in range(1, 10)] and sorted(WALLS) == list(range(1, 10))
    for not_a_card in ("path", "R01", "S1", "walltile10", "wall", "nothing"):
        assert GAME.card_info(not_a_card) is None


@pytest.mark.parametrize("locale", ("en", "cs"))
def test_every_card_reads_in_both_languages(locale):
    for cid in GAME.card_ids():
        card = card_text(GAME, cid, locale)
        assert card["name"] and card["kind"] and card["text"], cid
        assert "{" not in card["text"] and "carcassonne_castle." not in card["text"], cid
        assert not re.search(r"\w\((a|s)\)", card["text"]), cid
        assert not re.search(r"\b(získal|mohl|byl|dal)\b", card["text"]), cid  # no gendered past


@pytest.mark.parametrize("number", range(1, 10))
def test_a_wall_tile_by_either_id_shows_timing_copies_and_effect(number):
    entry = WALLS[number]
    game_id, lookup = card_text(GAME, f"wall{number}", "cs"), card_text(GAME, f"walltile{number}", "cs")
    assert game_id == lookup and lookup["id"] == f"walltile{number}"
    assert lookup["name"] == f"Žeton {number}: {entry['short_name_cs']}"
    when = "během hry" if entry["timing"] == "during_game" else "na konci hry"
    assert lookup["kind"] == f"Žeton na zeď · {when}"
    assert lookup["footer"] == f"Ve hře: {entry['copies']} kusy"
    en = card_text(GAME, f"wall{number}", "en")
    assert en["name"].startswith(f"Wall tile {number}: ") and "copies" in en["footer"]
    majority = {"heralds", "knights", "squires", "merchants"} & set(re.findall(r"\w+", en["text"]))
    assert bool(majority) == entry["requires_follower_majority"], en["text"]


def test_the_values_on_the_cards_are_the_datas():
    text = {n: card_text(GAME, f"wall{n}", "en")["text"] for n in WALLS}
    assert "4 points per tile instead of 2" in text[2] and "2 points per tile instead of 1" in text[3]
    assert "4 points instead of 3" in text[7] and "2 tiles larger" in text[8]
    assert text[9] == "At the end you score 5 points."
    cs = {cid: card_text(GAME, cid, "cs")["text"] for cid in GAME.card_ids()}
    assert "1 bod za každou kartičku (2 body, stojí-li u cesty studna)" in cs["feature_path"]
    assert "2 body za každou kartičku" in cs["feature_tower"]
    assert "3 body za každý trh" in cs["feature_court"] and "se žetonem 7 po 4 bodech" in cs["feature_market"]
    assert card_text(GAME, "feature_keep", "cs")["kind"] == "Herní prvek"


def test_names_typed_in_either_language_find_the_card():
    assert card_matches(GAME, "palác", "en")[0] == ("feature_keep", "Keep")
    assert card_matches(GAME, "Tah navíc", "cs")[0] == ("walltile1", "Žeton 1: Tah navíc")
    assert [cid for cid, _ in card_matches(GAME, "wall tile", "en")] == [f"walltile{n}" for n in range(1, 10)]


def test_the_place_decision_explains_a_held_wall_tile_1():
    options = (Option("place:12", "position", {"spot": "12", "rotations": 2}),
               Option("extra:use", "use_extra_turn", {"number": 1, "tile": "wall1"}))
    lines = effect_lines(GAME, Decision(0, "place", options, {"tile": "R01", "positions": 1}), "cs")
    assert lines == ["▸ **Žeton 1: Tah navíc**: " + card_text(GAME, "wall1", "cs")["text"]]
