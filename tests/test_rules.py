"""Rule sets: every preset's every value (SPEC section 3), lookup, overrides, the stored form."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintally import PRESETS, GintallyError, RuleSet, find_preset, resolve
from gintally.errors import RuleError
from gintally.game.rules import ADDED, KNOBS, RULES_VERSION, parse_value

MODERN: dict[str, Any] = {
    "variant": "gin",
    "knock_limit": 10,
    "oklahoma_ace": "gin-only",
    "spade_doubles": False,
    "gin_bonus": 25,
    "big_gin_bonus": 31,
    "undercut_bonus": 25,
    "tie": "undercut",
    "undercut_style": "plus-difference",
    "deck_out_scores": False,
    "card_values": "standard",
    "ace_value": 1,
    "aces": "low",
    "wrap_runs": False,
    "target": 100,
    "game_bonus": 100,
    "box_bonus": 25,
    "shutout": "double-hands",
    "exactly_50_loses": False,
    "series_target": None,
    "best_of": None,
    "next_dealer": "winner",
    # teams (SPEC section 7; seed 002, Tedesco): by team size, 0 for two, 25 for three, 50 for four
    "team_sweep_bonus": "auto",
    # a team match plays to `target` whatever the team size
    "team_target": "same",
}

# Every preset against its source (SPEC section 3; the seeds in ../shared/seeds).
EXPECTED: dict[str, dict[str, Any]] = {
    "modern": MODERN,
    "classic": {
        **MODERN,
        "gin_bonus": 20,
        "undercut_bonus": 10,
        "box_bonus": 20,
        "big_gin_bonus": None,
        "shutout": "bonus:100",
    },
    "oklahoma": {**MODERN, "knock_limit": "upcard", "spade_doubles": True, "target": 150},
    # 002 (Wikipedia): "In tournament rules the game is played in best of five with 250 points
    # per game": games to 250 in a best-of-five series.
    "tournament": {**MODERN, "target": 250, "best_of": 5},
    # 000 (Honeymoon Gin): knock "less than or equal to the value of the first card turned up";
    # "If the first card was an ace, you must complete the hand by ginning"; underknock: "25
    # points less the number of points in their hand"; only a *lower* count underknocks, so a
    # tie scores nothing; no big gin in the text; "until one player's cumulative score reaches
    # 500"; no game, box or shutout bonus; "Deal alternates between players."
    "honeymoon": {
        **MODERN,
        "knock_limit": "upcard",
        "oklahoma_ace": "gin-only",
        "big_gin_bonus": None,
        "undercut_style": "bonus-minus-defender",
        "tie": "no-score",
        "target": 500,
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
        "next_dealer": "alternate",
    },
    # 003 (kitchen notes): "the first player to accumulate 100 points"; knock with "< 10
    # points"; "25 for gin and 35 for super gin"; an undercut scores "the difference as well as
    # a 15 point bonus" when the defender "is actually the winner" (a tie: nobody has less, so
    # nobody scores); a dead deck: "the player with less points ... scores the delta"; no game,
    # box or shutout bonus; "Players alternate who goes first."
    "kitchen": {
        **MODERN,
        "knock_limit": 9,
        "gin_bonus": 25,
        "big_gin_bonus": 35,
        "undercut_bonus": 15,
        "tie": "no-score",
        "deck_out_scores": True,
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
        "next_dealer": "alternate",
    },
    "straight": {**MODERN, "knock_limit": 0},
    # 002 (Wikipedia, "Tedesco gin"): "Similar to Oklahoma gin [the first upcard's value is the
    # knock limit; 'If the upcard is a spade, the hand will count double'], except aces can be
    # used high or low, and runs can be formed 'around the corner' (such as K A 2). If you are
    # caught with an unmelded ace, it counts as 15 points against you. Hollywood scoring of three
    # games to 200 when playing head-to-head or with two-person teams. Three-person teams play
    # to 300, 25 points extra if all three teammates win. 50 points for four-person team, etc."
    # (the hollywood format is the match's, not the rule set's): teams play to 100 a player.
    "tedesco": {
        **MODERN,
        "knock_limit": "upcard",
        "spade_doubles": True,
        "ace_value": 15,
        "aces": "high-low",
        "wrap_runs": True,
        "target": 200,
        "team_target": 100,
    },
    # 002 (Wikipedia, "Mahjong gin"): "Similar to straight gin, knocking is not allowed ... After
    # a player has gin, points are added, with cards on the table being added up and cards in
    # hand being subtracted. The player who gins receives 25 additional points, 2 through 9 = 5
    # points, 10 through K = 10 points, A = 15 points" (nothing about eleven melded cards: no big
    # gin; both players score: the mahjong variant).
    "mahjong": {
        **MODERN,
        "variant": "mahjong",
        "knock_limit": 0,
        "gin_bonus": 25,
        "big_gin_bonus": None,
        "card_values": "mahjong",
        "ace_value": 15,
    },
    # Multi-match (seed 002): games to 100 whose scores accumulate "until a predetermined winning
    # score is reached, perhaps 500".
    "multi-match": {**MODERN, "series_target": 500},
    # Gimlet Rummy (seed 001): knock with 5 or less, gimlet +20, double gimlet +40, first to 100,
    # no other bonus (the seed names none).
    "gimlet": {
        **MODERN,
        "variant": "gimlet",
        "knock_limit": 5,
        "gin_bonus": 20,
        "big_gin_bonus": 40,
        "undercut_bonus": 0,
        "game_bonus": 0,
        "box_bonus": 0,
        "shutout": "none",
    },
}


def test_knobs_are_the_spec_table() -> None:
    assert list(KNOBS) == list(MODERN)
    assert list(RuleSet().values()) == list(MODERN)


def test_presets_are_the_spec_presets() -> None:
    assert set(EXPECTED) <= set(PRESETS)


@pytest.mark.parametrize(
    ("preset", "knob", "value"),
    [(p, k, v) for p, values in EXPECTED.items() for k, v in values.items()],
)
def test_every_preset_value(preset: str, knob: str, value: Any) -> None:
    rules = find_preset(preset)
    assert getattr(rules, knob) == value
    assert type(getattr(rules, knob)) is type(value)
    assert rules.values()[knob] == value


@pytest.mark.parametrize("preset", list(EXPECTED))
def test_preset_values_whole(preset: str) -> None:
    rules = find_preset(preset)
    assert rules.preset == preset
    assert rules.values() == EXPECTED[preset]
    assert PRESETS[preset] is rules


def test_default_rule_set_is_modern() -> None:
    assert RuleSet() == find_preset("modern")
    assert resolve() == find_preset("modern")


@pytest.mark.parametrize(
    ("preset", "upcard", "bonus"),
    [
        ("modern", False, 0),
        ("classic", False, 100),
        ("oklahoma", True, 0),
        ("honeymoon", True, 0),
        ("kitchen", False, 0),
        ("straight", False, 0),
        ("tedesco", True, 0),
        ("mahjong", False, 0),
    ],
)
def test_derived(preset: str, upcard: bool, bonus: int) -> None:
    rules = find_preset(preset)
    assert rules.knock_from_upcard is upcard
    assert rules.shutout_bonus == bonus


# --- lookup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("modern", "modern"),
        ("MODERN", "modern"),
        ("Classic", "classic"),
        ("  oklahoma ", "oklahoma"),
        ("TOURNAMENT", "tournament"),
        ("HoneyMoon", "honeymoon"),
        ("kitchen", "kitchen"),
        ("Straight", "straight"),
        ("standard", "modern"),
        ("pagat", "classic"),
        ("Bicycle", "classic"),
        ("HOYLE", "classic"),
        ("okla", "oklahoma"),
        ("straight-gin", "straight"),
        ("Straight-Gin", "straight"),
    ],
)
def test_find_preset(name: str, preset: str) -> None:
    assert find_preset(name) is PRESETS[preset]
    assert resolve(name) == PRESETS[preset]


@pytest.mark.parametrize("name", ["", "modernish", "gin", "okla homa", "honey"])
def test_unknown_preset_lists_them(name: str) -> None:
    with pytest.raises(RuleError) as err:
        find_preset(name)
    message = str(err.value)
    assert f"unknown rule preset {name!r}" in message
    for preset in EXPECTED:
        assert preset in message


def test_resolve_takes_a_rule_set() -> None:
    base = find_preset("kitchen")
    assert resolve(base) is base
    assert resolve(base, ["target=200"]).target == 200
    assert resolve(base, ["target=200"]).gin_bonus == 25


# --- overrides ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("override", "knob", "value"),
    [
        ("knock_limit=7", "knock_limit", 7),
        ("knock-limit=0", "knock_limit", 0),
        ("knock_limit=99", "knock_limit", 99),
        ("knock_limit=upcard", "knock_limit", "upcard"),
        ("Knock-Limit=UPCARD", "knock_limit", "upcard"),
        ("oklahoma_ace=one", "oklahoma_ace", "one"),
        ("oklahoma-ace=Gin-Only", "oklahoma_ace", "gin-only"),
        ("spade_doubles=true", "spade_doubles", True),
        ("spade-doubles=yes", "spade_doubles", True),
        ("spade_doubles=ON", "spade_doubles", True),
        ("spade_doubles=1", "spade_doubles", True),
        ("spade_doubles=false", "spade_doubles", False),
        ("spade_doubles=No", "spade_doubles", False),
        ("spade_doubles=off", "spade_doubles", False),
        ("spade_doubles=0", "spade_doubles", False),
        ("gin_bonus=20", "gin_bonus", 20),
        ("gin-bonus=0", "gin_bonus", 0),
        ("big_gin_bonus=50", "big_gin_bonus", 50),
        ("big-gin-bonus=off", "big_gin_bonus", None),
        ("big_gin_bonus=OFF", "big_gin_bonus", None),
        ("big_gin_bonus=none", "big_gin_bonus", None),
        ("big_gin_bonus=no", "big_gin_bonus", None),
        ("big_gin_bonus=false", "big_gin_bonus", None),
        ("undercut_bonus=20", "undercut_bonus", 20),
        ("tie=knocker", "tie", "knocker"),
        ("tie=No-Score", "tie", "no-score"),
        ("tie=no_score", "tie", "no-score"),
        ("tie=undercut", "tie", "undercut"),
        # the knob's old name still reads, as the tie it meant
        ("undercut_on_tie=false", "tie", "knocker"),
        ("undercut-on-tie=no", "tie", "knocker"),
        ("undercut_on_tie=true", "tie", "undercut"),
        ("undercut_style=bonus-minus-defender", "undercut_style", "bonus-minus-defender"),
        ("undercut-style=PLUS-DIFFERENCE", "undercut_style", "plus-difference"),
        ("deck_out_scores=true", "deck_out_scores", True),
        ("ace_value=15", "ace_value", 15),
        ("ace-value=1", "ace_value", 1),
        ("ace_value=50", "ace_value", 50),
        ("aces=high-low", "aces", "high-low"),
        ("aces=High_Low", "aces", "high-low"),
        ("aces=highlow", "aces", "high-low"),
        ("aces=low", "aces", "low"),
        ("wrap_runs=true", "wrap_runs", True),
        ("wrap-runs=yes", "wrap_runs", True),
        ("wrap_runs=false", "wrap_runs", False),
        ("card_values=standard", "card_values", "standard"),
        ("target=250", "target", 250),
        (" target = 500 ", "target", 500),
        ("game_bonus=0", "game_bonus", 0),
        ("box-bonus=20", "box_bonus", 20),
        ("shutout=double-net", "shutout", "double-net"),
        ("shutout=double-total", "shutout", "double-total"),
        ("shutout=double-hands", "shutout", "double-hands"),
        ("shutout=none", "shutout", "none"),
        ("shutout=bonus:100", "shutout", "bonus:100"),
        ("shutout=BONUS:50", "shutout", "bonus:50"),
        ("shutout=bonus:0", "shutout", "bonus:0"),
        ("next_dealer=loser", "next_dealer", "loser"),
        ("next-dealer=Alternate", "next_dealer", "alternate"),
        ("next_dealer=winner", "next_dealer", "winner"),
        ("variant=mahjong", "variant", "mahjong"),
        ("Variant=GIMLET", "variant", "gimlet"),
        ("exactly_50_loses=true", "exactly_50_loses", True),
        ("exactly-50-loses=yes", "exactly_50_loses", True),
        ("series_target=500", "series_target", 500),
        ("series-target=off", "series_target", None),
        ("best_of=5", "best_of", 5),
        ("best-of=1", "best_of", 1),
        ("best_of=off", "best_of", None),
    ],
)
def test_override(override: str, knob: str, value: Any) -> None:
    rules = find_preset("modern").with_overrides([override])
    assert getattr(rules, knob) == value
    assert type(getattr(rules, knob)) is type(value)
    others = {k: v for k, v in rules.values().items() if k != knob}
    assert others == {k: v for k, v in MODERN.items() if k != knob}
    assert rules.preset == "modern"


@pytest.mark.parametrize(
    ("preset", "overrides", "card_values", "ace_value"),
    [
        # the Mahjong table brings its ace (15) with it...
        ("modern", ["card_values=mahjong"], "mahjong", 15),
        # ... unless ace_value is given too, in either order
        ("modern", ["card_values=mahjong", "ace_value=11"], "mahjong", 11),
        ("modern", ["ace_value=11", "card_values=mahjong"], "mahjong", 11),
        ("mahjong", ["card_values=standard"], "standard", 1),
        # naming the table already in force changes nothing (Tedesco's ace stays 15)
        ("tedesco", ["card_values=standard"], "standard", 15),
        ("mahjong", ["card_values=mahjong"], "mahjong", 15),
        ("mahjong", ["ace_value=1"], "mahjong", 1),
    ],
)
def test_card_values_bring_their_ace(
    preset: str, overrides: list[str], card_values: str, ace_value: int
) -> None:
    rules = resolve(preset, overrides)
    assert (rules.card_values, rules.ace_value) == (card_values, ace_value)


def test_overrides_keep_the_preset_and_stack() -> None:
    rules = resolve("honeymoon", ["target=300", "undercut-style=plus-difference", "target=400"])
    assert rules.preset == "honeymoon"
    assert rules.target == 400
    assert rules.undercut_style == "plus-difference"
    assert rules.next_dealer == "alternate"
    assert find_preset("honeymoon").target == 500  # presets are not changed
    assert find_preset("modern").with_overrides([]) is find_preset("modern")


@pytest.mark.parametrize(
    ("shutout", "bonus"), [("bonus:100", 100), ("bonus:7", 7), ("none", 0), ("double-net", 0)]
)
def test_shutout_bonus(shutout: str, bonus: int) -> None:
    assert resolve("modern", [f"shutout={shutout}"]).shutout_bonus == bonus


@pytest.mark.parametrize(
    ("override", "pieces"),
    [
        ("foo=1", ["unknown rule 'foo'", *MODERN]),
        ("knocklimit=5", ["unknown rule 'knocklimit'", "knock_limit"]),
        ("target", ["'target' is not KEY=VALUE"]),
        ("target=abc", ["target", "'abc'", "whole number"]),
        ("target=0", ["target", "between 1 and 100000", "0"]),
        ("target=", ["target", "''"]),
        ("gin_bonus=-5", ["gin_bonus", "-5"]),
        ("gin_bonus=2.5", ["gin_bonus", "'2.5'"]),
        ("knock_limit=100", ["knock_limit", "upcard", "'100'"]),
        ("knock_limit=-1", ["knock_limit", "'-1'"]),
        ("knock_limit=ten", ["knock_limit", "'ten'"]),
        ("big_gin_bonus=maybe", ["big_gin_bonus", "off", "'maybe'"]),
        ("spade_doubles=maybe", ["spade_doubles", "true or false", "'maybe'"]),
        ("undercut_on_tie=2", ["undercut_on_tie", "'2'"]),
        ("tie=draw", ["tie", "undercut, knocker, no-score", "'draw'"]),
        ("oklahoma_ace=two", ["oklahoma_ace", "gin-only", "one", "'two'"]),
        ("undercut_style=minus", ["undercut_style", "plus-difference", "'minus'"]),
        ("shutout=double", ["shutout", "double-hands", "bonus:N", "'double'"]),
        ("shutout=bonus:x", ["shutout", "'x'"]),
        ("shutout=bonus:-3", ["shutout", "-3"]),
        ("next_dealer=dealer", ["next_dealer", "winner", "loser", "alternate", "'dealer'"]),
        ("ace_value=0", ["ace_value", "between 1 and 50", "0"]),
        ("ace_value=51", ["ace_value", "51"]),
        ("aces=high", ["aces", "low, high-low", "'high'"]),
        ("wrap_runs=maybe", ["wrap_runs", "true or false", "'maybe'"]),
        ("card_values=chinese", ["card_values", "standard, mahjong", "'chinese'"]),
        ("variant=poker", ["variant", "gin", "mahjong", "gimlet", "'poker'"]),
        ("best_of=4", ["best_of", "odd", "4"]),
        ("best_of=0", ["best_of", "'0'"]),
        ("best_of=five", ["best_of", "'five'"]),
        ("series_target=0", ["series_target", "'0'"]),
        ("series_target=lots", ["series_target", "'off'", "'lots'"]),
        ("exactly_50_loses=maybe", ["exactly_50_loses", "'maybe'"]),
    ],
)
def test_override_errors(override: str, pieces: list[str]) -> None:
    with pytest.raises(RuleError) as err:
        resolve("modern", [override])
    for piece in pieces:
        assert piece in str(err.value)
    assert isinstance(err.value, GintallyError)
    assert isinstance(err.value, ValueError)


# --- stored form ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_json_round_trip_every_preset(preset: str) -> None:
    rules = find_preset(preset)
    text = rules.to_json()
    data = json.loads(text)
    assert data["version"] == RULES_VERSION
    assert data["preset"] == preset
    assert data["values"] == rules.values()
    assert list(data["values"]) == list(KNOBS)
    back = RuleSet.from_json(text)
    assert back == rules
    assert back.values() == rules.values()


def _override_text(knob: str) -> st.SearchStrategy[str]:
    ints = st.integers(0, 10_000).map(str)
    return {
        "knock_limit": st.one_of(st.integers(0, 99).map(str), st.just("upcard")),
        "oklahoma_ace": st.sampled_from(["gin-only", "one"]),
        "spade_doubles": st.sampled_from(["true", "false", "yes", "no", "on", "off", "1", "0"]),
        "gin_bonus": ints,
        "big_gin_bonus": st.one_of(ints, st.just("off")),
        "undercut_bonus": ints,
        "tie": st.sampled_from(["undercut", "knocker", "no-score"]),
        "undercut_style": st.sampled_from(["plus-difference", "bonus-minus-defender"]),
        "deck_out_scores": st.sampled_from(["true", "false"]),
        "card_values": st.sampled_from(["standard", "mahjong"]),
        "ace_value": st.integers(1, 50).map(str),
        "aces": st.sampled_from(["low", "high-low"]),
        "wrap_runs": st.sampled_from(["true", "false"]),
        "target": st.integers(1, 100_000).map(str),
        "game_bonus": ints,
        "box_bonus": ints,
        "shutout": st.one_of(
            st.sampled_from(["double-hands", "double-net", "double-total", "none"]),
            st.integers(0, 10_000).map(lambda n: f"bonus:{n}"),
        ),
        "next_dealer": st.sampled_from(["winner", "loser", "alternate"]),
        "team_sweep_bonus": st.one_of(ints, st.just("auto")),
        "team_target": st.one_of(st.integers(1, 50_000).map(str), st.just("same")),
        "variant": st.sampled_from(["gin", "mahjong", "gimlet"]),
        "exactly_50_loses": st.sampled_from(["true", "false"]),
        "series_target": st.one_of(st.integers(1, 1_000_000).map(str), st.just("off")),
        "best_of": st.one_of(st.integers(0, 49).map(lambda n: str(2 * n + 1)), st.just("off")),
    }[knob]


@st.composite
def overrides(draw: st.DrawFn) -> list[str]:
    knobs = draw(st.lists(st.sampled_from(list(KNOBS)), max_size=8))
    out = []
    for knob in knobs:
        key = knob.replace("_", "-") if draw(st.booleans()) else knob
        out.append(f"{key}={draw(_override_text(knob))}")
    return out


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(PRESETS)), overrides())
def test_json_round_trip_with_overrides(preset: str, changes: list[str]) -> None:
    try:
        rules = resolve(preset, changes)
    except RuleError as e:  # a series on points and on games at once is refused
        assert "not both" in str(e)
        return
    back = RuleSet.from_json(rules.to_json())
    assert back == rules
    assert back.to_json() == rules.to_json()
    for knob in KNOBS:  # describe() writes a value the way an override reads it
        assert parse_value(knob, rules.describe(knob)) == getattr(rules, knob)
        assert rules.with_overrides([f"{knob}={rules.describe(knob)}"]) == rules


def test_series_on_points_and_games_at_once_refused() -> None:
    with pytest.raises(RuleError, match=r"series_target.*best_of.*not both"):
        resolve("multi-match", ["best_of=5"])
    with pytest.raises(RuleError, match="not both"):
        resolve("tournament", ["series_target=500"])
    assert resolve("tournament", ["best_of=off", "series_target=500"]).series_target == 500


def test_version_4_rules_read_with_the_new_knobs_at_their_defaults() -> None:
    """A match stored before `variant`, `exactly_50_loses`, `series_target` and `best_of`
    existed (version 4, teams' rules) replays as it was played: plain gin, no 50 rule, no
    series; a version-3 one also gets teams' `team_sweep_bonus` (auto)."""
    assert ADDED[5] == ("variant", "exactly_50_loses", "series_target", "best_of")
    assert RULES_VERSION == 6
    values = find_preset("tedesco").values()
    for knob in (*ADDED[5], *ADDED[6]):
        del values[knob]
    played = replace(find_preset("tedesco"), team_target="same")  # as stored then (version 6)
    text = json.dumps({"version": 4, "preset": "tedesco", "values": values})
    assert RuleSet.from_json(text) == played
    del values["team_sweep_bonus"]
    text = json.dumps({"version": 3, "preset": "tedesco", "values": values})
    assert RuleSet.from_json(text) == played
    # the current version that lacks them is damaged, not upgraded
    text = json.dumps({"version": RULES_VERSION, "preset": "tedesco", "values": values})
    with pytest.raises(RuleError, match="variant"):
        RuleSet.from_json(text)


def test_version_1_rules_get_every_upgrade() -> None:
    """Version 1 had `undercut_on_tie` and none of the knobs of versions 3, 4 and 5: it reads
    as `tie` and every newer knob at its default, in one go."""
    rules = RuleSet.from_json(_version_1("classic", False))
    assert rules == replace(find_preset("classic"), tie="knocker")
    assert (rules.card_values, rules.aces, rules.wrap_runs) == ("standard", "low", False)
    assert rules.team_sweep_bonus == "auto"
    assert (rules.variant, rules.exactly_50_loses, rules.series_target, rules.best_of) == (
        "gin",
        False,
        None,
        None,
    )


@pytest.mark.parametrize("version", [RULES_VERSION + 1, RULES_VERSION + 10])
def test_newer_version_refused(version: int) -> None:
    data = json.loads(find_preset("modern").to_json())
    data["version"] = version
    with pytest.raises(RuleError, match=f"version {version}.*upgrade gintally"):
        RuleSet.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("not json", "damaged"),
        ('{"preset": "modern", "values": {}}', "damaged"),
        ('{"version": 1, "values": {}}', "damaged"),
        ('{"version": 1, "preset": "modern"}', "damaged"),
        ('{"version": 1, "preset": "modern", "values": []}', "values is not an object"),
        (
            '{"version": 1, "preset": "modern", "values": {"colour": "red"}}',
            "unknown knobs: colour",
        ),
        ('{"version": 1, "preset": "modern", "values": {"target": "lots"}}', "'lots'"),
    ],
)
def test_damaged_json_refused(text: str, piece: str) -> None:
    with pytest.raises(RuleError) as err:
        RuleSet.from_json(text)
    assert piece in str(err.value)


