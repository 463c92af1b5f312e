"""Help for people at the table: each component's explanation (built from the games' data and
catalogs, so it says what the engine does), the rules written for players, and the tutorials.

- ``components.help_texts(game_id, lang)``: ``{component key: sentence}`` (``card.skip``,
  ``prophecy.<id>``, ``temple.<id>``, ``domain.<id>``, ``icon.sigma``, ``zone.pile``...); each
  game's keys come from ``help/<game>.py`` (``def components(lang) -> dict[str, str]``).
- ``rules.rules_text(game_id, lang)``: the player-facing rules (``help/rules/<game>.<lang>.md``).
- ``tutorials``: the scripted first games (``help/tutorials/<game>.toml``), validated and
  replayed through the engine.
"""
