"""Texts of keeping things: the saved game, data-file notices, the statistics screen."""

STRINGS: dict[str, dict[str, str]] = {
    # -- data files ---------------------------------------------------------------------
    "store.title": {"en": "Your data", "eo": "Viaj datumoj"},
    # -- the saved game -----------------------------------------------------------------
    "start.continue": {"en": "▶ Continue (c)", "eo": "▶ Daŭrigi (c)"},
    "start.continue.trufludo": {
        "en": "{game} against the computer ({tier}): {moves} moves played, {stock} cards "
              "left in the stock; cards taken: you {you}, the computer {computer}.",
        "eo": "{game} kontraŭ la komputilo ({tier}): {moves} movoj luditaj, {stock} kartoj "
              "restas en la stoko; prenitaj kartoj: vi {you}, la komputilo {computer}.",
    },
    "start.continue.truc": {
        "en": "{game} against the computer ({tier}): round {round}; points: you {you}, "
              "the computer {computer}, playing to {target}.",
        "eo": "{game} kontraŭ la komputilo ({tier}): rondo {round}; poentoj: vi {you}, "
              "la komputilo {computer}, ludante ĝis {target}.",
    },
    "quit.message.saved": {
        "en": "Your game is saved: choose “Continue” next time to carry on.",
        "eo": "Via ludo estas konservita: elektu «Daŭrigi» venontfoje por daŭrigi ĝin.",
    },
    "replace.title": {"en": "Start a new game?", "eo": "Ĉu komenci novan ludon?"},
    "replace.message": {
        "en": "The saved game you could continue will be lost.",
        "eo": "La konservita ludo, kiun vi povus daŭrigi, perdiĝos.",
    },
    "replace.yes": {"en": "New game (y)", "eo": "Nova ludo (j)"},
    "replace.no": {"en": "Back (n)", "eo": "Reen (n)"},
    # -- statistics ---------------------------------------------------------------------
    "key.stats": {"en": "Statistics", "eo": "Statistiko"},
    "stats.title": {"en": "Statistics", "eo": "Statistiko"},
    "stats.empty": {
        "en": "No finished games yet: every game you finish is counted here.",
        "eo": "Ankoraŭ neniu finita ludo: ĉiu ludo, kiun vi finas, estas kalkulata ĉi tie.",
    },
    "stats.unsaved": {
        "en": "Games are not kept in this session (no data folder).",
        "eo": "Ludoj ne estas konservataj en ĉi tiu seanco (sen datumdosierujo).",
    },
    "stats.col.opponent": {"en": "Opponent", "eo": "Kontraŭulo"},
    "stats.col.games": {"en": "Games", "eo": "Ludoj"},
    "stats.col.wins": {"en": "Won", "eo": "Gajnitaj"},
    "stats.col.draws": {"en": "Drawn", "eo": "Egalaj"},
    "stats.col.losses": {"en": "Lost", "eo": "Perditaj"},
    "stats.col.percent": {"en": "Won %", "eo": "Gajno %"},
    "stats.total": {"en": "All", "eo": "Ĉiuj"},
    "stats.no_tier": {"en": "no tier", "eo": "sen nivelo"},
    "stats.none": {"en": "No games yet.", "eo": "Ankoraŭ neniu ludo."},
    "stats.trufegoj": {
        "en": "Trufegoj per game: you {you}, the computer {computer} (over {n} games).",
        "eo": "Trufegoj por ludo: vi {you}, la komputilo {computer} (el {n} ludoj).",
    },
    "stats.points": {
        "en": "Points per round: you {you}, the computer {computer} (over {n} rounds).",
        "eo": "Poentoj por rondo: vi {you}, la komputilo {computer} (el {n} rondoj).",
    },
    "stats.hint": {
        "en": "Counted from every finished game in your history.   Esc: close",
        "eo": "Kalkulita el ĉiu finita ludo en via historio.   Esc: fermi",
    },
    "cmd.stats": {"en": "Statistics", "eo": "Statistiko"},
    "cmd.stats.help": {
        "en": "Games won, drawn and lost per game and opponent (s on the start screen)",
        "eo": "Ludoj gajnitaj, egalaj kaj perditaj laŭ ludo kaj kontraŭulo "
              "(s sur la komenca ekrano)",
    },
}
