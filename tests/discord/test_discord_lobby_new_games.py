"""Lobby of Ludwig and Carcassonne: The Castle: every option shown by its description, and
``/game new`` offers Ludwig's fixed-value options as choices."""
from __future__ import annotations

import pytest

from bot.compose import setting_text
from bot.i18n import has, t
from cogs.game import GameCog
from engine import registry
from harness import ALICE, BOB


@pytest.mark.parametrize("game_id", ("ludwig", "carcassonne_castle"))
def test_every_option_has_a_short_label_and_readable_values(game_id):
    for name, spec in registry.get(game_id).options.items():
        assert has(f"{game_id}.setting.{name}.short"), name
        for value in spec.choices:
            if not isinstance(value, bool):
                assert has(f"{game_id}.setting.{name}.{value}"), (name, value)
            for locale in ("en", "cs"):
                text = setting_text(game_id, name, value, locale)
                label, shown = text.split(": ", 1)
                assert name not in label and shown != str(value).lower() or isinstance(value, bool), text
                assert "_" not in text, text


async def test_ludwig_options_chosen_in_game_new_show_in_the_lobby(offline):
    ex = await offline.slash(BOB, "game new", game="ludwig", room_cards="uniform",
                             foyer_back="four_doors")
    content = ex.last.content
    assert t("ludwig.setting.room_cards.short", "en") + ": " + t("ludwig.setting.room_cards.uniform", "en") in content
    assert "Foyer back side: 4 doors (each player chooses the side)" in content
    assert "Chosen King's favors: no" in content and "four_doors" not in content
    row = (await offline.table.list_games())[0]
    assert row.options["room_cards"] == "uniform" and row.options["foyer_back"] == "four_doors"
    cs = await offline.slash(ALICE, "game new", game="carcassonne_castle")
    assert "Palác jen na dům, který sám uzavřeš: ano" in cs.last.content
    assert "Pozdní sběr žetonů (domácí pravidlo): ne" in cs.last.content


def test_game_new_offers_the_values_in_the_users_language():
    params = {p.name: p for p in GameCog.new.parameters}
    assert [c.value for c in params["room_cards"].choices] == ["default", "uniform"]
    assert [c.value for c in params["foyer_back"].choices] == ["same_as_front", "four_doors"]
