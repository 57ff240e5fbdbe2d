"""The served sheet as a Starlette app: its routes as a small table, its settings explicit.

Every read and write goes through one `Book` on one worker thread (`Desk`), so the hands of two
phones land one after the other, numbered in the order they arrived, and a submission's
idempotency key is looked up and recorded in the same step as the hand. A second `Book` on the
same file is asked every `Settings.poll` seconds whether anything (this server, ``gintally
play``, the command line, another process) wrote to the ledger; each change wakes every open
event stream, and the page fetches the part of the sheet that changed.

Terminology:
- *part*: the live part of the sheet page (games, dealer, last hands, money), fetched again on
  each change.
- *key*: the idempotency key a page sends with a submission; the same key answers the same
  document again without recording anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import jinja2
from starlette.applications import Starlette
from starlette.datastructures import FormData, Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gintally.errors import GintallyError
from gintally.facade import typed
from gintally.facade.book import Book, Match
from gintally.game import variants
from gintally.serve.guard import Guard, Refused

HERE = Path(__file__).parent
COOKIE = "gintally_session"  # and the port, when the address has one: see `cookie`
KEYS = 2000  # submissions remembered for their idempotency keys
LAST = 8  # hands listed on the sheet
KINDS = tuple(c.name for c in variants.commands())  # every variant's hand commands
# what makes a hand the same hand (`Desk.first`): the pad's fields and each variant's own
HAND_FIELDS = (
    *("kind", "player", "deadwood", "vs", "cards", "vs_cards", "note", "upcard"),
    *(o.name for o in variants.variant_options()),
)
SAME_HAND = 20.0  # seconds: the same hand from another phone within this is the same hand
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
T = TypeVar("T")
Answer = tuple[int, dict[str, Any]]  # a write's HTTP status and document


@dataclass
class Settings:
    """What one server serves and to whom."""

    path: str | Path  # the ledger
    match: str | None = None  # the match a page opens on (None: the ledger's current match)
    read_only: bool = False  # no write route at all
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost")  # the Host names answered
    token: str | None = None  # the join token (None: a new random one)
    pin: str | None = None  # the PIN (None: a new random one)
    poll: float = 0.2  # seconds between two looks for other processes' writes
    stream_seconds: float = 300.0  # an event stream ends then (the browser reconnects)
    guard: Guard = field(init=False)

    def __post_init__(self) -> None:
        self.guard = Guard(self.token, self.pin)
        self.token, self.pin = self.guard.token, self.guard.pin


class Stale(GintallyError):
    """A correction sent from a page that no longer shows the match as it is: refused (409),
    as the page's person decided on what it showed."""


