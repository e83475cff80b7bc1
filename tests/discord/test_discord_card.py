"""``/card``: look anything up, with autocomplete in the user's language and a picture."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from bot.text import card_text
from engine import registry
from harness import ALICE, BOB

GAMES = ("citadels", "burgundy", "schutz_burg")


async def test_card_shows_the_effect_and_picture_in_czech_and_english(offline):
    cs = await offline.slash(ALICE, "card", game="citadels", name="Mordýř")
    assert cs.last.ephemeral
    assert cs.last.content.startswith("**Mordýř** — Postava č. 1")
    assert t("citadels.card.assassin", "cs") in cs.last.content
    (name, data), = cs.last.files
    picture = Image.open(io.BytesIO(data))
    assert name.startswith("citadels-assassin.") and picture.width >= 400
    en = await offline.slash(BOB, "card", game="citadels", name="assassin")
    assert en.last.content.startswith("**Assassin** — Character no. 1")
    assert t("citadels.card.assassin", "en") in en.last.content


async def test_card_answers_names_typed_in_either_language_and_refuses_unknown(offline):
    ex = await offline.slash(BOB, "card", game="burgundy", name="skladiště")
    assert ex.last.content.startswith("**Warehouse**")
    ex = await offline.slash(ALICE, "card", game="schutz_burg", name="Palace")
    assert ex.last.content.startswith("**Palác** — Budova") and ex.last.files
    ex = await offline.slash(ALICE, "card", game="citadels", name="Drak z Brna")
    assert ex.last.ephemeral and not ex.last.files
    assert ex.last.content == t("error.unknown_card", "cs", game="Citadela", name="Drak z Brna")


async def test_autocomplete_offers_the_games_names_in_the_users_language(offline):
    cs = await offline.autocomplete(ALICE, "card", "name", game="citadels", name="mord")
    assert cs == [{"name": "Mordýř", "value": "assassin"}]
    en = await offline.autocomplete(BOB, "card", "name", game="citadels", name="")
    assert len(en) == 25 and en[0] == {"name": "Assassin", "value": "assassin"}
    tiles = await offline.autocomplete(ALICE, "card", "name", game="burgundy", name="znalost")
    assert len(tiles) == 25 and {c["value"] for c in tiles} >= {"knowledge_1", "knowledge_25"}
    assert all(c["name"].startswith("Destička znalostí") for c in tiles)
    last = await offline.autocomplete(ALICE, "card", "name", game="burgundy", name="č. 26")
    assert last == [{"name": "Destička znalostí č. 26", "value": "knowledge_26"}]
    assert await offline.autocomplete(ALICE, "card", "name", game="nothing", name="") == []


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("locale", ("en", "cs"))
def test_every_lookup_id_has_a_name_kind_and_effect_text(game_id, locale):
    game = registry.get(game_id)
    ids = game.card_ids()
    assert ids and len(ids) == len(set(ids))
    for cid in ids:
        card = card_text(game, cid, locale)
        assert card["name"] and card["name"] != cid, cid
        assert card["kind"] and "." not in card["kind"].split(" ")[0], cid
        assert card["text"] and "{" not in card["text"] and f"{game_id}." not in card["text"], cid


def test_the_card_picture_reads_on_a_phone():
    from render import card as card_picture, kit

    game = registry.get("schutz_burg")
    card = card_text(game, "castle_maiden", "cs")
    with kit.recording() as texts:
        img = card_picture.render_card("schutz_burg", card, "cs")
    glance = [r for r in texts if r.layer == "glance"]
    assert {r.text for r in glance} >= {"Komorná", "Zimní karta"}
    assert min(r.size for r in glance) * kit.PHONE_INLINE / img.width >= kit.PHONE_MIN_PX
    assert min(r.size for r in texts) * kit.PHONE_FULL / img.width >= kit.PHONE_MIN_PX
    assert img.height < img.width


async def test_panels_say_what_the_offered_cards_do(offline):
    from harness import CYRIL, new_table

    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    row = await offline.table.db.load_game(gid)
    game = registry.get("citadels")
    decision = game.pending(row.state)[0]
    user = next(u for u in (ALICE, BOB, CYRIL) if u.id == row.seats[decision.seat].user_id)
    ex = await offline.slash(user, "game hand", game=gid)
    locale = "cs" if user.locale == "cs" else "en"
    panel = ex.last.content
    offered = [o.params["character"] for o in decision.options]
    for character in offered:
        assert t(f"citadels.card.{character}", locale) in panel
    assert len(panel) <= 2000
