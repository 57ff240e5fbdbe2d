"""Ctrl-C in the first moments of a command: from the console script's first import of gintally
on, an interruption is one line and exit 130 (or the command's own exit, once it finished),
never a traceback.

The console script is reproduced as pip writes it (``import re, sys; from gintally.cli import
main; sys.exit(main())``, in a file named ``gintally``), with one line before it that tells the
test the interpreter has started (what comes before, Python's own start-up and its site
module, is no code of gintally's: `test_exit_codes.classify` says what it does there). The
signal is then sent at random moments over the first tens of milliseconds, many times.
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

from gintally.cli import EARLY_LINE
from gintally.cli.process import INTERRUPTED_LINE

WRAPPER = """import os
if "GINTALLY_TEST_READY" in os.environ:
    os.write(int(os.environ["GINTALLY_TEST_READY"]), b".")
import re
import sys
from gintally.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


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
    for _ in range(40):
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
        delay = rng.uniform(0, 0.06)
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
