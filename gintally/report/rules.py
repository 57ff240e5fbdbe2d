"""Rules as documents: a rule set (`rules`), one evaluated hand (`eval`), and how a series is
won as a player says it (for the standings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gintally.engine.series import series_rule
from gintally.game.rules import KNOBS
from gintally.game.variants import variant_of

if TYPE_CHECKING:
    from gintally.game.evaluation import Evaluation
    from gintally.game.rules import RuleSet
    from gintally.report.shapes import EvalDoc, RulesDoc


def series_rule_text(rules: RuleSet) -> str | None:
    """How a series is won, as a player says it (``500 points``, ``best of 5``), or None."""
    rule = series_rule(rules)
    if rule is None:
        return None
    return f"{rule.needed} points" if rule.unit == "points" else f"best of {2 * rule.needed - 1}"


def rules_doc(rules: RuleSet, note: str = "", source: str = "") -> RulesDoc:
    return {
        "preset": rules.preset,
        "note": note,
        "source": source,
        "values": rules.values(),
        "help": dict(KNOBS),
        "idle": variant_of(rules).idle_knobs(rules),
    }


def eval_doc(ev: Evaluation) -> EvalDoc:
    """What `eval` prints."""
    return ev.to_dict()
