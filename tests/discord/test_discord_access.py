"""A table is reached and managed only from its own server and channel (or, by its
players, from their DMs, for their own seat): every command, autocomplete and button
that names a table, tried from another server (with Manage Server there), another
channel of the same server, a DM, as a spectator, as a player acting for another seat,
and with a stale button.  Each is refused with a clear message and changes nothing;
a table out of reach is answered exactly like an unknown id."""
from __future__ import annotations

import pytest

from bot.i18n import t
from bot.offline import GUILD_ID
from harness import (
    ALICE, BOB, CHANNEL_ID, EVE, MANAGE_GUILD, MEMBER_PERMISSIONS, TablePlayer, User, new_table,
)

MALLORY = User(107, "Mallory", "en-US", MEMBER_PERMISSIONS | MANAGE_GUILD)  # manages her server
OTHER_SERVER = {"guild_id": GUILD_ID + 1, "channel_id": CHANNEL_ID + 100}
OTHER_CHANNEL = {"channel_id": CHANNEL_ID + 1}
IN_DM = {"dm": True}
ELSEWHERE = {"other server": OTHER_SERVER, "other channel": OTHER_CHANNEL, "DM": IN_DM}
UNKNOWN_ID = 987_654

# every command that takes a table, with the options it needs besides ``game``
COMMANDS = {
    "game status": {},
    "game hand": {},
    "game abandon": {},
    "game replace": {"player": str(BOB.id)},
    "citadels take": {"what": "gold"},
    "citadels end-turn": {},
    "citadels choose": {"option": "end"},
    "burgundy estate": {"player": str(BOB.id)},
    "game undo": {},
    "game history": {},
    "game replay": {},
    "game reclaim": {},
    "game kick": {"player": str(BOB.id)},
    "game host": {"player": str(BOB.id)},
    "game clock": {"hours": 24},
    "burgundy estates": {},
    "schutz_burg pass": {},
    "ludwig castle": {"player": str(BOB.id)},
    "ludwig place": {"placement": "a"},
    "carcassonne_castle place": {"space": "D4"},
}


async def snapshot(d, gid: int) -> tuple:
    """Everything a refused request must leave as it was."""
    row = await d.table.db.load_game(gid)
    seats = tuple((s.seat, s.user_id, s.is_ai, s.name) for s in row.seats)
    return row.status, row.seq, seats, row.host_id, len(d.posts()), sum(s.kind == "dm" for s in d.fake.sent)


async def running(d) -> tuple[int, TablePlayer]:
    """A started Citadels table of Alice (host) and Bob in the test channel."""
    gid, lobby = await new_table(d, ALICE, (BOB,))
    await d.click(ALICE, lobby, f"l1:{gid}:start")
    return gid, TablePlayer(d, gid, {ALICE.id: ALICE, BOB.id: BOB})


async def decision_button(player: TablePlayer) -> tuple[User, object, str]:
    """(who must act, the message with their option, its custom id) for the open decision."""
    user, _ = await player.next_turn()
    panel = await player.open_panel(user)
    component = panel.components[0]
    return user, panel, component["custom_id"]


@pytest.mark.parametrize("place", ELSEWHERE.values(), ids=ELSEWHERE.keys())
@pytest.mark.parametrize("command", COMMANDS)
async def test_commands_from_elsewhere_answer_like_an_unknown_table(offline, command, place):
    gid, _ = await running(offline)
    before = await snapshot(offline, gid)
    ex = await offline.slash(MALLORY, command, game=gid, **place, **COMMANDS[command])
    unknown = await offline.slash(MALLORY, command, game=UNKNOWN_ID, **place, **COMMANDS[command])
    assert ex.last.ephemeral and ex.last.content == t("error.no_such_table", "en")
    assert ex.last.content == unknown.last.content and not ex.last.files
    assert await snapshot(offline, gid) == before