@pytest.mark.parametrize(
    ("knob", "value", "text"),
    [
        ("big_gin_bonus", None, "off"),
        ("big_gin_bonus", 31, "31"),
        ("spade_doubles", True, "true"),
        ("tie", "no-score", "no-score"),
        ("knock_limit", "upcard", "upcard"),
        ("shutout", "bonus:100", "bonus:100"),
    ],
)
def test_describe(knob: str, value: Any, text: str) -> None:
    rules = RuleSet(**{knob: value})
    assert rules.describe(knob) == text


# --- rule sets stored by an older gintally ------------------------------------------------------


def _version_1(preset: str, undercut_on_tie: object) -> str:
    """A rule set as gintally stored it before `tie` existed (RULES_VERSION 1)."""
    values: dict[str, Any] = {}
    for knob, value in find_preset(preset).values().items():
        if any(knob in knobs for knobs in ADDED.values()):  # not there yet in version 1
            continue
        if knob == "tie":
            values["undercut_on_tie"] = undercut_on_tie
        else:
            values[knob] = value
    return json.dumps({"version": 1, "preset": preset, "values": values})


@pytest.mark.parametrize(
    ("stored", "tie"),
    [(True, "undercut"), (False, "knocker"), ("true", "undercut"), ("false", "knocker")],
)
def test_version_1_undercut_on_tie_reads_as_tie(stored: object, tie: str) -> None:
    """Version 1 said undercut_on_tie=true (a tie is an undercut) or false (the knocker wins 0):
    exactly what tie=undercut and tie=knocker score, so old matches replay as they did."""
    rules = RuleSet.from_json(_version_1("kitchen", stored))
    assert rules.tie == tie
    assert rules.preset == "kitchen"
    assert rules.knock_limit == 9  # every other stored value is kept as stored
    again = RuleSet.from_json(rules.to_json())
    assert again == rules
    assert json.loads(rules.to_json())["version"] == RULES_VERSION


