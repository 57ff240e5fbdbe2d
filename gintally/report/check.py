"""What `check` prints: the ledger checked and its problems, each as one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gintally.report.shapes import CheckDoc
    from gintally.service import Problem


def check_doc(ledger: str, problems: list[Problem]) -> CheckDoc:
    return {"ledger": ledger, "ok": not problems, "problems": [str(p) for p in problems]}
