"""Rule sets: every scoring knob, the presets, overrides, and their stored form.

Terminology
- knob: one named rule with a type and a default (`KNOBS` lists them, with their help).
- preset: a named rule set (`modern`, `classic`, ...); `find_preset` looks one up by name or
  alias, case-insensitively.
- override: ``KEY=VALUE`` text that changes one knob of a preset (`RuleSet.with_overrides`).
- resolved rule set: a preset with its overrides applied. A match stores it whole (`to_json`),
  with the preset name and `RULES_VERSION`, so an old match replays identically after defaults
  change.

- stored version: `RULES_VERSION`; a rule set stored by an older gintally is read through
  `_upgrade`, which gives every knob it lacked the value that plays as it did then.

- variant: how a hand is played and who scores it (`variant`): plain ``gin`` (two players, the
  hand's winner scores), ``mahjong`` (both players score every hand) or ``gimlet`` (solitaire
  against a phantom). Each variant is a module of `gintally.game.variants`, named here.

Every preset names its source (`PRESET_SOURCES`: a seed text in ``shared/seeds`` or a published
rule book); tests/test_rules.py checks every value against it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from gintally.errors import RuleError
from gintally.game.cards import CARD_VALUES

# 2: `tie` replaced `undercut_on_tie`; 3 to 6: the knobs of `ADDED[3..6]` (`_upgrade`)
RULES_VERSION = 6

UPCARD = "upcard"
OKLAHOMA_ACE = ("gin-only", "one")
UNDERCUT_STYLES = ("plus-difference", "bonus-minus-defender")
TIES = ("undercut", "knocker", "no-score")
SHUTOUT_STYLES = ("double-hands", "double-net", "double-total", "bonus:N", "none")
NEXT_DEALER = ("winner", "loser", "alternate")
ACES = ("low", "high-low")
AUTO = "auto"  # team_sweep_bonus: by team size (`SWEEP_BY_SIZE`)
SAME = "same"  # team_target: a team match plays to `target` whatever the team size
SWEEP_BY_SIZE = {2: 0, 3: 25, 4: 50}  # seed 002 (Tedesco): 25 for three, 50 for four, none for two
VARIANTS = ("gin", "mahjong", "gimlet")  # the modules of `gintally.game.variants`, by name


@dataclass(frozen=True)
class RuleSet:
    """A resolved rule set. Field order is the order `gintally rules` shows."""

    preset: str = "modern"
    variant: str = "gin"
    knock_limit: int | str = 10
    oklahoma_ace: str = "gin-only"
    spade_doubles: bool = False
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31
    undercut_bonus: int = 25
    tie: str = "undercut"
    undercut_style: str = "plus-difference"
    deck_out_scores: bool = False
    card_values: str = "standard"
    ace_value: int = 1
    aces: str = "low"
    wrap_runs: bool = False
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "double-hands"
    exactly_50_loses: bool = False
    series_target: int | None = None
    best_of: int | None = None
    next_dealer: str = "winner"
    team_sweep_bonus: int | str = AUTO
    team_target: int | str = SAME

    # --- derived ------------------------------------------------------------------------------

    @property
    def knock_from_upcard(self) -> bool:
        """True when each hand's knock limit is the value of its first upcard (Oklahoma)."""
        return self.knock_limit == UPCARD

    def sweep_bonus(self, team_size: int) -> int:
        """`team_sweep_bonus` for teams of `team_size`: the number set, or by default 0 for
        two, 25 for three and 50 for four (seed 002, Tedesco gin)."""
        if isinstance(self.team_sweep_bonus, int):
            return self.team_sweep_bonus
        return SWEEP_BY_SIZE.get(team_size, 0)

    def target_for(self, team_size: int) -> int:
        """The target of a team match of teams of `team_size`: `target` (``team_target=same``),
        or `team_target` points a player (seed 002, Tedesco gin: "three games to 200 when
        playing head-to-head or with two-person teams. Three-person teams play to 300")."""
        if isinstance(self.team_target, int):
            return self.team_target * team_size
        return self.target

    def for_teams(self, team_size: int) -> RuleSet:
        """The rules of a team match of teams of `team_size`, as it stores them: its target
        (`target_for`) and its sweep bonus (`sweep_bonus`) worked out for that size."""
        return replace(
            self, target=self.target_for(team_size), team_sweep_bonus=self.sweep_bonus(team_size)
        )

    @property
    def shutout_bonus(self) -> int:
        """The N of ``bonus:N`` (0 for the other shutout styles)."""
        return int(self.shutout.split(":", 1)[1]) if self.shutout.startswith("bonus:") else 0

    # --- overrides and storage ------------------------------------------------------------------

    def with_overrides(self, overrides: Iterable[str]) -> RuleSet:
        """A copy with ``KEY=VALUE`` overrides applied (keys may use ``-`` or ``_``)."""
        changes: dict[str, Any] = {}
        for item in overrides:
            key, sep, value = item.partition("=")
            if not sep:
                raise RuleError(f"override {item!r} is not KEY=VALUE (for example target=250)")
            name = key.strip().lower().replace("-", "_")
            if name in RENAMED:  # an old knob's name still reads, as its successor
                name, value = RENAMED[name](name, value.strip())
            if name not in KNOBS:
                raise RuleError(f"unknown rule {key.strip()!r}; the rules are: {', '.join(KNOBS)}")
            changes[name] = parse_value(name, value.strip())
        values = changes.get("card_values", self.card_values)
        if values != self.card_values and "ace_value" not in changes:
            changes["ace_value"] = CARD_VALUES[values][0]  # the table's own ace (mahjong 15)
        target = changes.get("target", self.target)
        if target != self.target and "team_target" not in changes:
            changes["team_target"] = SAME  # a target set is the target of every team size
        if not changes:
            return self
        out = replace(self, **changes)
        if out.series_target is not None and out.best_of is not None:
            raise RuleError(
                "a series is won on points (series_target) or on games (best_of), not both: "
                "set the other to off"
            )
        return out

    def values(self) -> dict[str, Any]:
        """Every knob and its value, in display order (the preset name excluded)."""
        out = asdict(self)
        del out["preset"]
        return out

    def to_json(self) -> str:
        """The stored form: version, preset and every value."""
        return json.dumps(
            {"version": RULES_VERSION, "preset": self.preset, "values": self.values()},
            sort_keys=False,
        )

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        """Read the stored form back; a newer version or a damaged text is refused."""
        try:
            data = json.loads(text)
            version = data["version"]
            preset = data["preset"]
            values = data["values"]
        except RecursionError:  # a text another tool wrote, nested past the stack
            raise RuleError("stored rules are damaged: nested too deep") from None
        except (ValueError, KeyError, TypeError) as e:
            raise RuleError(f"stored rules are damaged: {e}") from None
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RuleError(f"stored rules are damaged: version {version!r}")
        if version > RULES_VERSION:
            raise RuleError(
                f"stored rules have version {version!r}; this gintally reads up to "
                f"{RULES_VERSION}: upgrade gintally"
            )
        if not isinstance(values, dict):
            raise RuleError("stored rules are damaged: values is not an object")
        values = _upgrade(version, values)
        unknown = set(values) - set(KNOBS)
        if unknown:
            raise RuleError(f"stored rules have unknown knobs: {', '.join(sorted(unknown))}")
        checked = {k: parse_value(k, value_text(v)) for k, v in values.items()}
        missing = [k for k in KNOBS if k not in values]
        if missing:
            raise RuleError(f"stored rules are damaged: {', '.join(missing)} missing")
        return cls(preset=str(preset), **checked)

    def describe(self, name: str) -> str:
        """One knob's value as text, the way it is written in an override."""
        return value_text(getattr(self, name))


