"""Who may use the served sheet: the join token, the PIN and its lock, the sessions and their
CSRF tokens, the origin of a write. Pure Python (no web framework): the app asks, this answers.

Terminology:
- *token*: the secret in the address ``gintally serve`` prints (after ``#``, so a browser never
  sends it in a request line, a log or a Referer: the join page posts it).
- *PIN*: six digits to type with the bare address (``--lan``); `ATTEMPTS` wrong guesses in a
  row, from anyone, lock every PIN join for `LOCK_SECONDS` (the token still joins).
- *session*: what a joined browser holds in an HttpOnly, SameSite=Strict cookie; each has its
  own CSRF token, which every write sends back in a header.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable

ATTEMPTS = 5
LOCK_SECONDS = 300.0
SESSIONS = 1000  # the oldest is dropped beyond this many joined browsers


class Refused(Exception):
    """A join refused: `status` is the HTTP status to answer, the text says why."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


class Guard:
    """The secrets of one running server and the browsers that have joined it."""

    def __init__(
        self,
        token: str | None = None,
        pin: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token = token or secrets.token_urlsafe(18)
        self.pin = pin or f"{secrets.randbelow(10**6):06d}"
        self._clock = clock
        self._sessions: dict[str, str] = {}  # session id -> its CSRF token
        self._failures = 0
        self._locked_until = 0.0

    def join(self, token: str = "", pin: str = "") -> str:
        """A new session for a browser that knows the token or the PIN; `Refused` otherwise."""
        if token:
            if not hmac.compare_digest(token.encode(), self.token.encode()):
                raise Refused(403, "that join link is not this server's: ask for the address again")
            return self._open()
        now = self._clock()
        if now < self._locked_until:
            wait = int(self._locked_until - now) + 1
            raise Refused(429, f"too many wrong PINs: try again in {wait} seconds")
        if pin and hmac.compare_digest(pin.strip().encode(), self.pin.encode()):
            self._failures = 0
            return self._open()
        self._failures += 1
        if self._failures >= ATTEMPTS:
            self._failures = 0
            self._locked_until = now + LOCK_SECONDS
            raise Refused(429, f"wrong PIN; PIN joins are locked for {int(LOCK_SECONDS)} seconds")
        left = ATTEMPTS - self._failures
        raise Refused(403, f"wrong PIN ({left} {'try' if left == 1 else 'tries'} left)")

    def _open(self) -> str:
        session = secrets.token_urlsafe(24)
        self._sessions[session] = secrets.token_urlsafe(24)
        while len(self._sessions) > SESSIONS:
            del self._sessions[next(iter(self._sessions))]
        return session

    def csrf(self, session: str | None) -> str | None:
        """The CSRF token of a joined session (None: not joined)."""
        return self._sessions.get(session or "")

    def may_write(
        self, session: str | None, sent: str | None, origin: str | None, host: str
    ) -> str:
        """Why a write is refused ("" when it may go on): the session has joined, sent its
        CSRF token, and comes from this server's own origin."""
        expected = self.csrf(session)
        if expected is None:
            return "join first: open the address gintally serve printed"
        if not sent or not hmac.compare_digest(sent.encode(), expected.encode()):
            return "this page is out of date: reload it"
        if origin is None or origin.split("://", 1)[-1] != host:
            return "a write must come from this server's own page"
        return ""