def test_version_1_damaged_undercut_on_tie_refused() -> None:
    with pytest.raises(RuleError, match=r"undercut_on_tie.*'maybe'"):
        RuleSet.from_json(_version_1("modern", "maybe"))


def test_current_version_without_tie_is_damaged() -> None:
    data = json.loads(find_preset("modern").to_json())
    del data["values"]["tie"]
    with pytest.raises(RuleError, match="damaged: tie missing"):
        RuleSet.from_json(json.dumps(data))


def test_current_version_does_not_take_the_old_knob() -> None:
    data = json.loads(find_preset("modern").to_json())
    data["values"]["undercut_on_tie"] = True
    with pytest.raises(RuleError, match="unknown knobs: undercut_on_tie"):
        RuleSet.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("preset", "source"),
    [
        ("modern", "Wikipedia's 'Gin rummy' article: knock 10"),
        ("classic", "the online rules 'How To Play Gin': 'the gin and box bonuses"),
        ("oklahoma", "Oklahoma gin"),
        ("tournament", "best of five with 250 points per game"),
        ("honeymoon", "'Honeymoon Gin ad infinitum'"),
        ("kitchen", "'How to Play Gin Rummy'"),
        ("straight", "Straight gin"),
        ("tedesco", "Tedesco gin"),
        ("mahjong", "Mahjong gin"),
        ("multi-match", "Multi-match"),
        ("gimlet", "'Gimlet Rummy' by John Burton"),
    ],
)
def test_every_preset_names_its_source(preset: str, source: str) -> None:
    from gintally.game.rules import PRESET_SOURCES

    assert source in PRESET_SOURCES[preset]
    assert ".txt" not in PRESET_SOURCES[preset]  # by its title, not the seed file's name
    assert set(PRESET_SOURCES) == set(PRESETS)


