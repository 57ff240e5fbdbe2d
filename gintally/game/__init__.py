"""The game: the pure rules of one hand. Standard library only.

- `cards`: parsing, printing and values of cards.
- `melds`: the exact best arrangement, best discard and layoffs, on bit masks.
- `rules`: the rule knobs, the presets, overrides and their stored form.
- `scoring`: one hand, from counts or from the cards (`evaluate`, `score_cards`).
- `variants`: one module per variant (gin, mahjong, gimlet): its inputs, options, settlement,
  extras and how a hand is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

# The extras of a hand that has none (what a variant stores beyond every hand's columns:
# `variants.base`): one shared, read-only empty mapping.
NO_EXTRAS: Mapping[str, Any] = MappingProxyType({})
