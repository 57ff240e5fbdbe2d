"""gintally away from a UTF-8, 80-column, en_US Linux terminal: consoles that cannot show every
letter, narrow screens, other locales, the installed wheel. Each test is a defect found by
using the installed command so, checked with the values a user would see."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_everywhere import on_a_terminal
from typer.testing import CliRunner

from gintally.cli import app


def console(db: Path, *args: str, encoding: str = "ascii", columns: int = 80) -> str:
    """What `gintally ARGS` prints on a console of `encoding`, `columns` wide, without colour."""
    env = {
        **os.environ,
        "GINTALLY_DB": str(db),
        "PYTHONIOENCODING": encoding,
        "COLUMNS": str(columns),
        "NO_COLOR": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "gintally", *args],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.decode(encoding)


def test_an_ascii_console_heads_the_columns_with_whole_escapes(db_path: Path) -> None:
    """Where the console cannot show É or 李, a name is written as backslash escapes; the
    sheet's short column labels were the escapes' first characters (``\\x`` and ``\\u``: the
    legend read "\\x = \\xc9mile"), not the players' first letters."""
    console(db_path, "match", "new", "K", "-p", "Émile", "李小龙", "--format", "hollywood")
    console(db_path, "knock", "Émile", "8", "--vs", "18")
    out = console(db_path, "show", columns=50)
    assert "\\xc9 = \\xc9mile, \\u674e = \\u674e\\u5c0f\\u9f99" in out
    head = next(line for line in out.splitlines() if "hand" in line)
    assert head.replace("|", " ").split()[1:3] == ["\\xc9", "\\u674e"]


def test_an_ascii_console_never_cuts_a_short_name_mid_escape(db_path: Path) -> None:
    """`stats` cuts a name past twelve letters; a three-letter Chinese name, eighteen
    characters as escapes, was cut to ``\\u674e\\u5...``: neither the name nor its escapes."""
    console(db_path, "match", "new", "K", "-p", "Émile", "李小龙")
    console(db_path, "knock", "Émile", "8", "--vs", "18")
    out = console(db_path, "stats", columns=100)
    assert "\\xc9mile v \\u674e\\u5c0f\\u9f99" in out
    assert "\\u5..." not in out