# The knobs each version added: an older stored rule set reads each as its modern default, which
# is how its matches were played (3: standard card values, aces low, no wrapping runs; 4: the
# team sweep bonus by team size, no team match existed; 5: plain gin, no 50 rule, no series;
# 6: a team match's target stored as played, `same` for every size).
ADDED: dict[int, tuple[str, ...]] = {
    3: ("card_values", "aces", "wrap_runs"),
    4: ("team_sweep_bonus",),  # `auto`: no match stored before it had teams
    5: ("variant", "exactly_50_loses", "series_target", "best_of"),
    6: ("team_target",),  # `same`: a team match stored before played to its `target`
}


def _upgrade(version: int, values: dict[str, Any]) -> dict[str, Any]:
    """Stored values of an older `RULES_VERSION`, as this version reads them: every match
    replays exactly as it did when it was recorded.

    - 1 -> 2: ``undercut_on_tie`` (true/false) became ``tie``: true reads ``undercut``, false
      ``knocker`` (the knocker wins 0), which is what those matches scored.
    - then every knob of `ADDED` newer than the stored version reads as its modern default
      (a version-1 rule set goes through every step).
    A knob added in a later version goes in `ADDED` (or here, when it replaces another) with the
    value that plays as before it existed.
    """
    out = dict(values)
    if version < 2 and "undercut_on_tie" in out:
        _, out["tie"] = _tie_from_undercut_on_tie(
            "undercut_on_tie", value_text(out.pop("undercut_on_tie"))
        )
    for since, knobs in ADDED.items():
        if version < since:
            for knob in knobs:
                out.setdefault(knob, getattr(MODERN, knob))
    return out


