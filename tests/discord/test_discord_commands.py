"""Slash-command definitions within Discord's limits, and autocomplete offering legal moves only."""
from __future__ import annotations

import copy
import json
import re

import pytest

from bot.client import CastellanBot, command_payload
from bot.config import Settings
from bot.i18n import norm_locale, t
from engine import registry
from engine.core import Action, RuleError
from harness import ALICE, BOB, CYRIL, DANA, EVE, PLAYERS, Driver, new_table

NAME = re.compile(r"^[-_'\w]{1,32}$")


def walk(command: dict):
    yield command
    for option in command.get("options", []):
        if option["type"] in (1, 2):
            yield from walk(option)


def text_size(command: dict) -> int:
    """Characters Discord counts towards a command's 8000 limit (names, descriptions, choices)."""
    total = 0
    for node in [command] + [o for c in walk(command) for o in c.get("options", [])]:
        total += len(node["name"]) + len(node.get("description", ""))
        total += sum(len(v) for k in ("name_localizations", "description_localizations")
                     for v in (node.get(k) or {}).values())
        for choice in node.get("choices", []):
            total += len(choice["name"]) + len(str(choice["value"]))
            total += sum(len(v) for v in (choice.get("name_localizations") or {}).values())
    return total


async def test_command_payload_is_within_discord_limits_and_czech(offline):
    payload = await command_payload(offline.bot)
    from engine import registry
    assert {c["name"] for c in payload} == {"game", "rules", "card", *registry.available()}
    for root in payload:
        assert text_size(root) <= 8000
        for command in walk(root):
            assert NAME.match(command["name"]) and command["name"] == command["name"].lower()
            cs_name = command["name_localizations"]["cs"]
            assert NAME.match(cs_name) and cs_name == cs_name.lower()
            assert 1 <= len(command["description"]) <= 100
            assert 1 <= len(command["description_localizations"]["cs"]) <= 100
            options = command.get("options", [])
            assert len(options) <= 25
            names = [o["name"] for o in options]
            assert len(names) == len(set(names))
            for option in options:
                assert NAME.match(option["name"])
                assert 1 <= len(option["description"]) <= 100
                assert option.get("description_localizations", {}).get("cs")
                assert len(option.get("choices", [])) <= 25
                assert not (option.get("choices") and option.get("autocomplete"))
                if option["type"] not in (1, 2):                   # a value, not a subcommand
                    cs_option = (option.get("name_localizations") or {}).get("cs")
                    assert cs_option and NAME.match(cs_option) and cs_option == cs_option.lower(), \
                        (command["name"], option["name"])
                for choice in option.get("choices", []):
                    assert 1 <= len(choice["name"]) <= 100
                    assert 1 <= len((choice.get("name_localizations") or {}).get("cs", "")) <= 100, \
                        (command["name"], option["name"], choice)
    citadels = next(c for c in payload if c["name"] == "citadels")
    subs = {o["name"]: o for o in citadels["options"]}
    assert set(subs) == {"take", "build", "ability", "action", "pick", "end-turn", "choose"}
    assert subs["build"]["options"][0]["autocomplete"] is True
    assert [c["value"] for c in subs["take"]["options"][0]["choices"]] == ["gold", "cards"]
    assert subs["build"]["options"][0]["name_localizations"]["cs"] == "budova"
    new = next(o for o in next(c for c in payload if c["name"] == "game")["options"]
               if o["name"] == "new")
    fields = {o["name"]: o for o in new["options"]}
    assert fields["seats"]["name_localizations"]["cs"] == "místa"
    assert [c["value"] for c in fields["estates"]["choices"]] == ["standard", "advanced"]
    assert fields["estates"]["choices"][1]["name_localizations"]["cs"] == \
        t("burgundy.setting.estates.advanced", "cs")
    assert [c["value"] for c in fields["estate_choice"]["choices"]] == ["open", "secret"]
    assert (fields["seats"]["min_value"], fields["seats"]["max_value"]) == (
        min(registry.get(g).min_seats for g in registry.available()),
        max(registry.get(g).max_seats for g in registry.available()))
    json.dumps(payload)                                    # plain JSON, ready to upload


async def until_option(driver: Driver, prefix: str):
    """Play until a human's open decision offers an option starting with ``prefix``."""
    for _ in range(400):
        user, decision = await driver.next_turn()
        if any(o.id.startswith(prefix) for o in decision.options):
            return user, decision
        assert await driver.step()
    raise AssertionError(f"no {prefix} option came up")


