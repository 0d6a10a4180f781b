"""The app's scenes: title, setup, table, handoff, pause, results, settings, statistics, rules."""