def plain_evening(db: Path, lines: bytes, encoding: str) -> subprocess.CompletedProcess[bytes]:
    """`gintally play --plain` reading `lines` from a pipe, its console in `encoding`."""
    env = {**os.environ, "GINTALLY_DB": str(db), "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "gintally", "play", "--plain"],
        input=lines,
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_a_script_of_hands_on_a_pipe_is_read_as_utf8_whatever_the_console(
    db_path: Path,
) -> None:
    """A script saved as UTF-8 (with Notepad's byte order mark, too) piped into `play
    --plain` on a console of another encoding (Windows: cp1252) was read in the console's
    encoding: Zoë became ZoÃ« (who "does not play"), 李 ended the evening with an unexpected
    UnicodeDecodeError, and the mark made the first line an unknown command."""
    console(db_path, "match", "new", "K", "-p", "Zoë", "李小龙", encoding="utf-8")
    script = "\ufeffk zoë 8 18\nk 李小龙 5 20\n".encode()
    for encoding in ("cp1252", "ascii"):
        done = plain_evening(db_path, script, encoding)
        assert (done.returncode, done.stderr) == (0, b""), done.stderr
    hands = json.loads(console(db_path, "hands", "--json", encoding="utf-8"))["hands"]
    assert [(h["winner"], h["points"]) for h in hands] == [("Zoë", 10), ("李小龙", 15)] * 2


def test_a_line_in_the_consoles_own_encoding_is_read_in_it_and_others_refused(
    db_path: Path,
) -> None:
    """A line that is not UTF-8 is read in the console's encoding (latin-1 here); one in
    neither is refused with one line naming the byte, not an unexpected error (exit 1)."""
    console(db_path, "match", "new", "K", "-p", "Zoë", "Ann", encoding="utf-8")
    done = plain_evening(db_path, "k zoë 8 18\n".encode("latin-1"), "latin-1")
    assert (done.returncode, done.stderr) == (0, b""), done.stderr
    assert done.stdout.decode("latin-1").startswith("Hand 1: Zoë knocks with 8")
    done = plain_evening(db_path, b"k zo\xeb 8 18\nk ann 5 20\n", "utf-8")
    assert done.returncode == 0
    assert done.stderr.decode().splitlines() == [
        "Error: line 1 is not UTF-8 text (byte 0xeb): skipped",
        "Warning: 1 of 2 lines refused (line 1); the others were done",
    ]
    done = plain_evening(db_path, b"k zo\x9d 8 18\n", "cp1252")
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[0] == (
        "Error: line 1 is neither UTF-8 nor cp1252 text (byte 0x9d): skipped"
    )


def run(db: Path, *args: str, columns: int = 80) -> str:
    """What `gintally ARGS` prints (in-process, UTF-8), `columns` wide, without colour."""
    env = {"GINTALLY_DB": str(db), "COLUMNS": str(columns), "NO_COLOR": "1"}
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def test_a_hand_log_on_a_phone_says_a_long_dealers_name_after_the_hand(db_path: Path) -> None:
    """The dealer column is as wide as the longest name: with a 22-letter name the log's
    columns took 44 of a phone's 40, and the terminal broke the dealer's name and the upcard
    onto the next line. Such a dealer is now said after what happened, as a team's is."""
    run(db_path, "match", "new", "K", "-p", "Bartholomew Fitzgerald", "Ann")
    run(db_path, "knock", "Ann", "8", "18", "--dealer", "Bartholomew Fitzgerald")
    run(db_path, "gin", "Bartholomew Fitzgerald", "30")
    for columns in (30, 40):
        lines = run(db_path, "hands", columns=columns).splitlines()
        assert max(map(len, lines)) <= columns, lines
        assert "  #  date        up" in lines
        text = " ".join(line.strip() for line in lines)
        assert "Ann +10 (Bartholomew Fitzgerald dealt)" in text
        assert "Bartholomew Fitzgerald +55 (Ann dealt)" in text
    wide = run(db_path, "hands", columns=80).splitlines()  # where it fits, a column as before
    assert wide[1].split() == ["#", "date", "dealer", "up", "what", "happened"]
    assert wide[2].split()[2:5] == ["Bartholomew", "Fitzgerald", "-"]


def test_a_ledger_path_too_long_for_the_system_is_named_not_called_the_output(
    tmp_path: Path,
) -> None:
    """A ledger name past the system's 255 bytes: the check for the file raised the OS's
    error, which the command line took for its output failing ("cannot write the output:
    File name too long"), and a program got an OSError, not the library's refusal."""
    import gintally
    from gintally.errors import LedgerError

    long = tmp_path / ("a" * 300 + ".db")
    with (
        pytest.raises(LedgerError, match=r"^cannot open the ledger .*a{300}\.db: File name too"),
        gintally.open(long) as book,
    ):
        book.matches()
    for args in (["show"], ["match", "new", "K", "-p", "Ann", "Bob"]):
        result = CliRunner().invoke(app, ["--db", str(long), *args])
        assert result.exit_code == 1
        assert result.stderr == f"Error: cannot open the ledger {long}: File name too long\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [
        ["export", "--output", "{long}.csv"],
        ["backup", "{long}.db"],
        ["import", "{long}.csv"],
        ["report", "--html", "{long}.html"],
        ["print", "pad", "--output", "{long}.html"],
    ],
)
def test_a_file_name_too_long_for_the_system_is_named_not_called_the_output(
    db_path: Path, args: list[str]
) -> None:
    """A file to read or write whose name the system refuses: "cannot write the output: File
    name too long", as if stdout had failed, and the file was not named."""
    run(db_path, "match", "new", "K", "-p", "Ann", "Bob")
    run(db_path, "knock", "Ann", "8", "18")
    long = str(db_path.parent / ("a" * 300))
    given = [a.format(long=long) for a in args]
    result = CliRunner().invoke(app, given, env={"GINTALLY_DB": str(db_path)})
    assert result.exit_code == 1
    (path,) = (a for a in given if long in a)
    assert result.stderr == f"Error: {path}: File name too long\n"


