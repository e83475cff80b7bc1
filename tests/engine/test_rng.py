"""engine.rng: the draws are SplitMix64 exactly as first written (a saved game replays
only if every draw stays the same), whatever shortcut the fast paths take."""
import pytest

from engine.rng import Rng

MASK = (1 << 64) - 1


class Reference:
    """The plain SplitMix64 draws, one method call and one state write per step."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, seq: list) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_every_draw_matches_the_plain_splitmix64(seed):
    holder = {"rng": Rng.seed_value(seed)}
    rng, ref = Rng(holder), Reference(holder["rng"])
    # ranges in and beyond the table of limits; 2**63 + 1 rejects about half the draws
    for n in (1, 2, 3, 6, 7, 100, 256, 257, 1000, 10**9, (1 << 63) + 1):
        for _ in range(20):
            assert rng.randrange(n) == ref.randrange(n)
            assert holder["rng"] == ref.state            # the state is written back each draw
    for lo, hi in ((1, 6), (0, 0), (-3, 3)):
        assert rng.randint(lo, hi) == lo + ref.randrange(hi - lo + 1)
    items = list("abcdefghij")
    assert rng.choice(items) == items[ref.randrange(len(items))]
    for size in (0, 1, 2, 5, 40):
        mine, theirs = list(range(size)), list(range(size))
        rng.shuffle(mine)
        ref.shuffle(theirs)
        assert mine == theirs and holder["rng"] == ref.state
    assert rng.next64() == ref.next64() and holder["rng"] == ref.state


@pytest.mark.parametrize("seed", [0, 5, 99])
def test_draws_made_at_once_match_the_plain_splitmix64(seed):
    """randints and shuffle work a whole run of states out together: the same draws,
    also across rejected ones (2**63 + 1 rejects about half) and long runs."""
    holder = {"rng": Rng.seed_value(seed)}
    rng, ref = Rng(holder), Reference(holder["rng"])
    for lo, hi, count in ((1, 6, 9), (1, 6, 1), (0, 0, 3), (-3, 3, 40), (5, 4 + (1 << 63) + 1, 30),
                          (0, 10**9, 300), (1, 6, 0)):
        assert rng.randints(lo, hi, count) == [lo + ref.randrange(hi - lo + 1)
                                               for _ in range(count)]
        assert holder["rng"] == ref.state
    for size in (3, 200, 257, 600):
        mine, theirs = list(range(size)), list(range(size))
        rng.shuffle(mine)
        ref.shuffle(theirs)
        assert mine == theirs and holder["rng"] == ref.state


def test_bad_ranges_raise_and_change_nothing():
    holder = {"rng": Rng.seed_value(3)}
    before = holder["rng"]
    for call in (lambda r: r.randrange(0), lambda r: r.choice([]), lambda r: r.randint(2, 1),
                 lambda r: r.randints(2, 1, 3)):
        with pytest.raises(ValueError):
            call(Rng(holder))
    assert holder["rng"] == before


def test_a_custom_key_holds_its_own_sequence():
    holder = {"rng": 5, "deck_rng": Rng.seed_value(9)}
    Rng(holder, "deck_rng").shuffle(cards := list(range(10)))
    ref = Reference(Rng.seed_value(9))
    ref.shuffle(expected := list(range(10)))
    assert cards == expected and holder["rng"] == 5 and holder["deck_rng"] == ref.state
