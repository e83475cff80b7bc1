"""Small pure helpers of the cogs and the notifier."""
from __future__ import annotations

import pytest

from bot import messages as m
from bot.discord_ui import allowed_mentions, build_view
from cogs.components import DecisionButton, DecisionSelect, LobbyButton, PanelButton
from cogs.game import chunks, parse_options
from cogs.moves import pick_option
from engine.core import RuleError


def test_chunks_keep_every_character_within_the_limit():
    text = "\n".join(f"line {i} " + "x" * (i * 37 % 300) for i in range(200)) + "\n" + "y" * 4500
    parts = chunks(text, 2000)
    assert all(0 < len(p) <= 2000 for p in parts) and "".join(parts) == text


def test_options_text_parses_pairs_and_refuses_anything_else():
    assert parse_options("great_wall=true, action_cards=false") == {
        "great_wall": "true", "action_cards": "false"}
    assert parse_options(None) == {}
    with pytest.raises(RuleError) as refused:
        parse_options("great_wall")
    assert refused.value.key == "bad_options_text" and refused.value.params == {"token": "great_wall"}


def test_typed_values_find_their_option():
    legal = [("build:tavern", "Tavern (1)"), ("build:temple", "Temple (1)")]
    assert pick_option("build:temple", "build:", legal) == "build:temple"
    assert pick_option("tavern", "build:", legal) == "build:tavern"
    assert pick_option("temple (1)", "build:", legal) == "build:temple"
    assert pick_option("castle", "build:", legal) == "build:castle"   # the engine refuses it


def test_views_are_persistent_dynamic_items_in_their_rows():
    rows = m.option_rows(4, 9, [(f"pick:{i}", f"Character {i}") for i in range(7)])
    rows.append((m.Button(m.panel_id(4), "Hand"), m.Button(m.lobby_id(4, "join"), "Join")))
    view = build_view(m.OutMessage("x", rows=rows))
    assert view.timeout is None
    kinds = [type(item) for item in view.children]
    assert kinds == [DecisionButton] * 7 + [PanelButton, LobbyButton]
    assert [len(r["components"]) for r in view.to_components()] == [5, 2, 2]
    many = m.option_rows(4, 9, [(f"o{i}", f"O{i}") for i in range(30)])
    assert [type(i) for i in build_view(m.OutMessage("x", rows=many)).children] == [DecisionSelect] * 2
    assert build_view(m.OutMessage("no buttons")) is None


def test_only_the_named_users_are_pinged():
    mentions = allowed_mentions(m.OutMessage("hi <@1>", mentions=[1])).to_dict()
    assert mentions["parse"] == [] and mentions["users"] == [1]