def _version_2(preset: str) -> str:
    """A rule set as gintally stored it before card values and runs were knobs (version 2):
    the knobs of versions 3 and later are not there yet."""
    values = {
        k: v
        for k, v in find_preset(preset).values().items()
        if not any(k in knobs for since, knobs in ADDED.items() if since >= 3)
    }
    return json.dumps({"version": 2, "preset": preset, "values": values})


@pytest.mark.parametrize("preset", ["modern", "kitchen", "honeymoon"])
def test_version_2_reads_standard_cards_and_runs(preset: str) -> None:
    """Before version 3 every match counted standard values with aces low and no wrap: an old
    match reads exactly that, every other value as stored."""
    rules = RuleSet.from_json(_version_2(preset))
    assert (rules.card_values, rules.aces, rules.wrap_runs) == ("standard", "low", False)
    assert rules == find_preset(preset)
    assert json.loads(rules.to_json())["version"] == RULES_VERSION == 6


def test_version_3_reads_team_sweep_bonus_auto() -> None:
    """team_sweep_bonus came with version 4 (teams): rules stored before read it as `auto`
    (no match had teams then, so it changes nothing), every other value as stored."""
    data = json.loads(find_preset("tedesco").to_json())
    del data["values"]["team_sweep_bonus"]
    data["version"] = 3
    rules = RuleSet.from_json(json.dumps(data))
    assert rules == find_preset("tedesco") and rules.team_sweep_bonus == "auto"
    data["version"] = 4
    with pytest.raises(RuleError, match="damaged: team_sweep_bonus missing"):
        RuleSet.from_json(json.dumps(data))