def test_the_sheet_measures_chinese_names_by_the_columns_they_take(db_path: Path) -> None:
    """Whether the players' names fit over the sheet's columns was measured in characters:
    two five-character Chinese names (ten columns each) seemed to fit three games in 80
    columns, Rich could not draw them, and the paper sheet gave way to its stacked form
    ("hand 1  G1 李小龙先生 10"). They are measured as shown: initials head the columns."""
    run(db_path, "match", "new", "H", "-p", "李小龙先生", "王小明女士", "--format", "hollywood")
    run(db_path, "knock", "李小龙先生", "8", "18")
    run(db_path, "gin", "王小明女士", "30")
    lines = run(db_path, "show", columns=80).splitlines()
    assert "李 = 李小龙先生, 王 = 王小明女士" in lines
    assert [line.split() for line in lines if line.split()[:1] == ["hand"]] == [
        ["hand", "李", "王", "李", "王", "李", "王"]
    ]
    assert max(cell_len(line) for line in lines) <= 80


def test_every_game_on_a_narrow_screen_folds_chinese_names_by_their_columns(
    db_path: Path,
) -> None:
    """`show --all` folds a line too long for the screen, measured in characters: with
    Chinese names a line of 42 columns passed for 30 characters on a 36-column screen, and
    the terminal broke it inside 王小明女士."""
    run(db_path, "match", "new", "H", "-p", "李小龙先生", "王小明女士", "--format", "hollywood")
    run(db_path, "knock", "李小龙先生", "8", "18")
    for _ in range(4):
        run(db_path, "gin", "王小明女士", "30")
    lines = run(db_path, "show", "--all", columns=36).splitlines()
    assert max(cell_len(line) for line in lines) <= 36, lines
    assert "      王小明女士 wins, net 370," in lines
    assert "      shutout" in lines


def test_an_ascii_console_labels_a_team_by_whole_initials(db_path: Path) -> None:
    """A team's short label is its members' initials: on a console that cannot show É the
    label of Émile & Zoë was ``\\&Z``, the first character of the escape ``\\xc9``."""
    console(db_path, "match", "new", "T", "--teams", "Émile,Zoë", "Bob,Di")
    console(db_path, "knock", "Émile", "8", "18")
    out = console(db_path, "show").splitlines()
    assert out[0] == "T: \\xc9&Z vs B&D"
    assert "Team \\xc9&Z = \\xc9mile & Zo\\xeb" in out
    assert console(db_path, "show", encoding="utf-8").splitlines()[0] == "T: É&Z vs B&D"


