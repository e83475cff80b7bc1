"""Child process for the durability test: appends moves and acknowledges each one.

    python append_child.py DB_PATH GAME_ID

Prints each seq on its own line right after ``append_move`` returned, then keeps going
until killed.
"""
import asyncio
import sys

from storage import open_database


async def main(path: str, game_id: int) -> None:
    db = await open_database(path)
    try:
        seq = (await db.load_game(game_id)).seq
        while True:
            seq = await db.append_move(game_id, expected_seq=seq, seat=seq % 3,
                                       action={"kind": "k", "option": f"o{seq}"},
                                       state={"count": seq + 1, "pad": "x" * 2000})
            print(seq, flush=True)
    finally:
        await db.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