@pytest.mark.parametrize("place", ELSEWHERE.values(), ids=ELSEWHERE.keys())
async def test_buttons_from_elsewhere_are_refused(offline, place):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    before = await snapshot(offline, gid)
    copiers = (MALLORY,) if place is IN_DM else (MALLORY, ALICE)   # even its host, elsewhere
    for verb in ("join", "leave", "ai", "start"):
        for user in copiers:
            ex = await offline.click(user, lobby, f"l1:{gid}:{verb}", **place)
            assert ex.last.ephemeral and ex.last.content == t("error.no_such_table", user.locale), verb
    if place is IN_DM:          # the seated host reaches her lobby from her DM, but not its powers
        for verb in ("ai", "start"):
            ex = await offline.click(ALICE, lobby, f"l1:{gid}:{verb}", **place)
            assert ex.last.content == t("error.manage_from_channel", ALICE.locale), verb
    assert await snapshot(offline, gid) == before

    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    player = TablePlayer(offline, gid, {ALICE.id: ALICE, BOB.id: BOB})
    user, panel, custom_id = await decision_button(player)
    before = await snapshot(offline, gid)
    board = player.latest_board()
    for clicker, message, cid in ((MALLORY, board, f"p1:{gid}"), (MALLORY, panel, custom_id)):
        values = [panel.components[0]["options"][0]["value"]] if cid.startswith("s1:") else None
        ex = await offline.click(clicker, message, cid, values, **place)
        assert ex.last.content == t("error.no_such_table", "en") and not ex.last.files, cid
    assert await snapshot(offline, gid) == before


async def test_a_players_own_button_works_from_their_dm_but_not_from_another_server(offline):
    gid, player = await running(offline)
    user, panel, custom_id = await decision_button(player)
    values = [panel.components[0]["options"][0]["value"]] if custom_id.startswith("s1:") else None
    before = await snapshot(offline, gid)
    ex = await offline.click(user, panel, custom_id, values, **OTHER_SERVER)
    assert ex.last.content == t("error.no_such_table", user.locale)
    assert await snapshot(offline, gid) == before
    ex = await offline.click(user, panel, custom_id, values, dm=True)     # her seat, her DM
    assert (await offline.table.db.load_game(gid)).seq > before[1]


@pytest.mark.parametrize("place", ELSEWHERE.values(), ids=ELSEWHERE.keys())
async def test_autocomplete_never_offers_a_table_out_of_reach(offline, place):
    gid, player = await running(offline)
    user, _ = await player.next_turn()
    here = await offline.autocomplete(user, "citadels choose", "option", game=gid)
    assert here, "in the table's channel the player's options are offered"
    stranger = User(user.id + 1000, "Stranger", "en-US", MEMBER_PERMISSIONS | MANAGE_GUILD)
    assert await offline.autocomplete(stranger, "citadels choose", "option", game=gid, **place) == []
    if place is not IN_DM:   # in a DM the player reaches their own seat (checked above)
        assert await offline.autocomplete(user, "citadels choose", "option", game=gid, **place) == []


async def test_game_list_in_another_server_shows_none_of_this_servers_tables(offline):
    gid, _ = await running(offline)
    ex = await offline.slash(MALLORY, "game list", **OTHER_SERVER)
    assert ex.last.content == t("status.none", "en")
    ex = await offline.slash(MALLORY, "game list")            # here: the table is listed
    assert f"#{gid}" in ex.last.content