def test_serve_on_the_network_from_an_ascii_console_leaves_the_qr_code_out(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`serve --lan` draws a QR code in block characters; where the console cannot show them
    the command ended in an unexpected UnicodeEncodeError (from the console script: a
    screenful of ``\\u2588`` escapes, nothing to scan). The address and the PIN are enough."""
    import gintally.serve as web

    monkeypatch.setattr(web, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setattr(web, "serve", lambda *args: None)
    run(db_path, "match", "new", "K", "-p", "Ann", "Bob")
    env = {"GINTALLY_DB": str(db_path)}
    with socket.socket() as probe:  # a port free now (the command checks it is)
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    args = ["serve", "--lan", "--port", port]
    result = CliRunner(charset="ascii").invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "(No QR code: this console's encoding, ascii, cannot draw one.)" in lines
    assert lines[1].startswith(f"Open this address (it joins you): http://192.0.2.7:{port}/#join=")
    assert lines[3].startswith(f"Or type http://192.0.2.7:{port}/ and the PIN ")
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    assert "\u2588" in result.stdout


def test_play_on_a_console_that_cannot_draw_the_screen_is_plain(tmp_path: Path) -> None:
    """On a terminal whose encoding is ASCII the full screen drew every line, box and name as
    escapes (``\\u2500\\u2500...``), its columns out of line; it falls back to plain lines, as
    on a dumb terminal."""
    db = tmp_path / "p.db"
    env = {"PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    assert console(db, "match", "new", "P", "-p", "Émile", "Bo").startswith("Created match P")
    keys = (b"k \xc3\xa9mile 8 18\r", b"quit\r")
    code, out = on_a_terminal(["--db", str(db), "play"], env, keys, prompt=b"> ")
    text = out.decode()  # the terminal echoes the line as typed (UTF-8)
    assert code == 0, text
    assert "\x1b[?1049h" not in text  # no full screen
    assert "\\u2500" not in text
    assert "Hand 1: \\xc9mile knocks with 8, Bo has 18: \\xc9mile +10" in text


def test_an_ascii_console_draws_the_chart_and_the_sparkline_in_ascii(db_path: Path) -> None:
    """The chart's frame (┌─┐│└┘┤┬) and the standings' sparkline (▁...█) were written as
    escapes on a console that cannot show them: ``\\u250c\\u2500\\u2500...`` across the
    screen, the frame's 60 columns become 360. They are drawn in ASCII, a column each."""
    console(db_path, "match", "new", "S", "-p", "Ann", "Bob", "--rules", "kitchen")
    for month in ("01", "02", "03"):
        for day in range(1, 6):
            console(db_path, "knock", "Ann", "1", "20", "--date", f"2026-{month}-0{day}")
    chart = console(db_path, "chart", columns=60).splitlines()
    assert "\\u" not in "".join(chart)
    frame = [line for line in chart if line.strip().startswith("+-")]
    assert len(frame) == 2 and all(len(line) <= 60 for line in chart)
    standings = console(db_path, "standings").splitlines()
    assert standings[-1] == "Games won by month, Feb-Mar: Ann =# 2  Bob __ 0"


@pytest.mark.parametrize("columns", [20, 30, 40])
def test_the_rule_presets_on_a_narrow_screen_keep_their_words_whole(
    db_path: Path, columns: int
) -> None:
    """`rules` lists the presets in a table whose text column folds: on a narrow screen that
    column was left too narrow for its words, which were cut into pieces (at 20 columns
    "wh", "at", "it", "is"; at 40, "undercut_style=bonus-minus-defender,"). The table is
    stacked instead, as a table that would cut a value is."""
    assert "wh" not in run(db_path, "rules", columns=20).split()
    lines = run(db_path, "rules", columns=columns).splitlines()
    assert max(cell_len(line) for line in lines) <= columns
    words = " ".join(lines).split()
    for whole in ("undercut_style=bonus-minus-defender,", "'Gin", "rummy'", "multi-match"):
        assert whole in words or len(whole) > columns  # a word longer than a line is broken


def test_an_ascii_console_writes_the_euro_as_its_code(db_path: Path) -> None:
    """A stake in euros on a console that cannot show €: every amount read ``\\u20ac0.50``."""
    console(db_path, "match", "new", "K", "-p", "Ann", "Bob", "--stake", "0.50", "--currency", "€")
    console(db_path, "knock", "Ann", "8", "18")
    out = console(db_path, "settle", columns=100).splitlines()
    assert out[1] == "K: nothing played at EUR0.50 a point has finished yet."
    assert out[2].endswith("Ann is 10 points ahead, worth EUR5.00.")


def test_a_utf16_file_is_named_as_such_and_a_json_document_not_sent_to_a_spreadsheet(
    db_path: Path,
) -> None:
    """A CSV file saved as UTF-16 without its byte order mark was read as UTF-8 (its NUL
    bytes are valid UTF-8), so the refusal said its header lacked every column and named
    them as 'd\\x00a\\x00t\\x00e\\x00'; a JSON document that was not UTF-8 was told to be saved
    from a spreadsheet as CSV."""
    run(db_path, "match", "new", "K", "-p", "Ann", "Bob")
    folder = db_path.parent
    text = "date,kind,winner,points\n2026-01-03,knock,Ann,10\n"
    (folder / "bare.csv").write_bytes(text.encode("utf-16-le"))
    (folder / "marked.json").write_bytes('{"hands": []}'.encode("utf-16"))
    (folder / "latin.json").write_bytes('{"hands": [], "note": "café"}'.encode("latin-1"))
    said = {}
    for name in ("bare.csv", "marked.json", "latin.json"):
        result = CliRunner().invoke(
            app, ["import", str(folder / name)], env={"GINTALLY_DB": str(db_path)}
        )
        assert result.exit_code == 2
        said[name] = result.stderr
    assert said == {
        "bare.csv": f"Error: cannot read {folder / 'bare.csv'}: it is UTF-16 text, not UTF-8 "
        "(a spreadsheet saves it as CSV UTF-8)\n",
        "marked.json": f"Error: cannot read {folder / 'marked.json'}: it is UTF-16 text, not "
        "UTF-8 (save it as UTF-8)\n",
        "latin.json": f"Error: cannot read {folder / 'latin.json'}: it is not UTF-8 text (save "
        "it as UTF-8)\n",
    }


def test_the_pager_is_told_the_log_is_utf8_under_a_c_locale(tmp_path: Path) -> None:
    """Under LC_ALL=C Python writes UTF-8 all the same, but less reads the locale's charset:
    a long hand log showed Émile as <C3><89>mile. The pager is told (LESSCHARSET) unless the
    user set it."""
    db = tmp_path / "p.db"
    rows = "date,winner,points\n" + "".join(f"2026-01-{d:02d},Émile,10\n" for d in range(1, 29))
    (tmp_path / "rows.csv").write_text(rows, encoding="utf-8")
    console(db, "match", "new", "P", "-p", "Émile", "Bo", encoding="utf-8")
    console(db, "import", str(tmp_path / "rows.csv"), encoding="utf-8")
    pager = tmp_path / "pager"  # says what it was told, and reads the log
    pager.write_text('#!/bin/sh\necho "charset $LESSCHARSET"\ncat >/dev/null\n')
    pager.chmod(0o755)
    env = {"LC_ALL": "C", "PAGER": str(pager)}
    code, out = on_a_terminal(["--db", str(db), "hands"], env)
    assert code == 0
    assert out.decode().split() == ["charset", "utf-8"]
    code, out = on_a_terminal(["--db", str(db), "hands"], {**env, "LESSCHARSET": "latin1"})
    assert out.decode().split() == ["charset", "latin1"]


def test_a_console_that_sets_columns_to_0_still_gets_the_drawings(db_path: Path) -> None:
    """Some consoles set COLUMNS=0 for "unknown": Rich took it as a width of nothing, and
    show, standings, stats, settle, match list, rules and eval printed not a line (exit 0).
    It counts as unset: off a terminal, 80 columns."""
    console(db_path, "match", "new", "K", "-p", "Ann", "Bob", encoding="utf-8")
    console(db_path, "knock", "Ann", "8", "18", encoding="utf-8")
    for args in (["show"], ["standings"], ["stats"], ["match", "list"], ["rules", "modern"]):
        drawn = console(db_path, *args, encoding="utf-8", columns=0)
        assert drawn == console(db_path, *args, encoding="utf-8", columns=80)
        assert len(drawn.splitlines()) > 3, args
