"""The game: the pure rules of one hand. Standard library only.

- `cards`: parsing, printing and values of cards.
- `rules`: the rule knobs, the presets, overrides and their stored form.
- melds, exact, on bit masks, from the bottom up: `runs` (which cards lie in runs), `tables`
  (every suit block's outcome, worked out once), `counting` (how cards count and runs form under
  a rule set), `search` (the least deadwood and the best discard), `layout` (an arrangement's
  melds and deadwood as cards), `layoffs` (the defender's layoffs and best defence).
- `scoring`: one hand from its counts: kinds, results, limits, the ``settle_*`` functions.
- `evaluation`: one player's cards (`evaluate`, `deadwood_of`).
- `showdown`: one hand from both players' cards (`score_cards`).
- `variants`: one module per variant (gin, mahjong, gimlet): its inputs, options, settlement,
  extras and how a hand is told.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class _NoExtras(Mapping[str, Any]):
    """An empty mapping that cannot be written to and hashes, so that records may take it as a
    default (what a variant stores beyond every hand's columns: `variants.base`)."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "{}"


NO_EXTRAS: Mapping[str, Any] = _NoExtras()  # the extras of a hand that has none
