"""Stats per server: games played, wins, average score, and a rating per game.

Ratings use ``openskill``'s Plackett-Luce model (ties share a rank).  Each finished game
is counted exactly once (``rated_games``), in the order the games finished, whenever
the ratings are next read or a game ends, so nothing is lost across restarts.  All AI
seats of a server play as one rated "AI" entry (user 0), shown apart from the people.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from bot import messages as m
from bot.i18n import t
from bot.text import game_title
from engine import registry
from storage.memory import Memory, Rating

if TYPE_CHECKING:
    from bot.access import Caller
    from bot.table import TableService
    from storage import Database, GameRow

AI_USER = 0      # the rating entry all AI seats share
DM_GUILD = 0     # tables opened in a DM count under "no server"
MODEL = PlackettLuce()
TOP = 10


def ranks(winners, scores: dict[int, int]) -> dict[int, int]:
    """Rank per seat (0 best): winners first, then by score; equal places share a rank."""
    key = {s: (s not in winners, -scores.get(s, 0)) for s in scores}
    order = sorted(set(key.values()))
    return {s: order.index(k) for s, k in key.items()}


def _guild(row: "GameRow") -> int:
    return DM_GUILD if row.guild_id is None else row.guild_id


def _player(seat) -> int | None:
    return AI_USER if seat.is_ai else seat.user_id


async def rate_game(memory: Memory, row: "GameRow") -> bool:
    """Update the ratings with one finished game (once); False if it was counted."""
    game = registry.get(row.type)
    result = game.result(row.state) if row.state is not None else None
    players = {s.seat: _player(s) for s in row.seats if _player(s) is not None}
    if result is None or len(players) < 2:
        return await memory.save_ratings(row.id, _guild(row), row.type, [])
    old = await memory.ratings(_guild(row), row.type, list(set(players.values())))
    teams = [[MODEL.rating(mu=old[u].mu, sigma=old[u].sigma) if u in old else MODEL.rating()]
             for u in players.values()]
    place = ranks(result.winners, {s: result.scores.get(s, 0) for s in players})
    new = MODEL.rate(teams, ranks=[place[s] for s in players])
    by_user: dict[int, list] = {}
    for user, team in zip(players.values(), new):
        by_user.setdefault(user, []).append(team[0])
    out = []
    for user, got in by_user.items():  # several AI seats: their mean
        mu = sum(r.mu for r in got) / len(got)
        sigma = sum(r.sigma for r in got) / len(got)
        out.append(Rating(user, mu, sigma, (old[user].games if user in old else 0) + 1))
    return await memory.save_ratings(row.id, _guild(row), row.type, out)


async def catch_up(db: "Database", guild_id: int | None) -> int:
    """Count every finished, not yet rated game of the server; returns how many."""
    memory = Memory(db)
    done = 0
    for game_id in await memory.unrated_games(guild_id):
        row = await db.load_game(game_id)
        done += await rate_game(memory, row)
    return done


@dataclass
class Record:
    played: int = 0
    wins: int = 0
    points: int = 0

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0


async def records(db: "Database", guild_id: int | None,
                  game_type: str | None = None) -> dict[tuple[str, int], Record]:
    """``(game type, user or AI_USER) -> Record`` over the server's finished games."""
    out: dict[tuple[str, int], Record] = {}
    for row in await db.list_games(guild_id=guild_id, statuses=("finished",)):
        if (guild_id is None and row.guild_id is not None) or \
                (game_type and row.type != game_type) or row.state is None:
            continue
        result = registry.get(row.type).result(row.state)
        if result is None:
            continue
        for seat in row.seats:
            user = _player(seat)
            if user is None:
                continue
            rec = out.setdefault((row.type, user), Record())
            rec.played += 1
            rec.wins += seat.seat in result.winners
            rec.points += result.scores.get(seat.seat, 0)
    return out


def _line(key: str, locale: str, name: str, rec: Record, rating: Rating | None) -> str:
    skill = MODEL.rating(mu=rating.mu, sigma=rating.sigma).ordinal() if rating else 0.0
    return t(key, locale, name=name, played=rec.played, wins=rec.wins,
             average=f"{rec.average:.1f}", rating=f"{skill:.1f}")


async def player_stats(table: "TableService", who: "Caller", user_id: int, name: str, *,
                       locale: str) -> m.OutMessage:
    """``/game stats``: one line per game the player has finished on this server."""
    await catch_up(table.db, who.guild_id)
    memory = Memory(table.db)
    lines = [t("stats.title", locale, name=name)]
    recs = await records(table.db, who.guild_id)
    guild = DM_GUILD if who.guild_id is None else who.guild_id
    for (game_type, user), rec in sorted(recs.items()):
        if user != user_id:
            continue
        rating = (await memory.ratings(guild, game_type, [user])).get(user)
        lines.append(_line("stats.line", locale, game_title(game_type, locale), rec, rating))
    if len(lines) == 1:
        lines.append(t("stats.none", locale))
    return m.OutMessage(m.clip("\n".join(lines), m.MAX_CONTENT), ephemeral=True)


async def leaderboard(table: "TableService", who: "Caller", game_type: str, *, locale: str,
                      names: dict[int, str] | None = None) -> m.OutMessage:
    """``/game leaderboard``: the server's best rated players of one game, the AI apart."""
    await catch_up(table.db, who.guild_id)
    guild = DM_GUILD if who.guild_id is None else who.guild_id
    ratings = await Memory(table.db).ratings(guild, game_type)
    recs = await records(table.db, who.guild_id, game_type)
    known = dict(names or {})
    for row in await table.db.list_games(guild_id=who.guild_id, statuses=("finished",)):
        for seat in row.seats:
            if seat.user_id is not None and not seat.is_ai:
                known.setdefault(seat.user_id, seat.name)
    ordinal = {u: MODEL.rating(mu=r.mu, sigma=r.sigma).ordinal() for u, r in ratings.items()}
    people = sorted((u for u in ratings if u != AI_USER), key=lambda u: -ordinal[u])[:TOP]
    lines = [t("leaderboard.title", locale, game=game_title(game_type, locale))]
    for place, user in enumerate(people, 1):
        rec = recs.get((game_type, user), Record())
        lines.append(f"{place}. " + _line("stats.line", locale, known.get(user, f"<@{user}>"),
                                           rec, ratings[user]))
    if not people:
        lines.append(t("stats.none", locale))
    if AI_USER in ratings:
        lines.append(_line("leaderboard.ai", locale, t("leaderboard.ai_name", locale),
                           recs.get((game_type, AI_USER), Record()), ratings[AI_USER]))
    return m.OutMessage(m.clip("\n".join(lines), m.MAX_CONTENT), ephemeral=True,
                        mentions=[])