class Desk:
    """The ledger as the server uses it: one `Book` for the work, one to watch for changes,
    both on one worker thread; the change counter the event streams wait on."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.book = Book(settings.path, flags=True)
        self.watcher = Book(settings.path, flags=True)
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="gintally-serve")
        self.version = 0
        self.changed = asyncio.Condition()
        self.answers: OrderedDict[str, Answer] = OrderedDict()
        self.parts: dict[tuple[str, int], dict[str, Any]] = {}
        # each match's latest hand recorded here: its fields, the session, when, what was said
        self.last_hand: dict[str, tuple[tuple[str, ...], str, float, list[str]]] = {}

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`work(*args, **kwargs)` on the worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, functools.partial(work, *args, **kwargs))

    async def watch(self) -> None:
        """Look for writes every `Settings.poll` seconds and wake the streams on each: the
        watching Book's `news` (SQLite's data_version, which moves with every other
        connection's commit, another Book's of this process included)."""
        await self.run(self.watcher.ledger)
        while True:
            await asyncio.sleep(self.settings.poll)
            try:
                news = await self.run(self.watcher.news)
            except GintallyError:  # the file is busy or gone for now: ask again next time
                news = False
            if news:  # another process wrote: a hand may have come between
                self.last_hand.clear()
                await self.bump()

    async def bump(self) -> None:
        """The ledger changed: wake every event stream."""
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    def warm(self) -> None:
        """Open the ledger as the first tap will use it (for writing, unless read-only) and
        work out the sheet once, so the first phone waits no longer than the next."""
        with contextlib.suppress(GintallyError):  # a refusal is the page's to say, in place
            self.book.ledger(write=not self.settings.read_only)
            self.part(None, self.version)

    def moved(self, seen: int) -> bool:
        """Whether the ledger changed since change number `seen`."""
        return self.version != seen

    def close(self) -> None:
        self.book.close()
        self.watcher.close()

    def first(
        self, match: str, session: str, fields: dict[str, str], work: Callable[[], list[str]]
    ) -> list[str]:
        """`work` (recording a hand), unless another phone recorded the same hand in the same
        match within `SAME_HAND` seconds with nothing recorded since: two people at the table
        who both tap in the hand that was just played (on the worker thread)."""
        hand = tuple(fields.get(k, "") for k in HAND_FIELDS)
        now = time.monotonic()
        last = self.last_hand.get(match)
        if (
            last is not None
            and last[0] == hand
            and last[1] != session
            and now - last[2] < SAME_HAND
        ):
            return ["Another phone has just recorded this hand; nothing was added.", *last[3]]
        lines = work()
        self.last_hand[match] = (hand, session, now, lines)
        return lines

    def part(self, name: str | None, version: int) -> dict[str, Any]:
        """`part` of match `name` as of change number `version`: worked out once for every
        page that asks after the same change (on the worker thread)."""
        key = (name or self.settings.match or "", version)
        if key not in self.parts:
            self.parts = {key: part(self, name)}
        return self.parts[key]

    def match(self, name: str | None) -> Match:
        return self.book.match(name or self.settings.match)

    def once(self, key: str, work: Callable[[], Answer]) -> Answer:
        """`work`'s answer, done once per idempotency `key` (on the worker thread)."""
        if key and key in self.answers:
            status, doc = self.answers[key]
            return status, {**doc, "again": True}
        answer = work()
        if answer[0] == 200:  # this write is told at once (`bump`), not again by the watcher
            self.watcher.news()
        if key:
            self.answers[key] = answer
            while len(self.answers) > KEYS:
                self.answers.popitem(last=False)
        return answer


# --- what the pages show ---------------------------------------------------------------------


def players_of(sheet: Mapping[str, Any]) -> list[str]:
    """The people who play the match: a team match's players, else its two players."""
    teams = sheet.get("teams")
    if teams:
        return [p for team in teams for p in team["players"]]
    return list(sheet["players"])


PAD_COUNTS = ("deadwood", "vs")  # the pad's two counts, typed on its digits


