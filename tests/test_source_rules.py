"""Rules where the sources say what gintally must do (issue 25, items 3 to 7): each case worked by
hand from the seed it cites (../shared/seeds), through the engine and the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import Run, as_json, ok
from conftest import refused_line as refused
from gintally.engine.replay import next_dealer

CLI = Callable[..., Run]


# --- item 3: a dead deck that scores passes the deal ----------------------------------------------


def test_next_dealer_after_a_dead_deck() -> None:
    # Seed 003 (kitchen notes): "In all scenarios [the four endings, 3: 'The deck runs out of
    # cards'], the player with less points in their hand scores the delta": a scored round,
    # and "Players alternate who goes first". Dealer 0, a dead deck won by 0: 1 deals next.
    assert next_dealer("alternate", "draw", 0, 0) == 1
    assert next_dealer("winner", "draw", 1, 0) == 1  # the winner deals, as after any hand
    assert next_dealer("loser", "draw", 1, 0) == 0
    # A dead deck nobody won (no deck_out_scores, or equal counts) and a misdeal: dealt again.
    assert next_dealer("alternate", "draw", None, 0) == 0
    assert next_dealer("alternate", "tie", None, 1) == 1
    assert next_dealer("alternate", "misdeal", None, 1) == 1


def test_issue_25_kitchen_dead_deck_passes_the_deal(gintally: CLI) -> None:
    ok(gintally("match", "new", "K", "-p", "Ann", "Bob", "-r", "kitchen", "--dealer", "Ann"))
    # Hand 1, Ann deals: dead deck, Ann 5 v Bob 12: Ann scores 12 - 5 = 7, and Bob deals next.
    first = as_json(gintally("draw", "--deadwood", "Ann=5", "--deadwood", "Bob=12", "--json"))
    assert (first["winner"], first["points"], first["next_dealer"]) == ("Ann", 7, "Bob")
    # Hand 2, Bob deals: dead deck, 8 v 8: nobody has less, nobody scores: Bob deals again.
    second = as_json(gintally("draw", "--deadwood", "Ann=8", "--deadwood", "Bob=8", "--json"))
    assert (second["winner"], second["points"], second["next_dealer"]) == (None, 0, "Bob")
    # Hand 3, Bob deals: Ann knocks 3 v 20, +17; the deal passes to Ann.
    ok(gintally("knock", "Ann", "3", "--vs", "20"))
    rows = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["dealer"], h["winner"], h["points"]) for h in rows] == [
        ("Ann", "Ann", 7),
        ("Bob", None, 0),
        ("Bob", "Ann", 17),
    ]
    assert as_json(gintally("show", "--json"))["next_dealer"] == "Ann"


# --- item 4: Mahjong gin, a loser who scored is not shut out --------------------------------------


def test_issue_25_mahjong_shutout_needs_a_loser_who_scored_nothing(gintally: CLI) -> None:
    ok(gintally("match", "new", "M", "-p", "Ann", "Bob", "-r", "mahjong"))
    ok(gintally("score", "Ann", "90", "--vs-points", "50"))
    # Ann's gin: 20 on the table + 25 = 45; Bob 65 on the table - 5 in hand = 60. Ann 135 wins,
    # Bob scored 110: no shutout. Ann 135 + 100 (game) + 2 x 25 (boxes) = 285, net 285 - 110.
    gin = ("gin", "Ann", "--table", "20", "--vs-table", "65", "--vs", "5", "--json")
    doc = as_json(gintally(*gin))
    (game,) = doc["games"]
    assert (game["total"], game["net"]) == ({"Ann": 285, "Bob": 110}, 175)
    # `rules mahjong` says which of modern's knobs play no part, and which bonuses apply.
    rules = as_json(gintally("rules", "mahjong", "--json"))
    assert sorted(rules["idle"]) == [
        "big_gin_bonus",
        "deck_out_scores",
        "knock_limit",
        "oklahoma_ace",
        "team_sweep_bonus",
        "team_target",
        "tie",
        "undercut_bonus",
        "undercut_style",
    ]
    assert "game +100, +25 a gin won" in rules["note"]
    assert "doubled when the loser scored nothing" in rules["note"]
    text = " ".join(ok(gintally("rules", "mahjong")).stdout.split())
    assert "undercut_bonus 25 not used here: no knocking, so no undercut" in text


# --- item 5: big gin off, eleven melded cards are a gin -----------------------------------------

ELEVEN = "2H 3H 4H 5H 6S 6D 6C 9S 9D 9C 9H"  # a run of four, a set of three, a set of four


def test_issue_25_gin_with_eleven_melded_cards_without_big_gin(gintally: CLI) -> None:
    # Seed 000 (Honeymoon Gin) names no big gin (honeymoon: big_gin_bonus off); its gin scores
    # "A bonus of 25 points ... added to the total of the cards": 25 + 10 = 35.
    ok(gintally("match", "new", "H", "-p", "me", "you", "-f", "honeymoon", "-r", "honeymoon"))
    doc = as_json(gintally("gin", "me", "--cards", ELEVEN, "--vs", "10", "--json"))
    assert (doc["kind"], doc["winner"], doc["points"]) == ("gin", "me", 35)
    # From both hands: the defender's AS 2S (3) 3C 4C (7) 5D 8D (13) TS JS QH KD (40) = 63,
    # and 25 + 63 = 88.
    vs = "AS 2S 3C 4C 5D 8D TS JS QH KD"
    doc = as_json(gintally("gin", "me", "--cards", ELEVEN, "--vs-cards", vs, "--json"))
    assert (doc["kind"], doc["points"], doc["defender_deadwood"]) == ("gin", 88, 63)
    # Eleven cards that do not all meld are no gin: 9S 9D 9C KH leave the king, 10.
    bad = ELEVEN.replace("9H", "KH")
    assert "not a gin: the knocker's 11 cards leave 10 deadwood" in refused(
        gintally("gin", "me", "--cards", bad, "--vs", "10")
    )
    # Where big gin is on (modern), eleven melded cards are a big gin, and the message says so.
    ok(gintally("match", "new", "M", "-p", "Ann", "Bob"))
    assert "eleven melded cards are a big gin under these rules: record big-gin" in refused(
        gintally("gin", "Ann", "--cards", ELEVEN, "--vs", "10")
    )


# --- item 6: impossible results are refused -----------------------------------------------------


def test_issue_25_paper_scores_below_their_bonus_are_refused(gintally: CLI) -> None:
    ok(gintally("match", "new", "P", "-p", "Pop", "Ma"))
    # modern (seed 002): "a bonus of 25 points plus the entire count of deadwood" for a gin, so
    # a gin scores at least 25; an undercut "25 points plus the difference": at least 25; a big
    # gin "31 points plus entire count": at least 31.
    for kind, least in (("gin", 25), ("undercut", 25), ("big-gin", 31)):
        err = refused(gintally("score", "Pop", str(least - 1), "--kind", kind))
        assert f"{least} under these rules, not {least - 1}" in err
        assert (
            as_json(gintally("score", "Pop", str(least), "--kind", kind, "--json"))["points"]
            == least
        )
    # honeymoon (seed 000): the underknocker "receives 25 points less the number of points in
    # their hand", fewer than the knocker's, at most 10 (a ten upcard): 25 - 9 = 16 at least.
    ok(gintally("match", "new", "H", "-p", "Me", "You", "-r", "honeymoon"))
    assert "16 under these rules, not 15" in refused(
        gintally("score", "Me", "15", "--kind", "undercut")
    )
    ok(gintally("score", "Me", "16", "--kind", "undercut"))


def test_issue_25_imported_counts_without_a_knocker_are_checked(
    gintally: CLI, tmp_path: Path
) -> None:
    ok(gintally("match", "new", "P", "-p", "Ann", "Bob"))
    head = "date,kind,winner,points,knocker_deadwood,defender_deadwood\n"
    bad = tmp_path / "bad.csv"
    # A knock of 3 against 10 scores 10 - 3 = 7, not the 5 the row says.
    bad.write_text(head + "2026-01-02,knock,Ann,5,3,10\n")
    err = refused(gintally("import", str(bad)))
    assert (
        "row 1 of bad.csv: the row says knock to Ann for 5, but its counts score knock to "
        "Ann for 7" in err
    )
    good = tmp_path / "good.csv"
    # 7 for the knock; Bob's undercut of Ann's 8 with 3: 25 + (8 - 3) = 30 (Ann knocked).
    good.write_text(head + "2026-01-02,knock,Ann,7,3,10\n2026-01-02,undercut,Bob,30,8,3\n")
    ok(gintally("import", str(good)))
    rows = as_json(gintally("hands", "--json"))["hands"]
    assert [(h["kind"], h["winner"], h["points"], h["knocker"]) for h in rows] == [
        ("knock", "Ann", 7, "Ann"),
        ("undercut", "Bob", 30, "Ann"),
    ]


# --- item 7: each preset's source line says what the preset does -------------------------------


def test_issue_25_source_lines_say_what_each_preset_does(gintally: CLI) -> None:
    # classic's values are seed 004's ("the gin and box bonuses can score 20 instead of 25, and
    # the undercut can score 10"; "an additional 100 point shutout bonus"), not seed 002's.
    classic = as_json(gintally("rules", "classic", "--json"))
    assert classic["source"].startswith("the online rules 'How To Play Gin': ")
    assert (classic["values"]["gin_bonus"], classic["values"]["box_bonus"]) == (20, 20)
    assert (classic["values"]["undercut_bonus"], classic["values"]["shutout"]) == (10, "bonus:100")
    # modern's deal: the winner deals next (seed 004: "the winner of each hand will deal the
    # next"), and the line says Wikipedia's alternating deal is a setting.
    modern = as_json(gintally("rules", "modern", "--json"))
    assert modern["values"]["next_dealer"] == "winner"
    assert "the winner deals next" in modern["source"]
    assert "--set next_dealer=alternate" in modern["source"]
    assert "Dealership alternates" not in modern["source"]