def _tie_from_undercut_on_tie(name: str, text: str) -> tuple[str, str]:
    """``undercut_on_tie=true|false`` (the knob before `tie`) as the `tie` it means."""
    return "tie", "undercut" if _bool(name, text) else "knocker"


# Old knob names still accepted in ``--set`` (and stored rules of older versions, `_upgrade`).
RENAMED = {"undercut_on_tie": _tie_from_undercut_on_tie}


def value_text(value: object) -> str:
    """A knob's value as text, the way it is written in an override (``off`` for None)."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _int(name: str, text: str, low: int = 0, high: int = 10_000) -> int:
    try:
        value = int(text)
    except ValueError:
        raise RuleError(f"{name} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise RuleError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _choice(name: str, text: str, choices: tuple[str, ...]) -> str:
    value = text.lower()
    if value not in choices:
        raise RuleError(f"{name} must be one of {', '.join(choices)}, not {text!r}")
    return value


def _bool(name: str, text: str) -> bool:
    value = text.lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise RuleError(f"{name} must be true or false, not {text!r}")


def _knock_limit(name: str, text: str) -> int | str:
    if text.lower() == UPCARD:
        return UPCARD
    try:
        return _int(name, text, 0, 99)
    except RuleError:
        raise RuleError(f"{name} must be a whole number 0-99 or 'upcard', not {text!r}") from None


def _big_gin(name: str, text: str) -> int | None:
    if text.lower() in ("off", "none", "no", "false"):
        return None
    try:
        return _int(name, text)
    except RuleError:
        raise RuleError(f"{name} must be a whole number or 'off', not {text!r}") from None


def _sweep(name: str, text: str) -> int | str:
    if text.lower() == AUTO:
        return AUTO
    try:
        return _int(name, text)
    except RuleError:
        raise RuleError(f"{name} must be a whole number or 'auto', not {text!r}") from None


def _team_target(name: str, text: str) -> int | str:
    if text.lower() == SAME:
        return SAME
    try:
        return _int(name, text, 1, 50_000)
    except RuleError:
        raise RuleError(
            f"{name} must be 'same' or a whole number of points a player, not {text!r}"
        ) from None


def _shutout(name: str, text: str) -> str:
    value = text.lower()
    if value.startswith("bonus:"):
        return f"bonus:{_int(name + ' bonus', value[6:])}"
    if value in SHUTOUT_STYLES and value != "bonus:N":
        return value
    raise RuleError(f"{name} must be one of {', '.join(SHUTOUT_STYLES)}, not {text!r}")


def _off_or_int(low: int, high: int, odd: bool = False) -> Any:
    def parse(name: str, text: str) -> int | None:
        if text.lower() in ("off", "none", "no", "false"):
            return None
        try:
            value = _int(name, text, low, high)
        except RuleError:
            what = "an odd whole number" if odd else "a whole number"
            raise RuleError(
                f"{name} must be 'off' or {what} from {low} to {high}, not {text!r}"
            ) from None
        if odd and value % 2 == 0:
            raise RuleError(f"{name} must be 'off' or an odd number of games, not {value}")
        return value

    return parse


_PARSERS: dict[str, Any] = {
    "variant": lambda n, t: _choice(n, t, VARIANTS),
    "knock_limit": _knock_limit,
    "oklahoma_ace": lambda n, t: _choice(n, t, OKLAHOMA_ACE),
    "spade_doubles": _bool,
    "gin_bonus": _int,
    "big_gin_bonus": _big_gin,
    "undercut_bonus": _int,
    "tie": lambda n, t: _choice(n, t.replace("_", "-"), TIES),
    "undercut_style": lambda n, t: _choice(n, t, UNDERCUT_STYLES),
    "deck_out_scores": _bool,
    "card_values": lambda n, t: _choice(n, t, tuple(CARD_VALUES)),
    "ace_value": lambda n, t: _int(n, t, 1, 50),
    "aces": lambda n, t: _choice(n, t.replace("_", "-").replace("highlow", "high-low"), ACES),
    "wrap_runs": _bool,
    "target": lambda n, t: _int(n, t, 1, 100_000),
    "game_bonus": _int,
    "box_bonus": _int,
    "shutout": _shutout,
    "exactly_50_loses": _bool,
    "series_target": _off_or_int(1, 1_000_000),
    "best_of": _off_or_int(1, 99, odd=True),
    "next_dealer": lambda n, t: _choice(n, t, NEXT_DEALER),
    "team_sweep_bonus": _sweep,
    "team_target": _team_target,
}

KNOBS: dict[str, str] = {
    "variant": "how hands are played: gin, mahjong (both players score) or gimlet (solitaire)",
    "knock_limit": "most deadwood a knock may have: a number, or 'upcard' (Oklahoma)",
    "oklahoma_ace": "an ace upcard means 'gin-only' or a knock with 'one'",
    "spade_doubles": "a spade upcard doubles the hand, bonuses included",
    "gin_bonus": "bonus for gin, added to the defender's deadwood",
    "big_gin_bonus": "bonus for big gin (11 cards melded), or 'off'",
    "undercut_bonus": "bonus for the defender's undercut",
    "tie": "equal deadwood: 'undercut', 'knocker' (wins 0) or 'no-score' (as a draw)",
    "undercut_style": "'plus-difference' (bonus + difference) or 'bonus-minus-defender'",
    "deck_out_scores": "a drawn hand scores the deadwood difference",
    "card_values": "'standard' (A 1, 2-10 pips, J Q K 10) or 'mahjong' (A 15, 2-9 5, 10-K 10); "
    "setting it sets ace_value to its ace unless ace_value is set too",
    "ace_value": "deadwood value of an unmelded ace (under either card_values)",
    "aces": "'low' (A-2-3 only) or 'high-low' (A-2-3 or Q-K-A; K-A-2 only with wrap_runs)",
    "wrap_runs": "runs go round the corner (K-A-2, Q-K-A-2); the ace is then next to the king",
    "target": "points that win a game",
    "game_bonus": "bonus to the game's winner",
    "box_bonus": "bonus per hand won in the game, to each player at game end",
    "shutout": "when the loser scored nothing (no hand won, no points): double-hands, "
    "double-net, double-total, bonus:N, none",
    "exactly_50_loses": "a game whose winner ends exactly 50 ahead is lost by the winner",
    "series_target": "'off', or the series points (finished games' totals) that win a series",
    "best_of": "'off', or an odd N: the first to win (N+1)/2 games wins the series",
    "next_dealer": "who deals next: winner, loser or alternate (a hand nobody won is redealt)",
    "team_sweep_bonus": "teams: extra to a round's winners when every one of them won their "
    "hand; 'auto' is 0 for teams of two, 25 for three, 50 for four",
    "team_target": "teams: 'same' (target, whatever the team size), or N points a player: "
    "teams of three play to 3N",
}
assert list(KNOBS) == [f.name for f in fields(RuleSet)][1:]


def parse_value(name: str, text: str) -> Any:
    """Check and convert one knob's value written as text."""
    return _PARSERS[name](name, text)


