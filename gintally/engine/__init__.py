"""The engine: how hands become games, sets, series and seasons. Pure: standard library only.

- `games`: one game, and its end-of-game bonuses (`Game`).
- `formats`: one class per scoring format, found by name (`find_format`, `Format`).
- `sets`: the games of a hollywood or honeymoon set, and what a set is worth.
- `seasons`: the yearly windows of a match.
- `replay`: hands in, games out (`replay`, `Entry`, `Replay`, `Mark`), and who deals next.
- `standings`: what each player did in each season.
- `records`: what the lifetime records need of one season (its biggest hands, runs, last wins).
"""