async def test_autocomplete_offers_only_the_users_legal_moves(offline):
    game_id, lobby = await new_table(offline, ALICE, (BOB, CYRIL, DANA))
    await offline.click(ALICE, lobby, f"l1:{game_id}:start")
    driver = Driver(offline, game_id, {u.id: u for u in PLAYERS}, slash_every=10**6)
    user, decision = await until_option(driver, "build:")
    legal_builds = {o.id for o in decision.options if o.id.startswith("build:")}

    offered = await offline.autocomplete(user, "citadels build", "district")
    assert {c["value"] for c in offered} == legal_builds
    everything = await offline.autocomplete(user, "citadels choose", "option")
    assert {c["value"] for c in everything} == {o.id for o in decision.options}
    others = [u for u in PLAYERS if u != user]
    assert await offline.autocomplete(others[0], "citadels build", "district") == []
    assert await offline.autocomplete(EVE, "citadels build", "district") == []
    label = offered[0]["name"]
    narrowed = await offline.autocomplete(user, "citadels build", "district", district=label[:4])
    assert offered[0]["value"] in {c["value"] for c in narrowed}

    row = await driver.row()
    bogus = Action(decision.kind, "build:no-such-district")
    with pytest.raises(RuleError) as refused:                 # what the engine itself says
        registry.get("citadels").apply(copy.deepcopy(row.state), decision.seat, bogus)
    ex = await offline.slash(user, "citadels build", district=bogus.option)
    assert ex.last.ephemeral and (await driver.row()).seq == row.seq
    assert ex.last.content == offline.table.error_message(refused.value, norm_locale(user.locale), row)
    ex = await offline.slash(EVE, "citadels end-turn")
    assert ex.last.content == t("error.no_game_in_channel", "en")

    ex = await offline.slash(user, "citadels build", district=label)        # typed by its name
    assert ex.last.ephemeral and (await driver.row()).seq == row.seq + 1


async def test_command_payload_needs_no_database_or_login(tmp_path):
    bot = CastellanBot(Settings(None, str(tmp_path / "unused.sqlite"), None, "en", "INFO"))
    await bot.load_commands()
    payload = await command_payload(bot)
    assert [c["name"] for c in payload][:4] == ["game", "rules", "card", "citadels"]
    assert not (tmp_path / "unused.sqlite").exists()
    await bot.close()


async def test_seats_are_checked_against_the_chosen_game(offline):
    ex = await offline.slash(ALICE, "game new", game="burgundy", seats=6)
    assert ex.last.ephemeral
    assert ex.last.content == "Hra Hrady Burgundska je pro 2–4 hráče, stůl pro 6 hráčů založit nejde."
    ex = await offline.slash(BOB, "game new", game="schutz_burg", seats=5)
    assert ex.last.content == t("error.seats_out_of_range", "en", game=t("game.schutz_burg", "en"),
                                min=2, max=4, seats=5)
    assert "Im Schutz der Burg" in ex.last.content or "2–4" in ex.last.content
    assert await offline.table.list_games() == []
    ex = await offline.slash(BOB, "game new", game="burgundy", seats=3, estates="advanced",
                             estate_choice="secret")
    row = (await offline.table.list_games())[0]
    assert row.capacity == 3 and row.options["estate_choice"] == "secret"


async def test_error_texts_mention_commands_by_id_once_known(offline):
    from bot.i18n import set_command_ids

    ex = await offline.slash(EVE, "citadels end-turn")
    assert ex.last.content.endswith("/game new.")                  # offline: plain text
    set_command_ids({"game": 123456789})
    try:
        ex = await offline.slash(EVE, "citadels end-turn")
        assert "</game new:123456789>" in ex.last.content
        ex = await offline.slash(ALICE, "citadels end-turn")
        assert ex.last.content == "V tomto kanálu neběží žádná hra. Založ ji příkazem </game new:123456789>."
    finally:
        set_command_ids({})


async def test_the_bot_remembers_command_ids_after_sync(offline, monkeypatch):
    from bot.client import remember_command_ids
    from bot.i18n import command_mention, set_command_ids

    class Fetched:
        def __init__(self, name, id_):
            self.name, self.id = name, id_

    async def fetch_commands(*, guild=None):
        return [Fetched("game", 11), Fetched("card", 12)]

    monkeypatch.setattr(offline.bot.tree, "fetch_commands", fetch_commands)
    try:
        assert await remember_command_ids(offline.bot) == {"game": 11, "card": 12}
        assert command_mention("game new") == "</game new:11>"
        assert command_mention("rules") == "/rules"
    finally:
        set_command_ids({})
