"""/game new|list|status|hand|abandon, lobby buttons and /rules, as users see them."""
from __future__ import annotations

from bot.i18n import t
from harness import ALICE, BOB, CYRIL, DANA, EVE, MANAGE_GUILD, MEMBER_PERMISSIONS, User, new_table

ADMIN = User(106, "Admin", "en-US", MEMBER_PERMISSIONS | MANAGE_GUILD)


async def test_lobby_join_leave_ai_and_start(offline):
    ex = await offline.slash(ALICE, "game new", game="citadels", action_cards=True)
    lobby = ex.last
    assert not lobby.ephemeral and "Akční karty: ano · Velká zeď: ne" in lobby.content
    assert "action_cards" not in lobby.content and "great_wall" not in lobby.content
    gid = int(lobby.custom_ids()[0].split(":")[1])
    assert lobby.custom_ids() == [f"l1:{gid}:{v}" for v in ("join", "leave", "ai", "start",
                                                            "ai_normal", "ai_hard")]

    ex = await offline.click(BOB, lobby, f"l1:{gid}:join")
    assert ex.responses[0]["type"] == 6 and "Bob" in ex.last.content     # lobby edited
    ex = await offline.click(BOB, lobby, f"l1:{gid}:join")
    assert ex.last.ephemeral and ex.last.content == t("error.already_joined", "en")
    ex = await offline.click(BOB, lobby, f"l1:{gid}:leave")
    assert "Bob" not in ex.last.content
    ex = await offline.click(CYRIL, lobby, f"l1:{gid}:leave")
    assert ex.last.content == t("error.not_a_player", "en")

    ex = await offline.click(ALICE, lobby, f"l1:{gid}:start")             # alone: too few
    assert ex.last.ephemeral and "2–7" in ex.last.content
    ex = await offline.click(BOB, lobby, f"l1:{gid}:ai")
    assert ex.last.content == t("error.not_host", "en")
    for _ in range(6):
        await offline.click(ALICE, lobby, f"l1:{gid}:ai")
    ex = await offline.click(DANA, lobby, f"l1:{gid}:join")
    assert ex.last.ephemeral and ex.last.content == t("error.table_full", "cs", max=7)
    ex = await offline.click(BOB, lobby, f"l1:{gid}:start")
    assert ex.last.content == t("error.not_host", "en")
    assert offline.posts() == []                                           # nothing started

    ex = await offline.click(ALICE, lobby, f"l1:{gid}:start")
    edited = offline.fake.messages[lobby.message_id]
    assert edited.custom_ids() == [] and t("lobby.started", "cs") in edited.content
    board = offline.posts()[-1]
    assert board.custom_ids() == [f"p1:{gid}"]
    row = await offline.table.db.load_game(gid)
    assert row.status == "active" and row.options["action_cards"] is True


async def test_new_game_rejects_bad_options_and_changes_nothing(offline):
    ex = await offline.slash(BOB, "game new", game="citadels", options="great_wall")
    assert ex.last.ephemeral and "great_wall" in ex.last.content
    ex = await offline.slash(BOB, "game new", game="citadels", winter=True)
    assert ex.last.ephemeral and "winter" in ex.last.content
    ex = await offline.slash(BOB, "game new", game="citadels", options="great_wall=maybe")
    assert ex.last.ephemeral and "maybe" in ex.last.content
    assert await offline.table.list_games() == []
    ex = await offline.slash(BOB, "game new", game="citadels", options="great_wall=true")
    assert "Great Wall: yes" in ex.last.content


