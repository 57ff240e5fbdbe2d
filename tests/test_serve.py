"""`gintally serve` through Starlette's test client: every route refuses a browser that has not
joined, PIN guesses lock, writes need the CSRF token and this server's origin, a foreign Host is
refused, user text is escaped, no file outside the app's assets is served, the token stays out
of the logs, a repeated submission records once, and a hand written by another process reaches
an open event stream."""

from __future__ import annotations

import logging
import threading
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import Run, refused_line

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx works as well
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import gintally
from gintally.serve.app import Settings, build
from gintally.serve.guard import ATTEMPTS, LOCK_SECONDS, Guard, Refused

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ORIGIN = "http://testserver"
PAGES = ("/", "/part", "/standings", "/matches", "/settle", "/events")
WRITES = ("/hand", "/undo", "/void", "/edit")


def make_ledger(path: Path, name: str = "Fri", players: tuple[str, str] = ("Ann", "Bob")) -> None:
    with gintally.open(path) as book:
        m = book.new_match(name, list(players), format="hollywood")
        m.knock(players[0], 8, vs=18)


class Phone(TestClient):
    """A browser on the served sheet, and the server's settings (its token, its PIN)."""

    settings: Settings


def client_for(path: Path, **options: Any) -> Phone:
    settings = Settings(path, **{"hosts": ("testserver",), "stream_seconds": 2.0, **options})
    client = Phone(build(settings))
    client.settings = settings
    return client


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.db"
    make_ledger(path)
    return path


@pytest.fixture
def client(ledger: Path) -> Iterator[TestClient]:
    with client_for(ledger) as c:
        yield c


def settings_of(c: TestClient) -> Settings:
    assert isinstance(c, Phone)
    return c.settings


def join(c: TestClient) -> str:
    """Join with the token, as the page does; the session's CSRF token."""
    r = c.post("/join", data={"token": settings_of(c).token, "js": "1"}, headers={"origin": ORIGIN})
    assert r.status_code == 200, r.text
    csrf = settings_of(c).guard.csrf(c.cookies.get("gintally_session"))
    assert csrf
    return csrf


def two_phones(c: TestClient) -> list[tuple[str, str]]:
    """Two browsers joined to one server, each its own session: (session cookie, CSRF token)."""
    phones = []
    for _ in range(2):
        c.cookies.clear()
        csrf = join(c)
        phones.append((c.cookies.get("gintally_session") or "", csrf))
    return phones


def write(c: TestClient, path: str, csrf: str, **fields: str) -> Any:
    return c.post(path, data=fields, headers={"origin": ORIGIN, "x-csrf-token": csrf})


def hands(path: Path) -> list[Any]:
    with gintally.open(path) as book:
        return list(book.match("Fri").hands(all=True)["hands"])


# --- who may come in -------------------------------------------------------------------------


@pytest.mark.parametrize("route", PAGES)
def test_every_page_refuses_a_browser_that_has_not_joined(client: TestClient, route: str) -> None:
    r = client.get(route, headers={"accept": "text/html"})
    assert r.status_code == 401
    assert "Ann" not in r.text and "knocks" not in r.text
    plain = client.get(route)
    assert (plain.status_code, plain.text) == (
        401,
        "join first: open the address gintally serve printed",
    )


@pytest.mark.parametrize("route", WRITES)
def test_every_write_refuses_a_browser_that_has_not_joined(
    client: TestClient, ledger: Path, route: str
) -> None:
    r = client.post(
        route,
        data={"kind": "gin", "player": "Bob", "vs": "30", "hand": "1"},
        headers={"origin": ORIGIN},
    )
    assert r.status_code == 403
    assert r.json()["error"] == "Error: join first: open the address gintally serve printed"
    assert [h["hand"] for h in hands(ledger)] == [1]


def test_a_wrong_token_does_not_join(client: TestClient) -> None:
    r = client.post("/join", data={"token": "not-the-token", "js": "1"}, headers={"origin": ORIGIN})
    assert r.status_code == 403
    assert client.get("/part").status_code == 401


