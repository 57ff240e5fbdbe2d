"""The game: the pure rules of one hand. Standard library only.

- `cards`: parsing, printing and values of cards.
- `melds`: the exact best arrangement, best discard and layoffs, on bit masks.
- `rules`: the rule knobs, the presets, overrides and their stored form.
- `scoring`: one hand, from counts or from the cards (`evaluate`, `score_cards`).
"""
