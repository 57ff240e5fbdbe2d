"""The sample data of `gintally demo`: CSV files read with `importlib.resources`."""