def test_the_token_joins_and_the_pages_show_the_match(client: TestClient) -> None:
    join(client)
    for route in PAGES[:-1]:
        r = client.get(route)
        assert r.status_code == 200, route
        assert "Fri" in r.text
    assert "Ann knocks with 8, Bob has 18: Ann +10" in client.get("/").text
    cookie = client.cookies.jar
    (jar,) = list(cookie)
    assert jar.has_nonstandard_attr("HttpOnly")


def test_pin_joins_and_wrong_pins_lock_pin_joining(ledger: Path) -> None:
    with client_for(ledger, pin="246810") as c:
        for left in range(ATTEMPTS - 1, 0, -1):
            r = c.post("/join", data={"pin": "111111"}, headers={"origin": ORIGIN})
            assert r.status_code == 403
            assert f"wrong PIN ({left} tr" in r.text
        r = c.post("/join", data={"pin": "111111"}, headers={"origin": ORIGIN})
        assert r.status_code == 429
        r = c.post("/join", data={"pin": "246810"}, headers={"origin": ORIGIN})
        assert r.status_code == 429  # locked: even the right PIN waits
        assert "too many wrong PINs" in r.text
        assert c.get("/part").status_code == 401
        join(c)  # the token still joins


def test_the_pin_lock_lasts_its_time_then_the_pin_joins() -> None:
    now = [1000.0]
    guard = Guard(token="t", pin="135790", clock=lambda: now[0])
    for _ in range(ATTEMPTS):
        with pytest.raises(Refused):
            guard.join(pin="000000")
    now[0] += LOCK_SECONDS - 1
    with pytest.raises(Refused) as locked:
        guard.join(pin="135790")
    assert locked.value.status == 429
    now[0] += 2
    session = guard.join(pin="135790")
    assert guard.csrf(session)


def test_a_right_pin_joins_with_a_cookie_and_a_redirect(ledger: Path) -> None:
    with client_for(ledger, pin="246810") as c:
        r = c.post(
            "/join", data={"pin": "246810"}, headers={"origin": ORIGIN}, follow_redirects=False
        )
        assert (r.status_code, r.headers["location"]) == (303, "/")
        assert "samesite=strict" in r.headers["set-cookie"].lower()
        assert c.get("/part").status_code == 200


def test_a_join_from_another_origin_is_refused(client: TestClient) -> None:
    token = settings_of(client).token or ""
    r = client.post(
        "/join", data={"token": token, "js": "1"}, headers={"origin": "http://evil.example"}
    )
    assert r.status_code == 403
    assert client.get("/part").status_code == 401


@pytest.mark.parametrize("host", ["evil.example", "attacker.test:8765", "127.0.0.2"])
def test_a_foreign_host_header_is_refused(client: TestClient, host: str) -> None:
    join(client)
    r = client.get("/part", headers={"host": host})
    assert r.status_code == 400
    assert "Fri" not in r.text


# --- writes --------------------------------------------------------------------------------------


def test_a_write_needs_the_csrf_token_and_this_origin(client: TestClient, ledger: Path) -> None:
    csrf = join(client)
    fields = {"kind": "gin", "player": "Bob", "vs": "30"}
    no_token = client.post("/hand", data=fields, headers={"origin": ORIGIN})
    wrong_token = client.post("/hand", data=fields, headers={"origin": ORIGIN, "x-csrf-token": "x"})
    no_origin = client.post("/hand", data=fields, headers={"x-csrf-token": csrf})
    cross = client.post(
        "/hand", data=fields, headers={"origin": "http://evil.example", "x-csrf-token": csrf}
    )
    for r in (no_token, wrong_token, no_origin, cross):
        assert r.status_code == 403
    assert cross.json()["error"] == "Error: a write must come from this server's own page"
    assert wrong_token.json()["error"] == "Error: this page is out of date: reload it"
    assert [h["hand"] for h in hands(ledger)] == [1]
    r = write(client, "/hand", csrf, **fields)
    assert r.json() == {
        "ok": True,
        "said": [
            "Hand 2: Bob goes gin, Ann has 30: Bob +55",
            "Game 1: Ann 10, Bob 55",
            "Next dealer: Bob",
        ],
    }