async def test_in_a_dm_a_player_reaches_only_their_own_seat(offline):
    gid, _ = await running(offline)
    ex = await offline.slash(BOB, "game hand", game=gid, dm=True)
    assert ex.last.content.startswith(t("panel.title", "en", game="Citadels", id=gid))
    before = await snapshot(offline, gid)
    ex = await offline.slash(ALICE, "game abandon", game=gid, dm=True)        # host powers
    assert ex.last.content == t("error.manage_from_channel", ALICE.locale)
    ex = await offline.slash(ALICE, "game replace", game=gid, player=str(BOB.id), dm=True)
    assert ex.last.content == t("error.manage_from_channel", ALICE.locale)
    ex = await offline.slash(BOB, "game replace", game=gid, player=str(ALICE.id), dm=True)
    assert ex.last.content == t("error.not_allowed_replace", BOB.locale)
    assert await snapshot(offline, gid) == before
    ex = await offline.slash(BOB, "game replace", game=gid, player=str(BOB.id), dm=True)
    assert ex.last.content == t("reply.replaced", "en", id=gid, player=f"<@{BOB.id}>")
    row = await offline.table.db.load_game(gid)
    assert row.seat_of(BOB.id) is None and sum(s.is_ai for s in row.seats) == 1


async def test_a_spectator_sees_the_board_and_changes_nothing(offline):
    gid, player = await running(offline)
    _, panel, custom_id = await decision_button(player)
    before = await snapshot(offline, gid)
    ex = await offline.slash(EVE, "game status", game=gid)
    assert ex.last.ephemeral and ex.last.custom_ids() == [f"p1:{gid}"]
    refusals = {
        ("game hand", ()): "error.not_a_player",
        ("game abandon", ()): "error.not_allowed_abandon",
        ("game replace", (("player", str(BOB.id)),)): "error.not_allowed_replace",
        ("citadels end-turn", ()): "error.not_a_player",
    }
    for (command, options), key in refusals.items():
        ex = await offline.slash(EVE, command, game=gid, **dict(options))
        assert ex.last.content == t(key, "en"), command
    values = [panel.components[0]["options"][0]["value"]] if custom_id.startswith("s1:") else None
    ex = await offline.click(EVE, panel, custom_id, values)
    assert ex.last.content == t("error.not_a_player", "en")
    ex = await offline.click(EVE, player.latest_board(), f"p1:{gid}")
    assert ex.last.content == t("error.not_a_player", "en")
    assert await snapshot(offline, gid) == before


async def test_a_player_cannot_act_for_another_seat(offline):
    gid, player = await running(offline)
    user, panel, custom_id = await decision_button(player)
    other = BOB if user is ALICE else ALICE
    before = await snapshot(offline, gid)
    values = [panel.components[0]["options"][0]["value"]] if custom_id.startswith("s1:") else None
    ex = await offline.click(other, panel, custom_id, values)
    assert ex.last.ephemeral and ex.last.content in {
        t("error.nothing_to_decide", other.locale), t("error.not_your_turn", other.locale),
        t("error.stale_decision", other.locale)}
    if other is BOB:
        ex = await offline.slash(BOB, "game replace", game=gid, player=str(ALICE.id))
        assert ex.last.content == t("error.not_allowed_replace", BOB.locale)
    assert await snapshot(offline, gid) == before


async def test_a_stale_button_is_refused(offline):
    gid, player = await running(offline)
    user, panel, custom_id = await decision_button(player)
    values = [panel.components[0]["options"][0]["value"]] if custom_id.startswith("s1:") else None
    await offline.click(user, panel, custom_id, values)
    before = await snapshot(offline, gid)
    ex = await offline.click(user, panel, custom_id, values)
    assert ex.last.ephemeral and (t("panel.already_applied", user.locale) in ex.last.content
                                  or ex.last.content == t("error.nothing_to_decide", user.locale))
    assert await snapshot(offline, gid) == before


async def test_manage_server_counts_only_in_the_tables_own_server(offline):
    gid, _ = await running(offline)
    before = await snapshot(offline, gid)
    ex = await offline.slash(MALLORY, "game abandon", game=gid, **OTHER_SERVER)
    assert ex.last.content == t("error.no_such_table", "en")
    assert await snapshot(offline, gid) == before
    ex = await offline.slash(MALLORY, "game abandon", game=gid)      # a manager of this server
    assert ex.last.content == t("reply.abandoned", "en", id=gid, game="Citadels")