MODERN = RuleSet()

# Each preset is its source's rules as data; `PRESET_SOURCES` names the source and
# tests/test_rules.py holds every value against it. A knob a source is silent on keeps modern's.
PRESETS: dict[str, RuleSet] = {
    "modern": MODERN,
    # Seed 004: "the gin and box bonuses can score 20 instead of 25, and the undercut can score
    # 10 instead of 20"; "the winner receives an additional 100 point shutout bonus"; it names
    # no big gin. A tie is an undercut there ("equal to or lower"), as in modern.
    "classic": replace(
        MODERN,
        preset="classic",
        gin_bonus=20,
        undercut_bonus=10,
        box_bonus=20,
        big_gin_bonus=None,
        shutout="bonus:100",
    ),
    "oklahoma": replace(
        MODERN, preset="oklahoma", knock_limit=UPCARD, spade_doubles=True, target=150
    ),
    # "best of five with 250 points per game": modern games to 250 in a best-of-five series.
    "tournament": replace(MODERN, preset="tournament", target=250, best_of=5),
    "honeymoon": replace(
        MODERN,
        preset="honeymoon",
        knock_limit=UPCARD,
        oklahoma_ace="gin-only",
        big_gin_bonus=None,
        undercut_style="bonus-minus-defender",
        tie="no-score",
        target=500,
        game_bonus=0,
        box_bonus=0,
        shutout="none",
        next_dealer="alternate",
    ),
    "kitchen": replace(
        MODERN,
        preset="kitchen",
        knock_limit=9,
        gin_bonus=25,
        big_gin_bonus=35,
        undercut_bonus=15,
        tie="no-score",
        deck_out_scores=True,
        game_bonus=0,
        box_bonus=0,
        shutout="none",
        next_dealer="alternate",
    ),
    "straight": replace(MODERN, preset="straight", knock_limit=0),
    # "Similar to Oklahoma gin, except aces can be used high or low, and runs can be formed
    # 'around the corner' (such as K A 2). ... an unmelded ace, it counts as 15 points against
    # you. Hollywood scoring of three games to 200 when playing head-to-head or with two-person
    # teams. Three-person teams play to 300, 25 points extra if all three teammates win. 50
    # points for four-person team, etc.": Oklahoma's rules (the upcard's knock limit, a spade
    # upcard doubles) with those changes; the format (hollywood) is the match's. Teams play to
    # 100 a player (two 200, three 300, and four 400: the "etc." carries the 100 a player on);
    # the sweep bonus is `auto` (25 for three, 50 for four).
    "tedesco": replace(
        MODERN,
        preset="tedesco",
        knock_limit=UPCARD,
        spade_doubles=True,
        ace_value=15,
        aces="high-low",
        wrap_runs=True,
        target=200,
        team_target=100,
    ),
    # "knocking is not allowed ... After a player has gin, points are added, with cards on the
    # table being added up and cards in hand being subtracted. The player who gins receives 25
    # additional points, 2 through 9 = 5 points, 10 through K = 10 points, A = 15 points": gin
    # only, and both players score every hand (the mahjong variant). It is "Similar to straight
    # gin", whose "Scoring and rules remain the same as standard gin rummy": game to 100, game
    # bonus 100, line (box) bonus 25 a hand won, and the shutout ("the points for each hand are
    # doubled") when the loser scored nothing (seed 004: "If one player fails to score").
    # Undercut, tie and the knock limit play no part (no knocking), nor big gin (none named).
    "mahjong": replace(
        MODERN,
        preset="mahjong",
        variant="mahjong",
        knock_limit=0,
        big_gin_bonus=None,
        gin_bonus=25,
        card_values="mahjong",
        ace_value=15,
    ),
    "multi-match": replace(MODERN, preset="multi-match", series_target=500),
    "gimlet": replace(
        MODERN,
        preset="gimlet",
        variant="gimlet",
        knock_limit=5,
        gin_bonus=20,
        big_gin_bonus=40,
        undercut_bonus=0,
        game_bonus=0,
        box_bonus=0,
        shutout="none",
    ),
}

