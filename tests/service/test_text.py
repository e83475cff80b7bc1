"""bot.text.format_params: seats, ids, lists and {id: count} maps become readable text."""
from bot.text import counted, error_text, format_params
from engine.core import RuleError
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


def test_labels_decline_names_where_czech_needs_a_case():
    from bot.text import event_text, option_label
    from engine import registry
    from engine.core import Event, Option

    game = registry.get("citadels")
    pick = Option("pick:assassin", "pick", {"character": "assassin"})
    assert option_label(game, pick, "cs", ()) == "Vzít postavu Mordýře"
    assert option_label(game, pick, "en", ()) == "Take Assassin"
    robbed = Event("thief_named", {"character": "merchant"})
    assert event_text(game, robbed, "cs", ()) == "Zloděj okrade Kupce."
    killed = Event("assassin_named", {"character": "king"})
    assert event_text(game, killed, "cs", ()) == "Mordýř zneškodňuje Krále."
    forbidden = RuleError("target_forbidden", character="assassin")
    assert error_text(game, forbidden, "cs") == "Mordýře tu jmenovat nesmíš."
    for cid in ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                "warlord"):
        entry = game.names()[cid]
        assert {"cs_gen", "cs_acc", "cs_dat", "cs_ins"} <= set(entry), cid


def test_filled_texts_are_kept_per_seat_names_language_and_param_type():
    from bot.text import event_text, option_label
    from engine.core import Event, Option

    game = registry.get("citadels")
    gold = Event("income_gold", {"seat": 1, "gold": 2})
    first = event_text(game, gold, "en", ["Ann", "Bob"])
    assert "Bob" in first and event_text(game, gold, "en", ["Ann", "Bob"]) == first
    assert "Cecil" in event_text(game, gold, "en", ["Ann", "Cecil"])      # other names
    assert event_text(game, gold, "cs", ["Ann", "Bob"]) != first          # other language
    one, true = (Option("x", "pick", {"character": v}) for v in (1, True))
    assert option_label(game, one, "en", ()) == "Take 1"
    assert option_label(game, true, "en", ()) == "Take True"              # True is not 1
    listed = Event("income_gold", {"seat": [0, 1], "gold": 2})            # not keyable
    assert "Ann, Bob" in event_text(game, listed, "en", ["Ann", "Bob"])
