"""Ctrl-C in the first moments of a command: once the console script has imported gintally.cli
(its first line of gintally's), an interruption is one line and exit 130 (or the command's own
exit, once it finished), never a traceback, however far the command has got in loading Typer,
Rich and SQLite or in its work.

The console script is reproduced as pip writes it (``import re, sys; from gintally.cli import
main; sys.exit(main())``, in a file named ``gintally``), with one line after its import of
gintally.cli that tells the test it got there; the signal is then sent at a random moment in
each of 24 slices of the next 60 milliseconds. (Before that line, what runs is Python's
start-up, its site module and ``import re``, and then the two bare ``__init__`` modules up to
the handler, a few statements: `test_exit_codes.classify` says what Python itself does there.)
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gintally.cli.process import INTERRUPTED_LINE
from gintally.early import EARLY_LINE

WRAPPER = """import re
import sys
from gintally.cli import main
import os
if "GINTALLY_TEST_READY" in os.environ:
    os.write(int(os.environ["GINTALLY_TEST_READY"]), b".")
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


TRIALS = 24


def test_the_early_line_is_the_interruption_line() -> None:
    assert EARLY_LINE.decode("ascii") == INTERRUPTED_LINE


@pytest.mark.slow
@pytest.mark.parametrize("command", [["show"], ["knock", "Ann", "5", "--vs", "20"]])
def test_ctrl_c_at_random_early_moments_is_one_line_and_130(
    tmp_path: Path, command: list[str]
) -> None:
    script = tmp_path / "gintally"
    script.write_text(WRAPPER, encoding="utf-8")
    db = tmp_path / "ledger.db"
    env = {**os.environ, "GINTALLY_DB": str(db)}
    made = subprocess.run(
        [sys.executable, str(script), "match", "new", "Kitchen", "-p", "Ann", "Bob"],
        env=env,
        capture_output=True,
    )
    assert made.returncode == 0, made.stderr
    rng = random.Random(24)
    seen: Counter[int] = Counter()
    for i in range(TRIALS):
        ready, tell = os.pipe()
        proc = subprocess.Popen(
            [sys.executable, str(script), *command],
            env={**env, "GINTALLY_TEST_READY": str(tell)},
            pass_fds=(tell,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        os.close(tell)
        assert os.read(ready, 1) == b"."
        os.close(ready)
        delay = 0.06 * (i + rng.random()) / TRIALS  # one moment in each slice of 60 ms
        try:
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        text = err.decode("utf-8", "replace")
        assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
        assert proc.returncode in (0, 130), (proc.returncode, text)
        if proc.returncode == 130:
            assert text == INTERRUPTED_LINE, text
        seen[proc.returncode] += 1
    assert seen[130] > 0, seen
