"""Texts of what went wrong out of the player's sight: a computer player that crashed (its
traceback is in the error log, :mod:`truf_tui.store.errorlog`)."""

STRINGS: dict[str, dict[str, str]] = {
    "bot.crash.title": {"en": "Computer player error", "eo": "Eraro de komputila ludanto"},
    "bot.crash": {
        "en": "A computer player ran into an error; a legal move was played in its place and "
              "the game goes on. Details: {path}",
        "eo": "Komputila ludanto renkontis eraron; permesata movo estis ludita anstataŭe, kaj "
              "la ludo daŭras. Detaloj: {path}",
    },
    "bot.crash.nolog": {
        "en": "A computer player ran into an error; a legal move was played in its place and "
              "the game goes on.",
        "eo": "Komputila ludanto renkontis eraron; permesata movo estis ludita anstataŭe, kaj "
              "la ludo daŭras.",
    },
}