async def test_list_status_hand_and_abandon_permissions(offline):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    other, _ = await new_table(offline, CYRIL)

    ex = await offline.slash(EVE, "game list")
    assert ex.last.ephemeral and f"#{gid}" in ex.last.content and f"#{other}" in ex.last.content
    ex = await offline.slash(EVE, "game list", dm=True)                      # no guild: only mine
    assert ex.last.content == t("status.none", "en")

    ex = await offline.slash(BOB, "game status")
    assert ex.last.ephemeral and ex.last.custom_ids() == [f"p1:{gid}"]
    ex = await offline.slash(BOB, "game hand")
    assert ex.last.ephemeral and ex.last.content.startswith(t("panel.title", "en", game="Citadels", id=gid))
    ex = await offline.slash(EVE, "game hand", game=gid)
    assert ex.last.content == t("error.not_a_player", "en")
    ex = await offline.slash(EVE, "game status")
    assert ex.last.content == t("error.no_game_in_channel", "en")

    ex = await offline.slash(BOB, "game abandon", game=gid)
    assert ex.last.content == t("error.not_allowed_abandon", "en")
    assert (await offline.table.db.load_game(gid)).status == "active"
    ex = await offline.slash(ADMIN, "game abandon", game=gid)
    assert ex.last.content == t("reply.abandoned", "en", id=gid, game="Citadels")
    assert (await offline.table.db.load_game(gid)).status == "abandoned"
    ex = await offline.slash(CYRIL, "game abandon", game=other)                # the host may
    assert (await offline.table.db.load_game(other)).status == "abandoned"
    ex = await offline.slash(CYRIL, "game abandon", game=other)
    assert ex.last.content == t("error.not_active", "en")
    ex = await offline.slash(EVE, "game list")
    assert ex.last.content == t("status.none", "en")


async def test_rules_answer_in_the_users_language(offline):
    en = await offline.slash(BOB, "rules", game="citadels")
    cs = await offline.slash(ALICE, "rules", game="citadels")
    assert all(r.ephemeral and 0 < len(r.content) <= 2000 for r in en.replies + cs.replies)
    for ex, locale in ((en, "en"), (cs, "cs")):
        assert ex.text.split() == t("citadels.rules", locale).split()      # all of it, in order
    assert cs.text != en.text


async def test_buttons_work_in_direct_messages(offline, fake):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    dms = [m for u in (ALICE, BOB) for m in offline.dms(u.id) if m.custom_ids()]
    assert dms, "the first player to act gets a DM panel"
    panel = dms[-1]
    user = ALICE if panel.user_id == ALICE.id else BOB
    seq = (await offline.table.db.load_game(gid)).seq
    component = panel.components[0]
    values = [component["options"][0]["value"]] if component["type"] == 3 else None
    ex = await offline.click(user, panel, component["custom_id"], values)
    assert ex.dm and ex.last.kind == "edit" and ex.last.message_id == panel.message_id
    assert (await offline.table.db.load_game(gid)).seq > seq


async def test_seats_option_caps_the_table(offline):
    ex = await offline.slash(ALICE, "game new", game="citadels", seats=3)
    lobby = ex.last
    gid = int(lobby.custom_ids()[0].split(":")[1])
    assert "(1/3)" in lobby.content
    await offline.click(BOB, lobby, f"l1:{gid}:join")
    await offline.click(CYRIL, lobby, f"l1:{gid}:join")
    ex = await offline.click(DANA, lobby, f"l1:{gid}:join")
    assert ex.last.ephemeral and ex.last.content == t("error.table_full", "cs", max=3)
    row = await offline.table.db.load_game(gid)
    assert [s.user_id for s in row.seats] == [ALICE.id, BOB.id, CYRIL.id]


async def test_a_vanished_player_is_replaced_by_the_ai(offline):
    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    ex = await offline.slash(CYRIL, "game replace", player=str(BOB.id), game=gid)
    assert ex.last.ephemeral and ex.last.content == t("error.not_allowed_replace", CYRIL.locale)
    row = await offline.table.db.load_game(gid)
    assert not any(s.is_ai for s in row.seats)
    ex = await offline.slash(ALICE, "game replace", player=str(EVE.id), game=gid)
    assert ex.last.content == t("error.target_not_playing", ALICE.locale)
    ex = await offline.slash(ALICE, "game replace", player=str(BOB.id), game=gid)
    assert ex.last.ephemeral and ex.last.content == t("reply.replaced", ALICE.locale, id=gid,
                                                      player=f"<@{BOB.id}>")
    row = await offline.table.db.load_game(gid)
    bob_seat = next(s for s in row.seats if s.is_ai)
    assert bob_seat.user_id is None and "Bob" in bob_seat.name
    from engine import registry
    assert all(d.seat != bob_seat.seat for d in registry.get(row.type).pending(row.state)), \
        "the AI answered Bob's open decisions at once"


