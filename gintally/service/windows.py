"""Windows: the stretch of a match a command replays, and the hand log.

Terminology
- window (`Window`): the hands a replay needs. For ad-infinitum, one season (its games never
  outlive it); for the other formats, the whole match. So recording a hand and showing the
  games stays fast however many seasons the ledger holds.
- quiet point (`engine.replay.Mark`): where no game is open; a match remembers its latest one,
  so `replay_match` starts there instead of from the first hand. An ad-infinitum season is
  never quiet: its mark lies inside it, carrying its open games and the games won before it
  (`Mark.open`), and the window holds the games open there and those numbered since.
- hand log (`Log`, `Logged`): the hands `hands` lists, each with who dealt it.
- listing (`listing`, `plays`): every game of a match in order, and every hand with the games
  it posted to, as the hands stream (``show --all``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any

from gintally.engine.formats import Format
from gintally.engine.games import Game
from gintally.engine.replay import (
    REDEALT,
    Mark,
    Played,
    Replay,
    Replayer,
    mark_inside,
    next_dealer,
    replay,
)
from gintally.engine.seasons import season_end, season_of
from gintally.game.variants import variant_of
from gintally.ledger import Ledger
from gintally.ledger.hands import reader, record_of
from gintally.ledger.light import LogValues
from gintally.model import HAND_COLUMNS, HandRecord, Match
from gintally.service.replaying import (
    entries_from_plays,
    live_hands,
    settling_of,
    stream_entries_from_plays,
)
from gintally.service.seating import round_of as round_in
from gintally.service.seating import seating_of

if TYPE_CHECKING:
    from gintally.engine.listing import Listing
    from gintally.engine.rounds import Round
    from gintally.engine.standings import Season


class Window:
    """A replayed stretch of a match: the games derived from it and which of them to show.
    (Plain classes here and for `Log`: a dataclass costs half a millisecond to make, at every
    start of every command.)"""

    __slots__ = ("hands", "match", "replay", "rounds", "season", "shown")

    def __init__(
        self,
        match: Match,
        hands: list[HandRecord],
        replay: Replay,
        season: str | None,
        shown: list[Game] | None = None,
        rounds: list[Round] | None = None,  # a team match's rounds, every one
    ) -> None:
        self.match, self.hands, self.replay, self.season = match, hands, replay, season
        self.shown: list[Game] = [] if shown is None else shown
        self.rounds: list[Round] = [] if rounds is None else rounds

    def __repr__(self) -> str:
        return f"Window({self.match.name!r}, season={self.season!r}, {len(self.shown)} shown)"


def round_of(window: Window, rec: HandRecord) -> Round | None:
    """The round a hand of a team match belongs to (None: voided, or not a team match)."""
    return round_in(window.rounds, rec)


def entry_of(window: Window, rec: HandRecord) -> int | None:
    """The replay entry a hand made: its own number, or in a team match the number of its round
    once complete (None while the round waits: the hand has posted nothing yet)."""
    return seating_of(window.match).entry_of(window.rounds, rec)


RECENT_GAMES = 10  # finished games `show` lists for formats without seasons (besides open ones)


def recent_games(fmt: Format) -> int:
    """How many finished games `show` lists: `RECENT_GAMES`, and at least two whole sets."""
    return max(RECENT_GAMES, 2 * fmt.games) if fmt.in_sets else RECENT_GAMES


def replay_match(
    ledger: Ledger,
    match: Match,
    around: date | None = None,
    today: date | None = None,
    remember: bool = False,
    recent: bool = True,
) -> Window:
    """Replay what `show` needs, without replaying the whole match when a mark allows.

    Ad-infinitum: the season holding `around` (default: the latest season played): from the
    match's in-season mark (`engine.replay.Mark.open`) when `recent` and it leaves at least
    `recent_games` finished games numbered after it (the window's games are then the games
    open at the mark and those numbered since, and the replay's `won_before` counts the
    season's games won before it), else all its games. Other formats: the open games and the
    latest finished ones (`RECENT_GAMES`, or two sets). The replay starts from the match's
    remembered mark when the ledger still agrees with it, else from the first hand (or the
    season's); the games shown are the same either way. With `remember` (write commands) a
    newer mark found on the way is kept. `today` (or a later hand) tells whether a season is
    over, and so its open games unfinished.
    """
    fmt = match.format
    if seating_of(match).whole:
        return _whole_window(ledger, match, around, today)
    with ledger.snapshot():
        seen = ledger.rows_seen()
        version = ledger.data_version() if remember else None
        stored = ledger.mark_seen(match)
        mark = stored[0] if stored is not None else None
        if mark is not None and mark.in_season and not fmt.seasonal:
            mark = None  # (a row no replay of this match keeps: `check` names it)
        latest = ledger.live_hands_latest(match)
        if fmt.seasonal and around is None and latest is not None:
            around = latest.date
        season: tuple[str, date, date] | None = None
        if fmt.seasonal and around is not None:
            called, first_day = season_of(around, fmt.season_start)
            season = (called, first_day, season_end(first_day))
            if (
                mark is None
                or mark.season != called
                or (mark.cut_date, mark.cut_hand) < (first_day, 0)
                or (mark.in_season and not recent)
            ):
                mark = _season_start(ledger, match, called, first_day)
            rows = ledger.plays(
                match,
                after=(mark.cut_date, mark.cut_hand),
                until=season[2],
                verified=_verified(stored, mark),
            )
        else:
            if mark is None:  # find the latest quiet point, streaming: nothing is kept
                mark = _latest_quiet(ledger, match)
            rows = ledger.plays(
                match,
                after=None if mark is None else (mark.cut_date, mark.cut_hand),
                verified=_verified(stored, mark),
            )
        seen_dates = [d for d in (today, latest.date if latest else None) if d is not None]
        as_of = max(seen_dates) if seen_dates else None
        dealer = match.first_seat
        rep = replay(
            entries_from_plays(match, rows), match.rules, fmt, dealer, as_of=as_of, start=mark
        )
        keep = recent_games(fmt)
        if (
            season is not None
            and mark is not None
            and mark.in_season
            and _won_after(rep, mark) < keep
        ):
            # Hands voided since the mark left too few finished games after it: the season.
            mark = _season_start(ledger, match, season[0], season[1])
            rows = ledger.plays(
                match, after=(season[1], 0), until=season[2], verified=_verified(stored, mark)
            )
            rep = replay(
                entries_from_plays(match, rows), match.rules, fmt, dealer, as_of, start=mark
            )
    if season is None and mark is not None and rep.finished - mark.finished < keep:
        # Hands voided since the mark left too few finished games after it: replay whole.
        mark = None
        rep = replay(
            entries_from_plays(match, ledger.plays(match)), match.rules, fmt, dealer, as_of=as_of
        )
    label: str | None = None
    if season is not None:
        label = rep.season = season[0]
        shown = [g for g in rep.games if g.season == label]
    else:
        finished = [g for g in rep.games if g.status == "won"]
        won = {id(g) for g in finished[max(0, len(finished) - keep) :]}
        shown = [g for g in rep.games if g.status != "won" or id(g) in won]
    if remember and not ledger.read_only:
        _remember(ledger, match, stored, mark, rep, seen, version)
    return Window(match, [], rep, label, shown)


def _season_start(ledger: Ledger, match: Match, label: str, first_day: date) -> Mark:
    """The quiet point at the start of an ad-infinitum season (its first dealer from the
    hands before it: `dealer_before`)."""
    return Mark(first_day, 0, 0, dealer_before(ledger, match, first_day), label, 0)


def _won_after(rep: Replay, mark: Mark) -> int:
    """The games of the mark's season numbered after an in-season mark and won, in a replay
    from it: `show` lists the latest finished games by number, so it may start there when
    they are at least `recent_games`."""
    return sum(
        1
        for g in rep.games
        if g.number > mark.games and g.status == "won" and g.season == mark.season
    )


def _verified(stored: tuple[Mark, tuple[int, int]] | None, start: Mark | None) -> int:
    """The hand row up to which a replay from `start` need not settle its hands again: the
    stored mark's `seen`, when the replay starts at that mark (`marks`: its keeper settled
    them all again), or at the start of the season of a stored mark inside it (the marks of a
    season are kept from its start on, each by a replay from the one before, so every hand of
    the season up to what the latest has seen was settled once); else none (0)."""
    if stored is None or start is None:
        return 0
    mark = stored[0]
    if mark == start or (mark.in_season and start.cut_hand == 0 and start.season == mark.season):
        return stored[1][0]
    return 0


def _latest_quiet(ledger: Ledger, match: Match) -> Mark | None:
    """The latest quiet point of a match without seasons that leaves `recent_games` finished
    games after it (what `_remember` would keep after a whole replay), found by replaying the
    match as its hands stream from the file, keeping no hand and no game: the replay `show`
    then makes starts there, so its memory does not grow with the match. None when the match
    never was quiet (rolling Hollywood) or has too few games."""
    keep = recent_games(match.format)
    run = Replayer(match.rules, match.format, match.first_seat)
    pending: deque[Mark] = deque()  # quiet points with fewer than `keep` games won since
    best = None
    for e in stream_entries_from_plays(match, ledger.stream_plays(match)):
        run.feed(e)
        run.played.clear()
        run.games.clear()
        pending.extend(run.marks)
        run.marks.clear()
        while pending and run.finished - pending[0].finished >= keep:
            best = pending.popleft()
    return best


def _whole_window(ledger: Ledger, match: Match, around: date | None, today: date | None) -> Window:
    """`replay_match` for a match replayed whole (a team match: its rounds and games; an evening
    of partnership play is short; no quiet point is kept)."""
    window = replay_all(ledger, match, today)
    rep, fmt = window.replay, match.format
    if fmt.seasonal:
        day = around or (window.hands[-1].date if window.hands else None)
        label = season_of(day, fmt.season_start)[0] if day is not None else None
        window.season = rep.season = label
        window.shown = [g for g in rep.games if g.season == label]
    else:
        keep = recent_games(fmt)
        finished = [g for g in rep.games if g.status == "won"]
        won = {id(g) for g in finished[max(0, len(finished) - keep) :]}
        window.shown = [g for g in rep.games if g.status != "won" or id(g) in won]
    return window


# An in-season mark trails the season's latest hand: it is moved on once more than
# `TRAIL[1]` x `recent_games` games are numbered after it, to where `TRAIL[0]` x `recent_games`
# won games are numbered after it (so a write moves it about once in every thirty games, and
# voiding a few of the latest hands does not leave `show` too few finished games after it).
TRAIL = (2, 5)


def _remember(
    ledger: Ledger,
    match: Match,
    stored: tuple[Mark, tuple[int, int]] | None,
    used: Mark | None,
    rep: Replay,
    seen: tuple[int, int],
    version: int | None = None,
) -> None:
    """Keep the newest mark that still leaves `show` everything it shows after it:
    one the replay passed, or the one it started from (a season's start worked out just now),
    or for ad-infinitum one inside the season (`_inside`). `stored` is the match's mark as
    stored, with what it has seen; when it is already the best, it is confirmed as having seen
    the rows the replay read (each settled again on the way), so the next replay from it
    settles again only what is written after."""
    if match.format.seasonal:
        best = rep.marks[-1] if rep.marks else used
        if best is not None:
            best = _inside(match, rep, best)
    else:
        keep = recent_games(match.format)
        usable = [m for m in rep.marks if rep.finished - m.finished >= keep]
        best = usable[-1] if usable else used
    if best is not None and (stored is None or best != stored[0] or stored[1] != seen):
        ledger.remember_mark(match, best, seen, version)


def _inside(match: Match, rep: Replay, base: Mark) -> Mark:
    """The mark to keep in an ad-infinitum season replayed from `base` (its start, or a mark
    inside it): `base` while few games are numbered after it (`TRAIL`), else a mark at the
    hand before the one that opened the `TRAIL[0]` x `recent_games`-th latest game won, made
    by replaying the hands from `base` up to it again (the replay kept no state in between)."""
    keep = recent_games(match.format)
    label = base.season
    games = [g for g in rep.games if g.season == label and g.number > base.games]
    won = [g for g in games if g.status == "won"]
    need = max(1, TRAIL[0] * keep)
    if len(games) <= TRAIL[1] * keep or len(won) < need:
        return base
    opener = won[-need].hands[0]
    after = (base.cut_date, base.cut_hand)
    hands = [p.entry for p in rep.played if (p.entry.date, p.entry.id) > after]
    cut = next((i for i, e in enumerate(hands) if e.id == opener), 0)
    if cut == 0:
        return base
    run = Replayer(match.rules, match.format, match.first_seat, start=base, keep=False)
    for e in hands[:cut]:
        run.feed(e)
    if run.season != label:  # (a season's end in between: not where a mark is wanted)
        return base
    counted = list(base.won if base.in_season else (0, 0))
    for g in run.games:
        if g.status == "won" and g.winner is not None:
            counted[g.winner] += 1
    last = hands[cut - 1]
    return mark_inside(run, last.date, last.id, (counted[0], counted[1]))


def season_before(
    ledger: Ledger, match: Match, window: Window, rec: HandRecord, today: date | None = None
) -> Window | None:
    """For the first hand of an ad-infinitum season (`rec`, in `window`, its season): the
    season before it, replayed as over (its open games unfinished). None for any other hand,
    so only the first hand of a season pays for a second replay."""
    if not match.format.seasonal or window.season is None:
        return None
    first = next((p for p in window.replay.played if p.season == window.season), None)
    if first is None or first.entry.id != entry_of(window, rec):
        return None
    start = season_of(rec.date, match.format.season_start)[1]
    last = ledger.live_hands_latest(match, before=start)
    if last is None:
        return None
    return replay_match(ledger, match, around=last.date, today=max(today or rec.date, rec.date))


class Logged:
    """One line of the hand log: the hand and who dealt it (typed or derived). Made light: the
    hand's number, date, flags and the values it stores (`values`, `model.HAND_COLUMNS[1:]`),
    and its record (`hand`) only when asked for: a log of a million hands reads few."""

    __slots__ = (
        "_hand",
        "_read",
        "date",
        "dealer",
        "number",
        "round",
        "values",
        "versions",
        "void_reason",
        "voided",
    )

    def __init__(
        self,
        light: LogValues,
        dealer: int | None,
        round: int | None = None,
        read: Callable[[Any], HandRecord] | None = None,
    ) -> None:
        self.number, self.date, self.values, self._hand, self.versions, voided, why = light
        self.voided, self.void_reason = bool(voided), why
        self.dealer, self.round, self._read = dealer, round, read

    @classmethod
    def of(cls, h: HandRecord, dealer: int | None, round: int | None = None) -> Logged:
        """The line of a hand read as a record."""
        return cls(
            (h.number, h.date, h.stored(), h, h.versions, h.voided, h.void_reason), dealer, round
        )

    @property
    def hand(self) -> HandRecord:
        """The hand's record (its newest version), read from its row when first asked for."""
        if not isinstance(self._hand, HandRecord):
            h = record_of(self._hand, self._read)
            # a row read without its corrections (`newest`) reads as one live version
            now = (self.versions, self.voided, self.void_reason)
            if (h.versions, h.voided, h.void_reason) != now:
                from dataclasses import replace

                h = replace(h, versions=now[0], voided=now[1], void_reason=now[2])
            self._hand = h
        return self._hand


class Log:
    """The hand log of a match: the season shown (None: every season), how many hands it lists
    (`count`) of how many the season holds (`total`: more when only the last few are asked
    for), and the hands themselves, produced one at a time (read them inside the ledger's
    context); `width`: the digits of the match's highest hand number."""

    __slots__ = ("count", "match", "rows", "season", "total", "width")

    def __init__(
        self,
        match: Match,
        season: str | None,
        count: int,
        rows: Iterator[Logged],
        width: int = 1,
        total: int | None = None,
    ) -> None:
        self.match, self.season, self.count, self.rows, self.width = (
            match,
            season,
            count,
            rows,
            width,
        )
        self.total = count if total is None else total

    def __repr__(self) -> str:
        return f"Log({self.match.name!r}, season={self.season!r}, {self.count} hands)"


def hand_log(
    ledger: Ledger,
    match: Match,
    year: int | None = None,
    last: int | None = None,
    every: bool = False,
) -> Log:
    """The hands `hands` lists: the latest season's live hands (the season starting in `year`
    when given); with `every`, every season and the voided hands too (only that season's with
    `year`); `last` keeps the last N of those. The hands stream from a cursor and the dealers
    are worked out on the way, so memory does not grow with the ledger."""
    fmt = match.format
    since = until = None
    label: str | None = None
    if year is not None:
        start = date(year, *fmt.season_start)
        label, since = season_of(start, fmt.season_start)
        until = _season_end(since)
    elif not every:
        latest = ledger.live_hands_latest(match)
        if latest is not None:
            label, since = season_of(latest.date, fmt.season_start)
            until = _season_end(since)
    count = ledger.count_hands(match, every, since, until) if label or every else 0
    skip = max(0, count - last) if last is not None else 0
    width = len(str(ledger.last_number(match)))
    rows = _logged(ledger, match, every, since, until, skip)
    return Log(match, label, count - skip, rows, width, count)


def _season_end(since: date) -> date | None:
    """The next season's first day, or None (no end) for the season of the calendar's last
    year, whose successor a date cannot hold."""
    return season_end(since) if since.year < date.max.year else None


def _logged(
    ledger: Ledger,
    match: Match,
    voided: bool,
    since: date | None,
    until: date | None,
    skip: int,
) -> Iterator[Logged]:
    """The log's hands from `since`, the dealers worked out on the way from the dealer of the
    first hand on or after `since`. A team match's hands get their rounds instead (the k-th live
    hand won at a table is in round k, with the redeals before it, as `engine.rounds` says):
    counted from the first hand, a count per table, so memory stays flat there too."""
    if seating_of(match).whole:
        yield from _logged_rounds(ledger, match, voided, since, until, skip)
        return
    rules = match.rules
    dealt = variant_of(rules).dealt  # a solitaire (Gimlet) has no dealer
    dealer = match.first_seat if since is None else dealer_before(ledger, match, since)
    rule, read = rules.next_dealer, reader(match)
    seat = {p.id: match.seat(p.id) for p in match.members}.get  # `Match.seat`; a stranger: 1
    seen = 0
    settling = settling_of(match)  # a live hand contradicting its own inputs is refused
    settled = settling.memo
    for light in ledger.stream_hand_log(match, since):
        day, values = light[1], light[2]
        if until is not None and day >= until:
            return
        # who dealt it: typed, else as far as the live hands tell (a voided hand changes nothing)
        typed = values[_DEALER]
        dealer_of = dealer if typed is None else seat(typed, 1)
        void = light[5]
        if not void:
            if settled.get(values) != "":
                settling.refuse(light[0], values, partial(record_of, light[3], read))
            winner = values[_WINNER]
            dealer = next_dealer(
                rule, values[_KIND], None if winner is None else seat(winner, 1), dealer_of
            )
        if (since is not None and day < since) or (void and not voided):
            continue
        seen += 1
        if seen > skip:
            yield Logged(light, dealer_of if dealt else None, None, read)


_KIND, _WINNER, _DEALER = (HAND_COLUMNS[1:].index(c) for c in ("kind", "winner", "dealer"))


def _logged_rounds(
    ledger: Ledger,
    match: Match,
    voided: bool,
    since: date | None,
    until: date | None,
    skip: int,
) -> Iterator[Logged]:
    """`_logged` for a team match: each hand with its round (no dealer is derived: each table
    deals on its own, and a hand keeps the dealer typed with it, if any)."""
    from gintally.engine.rounds import redealt
    from gintally.service.teams import hand_table  # (a team match's own: loaded for one)

    played = [0] * len(match.tables)
    seen = 0
    settling = settling_of(match)  # a live hand contradicting its own inputs is refused
    for h in ledger.stream_hands(match):
        if until is not None and h.date >= until:
            return
        number = None
        if not h.voided:
            settling.refuse(h.number, h.stored(), h)
            table = hand_table(match, h)
            number = played[table] + 1
            if not redealt(match.seat(h.winner)):  # a redeal uses up no turn (`engine.rounds`)
                played[table] += 1
        if (since is not None and h.date < since) or (h.voided and not voided):
            continue
        seen += 1
        if seen > skip:
            yield Logged.of(h, None, number)


def replay_all(ledger: Ledger, match: Match, today: date | None = None) -> Window:
    """Replay the whole match, every season (for standings, the hand log and checks)."""
    hands = live_hands(ledger, match)
    seating = seating_of(match)
    rounds = seating.rounds(hands)
    if rounds:
        from gintally.engine.rounds import entries_of

        posted = entries_of(rounds)
    else:
        posted = seating.entries(hands)
    rep = replay(posted, match.rules, match.format, seating.first_dealer, as_of=today)
    return Window(match, hands, rep, None, list(rep.games), rounds)


def listing(ledger: Ledger, match: Match, today: date | None = None) -> Listing:
    """Every game of a two-player match in order (``show --all``), replayed as the hands stream
    from the file: iterate it inside the ledger's `snapshot`; memory does not grow with the
    match. (A team match is replayed whole: `replay_all`.)"""
    from gintally.engine.listing import Listing  # here: a hand command never lists

    rows = stream_entries_from_plays(match, ledger.stream_plays(match))
    return Listing(rows, match.rules, match.format, match.first_seat, as_of=today)


def plays(ledger: Ledger, match: Match) -> Iterator[Played]:
    """Each hand of a two-player match replayed, with the games it posted to, as the hands
    stream from the file (`engine.listing.plays`: the sheet of ``show --all --json``); iterate
    it inside the ledger's `snapshot`."""
    from gintally.engine.listing import plays as replayed

    rows = stream_entries_from_plays(match, ledger.stream_plays(match))
    return replayed(rows, match.rules, match.format, match.first_seat)


def match_standings(
    ledger: Ledger,
    match: Match,
    today: date | None = None,
    year: int | None = None,
    until: date | None = None,
) -> tuple[list[Season], Window]:
    """Every season of the match (`engine.standings`) and the window `report.standings_doc`
    reads: for a two-player match, folded while the hands stream from the file (no hand is
    kept: the window holds no hands, and its replay only the games won in the season shown,
    the one starting in `year` or the latest), from the seasons cached on (`folding`); a team
    match is replayed whole. `until`: the seasons that end by that day only (what a correction
    compares), from the hands before it."""
    # imported here: a hand command replays a window and never folds standings
    from gintally.engine.standings import standings
    from gintally.service.folding import fold_match

    if seating_of(match).whole:
        window = replay_all(ledger, match, today)
        return standings(window.replay, match.format, today), window
    with ledger.snapshot():
        seasons, rep = fold_match(ledger, match, dealer_before, today, year, until=until)
    return seasons, Window(match, [], rep, None, list(rep.games))


def dealer_before(ledger: Ledger, match: Match, start: date) -> int | None:
    """Who deals the first hand on or after `start`, from the hands before it, without reading
    them: `engine.replay.dealer_after` of those hands, worked out from the last of them whose
    dealer was typed (or, when the winner or loser deals next, whose result decides), and then,
    when the dealer alternates, from how many hands since had a winner (each one passes the
    deal; a hand nobody won or a misdeal is redealt). Two indexed queries, whatever the size of
    the match, so no command replays decades to find a season's first dealer."""
    rule = match.rules.next_dealer
    anchor = ledger.latest_dealt(match, start, REDEALT, decided=rule != "alternate")
    dealer, after = match.first_seat, None
    if anchor is not None:
        dealt = match.seat(anchor.dealer)  # None when the result alone decides
        dealer = next_dealer(rule, anchor.kind, match.seat(anchor.winner), dealt)
        after = (anchor.date, anchor.number)
    if (
        rule == "alternate"
        and dealer is not None
        and ledger.count_decided(match, after, start, REDEALT) % 2
    ):
        dealer = 1 - dealer
    return dealer