PRESET_NOTES: dict[str, str] = {
    "modern": "the common modern rules (the default)",
    "classic": "smaller bonuses, no big gin, shutout +100",
    "oklahoma": "the first upcard sets the knock limit; a spade upcard doubles; game to 150",
    "tournament": "best of five games to 250",
    "honeymoon": "Oklahoma knocks, gin only on an ace; an underknock scores 25 less the "
    "defender's count; a tie scores nothing; no big gin; games to 500 with no bonuses; "
    "deal alternates",
    "kitchen": "a plain race to 100: knock below 10, gin 25, big gin 35, undercut 15, a "
    "tie scores nothing, a dead deck scores the difference; no bonuses; deal alternates",
    "straight": "no knocking: gin only",
    "tedesco": "Oklahoma gin with aces high or low, runs round the corner (K-A-2), an unmelded "
    "ace 15; games to 200, played as hollywood (match new --format hollywood); teams play to "
    "100 a player (three 300, four 400), +25 when all three win, +50 when all four do",
    "mahjong": "gin only; both players score every hand, cards on the table minus cards in "
    "hand (A 15, 2-9 5, 10-K 10), gin +25; games to 100 with the standard bonuses (it is "
    "straight gin's, whose 'scoring and rules remain the same as standard gin rummy'): game "
    "+100, +25 a gin won, and the winner's hands doubled when the loser scored nothing",
    "multi-match": "modern games to 100, their totals adding up to a series won at 500",
    "gimlet": "solitaire against a phantom: knock with 5, score the four discard piles, "
    "gimlet +20, double gimlet +40, games to 100 with no bonuses",
}