async def test_turn_clock_option_is_stored_and_shown(offline):
    ex = await offline.slash(BOB, "game new", game="citadels", turn_hours=24)
    lobby = ex.last
    gid = int(lobby.custom_ids()[0].split(":")[1])
    assert t("lobby.clock", BOB.locale, hours=24) in lobby.content
    assert (await offline.table.db.load_game(gid)).turn_timeout == 24 * 3600


async def test_lobby_shows_options_by_their_descriptions(offline):
    ex = await offline.slash(BOB, "game new", game="burgundy", estates="advanced")
    content = ex.last.content
    assert t("burgundy.setting.estates.short", "en") + ": " + t("burgundy.setting.estates.advanced", "en") in content
    assert "Tie-break: fewer empty spaces wins" in content and "fewer_empty" not in content
    ex = await offline.slash(ALICE, "game new", game="schutz_burg")
    assert "Zimní hra: ne" in ex.last.content


async def test_host_removes_an_ai_seat(offline):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    assert f"l1:{gid}:unai" not in lobby.custom_ids()               # no AI seat: no button
    ex = await offline.click(ALICE, lobby, f"l1:{gid}:ai")
    ex = await offline.click(ALICE, lobby, f"l1:{gid}:ai")
    lobby = offline.fake.messages[lobby.message_id]
    assert lobby.custom_ids() == [f"l1:{gid}:{v}" for v in ("join", "leave", "ai", "unai", "start",
                                                            "ai_normal", "ai_hard")]
    ex = await offline.click(BOB, lobby, f"l1:{gid}:unai")
    assert ex.last.ephemeral and ex.last.content == t("error.not_host", "en")
    await offline.click(ALICE, lobby, f"l1:{gid}:unai")
    row = await offline.table.db.load_game(gid)
    assert [s.name for s in row.seats] == ["Alice", "Bob", t("ai.name_level", "cs", n=1,
                                                            level=t("ai.level.easy", "cs"))]
    await offline.click(ALICE, lobby, f"l1:{gid}:unai")
    row = await offline.table.db.load_game(gid)
    assert [s.is_ai for s in row.seats] == [False, False]
    lobby = offline.fake.messages[lobby.message_id]
    assert f"l1:{gid}:unai" not in lobby.custom_ids()


async def test_a_host_who_leaves_hands_the_role_on(offline):
    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL))
    await offline.click(ALICE, lobby, f"l1:{gid}:leave")
    row = await offline.table.db.load_game(gid)
    assert row.host_id == BOB.id and row.status == "lobby"
    lobby = offline.fake.messages[lobby.message_id]
    assert f"<@{BOB.id}>" in lobby.content and "Alice" not in lobby.content
    ex = await offline.click(CYRIL, lobby, f"l1:{gid}:start")
    assert ex.last.content == t("error.not_host", "en")
    await offline.click(BOB, lobby, f"l1:{gid}:ai")                 # Bob hosts now
    await offline.click(CYRIL, lobby, f"l1:{gid}:leave")
    await offline.click(BOB, lobby, f"l1:{gid}:leave")              # nobody human is left
    row = await offline.table.db.load_game(gid)
    assert row.status == "abandoned"
    assert offline.fake.messages[lobby.message_id].custom_ids() == []


async def test_a_host_replaced_by_the_ai_hands_the_role_on(offline):
    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    ex = await offline.slash(ALICE, "game replace", player=str(ALICE.id), game=gid)
    assert ex.last.ephemeral
    row = await offline.table.db.load_game(gid)
    heir = next(s for s in sorted(row.seats, key=lambda s: s.seat) if not s.is_ai)
    assert row.host_id == heir.user_id != ALICE.id
    ex = await offline.slash(ALICE, "game abandon", game=gid)
    assert ex.last.content == t("error.not_allowed_abandon", "cs")
    heir_user = next(u for u in (BOB, CYRIL) if u.id == heir.user_id)
    ex = await offline.slash(heir_user, "game abandon", game=gid)
    assert (await offline.table.db.load_game(gid)).status == "abandoned"