def test_a_refusal_is_the_command_lines_message_and_writes_nothing(
    client: TestClient, ledger: Path
) -> None:
    csrf = join(client)
    r = write(client, "/hand", csrf, kind="knock", player="Ann", deadwood="12", vs="3", key="a")
    assert (r.status_code, r.json()) == (
        400,
        {"ok": False, "error": "Error: a knock with 12 is over the knock limit of 10"},
    )
    r = write(client, "/hand", csrf, kind="knock", player="Zed", deadwood="2", vs="3")
    assert r.status_code == 400 and "Zed" in r.json()["error"]
    r = write(client, "/hand", csrf, kind="knock", player="Ann", deadwood="2x", vs="3")
    assert r.json()["error"] == "Error: deadwood must be a whole number, not '2x'"
    r = write(client, "/hand", csrf, kind="steal", player="Ann")
    assert r.status_code == 400
    assert [h["hand"] for h in hands(ledger)] == [1]


def test_undo_void_and_edit_say_what_they_did(client: TestClient, ledger: Path) -> None:
    csrf = join(client)
    write(client, "/hand", csrf, kind="gin", player="Bob", vs="30", key="g")
    r = write(client, "/edit", csrf, hand="2", vs="20")
    assert r.json()["said"][0] == "Edited hand 2: Bob goes gin, Ann has 20: Bob +45"
    assert "Game 1: Ann 10, Bob 45" in r.json()["said"]
    r = write(client, "/void", csrf, hand="1", reason="wrong table")
    assert r.json()["said"][0] == "Voided hand 1: Ann knocks with 8, Bob has 18: Ann +10"
    r = write(client, "/undo", csrf)  # the latest change: the void, taken back as the CLI says
    assert r.json()["said"][0] == (
        "Took back the void of hand 1: hand 1 is back in play (Ann knocks with 8, Bob has 18: "
        "Ann +10)"
    )
    r = write(client, "/void", csrf, hand="99")
    assert r.status_code == 400 and "99" in r.json()["error"]


def test_a_repeated_submission_records_once(client: TestClient, ledger: Path) -> None:
    csrf = join(client)
    first = write(client, "/hand", csrf, kind="gin", player="Bob", vs="30", key="same-key")
    again = write(client, "/hand", csrf, kind="gin", player="Bob", vs="30", key="same-key")
    assert first.json()["said"] == again.json()["said"]
    assert again.json()["again"] is True
    assert [h["hand"] for h in hands(ledger)] == [1, 2]


def test_two_phones_at_once_both_land_numbered_in_order(ledger: Path) -> None:
    with client_for(ledger) as one, client_for(ledger) as two:
        csrfs = [join(one), join(two)]
        answers: list[Any] = []
        go = threading.Barrier(2)

        def send(c: TestClient, csrf: str, who: str, key: str) -> None:
            go.wait()
            answers.append(write(c, "/hand", csrf, kind="gin", player=who, vs="10", key=key))

        threads = [
            threading.Thread(target=send, args=(one, csrfs[0], "Ann", "k-ann")),
            threading.Thread(target=send, args=(two, csrfs[1], "Bob", "k-bob")),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert all(a.status_code == 200 for a in answers)
    found = hands(ledger)
    assert [h["hand"] for h in found] == [1, 2, 3]
    assert sorted(h["winner"] for h in found[1:]) == ["Ann", "Bob"]


def test_read_only_has_no_write_route(ledger: Path) -> None:
    with client_for(ledger, read_only=True) as c:
        csrf = join(c)
        for route in WRITES:
            r = write(c, route, csrf, kind="gin", player="Bob", vs="30", hand="1")
            assert r.status_code in (404, 405), route
        page = c.get("/").text
        assert 'id="pad"' not in page and "Record a hand" not in page
        assert "Ann knocks with 8" in page
    assert [h["hand"] for h in hands(ledger)] == [1]


# --- what is shown -------------------------------------------------------------------------------


def test_hostile_names_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "hostile.db"
    evil, bad = "<script>alert(1)</script>", '"><img src=x onerror=alert(2)>'
    with gintally.open(path) as book:
        m = book.new_match(evil, [bad, "Bob"])
        m.knock(bad, 8, vs=18, note="<b>n</b>")
    with client_for(path) as c:
        join(c)
        pages = [c.get(route).text for route in ("/", "/standings", "/matches", "/settle")]
    for text in pages:
        assert "<script>alert" not in text and "<img src=x" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[0]
    assert "&lt;img src=x onerror=alert(2)&gt;" in pages[0]
    assert "%3Cscript%3E" in pages[0]  # in the links, the match's name is quoted


@pytest.mark.parametrize(
    "route",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2f%2e%2e%2fpyproject.toml",
        "/static//etc/passwd",
        "/static/../templates/part.html",
        "/../../etc/passwd",
    ],
)
def test_no_file_outside_the_assets_is_served(client: TestClient, route: str) -> None:
    join(client)
    r = client.get(route)
    assert r.status_code in (401, 404), (route, r.status_code)
    assert "import" not in r.text and "root:" not in r.text and "{%" not in r.text


