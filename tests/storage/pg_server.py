"""A throwaway PostgreSQL server on loopback for the tests (and figures).

Binaries: ``$PG_BINDIR`` if set, else the system's (``postgres`` on PATH,
/usr/lib/postgresql/*/bin), else the ones the ``pgserver`` wheel ships (installed by
the ``test`` extra, so ``make test`` needs no manual step).  PostgreSQL refuses to
run as root, so under root initdb and the server run as ``nobody`` in a data folder
made for them.  The server listens on 127.0.0.1 on a free port, with durability off
(a test server: fsync off), and is stopped and removed by :meth:`PgServer.stop`.

    server = PgServer.start()          # None-safe: raises PgUnavailable with a reason
    url = server.url("postgres")
    server.stop()

Run as a script it starts a server and prints its URL until interrupted.
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PgServer", "PgUnavailable", "find_bindir"]

UNPRIVILEGED = "nobody"
PREFIX = "castellan-pg-"


class PgUnavailable(RuntimeError):
    """No PostgreSQL server can be started here; ``str()`` says why."""


def _has_server(folder: Path) -> bool:
    return (folder / "postgres").is_file() and (folder / "initdb").is_file()


def find_bindir() -> Path:
    """The folder with ``initdb`` and ``postgres`` (see the module's docstring)."""
    forced = os.environ.get("PG_BINDIR")
    if forced:
        if not _has_server(Path(forced)):
            raise PgUnavailable(f"PG_BINDIR={forced} has no initdb and postgres")
        return Path(forced)
    candidates = []
    found = shutil.which("postgres")
    if found:
        candidates.append(Path(found).resolve().parent)
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if _has_server(folder):
            return folder
    try:
        from pgserver._commands import POSTGRES_BIN_PATH
    except ImportError:
        POSTGRES_BIN_PATH = None
    if POSTGRES_BIN_PATH is not None and _has_server(Path(POSTGRES_BIN_PATH)):
        return Path(POSTGRES_BIN_PATH)
    raise PgUnavailable("no PostgreSQL server binaries: install the system's postgresql "
                        "package or `pip install -e '.[test]'` (the pgserver wheel)")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _pid_in(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def sweep() -> None:
    """Remove what test runs killed before their clean-up left behind: servers whose
    owning process is gone are stopped, their folders removed."""
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        owner = _pid_in(folder / "owner")
        if owner is not None and _alive(owner):
            continue
        server = _pid_in(folder / "data" / "postmaster.pid")
        if server is not None and _alive(server):
            os.kill(server, signal.SIGQUIT)   # immediate shutdown: it is a throwaway
            for _ in range(50):
                if not _alive(server):
                    break
                time.sleep(0.1)
        shutil.rmtree(folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One running server; :meth:`url` names a database on it."""

    def __init__(self, process: subprocess.Popen, folder: str, port: int) -> None:
        self.process = process
        self.folder = folder
        self.port = port

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    @classmethod
    def start(cls, timeout: float = 30.0) -> "PgServer":
        """initdb into a new temporary folder and start the server; PgUnavailable if
        that cannot be done here."""
        bindir = find_bindir()
        user = UNPRIVILEGED if os.geteuid() == 0 else None
        sweep()
        folder = tempfile.mkdtemp(prefix=PREFIX)
        Path(folder, "owner").write_text(str(os.getpid()))
        data = os.path.join(folder, "data")
        os.mkdir(data, 0o700)
        if user is not None:
            import pwd

            entry = pwd.getpwnam(user)
            for path in (folder, data):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        env = {**os.environ, "LC_ALL": "C"}
        init = subprocess.run(
            [str(bindir / "initdb"), "-D", data, "-U", "postgres", "--auth=trust",
             "-E", "UTF8", "--no-locale", "--no-sync"],
            user=user, env=env, capture_output=True, text=True, cwd=folder)
        if init.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise PgUnavailable(f"initdb failed: {init.stderr.strip()[-500:]}")
        port = _free_port()
        log = open(os.path.join(folder, "server.log"), "wb")
        process = subprocess.Popen(
            [str(bindir / "postgres"), "-D", data, "-p", str(port), "-k", "",
             "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
             "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
             "-c", "max_connections=200"],
            user=user, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
        server = cls(process, folder, port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0 and server._accepts():
                    return server
            time.sleep(0.05)
        server.stop()
        tail = Path(folder, "server.log").read_text(errors="replace")[-500:] \
            if os.path.exists(folder) else ""
        raise PgUnavailable(f"the PostgreSQL server did not start: {tail}")

    async def execute(self, sql: str, database: str = "postgres") -> None:
        """Run one statement on ``database`` (e.g. CREATE DATABASE on the default one)."""
        import asyncpg

        conn = await asyncpg.connect(self.url(database))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def _accepts(self) -> bool:
        """The server answers queries (not just 'starting up')."""
        import asyncio

        import asyncpg

        async def ping() -> bool:
            try:
                conn = await asyncpg.connect(self.url(), timeout=2)
            except (OSError, asyncpg.PostgresError, asyncio.TimeoutError):
                return False
            await conn.close()
            return True

        return asyncio.run(ping())

    def stop(self) -> None:
        """Fast shutdown, then remove the data folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.default_int_handler)   # `kill PID` stops it cleanly
    signal.signal(signal.SIGINT, signal.default_int_handler)
    srv = PgServer.start()
    print(srv.url(), flush=True)
    try:
        srv.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        srv.stop()
