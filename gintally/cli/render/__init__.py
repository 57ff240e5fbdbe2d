"""Rendering for people: the only package that imports Rich.

Each drawing takes one `report` document and returns what is shown: a Rich renderable, which
the command line prints (`terminal.out`) and ``gintally play`` places on its screen as it is;
or, for what is typed at the table and must start fast, plain text without Rich. Callers import
the module that draws what they show, so a command loads that module alone:

- `terminal`: the console, `out`, `message` (a line of prose) and what every drawing shares;
- `hands`: a recorded hand and the hand log, as plain lines without Rich (hand commands are typed
  at the table and must start fast, and Rich costs some 20-30 ms to import);
- `listing`: every game of a match (``show --all``), as plain lines written as they come;
- `sheet`: the score sheet `show`, a team match's too, and the tables of games and sets around it;
- `season`: a season's standings and its sparkline;
- `tables`: `eval`, `rules`, the matches, one match, the ledger's check, who owes whom (`settle`);
- `lifetime`: lifetime figures (`stats`), head to head and records.

Rich is imported on first use (no module here imports it when it is imported). `show` looks like
the paper score sheet players keep. Colour only when the terminal supports it (Rich honours
``NO_COLOR``); tables fit 80 columns.
"""
