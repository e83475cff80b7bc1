"""Fixtures: a real CastellanBot on a temporary SQLite file, with the network blocked."""
from __future__ import annotations

import pytest

from harness import FakeDiscord, OfflineDiscord, block_sockets, seed_tables


@pytest.fixture(autouse=True)
def no_network():
    with block_sockets():
        yield


@pytest.fixture
def fixed_seed(monkeypatch):
    """Every table starts with the same shuffle and deck (reproducible games)."""
    seed_tables(monkeypatch, 20261122)


@pytest.fixture
def fake():
    return FakeDiscord()


@pytest.fixture
async def offline(tmp_path, fake, fixed_seed):
    """The offline bot; any Discord limit or privacy violation fails the test."""
    d = await OfflineDiscord.start(tmp_path / "castellan.sqlite", images=False, fake=fake)
    try:
        yield d
    finally:
        await d.close()
    assert fake.problems == []
