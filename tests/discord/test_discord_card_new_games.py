"""``/card`` for Ludwig and Carcassonne: The Castle through the offline Discord harness:
Czech and English names, the picture, autocomplete, and a readable picture on a phone."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from bot.text import card_text
from engine import registry
from harness import ALICE, BOB
from test_discord_card import test_every_lookup_id_has_a_name_kind_and_effect_text as every_id_reads

GAMES = ("ludwig", "carcassonne_castle")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("locale", ("en", "cs"))
def test_every_lookup_id_of_the_new_games_reads(game_id, locale):
    every_id_reads(game_id, locale)


async def test_a_ludwig_room_in_czech_and_english(offline):
    cs = await offline.slash(ALICE, "card", game="ludwig", name="Zbrojnice")
    assert cs.last.ephemeral
    assert cs.last.content.startswith("**Zbrojnice** — Místnost · výměra 450 · Sklepní místnost")
    assert card_text(registry.get("ludwig"), "armory", "cs")["text"] in cs.last.content
    (name, data), = cs.last.files
    picture = Image.open(io.BytesIO(data))
    assert name.startswith("ludwig-armory.") and picture.width >= 400
    en = await offline.slash(BOB, "card", game="ludwig", name="Zbrojnice")
    assert en.last.content.startswith("**Armory** — Room · size 450 · Downstairs room")
    favor = await offline.slash(BOB, "card", game="ludwig", name="most money")
    assert favor.last.content.startswith("**Most money** — King's favor")
    assert t("ludwig.card.favor_money", "en") in favor.last.content


async def test_a_carcassonne_wall_tile_and_feature(offline):
    en = await offline.slash(BOB, "card", game="carcassonne_castle", name="wall tile 8")
    assert en.last.content.startswith("**Wall tile 8: Keep +2** — Wall tile · at the end of the game")
    assert t("carcassonne_castle.card.wall_keep_plus_2", "en") in en.last.content
    assert en.last.files[0][0].startswith("carcassonne_castle-walltile8.")
    cs = await offline.slash(ALICE, "card", game="carcassonne_castle", name="studna")
    assert cs.last.content.startswith("**Studna** — Na hradních kartičkách")
    assert t("carcassonne_castle.card.feature_fountain", "cs") in cs.last.content
    bad = await offline.slash(ALICE, "card", game="carcassonne_castle", name="Drak")
    assert bad.last.ephemeral and not bad.last.files


async def test_autocomplete_offers_the_new_games_names(offline):
    rooms = await offline.autocomplete(ALICE, "card", "name", game="ludwig", name="salónek")
    assert rooms and all("salónek" in c["name"].casefold() for c in rooms)
    assert {"name": "Ranní salónek", "value": "nap_room"} in rooms
    walls = await offline.autocomplete(BOB, "card", "name", game="carcassonne_castle", name="wall")
    assert [c["value"] for c in walls] == [f"walltile{n}" for n in range(1, 10)]


@pytest.mark.parametrize("game_id,card_id", [("ludwig", "audience_room"), ("ludwig", "favor_uncompleted"),
                                             ("carcassonne_castle", "feature_keep"),
                                             ("carcassonne_castle", "walltile2")])
def test_the_longest_cards_read_on_a_phone(game_id, card_id):
    from render import card as card_picture, kit

    card = card_text(registry.get(game_id), card_id, "cs")
    with kit.recording() as texts:
        img = card_picture.render_card(game_id, card, "cs")
    glance = [r for r in texts if r.layer == "glance"]
    assert card["name"] in {r.text for r in glance} and card["kind"] in {r.text for r in texts}
    assert not [r.text for r in texts if r.text.endswith("…")]
    assert min(r.size for r in glance) * kit.PHONE_INLINE / img.width >= kit.PHONE_MIN_PX
    assert min(r.size for r in texts) * kit.PHONE_FULL / img.width >= kit.PHONE_MIN_PX
    assert img.height < img.width * 1.2
    if card["colour"]:   # rooms by their type's colour, wall tiles and features by the tile art's
        assert card_picture.band_colour(game_id, card) != kit.NEUTRAL


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_picture_cuts_its_words(game_id):
    from render import card as card_picture, kit

    game = registry.get(game_id)
    for cid in game.card_ids():
        for locale in ("en", "cs"):
            with kit.recording() as texts:
                img = card_picture.render_card(game_id, card_text(game, cid, locale), locale)
            assert not [r.text for r in texts if r.text.endswith("…")], (cid, locale)
            assert img.height < img.width * 1.2, (cid, locale)