# The sources, by their titles (the seed texts they were read from, in ``shared/seeds``:
# 002_263f96404e93f40d.txt, 004_8faeba147bba5e95.txt, 000_9fa2d787c9962e2e.txt,
# 003_2518f58f533df3d4.txt and 001_999a0a25195bcfaf.txt, in this order).
WIKIPEDIA = "Wikipedia's 'Gin rummy' article"
ONLINE = "the online rules 'How To Play Gin'"  # a rules page: basics, variants, scoring

# Each line says where the preset's values come from, and where the preset parts from a source.
PRESET_SOURCES: dict[str, str] = {
    "modern": f"{WIKIPEDIA}: knock 10, gin 25, big gin 31, undercut 25 (ties too), game 100, "
    f"box 25, a shutout doubles the hands; the winner deals next, as in {ONLINE} (Wikipedia "
    "has the deal alternate: --set next_dealer=alternate)",
    "classic": f"{ONLINE}: 'the gin and box bonuses can score 20 instead of 25, and the "
    "undercut can score 10', a '100 point shutout bonus', no big gin (Wikipedia's early "
    "official rules also have gin 20, undercut 10)",
    "oklahoma": f"{WIKIPEDIA}, 'Oklahoma gin': the first upcard is the knock limit, a spade "
    f"doubles the hand; {ONLINE}: an ace upcard means gin only, and a game 'for 150'",
    "tournament": f"{WIKIPEDIA}: 'best of five with 250 points per game'",
    "honeymoon": "the blog post 'Honeymoon Gin ad infinitum' (27 April 2007)",
    "kitchen": "the house notes 'How to Play Gin Rummy' (written 2023-04-17)",
    "straight": f"{WIKIPEDIA}, 'Straight gin'",
    "tedesco": f"{WIKIPEDIA}, 'Tedesco gin'",
    "mahjong": f"{WIKIPEDIA}, 'Mahjong gin'",
    "multi-match": f"{WIKIPEDIA}, 'Multi-match'",
    "gimlet": "'Gimlet Rummy' by John Burton, a solitaire described in a blog post",
}
assert list(PRESET_NOTES) == list(PRESETS) == list(PRESET_SOURCES)

ALIASES = {
    "standard": "modern",
    "pagat": "classic",
    "bicycle": "classic",
    "hoyle": "classic",
    "okla": "oklahoma",
    "straight-gin": "straight",
    "mahjong-gin": "mahjong",
    "multimatch": "multi-match",
    "multi": "multi-match",
    "gimlet-rummy": "gimlet",
    "solitaire": "gimlet",
}


def find_preset(name: str) -> RuleSet:
    """A preset by name or alias, case-insensitively; unknown names list the presets."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise RuleError(
            f"unknown rule preset {name!r}; the presets are: {', '.join(PRESETS)}"
        ) from None


def resolve(preset: str | RuleSet = "modern", overrides: Iterable[str] = ()) -> RuleSet:
    """A preset (by name or as a value) with ``KEY=VALUE`` overrides applied."""
    base = preset if isinstance(preset, RuleSet) else find_preset(preset)
    return base.with_overrides(overrides)


def as_rule_set(rules: RuleSet | str) -> RuleSet:
    """`rules` itself when it is a rule set, else the preset it names with no overrides
    (`resolve`): how every function of one hand reads its ``rules`` argument."""
    return rules if isinstance(rules, RuleSet) else resolve(rules)