def test_the_assets_are_served_with_the_pages_headers(client: TestClient) -> None:
    r = client.get("/static/app.js")
    assert r.status_code == 200 and "EventSource" in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    assert r.headers["x-frame-options"] == "DENY"


def test_the_token_is_in_no_log(ledger: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with client_for(ledger) as c:
        csrf = join(c)
        token = settings_of(c).token or ""
        for route in PAGES[:-1]:
            c.get(route)
        write(c, "/hand", csrf, kind="gin", player="Bob", vs="30")
        c.post("/join", data={"token": token + "x"}, headers={"origin": ORIGIN})
    assert caplog.records  # something was logged (httpx's requests)
    assert token not in caplog.text and csrf not in caplog.text


# --- live ----------------------------------------------------------------------------------------


def test_a_hand_written_by_another_process_reaches_an_open_stream(ledger: Path) -> None:
    # the stream stays open long enough for a loaded machine (the test ends at the change)
    with client_for(ledger, stream_seconds=60.0) as client:
        stream_sees_another_process(client, ledger)


def stream_sees_another_process(client: TestClient, ledger: Path) -> None:
    join(client)
    seen: list[str] = []
    with client.stream("GET", "/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        lines = r.iter_lines()
        for line in lines:
            seen.append(line)
            if line.startswith("event: hello"):
                break
        with gintally.open(ledger) as other:  # another Book, as another process would be
            other.match("Fri").gin("Bob", vs=30)
        for line in lines:
            seen.append(line)
            if line.startswith("event: change"):
                break
    assert "event: change" in seen
    assert "Bob goes gin, Ann has 30: Bob +55" in client.get("/part").text


# --- the command ---------------------------------------------------------------------------------


def test_serve_refuses_a_match_that_is_not_there(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    make_ledger(db_path)
    line = refused_line(gintally("serve", "--match", "Nope"))
    assert "Nope" in line


def test_serve_refuses_a_port_in_use(gintally: Callable[..., Run], db_path: Path) -> None:
    import socket

    make_ledger(db_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = refused_line(gintally("serve", "--port", str(port)))
    assert line == f"Error: port {port} is in use: choose another with --port N"


def test_the_command_serves_until_ctrl_c_and_stops_cleanly(db_path: Path) -> None:
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    make_ledger(db_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "GINTALLY_DB": str(db_path)}
    args = [sys.executable, "-m", "gintally", "serve", "--port", str(port)]
    with subprocess.Popen(
        args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as server:
        assert server.stdout is not None
        first = [server.stdout.readline() for _ in range(3)]
        assert first[0] == f"Serving the sheet of Fri ({db_path}).\n"
        link = first[1].rsplit(" ", 1)[1].strip()
        assert link.startswith(f"http://127.0.0.1:{port}/#join=")
        assert first[2] == "Ctrl-C stops it.\n"
        try:
            deadline = time.monotonic() + 30
            while True:  # the address is printed just before the server listens
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the server did not listen"
                    time.sleep(0.05)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/part", timeout=5)
            assert refused.value.code == 401
        finally:
            server.send_signal(signal.SIGINT)
            try:
                out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                raise
    assert (server.returncode, out, err) == (0, "Stopped.\n", "")


def test_two_phones_tapping_in_the_same_hand_record_it_once(ledger: Path) -> None:
    with client_for(ledger) as c:
        phones = two_phones(c)

        def tap(phone: int, key: str, path: str = "/hand") -> list[str]:
            c.cookies.set("gintally_session", phones[phone][0])
            fields = {"kind": "gin", "player": "Bob", "vs": "30", "key": key}
            lines: list[str] = write(c, path, phones[phone][1], **fields).json()["said"]
            return lines

        assert tap(0, "a")[0] == "Hand 2: Bob goes gin, Ann has 30: Bob +55"
        assert tap(1, "b")[:2] == [
            "Another phone has just recorded this hand; nothing was added.",
            "Hand 2: Bob goes gin, Ann has 30: Bob +55",
        ]
        assert [h["hand"] for h in hands(ledger)] == [1, 2]
        assert tap(0, "a2")[0] == "Hand 3: Bob goes gin, Ann has 30: Bob +55"  # the same phone
        tap(1, "u", "/undo")
        assert tap(1, "b2")[0] == "Hand 4: Bob goes gin, Ann has 30: Bob +55"  # after an undo


def test_the_web_libraries_are_loaded_by_serve_alone() -> None:
    import subprocess
    import sys

    code = (
        "import sys, gintally, gintally.cli.serve, gintally.facade.book; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'starlette', 'uvicorn', 'jinja2', 'segno', 'multipart', 'python_multipart'}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "[]\n"


def test_a_correction_names_the_finished_games_it_changes(tmp_path: Path) -> None:
    """As the command line says it (issue 35): voiding Bob's hand turns game 1 into a
    shutout, and the page is told so under the confirmation."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        m = book.new_match("Sat", ["Ann", "Bob"])
        for who, points in (("Ann", 60), ("Bob", 30), ("Ann", 50)):
            m.score(who, points)
        expected = m.void(2)["changed_text"]
        m.undo()  # the void taken back: the page makes it again
    assert expected and expected[0].startswith("Game 1 changes: was Ann")
    with client_for(path) as phone:
        csrf = join(phone)
        said = write(phone, "/void", csrf, hand="2").json()["said"]
    assert said[0] == "Voided hand 2: Bob scores 30"
    assert said[-len(expected) :] == expected


def test_the_money_part_says_it_as_show_and_settle_do(tmp_path: Path) -> None:
    """A match played for money: the sheet's line about the price and what is in play is the
    one `show` prints, and who owes whom is `settle`'s; a first price set during a set says
    that the set under way plays for nothing."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        m = book.new_match("Fri", ["Ann", "Bob"], format="hollywood")
        m.score("Ann", 100)  # set 1 begun before the price: it plays for nothing
        m.stake("0.05", currency="$")
    with client_for(path) as c:
        join(c)
        page = " ".join(c.get("/part").text.split())
        assert (
            "At $0.05 a point from the next set: set 1, under way when the price was set, "
            "plays for nothing." in page
        ), page
        assert "owes" not in page
    with gintally.open(path) as book:
        m = book.match("Fri")
        for _ in range(2):
            m.score("Ann", 100)  # set 1 over, Ann by 975: unpriced
        m.score("Bob", 60)  # set 2, priced
        m.score("Ann", 100)
        for _ in range(3):
            m.score("Bob", 100)  # set 2 over, Bob by 510; the last also wins set 3's game 7
        (balance,) = m.settlement()["balances"]
    assert balance["text"] == "$25.50"  # 510 points at $0.05
    with client_for(path) as c:
        join(c)
        page = " ".join(c.get("/part").text.split())
    assert "Ann owes Bob $25.50" in page, page
    assert (
        "At $0.05 a point. Set 3 so far, its open game included: Bob is 325 points ahead, "
        "worth $16.25." in page
    ), page


# --- hostile requests ----------------------------------------------------------------------------


def ledger_facts(path: Path) -> Any:
    """Everything the library says of the match: compared before and after a refusal."""
    with gintally.open(path) as book:
        m = book.match("Fri")
        return m.hands(all=True), m.sheet(all=True), m.info(), m.settlement()


def raw_write(c: TestClient, path: str, csrf: str, body: bytes) -> Any:
    headers = {
        "origin": ORIGIN,
        "x-csrf-token": csrf,
        "content-type": "application/x-www-form-urlencoded",
    }
    return c.post(path, content=body, headers=headers)


@pytest.mark.parametrize(
    ("route", "body", "error"),
    [
        (
            "/hand",
            b"kind=gin&player=Bob&vs=%C2%B2",
            "Error: vs must be a whole number, not '\u00b2'",
        ),
        (
            "/hand",
            b"kind=knock&player=Ann&deadwood=%C2%B9&vs=3",
            "Error: deadwood must be a whole number, not '\u00b9'",
        ),
        ("/void", b"hand=%C2%B2", "Error: hand must be a whole number, not '\u00b2'"),
        ("/edit", b"hand=1&vs=%C2%B3", "Error: vs must be a whole number, not '\u00b3'"),
        (
            "/hand",
            b"kind=gin&player=Bob&vs=12345",
            "Error: the defender's deadwood 12345 is impossible: a hand holds 0 to 98 deadwood",
        ),
        (
            "/hand",
            b"kind=gin&player=Bob&vs=-3",
            "Error: vs must be a whole number of 0 or more, not -3",
        ),
    ],
)
def test_a_count_that_is_not_a_plain_number_is_refused_in_one_line(
    client: TestClient, ledger: Path, route: str, body: bytes, error: str
) -> None:
    """A superscript digit is a digit to `str.isdigit` but no number to `int`: it was a 500
    with a traceback in the log; a count of five digits was said not to be a whole number."""
    csrf = join(client)
    before = ledger_facts(ledger)
    r = raw_write(client, route, csrf, body)
    assert (r.status_code, r.json()) == (400, {"ok": False, "error": error})
    assert ledger_facts(ledger) == before


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            b"kind=gin&player=Bob&player=Ann&vs=3",
            "Error: player is given 2 times ('Bob', 'Ann'): give it once",
        ),
        (
            b"kind=knock&player=Ann&deadwood=2&vs=3&vs=30",
            "Error: vs is given 2 times ('3', '30'): give it once",
        ),
    ],
)
def test_a_field_given_twice_is_refused_not_guessed(
    client: TestClient, ledger: Path, body: bytes, error: str
) -> None:
    """The last of two values was recorded: a hand for Ann sent as a hand for Bob and Ann."""
    csrf = join(client)
    before = ledger_facts(ledger)
    r = raw_write(client, "/hand", csrf, body)
    assert (r.status_code, r.json()) == (400, {"ok": False, "error": error})
    assert ledger_facts(ledger) == before


def test_a_file_for_a_field_is_refused(client: TestClient, ledger: Path) -> None:
    """A field sent as a file was dropped, and the hand read without it."""
    csrf = join(client)
    before = ledger_facts(ledger)
    r = client.post(
        "/hand",
        data={"kind": "gin", "vs": "3"},
        files={"player": ("who.txt", b"Bob")},
        headers={"origin": ORIGIN, "x-csrf-token": csrf},
    )
    assert (r.status_code, r.json()) == (
        400,
        {"ok": False, "error": "Error: player must be text, not a file"},
    )
    assert ledger_facts(ledger) == before


@pytest.mark.parametrize(
    ("method", "route", "status", "text"),
    [
        ("GET", "/nope", 404, "Error: there is no page /nope here"),
        ("GET", "/static/nope.js", 404, "Error: there is no page /static/nope.js here"),
        ("GET", "/hand", 405, "Error: /hand takes POST, not GET"),
        ("PUT", "/undo", 405, "Error: /undo takes POST, not PUT"),
        ("POST", "/", 405, "Error: / takes GET, HEAD, not POST"),
        ("DELETE", "/join", 405, "Error: /join takes GET, HEAD, POST, not DELETE"),
    ],
)
def test_an_unknown_page_or_method_is_named(
    client: TestClient, ledger: Path, method: str, route: str, status: int, text: str
) -> None:
    """They were "Not Found" and "Method Not Allowed", naming neither."""
    join(client)
    before = ledger_facts(ledger)
    r = client.request(method, route, headers={"origin": ORIGIN})
    assert (r.status_code, r.text) == (status, text)
    assert ledger_facts(ledger) == before


@pytest.mark.parametrize("host", ["evil.example", "Evil.Example:8765", "[::1]:80"])
def test_a_foreign_host_is_named_in_its_refusal(client: TestClient, host: str) -> None:
    """It was "Invalid host header": a phone that typed the computer's name by hand was not
    told which addresses answer."""
    join(client)
    r = client.get("/", headers={"host": host})
    assert (r.status_code, r.text) == (
        400,
        f"Error: this server answers at testserver, not at {host!r}",
    )
    assert r.headers["x-frame-options"] == "DENY"


def test_the_host_is_matched_without_its_port_or_case(client: TestClient) -> None:
    join(client)
    session = client.cookies.get("gintally_session") or ""
    client.cookies.set("gintally_session_8765", session)  # the cookie of port 8765
    assert client.get("/part", headers={"host": "TestServer:8765"}).status_code == 200


def stamp_of(c: TestClient) -> str:
    """The state of the match as the page shows it, which an undo sends back."""
    import re

    found = re.search(r'data-stamp="([0-9a-f]+)"', c.get("/part").text)
    assert found
    return found.group(1)


def test_two_phones_undoing_the_same_mistake_take_back_one_change(ledger: Path) -> None:
    """Both phones saw hand 2 and tapped Undo: the second undo took back hand 1 as well, a hand
    nobody meant to lose."""
    with client_for(ledger) as c:
        phones = two_phones(c)

        def on(phone: int) -> str:
            c.cookies.set("gintally_session", phones[phone][0])
            return phones[phone][1]

        write(c, "/hand", on(0), kind="gin", player="Bob", vs="30", key="g")
        seen = [stamp_of(c) for _ in (on(0), on(1))]
        first = write(c, "/undo", on(0), seen=seen[0], key="u1")
        assert first.json()["said"][0] == "Undid hand 2: Bob goes gin, Ann has 30: Bob +55"
        before = ledger_facts(ledger)
        second = write(c, "/undo", on(1), seen=seen[1], key="u2")
        assert (second.status_code, second.json()) == (
            409,
            {
                "ok": False,
                "error": "Error: Fri changed since this page showed it (another phone or the "
                "command line): nothing was undone; look at the sheet again, then undo",
            },
        )
        assert ledger_facts(ledger) == before
        assert ledger_facts(ledger)[1]["games"][0]["hands"] == [1]
        again = write(c, "/undo", on(1), seen=stamp_of(c), key="u3")  # looked again
        assert again.json()["said"][0] == "Undid hand 1: Ann knocks with 8, Bob has 18: Ann +10"


def test_an_undo_from_a_page_that_missed_a_hand_leaves_that_hand(ledger: Path) -> None:
    """A phone that had not yet shown Bob's new hand took it back with its Undo."""
    with client_for(ledger) as one:
        csrf = join(one)
        seen = stamp_of(one)
        with gintally.open(ledger) as other:  # the command line, or another phone
            other.match("Fri").gin("Bob", vs=30)
        r = write(one, "/undo", csrf, seen=seen, key="u")
        assert r.status_code == 409
        assert [h["description"] for h in hands(ledger)] == [
            "Ann knocks with 8, Bob has 18: Ann +10",
            "Bob goes gin, Ann has 30: Bob +55",
        ]


def test_the_matches_page_names_a_team_match_by_its_teams(tmp_path: Path) -> None:
    """It said "Ann v Bob" for Ann & Cy against Bob & Di (the first player of each team), where
    `match list` says "Ann & Cy vs Bob & Di"."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Pairs", teams=["Ann,Cy", "Bob,Di"])
        book.new_match("Fri", ["Ann", "Bob"])
    with client_for(path) as c:
        join(c)
        page = " ".join(c.get("/matches").text.split())
    assert "<span>Ann &amp; Cy v Bob &amp; Di · single</span>" in page
    assert "<span>Ann v Bob · single</span>" in page


def test_the_sheet_says_the_set_and_the_series_under_way_as_show_does(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """`show` says how the season, the set in progress and the series stand; the served sheet
    said none of them (a Hollywood evening's running total was on no phone)."""
    import html

    import gintally as library

    with library.open(db_path) as book:
        h = book.new_match("Holly", ["Ann", "Bob"], format="hollywood")
        for _ in range(7):
            h.knock("Ann", 3, vs=25)
            h.gin("Bob", vs=40)
        r = book.new_match("Roll", ["Ann", "Bob"], format="hollywood", rolling=True)
        for _ in range(5):
            r.gin("Ann", vs=40)
            r.knock("Bob", 2, vs=10)
        s = book.new_match("Best", ["Ann", "Bob"], best_of=3)
        s.gin("Ann", vs=80)
        s.gin("Ann", vs=10)
        e = book.new_match("Endless", ["Ann", "Bob"], format="ad-infinitum")
        for _ in range(4):
            e.knock("Ann", 3, vs=25)
            e.gin("Bob", vs=40)
    expected = {
        "Holly": "Set 2 (sum of its finished games' nets): Bob leads by 372 so far.",
        "Roll": "Rolling Hollywood, the sum of the nets: Ann leads by 988 so far.",
        "Best": "Series 1 (best of 3): Ann 1, Bob 0 games won",
        "Endless": "Games won this season: Ann 0, Bob 6",
    }
    with client_for(db_path) as c:
        join(c)
        for name, line in expected.items():
            shown = " ".join(gintally("show", "--match", name).stdout.split())
            assert line in shown, shown
            page = html.unescape(" ".join(c.get(f"/part?m={name}").text.split()))
            assert f'<p class="standing">{line}</p>' in page, page


def test_a_team_draw_asks_for_its_table_in_the_pages_words(tmp_path: Path) -> None:
    """The refusal named the command line's syntax ("gintally draw Ann") on a phone."""
    path = tmp_path / "ledger.db"
    with gintally.open(path) as book:
        book.new_match("Pairs", teams=["Ann,Cy", "Bob,Di"])
    with client_for(path) as c:
        csrf = join(c)
        r = write(c, "/hand", csrf, kind="draw", m="Pairs")
        assert (r.status_code, r.json()["error"]) == (
            400,
            "Error: at which table was the hand drawn? tap one of its players, then Draw",
        )
        r = write(c, "/hand", csrf, kind="draw", player="Cy", m="Pairs")
        assert r.json()["said"][0] == "Hand 1: Drawn hand: no score (Cy v Di)"
    with gintally.open(path) as book:
        assert book.match("Pairs").hand_count() == 1


def test_a_team_matchs_standings_count_rounds_as_standings_does(
    gintally: Callable[..., Run], db_path: Path
) -> None:
    """Six hands in three rounds: the page said "3 hands", and "Hands 0" for Ann & Cy, whose
    Ann won three hands (the figures are rounds, as `standings` heads them)."""
    import html

    import gintally as library

    with library.open(db_path) as book:
        m = book.new_match("Pairs", teams=["Ann,Cy", "Bob,Di"])
        for _ in range(3):
            m.knock("Ann", 3, vs=25)
            m.gin("Di", vs=40)
        season = m.standings()["season"]
    shown = " ".join(gintally("standings", "--match", "Pairs").stdout.split())
    assert "team games rounds points" in shown
    with client_for(db_path) as c:
        join(c)
        page = html.unescape(" ".join(c.get("/standings?m=Pairs").text.split()))
    assert f"<p>Season {season}: 3 rounds</p>" in page
    assert "<th>Team</th><th>Games</th><th>Rounds</th><th>Net</th>" in page
    row = '<th scope="row">{}</th><td data-label="Games">{}</td><td data-label="Rounds">{}</td>'
    assert row.format("Ann & Cy", 0, 0) in page
    assert row.format("Bob & Di", 1, 3) in page
