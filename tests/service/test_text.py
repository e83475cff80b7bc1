"""bot.text.format_params: seats, ids, lists and {id: count} maps become readable text."""
from bot.text import counted, format_params
from engine import registry

GAME = registry.get("schutz_burg")


def test_counts_map_lists_nonzero_items_with_localised_names():
    pieces = {"sand": 1, "wood": 0, "clay": 3, "stone": 0}
    assert counted(GAME, pieces, "en") == "1× Sand, 3× Clay"
    assert counted(GAME, pieces, "cs") == "1× Písek, 3× Hlína"
    assert counted(GAME, {"sand": 0}, "en") == "—"


def test_format_params_renders_counts_next_to_seats_ids_and_lists():
    params = {"seat": 1, "pieces": {"wood": 2, "silver": 1}, "resource": "stone",
              "cards": ["messenger", "trader"], "silver": 0}
    out = format_params(GAME, params, "cs", ["Anna", "Bořek"])
    assert out == {"seat": "Bořek", "pieces": "2× Dřevo, 1× Stříbro", "resource": "Kámen",
                   "cards": "Posel, Obchodník", "silver": 0}
