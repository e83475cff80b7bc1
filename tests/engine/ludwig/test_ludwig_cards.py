"""``/card`` for Ludwig: every room tile, corridor piece, King's favor and bonus card is
looked up with its data (size, base points, bonus, completion reward) in both languages;
the rulebook's own bonus sentences read the same in the bot's ty-form."""
import re

import pytest

from bot.text import card_text, effect_lines
from engine.core import Decision, Option
from engine.ludwig import GAME
from engine.ludwig import data as D

ROOMS = [t for t in D.ROOM_IDS]


def test_every_component_a_player_can_meet_is_looked_up_once():
    ids = GAME.card_ids()
    assert len(ids) == len(set(ids)) == 75 + 3 + 24 + 27
    assert set(ids) == set(ROOMS) | {"foyer", "hallway", "stairs"} | set(D.FAVORS) | set(D.BONUS_CARDS)
    assert [D.TILES[r]["size"] for r in ids[:75]] == sorted(D.TILES[r]["size"] for r in ROOMS)
    for not_a_card in ("living", "types_food", "rank_king", "bank", "nothing"):
        assert GAME.card_info(not_a_card) is None


@pytest.mark.parametrize("locale", ("en", "cs"))
def test_each_card_reads_without_placeholders(locale):
    for cid in GAME.card_ids():
        card = card_text(GAME, cid, locale)
        assert card["name"] and card["kind"] and card["text"], cid
        assert "{" not in card["text"] + card["kind"] and "ludwig." not in card["text"], cid
        assert "(s)" not in card["text"] and "(a)" not in card["text"], cid


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_shows_its_type_size_points_bonus_and_reward(room):
    tile = D.TILES[room]
    en, cs = card_text(GAME, room, "en"), card_text(GAME, room, "cs")
    assert en["points"] == tile["points"] and en["colour"] == tile["type"]
    assert en["kind"] == f"Room · size {tile['size']} · {GAME.names()[tile['type']]['en']}"
    assert cs["kind"] == f"Místnost · výměra {tile['size']} · {GAME.names()[tile['type']]['cs']}"
    reward = GAME.names()[f"reward_{D.REWARD_OF[tile['type']]}"]
    assert en["text"].endswith(f"Completion reward: {reward['en']}.")
    assert cs["text"].endswith(f"Odměna za uzavření: {reward['cs']}.")
    bonus = tile["bonus"]
    if bonus is None:
        assert en["text"].startswith("No bonus points.")
        return
    n = abs(bonus["per"])
    sign = "−" if bonus["per"] < 0 else "+"
    assert en["text"].startswith(f"{sign}{n} point{'s' if n > 1 else ''} for each ")
    words = {"connected": "navazující ", "adjacent": "sousedící ", "anywhere": ""}[bonus["kind"]]
    assert cs["text"].startswith(f"Za každou {words}")
    verb = "ztratíš" if bonus["per"] < 0 else "získáš"
    assert re.search(rf"{verb} {n} (dodatečn\w+ )?bod(y|ů)?\b", cs["text"]), cs["text"]


def test_the_rulebooks_examples_read_as_in_the_rulebook():
    # str. 7: "Za Ranní salónek získáte 2 dodatečné body za každou navazující obytnou komnatu"
    nap = card_text(GAME, "nap_room", "cs")["text"]
    assert nap.startswith("Za každou navazující obytnou komnatu (spojenou aspoň jedněmi dveřmi) "
                          "získáš 2 dodatečné body.")
    # "Za Zbrojnici získáte 2 dodatečné body za každou společenskou místnost kdekoli"
    armory = card_text(GAME, "armory", "cs")["text"]
    assert armory.startswith("Za každou společenskou místnost kdekoli ve tvém zámku")
    assert "2 dodatečné body" in armory and "libovolná jiná odměna" in armory
    # "ztratíte 1 dodatečný bod za každou sousedící obytnou komnatu či ložnici"
    music = card_text(GAME, "music_room", "cs")["text"]
    assert music.startswith("Za každou sousedící obytnou komnatu či ložnici") and "ztratíš 1 bod." in music
    audience = card_text(GAME, "audience_room", "en")["text"]
    assert audience.startswith("−2 points for each adjacent living room, sleeping room, food room, "
                               "downstairs room, utility room or corridor room")


def test_corridor_pieces_favors_and_bonus_cards():
    hallway = card_text(GAME, "hallway", "cs")
    assert hallway["kind"] == "Spojovací místnost" and "3\u00a0000 M" in hallway["text"]
    assert hallway["footer"] == f"Ve hře: {D.TILES['hallway']['count']} kusů"
    assert "jednou za tah" in card_text(GAME, "stairs", "cs")["text"]
    favor = card_text(GAME, "favor_area_living", "cs")
    assert favor["kind"] == "Královská odměna · body 8/4/2/1 podle pořadí"
    assert favor["text"] == "Sčítá se výměra všech tvých místností tohoto typu: Obytné komnaty."
    assert "neuzavřené" in card_text(GAME, "favor_completed", "cs")["text"]
    for cid, card in D.BONUS_CARDS.items():
        en = card_text(GAME, cid, "en")["text"]
        points = card["scoring"]["points"]
        assert en.startswith(f"{points} point{'s' if points > 1 else ''} "), cid
    assert card_text(GAME, "bonus_type_sleeping", "cs")["text"] == \
        "3 body za každou ložnici ve tvém zámku."
    assert card_text(GAME, "bonus_all_sizes", "cs")["text"].startswith("8 bodů, pokud máš")
    assert card_text(GAME, "bonus_money", "cs")["text"].startswith("1 bod za každých 5 000 M")


def test_a_buy_decision_explains_the_offered_rooms():
    options = (Option("buy:1", "buy_room", {"tile": "armory", "price": 4000, "coins": 0}),
               Option("buy:2", "buy_room", {"tile": "nap_room", "price": 2000, "coins": 0}))
    lines = effect_lines(GAME, Decision(0, "turn", options, {"money": 15000}), "cs")
    assert lines[0].startswith("▸ **Zbrojnice**: Za každou společenskou místnost")
    assert lines[1].startswith("▸ **Ranní salónek**: Za každou navazující obytnou komnatu")
