"""The table store on SQLite and on PostgreSQL: the action log is the truth."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from gamehall.store.database import migrate, open_engine
from gamehall.store.tables import (
    SeatInfo,
    SequenceConflict,
    TableInfo,
    TableStore,
    hash_token,
    new_table_id,
    new_token,
)


def a_table(token: str) -> TableInfo:
    return TableInfo(
        id=new_table_id(),
        game="boss-quest",
        players=2,
        seed="7",
        rules_version="1",
        options={"mystery": True},
        seats=[SeatInfo(0, "Ada", None, hash_token(token)), SeatInfo(1, "bot", "heuristic")],
    )


def test_schema_is_migrated_and_migrating_again_is_harmless(database_url: str) -> None:
    engine = open_engine(database_url)
    migrate(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"tables", "seats", "actions", "alembic_version"} <= tables


def test_tables_seats_and_tokens_round_trip(database_url: str) -> None:
    store = TableStore(open_engine(database_url))
    token = new_token()
    info = a_table(token)
    store.create(info)
    loaded = store.get(info.id)
    assert loaded is not None and loaded.options == {"mystery": True}
    assert [s.name for s in loaded.seats] == ["Ada", "bot"]
    assert loaded.seat_of(token) == 0 and loaded.seat_of(new_token()) is None
    assert loaded.seats[0].token_hash != token, "tokens are stored hashed"
    assert len(token) >= 32 and store.get("missing") is None


def test_the_log_keeps_one_action_per_sequence_number(database_url: str) -> None:
    store = TableStore(open_engine(database_url))
    info = a_table(new_token())
    store.create(info)
    store.append(info.id, 0, "armorer 1", -1)
    store.append(info.id, 1, "boss 17", -1)
    with pytest.raises(SequenceConflict, match="already taken"):
        store.append(info.id, 1, "boss 18", -1)
    assert store.actions(info.id) == [(0, "armorer 1", -1), (1, "boss 17", -1)]
    store.remove_last(info.id, 1, "boss 17")
    assert store.actions(info.id) == [(0, "armorer 1", -1)]


def test_finishing_and_listing_tables(database_url: str) -> None:
    store = TableStore(open_engine(database_url))
    first, second = a_table(new_token()), a_table(new_token())
    store.create(first)
    store.create(second)
    store.finish(first.id, {"winners": [0], "scores": [5.0, 1.0], "reason": "keys-target"})
    store.replace_with_bot(second.id, 0, "heuristic")
    assert [t.id for t in store.list_tables("finished")] == [first.id]
    assert second.id in [t.id for t in store.list_tables("playing")]
    loaded = store.get(second.id)
    assert loaded is not None and loaded.seats[0].bot == "heuristic" and loaded.seats[0].replaced


def test_a_game_played_through_the_hall_is_rebuilt_from_its_log(database_url: str) -> None:
    """The truth is the log: a second hall on the same database replays the same game."""
    import asyncio

    from gamehall.web.hall import Hall, SeatRequest

    async def play() -> tuple[list[object], list[object]]:
        hall = Hall(TableStore(open_engine(database_url)))
        info, _tokens = hall.create_table(
            "boss-quest",
            3,
            {},
            [SeatRequest("me"), SeatRequest("bot", "random"), SeatRequest("bot")],
            bot_delay=0,
        )
        live = hall.live(info.id)
        for _ in range(200):
            hall.start_driver(live)
            await asyncio.sleep(0)
            if live.driver:
                await live.driver
            if live.match.is_over():
                break
            legal = live.match.game.legal_actions(live.match.state)
            await hall.act(info.id, 0, live.seq, str(legal[-1]))
        await hall.close()
        other = Hall(TableStore(open_engine(database_url)))
        return live.match.states, other.live(info.id).match.states

    original, rebuilt = asyncio.run(play())
    assert rebuilt == original and len(original) > 20