def pad_of(rules: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    """What the pad offers in a match of `rules`' variant, from the variant's declarations
    (`gintally.game.variants`): who may go down (not a solitaire's phantom), the kinds of a
    hand the variant plays (the core ones, told in its words: "Gimlet", then its own commands
    of another claim: "Sour"), each with the counts and own options it takes; Draw and
    Misdeal when it has them; which of the cards fields apply; and the upcard when the rules
    take each hand's (Oklahoma's knock limit, a spade that doubles), as the hand option
    ``--upcard`` says it."""
    variant = variants.find_variant(str(rules["variant"]))
    core = ("knock", "gin", "big-gin")
    named = [variants.command(k) for k in core]
    named += [c for c in variant.commands if c.claim not in core]
    own = {o.name: o for o in variants.variant_options()}
    kinds = []
    for c in named:
        takes = variant.takes(c.claim)
        if c.claim not in variant.claims or (c.claim == "knock" and rules.get("knock_limit") == 0):
            continue  # not this variant's, or gin only (straight gin: knock_limit 0)
        given = [o for o in variants.options_of(c.name) if {o.fills, o.cards} & takes]
        word = variant.word(c.claim) if c.name in core else c.name
        kinds.append(
            {
                "kind": c.name,
                "label": word.removeprefix("goes ").capitalize().replace("-", " "),
                "counts": [o.name for o in given if o.name in PAD_COUNTS],
                "options": [o.name for o in given if o.name in own],
                "takes": takes,
            }
        )
    # a drawn hand that scores (a dead deck: `deck_out_scores`) takes both players' deadwood:
    # a kind of its own, its two counts the pad's (of two players; a team's is typed)
    scored = rules.get("deck_out_scores") and "draw_deadwood" in variant.takes("draw")
    scored = scored and len(players) == 2
    if scored:
        kinds.append({"kind": "draw", "label": "Draw", "counts": list(PAD_COUNTS), "options": []})
        kinds[-1]["takes"] = variant.takes("draw")
    options = []
    for name in dict.fromkeys(n for k in kinds for n in k["options"]):
        said = own[name].help.removeprefix(f"{variant.title}: ").rstrip(".")
        options.append({"name": name, "label": said[:1].upper() + said[1:]})
    cards = {f: any(f in k["takes"] for k in kinds) for f in ("cards", "vs_cards")}
    return {
        "players": [p for p in players if p != variant.opponent],
        "kinds": [{k: v for k, v in kind.items() if k != "takes"} for kind in kinds],
        "options": options,
        "draw": "draw" in variant.claims and not scored,
        "misdeal": "misdeal" in variant.claims,
        "cards": cards,
        "counts": [c for c in PAD_COUNTS if any(c in k["counts"] for k in kinds)],
        "upcard": next(o.help for o in variants.HAND_OPTIONS if o.name == "upcard")
        if variant.dealt and (rules.get("knock_limit") == "upcard" or rules.get("spade_doubles"))
        else "",
    }


def game_view(game: Mapping[str, Any]) -> dict[str, Any]:
    """A game as a card shows it: each side's score and boxes, who leads or won."""
    points = game["points"]
    (a, pa), (b, pb) = points.items()
    if game["status"] == "won" and game["winner"]:
        total = game["total"]
        loser = b if game["winner"] == a else a
        said = f"{game['winner']} won {total[game['winner']]} to {total[loser]}, net {game['net']}"
    elif pa == pb:
        said = "level" if pa else "no score yet"
    else:
        ahead = a if pa > pb else b
        said = f"{ahead} {'lead' if ' & ' in ahead else 'leads'} by {abs(pa - pb)}"
    rows = [
        {
            "side": side,
            "points": points[side],
            "boxes": game["boxes"].get(side, 0),
            "needs": (game.get("needs") or {}).get(side),
        }
        for side in points
    ]
    return {
        "number": game["number"],
        "status": game["status"],
        "said": said,
        "rows": rows,
        "winner": game["winner"],
    }


def part(desk: Desk, name: str | None) -> dict[str, Any]:
    """Everything the live part of the sheet shows (on the worker thread)."""
    m = desk.match(name)
    sheet = m.sheet(rows=False)  # what `show` draws from: a season's open and latest games
    log = m.hands(last=LAST)
    info = m.info()
    settled = m.settlement() if info.get("stake") else None
    money: dict[str, Any] | None = None
    from gintally.report import season_line, series_line, set_line, stake_line

    if settled is not None:  # with the sheet's line about it, as `show` says it
        money = {**settled, "said": stake_line(sheet)}
    sets = sheet.get("sets") or []
    now = sets[-1] if sets and sets[-1]["status"] == "open" else None
    series, sides = sheet.get("series"), sheet["players"]
    standing = [  # the season, the set under way and the series, as `show` says them
        season_line(sheet) if sheet.get("season") else None,
        set_line(now, sheet["rolling"]) if now is not None else None,
        series_line(series, sides[0], sides[-1], "teams" in sheet) if series else None,
    ]
    # with the latest correction: one it does not show (an early hand's note) moves it on too
    stamped = [sheet, log, money, info.get("stake"), m.last_correction()]
    seen = json.dumps(stamped, sort_keys=True, default=str)
    games = [game_view(g) for g in sheet["games"]]
    shown = [g for g in games if g["status"] == "open"] or games[-1:]
    won = [g for g in games if g["status"] == "won"][-3:]
    return {
        "match": sheet["match"],
        "sheet": sheet,
        "format": sheet["format"],
        "sides": sheet["players"],
        "players": players_of(sheet),
        "pad": pad_of(info["rules"], players_of(sheet)),
        "open_games": shown,
        "won_games": won,
        "sets": [s for s in sheet.get("sets") or [] if s["status"] != "open" or s["lead"]][-3:],
        "next_dealer": sheet.get("next_dealer"),
        "knock_limit": sheet.get("knock_limit"),
        "target": sheet.get("target"),
        "hands": list(reversed(log["hands"])),
        "round": sheet.get("round"),
        "stake": info.get("stake"),
        "money": money,
        "season_over": sheet.get("season_over"),
        "standing": [line for line in standing if line],
        "stamp": hashlib.sha256(seen.encode()).hexdigest()[:20],
    }


def said(doc: Mapping[str, Any], games: Sequence[Mapping[str, Any]] | None = None) -> list[str]:
    """What the command line prints for a hand or a correction (`games`: for a correction, the
    open games with a hand in them as they now stand)."""
    from gintally.cli.render.hands import hand_lines

    changed = list(doc.get("changed_text") or [])  # the finished games a correction changed
    if "action" in doc and "hand" not in doc:  # undo took back a payment or a price
        return [str(doc.get("took_back") or doc.get("brought_back")), *changed]
    if doc.get("undid", "hand") != "hand" and doc.get("took_back"):  # an edit or void undone
        return [str(doc["took_back"]), *changed]
    if "action" in doc:
        doc = {
            **doc,
            "description": f"{doc['action'].capitalize()} hand {doc['hand']}: {doc['description']}",
            "games": games or [],
        }
    lines = [line.strip() for line in hand_lines(doc, 10_000)]  # type: ignore[arg-type]
    return [*lines, *changed]


# --- the routes --------------------------------------------------------------------------------


def build(settings: Settings) -> Starlette:
    """The app serving `settings`."""
    desk = Desk(settings)
    guard = settings.guard
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True)
    templates = Jinja2Templates(env=env)
    templates.env.globals["read_only"] = settings.read_only
    templates.env.filters["q"] = lambda text: quote(str(text), safe="")

    def session(request: Request) -> str | None:
        sid = request.cookies.get(cookie(request))
        return sid if guard.csrf(sid) is not None else None

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
        sid = request.cookies.get(cookie(request))
        context = {**context, "csrf": guard.csrf(sid) or ""}
        response = templates.TemplateResponse(request, name, context, status_code=status)
        response.headers["Cache-Control"] = "no-store"
        return response

    def joined(
        handler: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        """`handler` for joined browsers; others get the join page (401)."""

        @functools.wraps(handler)
        async def checked(request: Request) -> Response:
            if session(request) is None:
                if request.method == "GET" and "text/html" in request.headers.get("accept", ""):
                    return page(request, "join.html", {"error": ""}, 401)
                return PlainTextResponse("join first: open the address gintally serve printed", 401)
            return await handler(request)

        return checked

    def writing(
        handler: Callable[[Request, dict[str, str]], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        """`handler` for a write: joined, with its CSRF token, from this server's page."""

        async def checked(request: Request) -> Response:
            why = guard.may_write(
                request.cookies.get(cookie(request)),
                request.headers.get("x-csrf-token"),
                request.headers.get("origin"),
                request.headers.get("host", ""),
            )
            if why:
                return JSONResponse({"ok": False, "error": f"Error: {why}"}, 403)
            fields, why = one_each(await request.form())
            if why:
                return JSONResponse({"ok": False, "error": f"Error: {why}"}, 400)
            return await handler(request, fields)

        return checked

    async def join(request: Request) -> Response:
        if request.method == "GET":
            return page(request, "join.html", {"error": ""}, 200 if session(request) else 401)
        origin = request.headers.get("origin")
        if origin is None or origin.split("://", 1)[-1] != request.headers.get("host"):
            return page(request, "join.html", {"error": "join from this server's page"}, 403)
        form = await request.form()
        token, pin = str(form.get("token") or ""), str(form.get("pin") or "")
        try:
            sid = guard.join(token=token, pin=pin)
        except Refused as e:
            if form.get("js"):
                return JSONResponse({"ok": False, "error": str(e)}, e.status)
            return page(request, "join.html", {"error": str(e)}, e.status)
        response: Response = (
            JSONResponse({"ok": True}) if form.get("js") else RedirectResponse("/", 303)
        )
        response.set_cookie(
            cookie(request), sid, max_age=60 * 60 * 24 * 30, httponly=True, samesite="strict"
        )
        return response

    async def refused(request: Request, e: GintallyError, status: int = 400) -> Response:
        text = " ".join(str(e).split())
        if "text/html" in request.headers.get("accept", ""):
            return page(request, "refused.html", {"error": text}, status)
        return PlainTextResponse(f"Error: {text}", status)

    async def sheet(request: Request, template: str) -> Response:
        """The sheet of the match asked for (``?m=``), whole page or its part (a redraw)."""
        try:
            context = await desk.run(desk.part, request.query_params.get("m"), desk.version)
        except GintallyError as e:
            return await refused(request, e, 404)
        return page(request, template, context)

    @joined
    async def sheet_page(request: Request) -> Response:
        return await sheet(request, "sheet.html")

    @joined
    async def sheet_part(request: Request) -> Response:
        return await sheet(request, "part.html")

    @joined
    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            seen = desk.version
            yield f"retry: 1000\nevent: hello\ndata: {seen}\n\n"
            loop = asyncio.get_running_loop()
            end = loop.time() + settings.stream_seconds
            while loop.time() < end:
                async with desk.changed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(
                            desk.changed.wait_for(functools.partial(desk.moved, seen)),
                            min(15.0, max(0.0, end - loop.time())),
                        )
                if desk.version != seen:
                    seen = desk.version
                    yield f"event: change\ndata: {seen}\n\n"
                else:
                    yield ": still here\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def match_page(request: Request, template: str, read: Callable[[Match], Any]) -> Response:
        """A page of one match's document (`read`: the library call that gives it)."""

        def context() -> dict[str, Any]:
            m = desk.match(request.query_params.get("m"))
            return {"match": m.name, "doc": read(m)}

        try:
            found = await desk.run(context)
        except GintallyError as e:
            return await refused(request, e, 404)
        return page(request, template, found)

    @joined
    async def standings_page(request: Request) -> Response:
        return await match_page(request, "standings.html", Match.standings)

    @joined
    async def matches_page(request: Request) -> Response:
        doc = await desk.run(desk.book.matches)
        current = request.query_params.get("m") or settings.match or doc["current"]
        return page(request, "matches.html", {"match": current, "doc": doc})

    @joined
    async def settle_page(request: Request) -> Response:
        return await match_page(request, "settle.html", Match.settlement)

    def answer(work: Callable[[], list[str]]) -> Answer:
        """A write's answer: what the command line would print, or its refusal."""
        try:
            return 200, {"ok": True, "said": work()}
        except GintallyError as e:
            status = 409 if isinstance(e, Stale) else 400
            return status, {"ok": False, "error": "Error: " + " ".join(str(e).split())}

    async def written(fields: dict[str, str], work: Callable[[], list[str]]) -> Response:
        key = fields.get("key", "")[:100]
        status, doc = await desk.run(desk.once, key, lambda: answer(work))
        if status == 200 and not doc.get("again"):
            await desk.bump()
        return JSONResponse(doc, status)

    @writing
    async def hand(request: Request, fields: dict[str, str]) -> Response:
        session = request.cookies.get(cookie(request), "")

        def work() -> list[str]:
            m = desk.match(fields.get("m"))
            return desk.first(m.name, session, fields, lambda: said(record_hand(m, fields)))

        return await written(fields, work)

    @writing
    async def undo(request: Request, fields: dict[str, str]) -> Response:
        def work() -> list[str]:
            m = desk.match(fields.get("m"))
            seen = fields.get("seen")
            if seen and seen != part(desk, m.name)["stamp"]:
                raise Stale(
                    f"{m.name} changed since this page showed it (another phone or the "
                    "command line): nothing was undone; look at the sheet again, then undo"
                )
            desk.last_hand.pop(m.name, None)
            return said(m.undo(), now_open(m))

        return await written(fields, work)

    @writing
    async def void(request: Request, fields: dict[str, str]) -> Response:
        def work() -> list[str]:
            m = desk.match(fields.get("m"))
            desk.last_hand.pop(m.name, None)
            number = count(fields.get("hand"), "hand")
            if number is None:
                raise GintallyError("void takes the hand's number")
            return said(m.void(number, fields.get("reason") or None), now_open(m))

        return await written(fields, work)

    @writing
    async def edit(request: Request, fields: dict[str, str]) -> Response:
        def work() -> list[str]:
            m = desk.match(fields.get("m"))
            desk.last_hand.pop(m.name, None)
            number = count(fields.get("hand"), "hand")
            if number is None:
                raise GintallyError("edit takes the hand's number")
            changes: dict[str, Any] = {}
            for name in ("player", "kind", "upcard"):
                if fields.get(name):
                    changes[name] = fields[name]
            for name in ("deadwood", "vs"):
                value = count(fields.get(name), name)
                if value is not None:
                    changes[name] = value
            for option in variants.variant_options():  # Gimlet's piles, Mahjong's tables
                value = from_page(option, fields.get(option.name))
                if value is not None:
                    changes[option.name] = value
            return said(m.edit(number, reason=fields.get("reason") or None, **changes), now_open(m))

        return await written(fields, work)

    routes: list[BaseRoute] = [
        Route("/", sheet_page),
        Route("/join", join, methods=["GET", "POST"]),
        Route("/part", sheet_part),
        Route("/events", events),
        Route("/standings", standings_page),
        Route("/matches", matches_page),
        Route("/settle", settle_page),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    if not settings.read_only:
        routes += [
            Route("/hand", hand, methods=["POST"]),
            Route("/undo", undo, methods=["POST"]),
            Route("/void", void, methods=["POST"]),
            Route("/edit", edit, methods=["POST"]),
        ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await desk.run(desk.warm)
        watching = asyncio.create_task(desk.watch())
        try:
            yield
        finally:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
            await desk.run(desk.close)
            desk.pool.shutdown()

    middleware = [
        Middleware(Secured, hosts=settings.hosts),
    ]

    async def not_here(request: Request, exc: Exception) -> Response:
        """No such page, or not by that method: said naming it."""
        assert isinstance(exc, HTTPException)
        path = request.url.path
        if exc.status_code == 405:
            allowed = ", ".join(sorted((exc.headers or {}).get("Allow", "").split(", ")))
            text = f"Error: {path} takes {allowed}, not {request.method}"
        else:
            text = f"Error: there is no page {path} here"
        return PlainTextResponse(text, exc.status_code, headers=exc.headers)

    handlers = {404: not_here, 405: not_here}
    app = Starlette(
        routes=routes, middleware=middleware, lifespan=lifespan, exception_handlers=handlers
    )
    app.state.desk = desk
    return app


def one_each(form: FormData) -> tuple[dict[str, str], str]:
    """A write's fields, each given once as text, or why not (a field given twice is refused:
    which of its values was meant, the page alone knows)."""
    fields: dict[str, str] = {}
    for name, value in form.multi_items():
        if not isinstance(value, str):
            return {}, f"{name} must be text, not a file"
        if name in fields:
            values = ", ".join(repr(v) for v in form.getlist(name))
            return {}, f"{name} is given {len(form.getlist(name))} times ({values}): give it once"
        fields[name] = value
    return fields, ""


def cookie(request: Request) -> str:
    """The session cookie's name on this server: a browser keeps one cookie of a name for a
    host whatever its port, so two servers on one computer (two ledgers, two ports) would each
    take the other's place; the port in the name keeps both joined."""
    port = request.url.port
    return f"{COOKIE}_{port}" if port else COOKIE


def count(text: str | None, name: str) -> int | None:
    """A count typed on the pad: a whole number, or None when left empty."""
    text = (text or "").strip()
    if not text:
        return None
    return typed.whole(text, name)  # as the command line reads it; the library checks its range


def record_hand(m: Match, fields: dict[str, str]) -> Mapping[str, Any]:
    """Record the hand a page submitted (`fields`: kind, player, deadwood, vs, cards..., and
    the variants' own options by name: Gimlet's piles, Mahjong's tables), its values read from
    the page's text (`from_page`) and given to the hand method of the same name."""
    kind = fields.get("kind", "")
    if kind not in KINDS:
        raise GintallyError(f"unknown kind of hand {kind!r}: one of {', '.join(KINDS)}")
    player = fields.get("player") or None
    note = fields.get("note") or None
    upcard = fields.get("upcard") or None
    if kind not in ("draw", "misdeal"):
        if player is None:
            raise GintallyError(f"who went {'down' if kind == 'knock' else 'gin'}? tap a name")
        values = {o.name: from_page(o, fields.get(o.name)) for o in variants.options_of(kind)}
        values["player"] = player
        doc: Mapping[str, Any] = getattr(m, kind.replace("-", "_"))(
            **values, note=note, upcard=upcard
        )
        return doc
    if kind == "draw" and (fields.get("deadwood") or fields.get("vs")):  # a dead deck scores
        if player is None:
            raise GintallyError("whose deadwood is it? tap a name, then Draw")
        other = [str(p) for p in m.info()["players"] if str(p).casefold() != player.casefold()]
        counts = {player: count(fields.get("deadwood"), "deadwood")}
        counts.update({p: count(fields.get("vs"), "vs") for p in other[:1]})
        given = {p: n for p, n in counts.items() if n is not None}
        return m.draw(deadwood=given, note=note, upcard=upcard)
    if kind == "draw" and player:
        return m.draw(player, note=note, upcard=upcard)
    if kind == "draw" and m.record().teams:  # the library asks for it in the command's words
        raise GintallyError("at which table was the hand drawn? tap one of its players, then Draw")
    if kind == "draw":
        return m.draw(note=note, upcard=upcard)
    return m.misdeal(note=note, upcard=upcard)


def from_page(option: variants.Option, text: str | None) -> Any:
    """One value of a hand typed on the page (None: left empty) as the hand method takes it,
    as its declaration says (`Option.read`): a bad one is refused naming its field."""
    text = (text or "").strip() or None
    if text is None or option.read not in ("whole", "count", "counts"):
        return text
    if option.read == "counts":  # Gimlet's piles, 1,2,0,3
        return [count(n, option.name) for n in text.replace(",", " ").split()]
    if option.read == "count":
        return typed.count_or_cards(text, option.name)
    return count(text, option.name)


def now_open(m: Match) -> Sequence[Mapping[str, Any]]:
    """The open games with a hand in them, as a correction's confirmation shows them."""
    return [g for g in m.sheet(rows=False)["games"] if g["status"] == "open" and g["hands"]]


class Secured:
    """Only the names of this server are answered (`hosts`: a request for any other host is a
    page from another site reaching this one through its own name, DNS rebinding), and every
    answer carries the headers that keep the page to itself (`HEADERS`)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = [h.lower() for h in hosts]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        name = host.partition("]")[0] + "]" if host.startswith("[") else host.partition(":")[0]
        if name.lower() not in self.hosts:
            answered = " or ".join(self.hosts)
            refusal = f"Error: this server answers at {answered}, not at {host!r}"
            app: ASGIApp = PlainTextResponse(refusal, 400)
        else:
            app = self.app

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await app(scope, receive, sending)