def test_current_version_without_aces_is_damaged() -> None:
    data = json.loads(find_preset("tedesco").to_json())
    del data["values"]["aces"]
    with pytest.raises(RuleError, match="damaged: aces missing"):
        RuleSet.from_json(json.dumps(data))


def test_version_5_team_match_plays_to_its_stored_target() -> None:
    """team_target came with version 6 (issue 25, item 2): a team match stored before it played
    to its stored `target` whatever its team size, and reads `team_target=same`."""
    assert ADDED[6] == ("team_target",)
    values = find_preset("tedesco").with_overrides(["team_sweep_bonus=25"]).values()
    del values["team_target"]
    rules = RuleSet.from_json(json.dumps({"version": 5, "preset": "tedesco", "values": values}))
    assert (rules.team_target, rules.target, rules.target_for(3)) == ("same", 200, 200)


@pytest.mark.parametrize(
    ("size", "target", "sweep"),
    [
        # seed 002 (Tedesco gin): "three games to 200 when playing head-to-head or with
        # two-person teams. Three-person teams play to 300, 25 points extra if all three
        # teammates win. 50 points for four-person team, etc.": 100 a player, 2 x 100 = 200,
        # 3 x 100 = 300, 4 x 100 = 400 (the "etc."); the sweep bonus 0, 25, 50.
        (2, 200, 0),
        (3, 300, 25),
        (4, 400, 50),
    ],
)
def test_issue_25_tedesco_teams_play_to_100_a_player(size: int, target: int, sweep: int) -> None:
    rules = find_preset("tedesco").for_teams(size)
    assert (rules.target, rules.team_sweep_bonus) == (target, sweep)
    # modern keeps its target for every team size
    assert find_preset("modern").for_teams(size).target == 100
    # a target set for the match is the target of every team size
    assert resolve("tedesco", ["target=250"]).for_teams(size).target == 250
    assert resolve("tedesco", ["target=250", "team_target=90"]).for_teams(size).target == 90 * size
    assert resolve("modern", ["team_target=150"]).for_teams(size).target == 150 * size


def test_team_target_refuses_nonsense() -> None:
    with pytest.raises(RuleError, match="team_target must be 'same' or a whole number"):
        resolve("tedesco", ["team_target=lots"])
    with pytest.raises(RuleError, match="team_target must be 'same' or a whole number"):
        resolve("tedesco", ["team_target=0"])
