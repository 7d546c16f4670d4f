"""Texts of keeping things: the saved game, data-file notices, the statistics screen."""

STRINGS: dict[str, dict[str, str]] = {
    # -- data files ---------------------------------------------------------------------
    "store.title": {"en": "Your data", "eo": "Viaj datumoj"},
    "store.not_saved": {
        "en": "The game could not be saved: {detail}",
        "eo": "La ludo ne konserveblis: {detail}",
    },
    "store.settings_not_saved": {
        "en": "The settings could not be saved: {detail}",
        "eo": "La agordoj ne konserveblis: {detail}",
    },
    "store.review_not_saved": {
        "en": "The queue of spots to review could not be updated: {detail}",
        "eo": "La vico de situacioj ripetotaj ne ĝisdatigeblis: {detail}",
    },
    "store.not_recorded": {
        "en": "The finished game could not be added to the history, nor kept on disk to add "
              "it later: {detail}",
        "eo": "La finita ludo ne aldoneblis al la historio, nek konserveblis sur la disko "
              "por aldoni ĝin poste: {detail}",
    },
    "store.recording_later": {
        "en": "The finished game could not be added to the history yet: {detail} It is "
              "kept on disk and is added as soon as the history is free, at the latest at "
              "the next start.",
        "eo": "La finita ludo ankoraŭ ne aldoneblis al la historio: {detail} Ĝi estas "
              "konservita sur la disko kaj aldoniĝos, tuj kiam la historio estos libera, "
              "plej malfrue je la sekva starto.",
    },
    # A new game took the saved game's place without a question (--game): where it went.
    "store.kept_aside.trufludo": {
        "en": "A new game was started, so your unfinished game of Trufludo was kept as "
              "“{name}”: it is in Saved games.",
        "eo": "Nova ludo komenciĝis, do via nefinita ludo de Trufludo estas konservita kiel "
              "«{name}»: ĝi estas en Konservitaj ludoj.",
    },
    "store.kept_aside.truc": {
        "en": "A new game was started, so your unfinished game of Le Truc was kept as "
              "“{name}”: it is in Saved games.",
        "eo": "Nova ludo komenciĝis, do via nefinita ludo de Le Truc estas konservita kiel "
              "«{name}»: ĝi estas en Konservitaj ludoj.",
    },
    "store.recorded_later": {
        "en": "The finished game that was waiting is now in the history.",
        "eo": "La finita ludo, kiu atendis, nun estas en la historio.",
    },
    "store.still_waiting": {
        "en": "A finished game of an earlier session still waits for the history, which "
              "another program is using; it is added as soon as the history is free.",
        "eo": "Finita ludo de antaŭa seanco ankoraŭ atendas la historion, kiun alia programo "
              "uzas; ĝi aldoniĝos, tuj kiam la historio estos libera.",
    },
    "store.not_read": {
        "en": "The game history could not be read: {detail}",
        "eo": "La ludhistorio ne legeblis: {detail}",
    },
    "store.no_folder": {
        "en": "{detail} Nothing will be saved this time.",
        "eo": "{detail} Nenio estos konservata ĉi-foje.",
    },
    # The data folder cannot be used (--data-dir, TRUF_TUI_DATA_DIR): why, then what it means.
    "store.no_folder.is_file": {
        "en": "Your games cannot be kept in {path}: it is a file, not a folder. Nothing "
              "will be saved this time.",
        "eo": "Viaj ludoj ne konserveblas en {path}: ĝi estas dosiero, ne dosierujo. Nenio "
              "estos konservata ĉi-foje.",
    },
    "store.no_folder.file_above": {
        "en": "Your games cannot be kept in {path}: {file} is a file, not a folder. Nothing "
              "will be saved this time.",
        "eo": "Viaj ludoj ne konserveblas en {path}: {file} estas dosiero, ne dosierujo. "
              "Nenio estos konservata ĉi-foje.",
    },
    "store.no_folder.denied": {
        "en": "Your games cannot be kept in {path}: you may not create a folder in "
              "{folder}. Nothing will be saved this time.",
        "eo": "Viaj ludoj ne konserveblas en {path}: vi ne rajtas krei dosierujon en "
              "{folder}. Nenio estos konservata ĉi-foje.",
    },
    "store.no_folder.other": {
        "en": "Your games cannot be kept in {path}: the folder could not be created "
              "({why}). Nothing will be saved this time.",
        "eo": "Viaj ludoj ne konserveblas en {path}: la dosierujo ne kreeblis ({why}). "
              "Nenio estos konservata ĉi-foje.",
    },
    # -- the saved game -----------------------------------------------------------------
    "start.continue": {"en": "▶ Continue (c)", "eo": "▶ Daŭrigi (c)"},
    # {moves}: count.moves_played, whose participle agrees with the count in Esperanto
    "start.continue.trufludo": {
        "en": "{game} against the computer ({tier}): {moves}, {stock} cards left in the "
              "stock; cards taken: you {you}, the computer {computer}.",
        "eo": "{game} kontraŭ la komputilo ({tier}): {moves}, {stock} kartoj restas en la "
              "talono; prenitaj kartoj: vi {you}, la komputilo {computer}.",
    },
    "count.moves_played": {"en": "{n} moves played", "eo": "{n} movoj luditaj"},
    "count.moves_played.one": {"en": "1 move played", "eo": "1 movo ludita"},
    "start.continue.truc": {
        "en": "{game} against the computer ({tier}): round {round}; points: you {you}, "
              "the computer {computer}, playing to {target}.",
        "eo": "{game} kontraŭ la komputilo ({tier}): rondo {round}; poentoj: vi {you}, "
              "la komputilo {computer}, ludante ĝis {target}.",
    },
    "quit.message.failed": {
        "en": "This game could not be saved on disk (see the notices), so quitting now "
              "loses it.",
        "eo": "Ĉi tiu ludo ne konserveblis sur la disko (vidu la avizojn), do se vi eliras "
              "nun, ĝi perdiĝos.",
    },
    "menu.not_on_disk": {
        "en": "This game is not saved on disk: the latest save failed (see the notices).",
        "eo": "Ĉi tiu ludo ne estas konservita sur la disko: la lasta konservo malsukcesis "
              "(vidu la avizojn).",
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
    "key.stats": {"en": "Stats", "eo": "Statistiko"},
    "stats.title": {"en": "Statistics", "eo": "Statistiko"},
    "stats.empty": {
        "en": "No finished games yet: every game you finish is counted here.",
        "eo": "Ankoraŭ neniu finita ludo: ĉiu ludo, kiun vi finas, estas kalkulata ĉi tie.",
    },
    # Only matches begun at a chosen score (the start screen's "Start at") are finished:
    # they are counted apart, on the tables' "Start at …" row.
    "stats.from_score.only": {
        "en": "No game from 0–0 finished yet: the {n} games you began at a chosen score "
              "(Start at) are counted apart, on the “Start at …” row. Whole-game wins and "
              "losses need a game from 0–0.",
        "eo": "Ankoraŭ neniu ludo de 0–0 finiĝis: la {n} ludoj, kiujn vi komencis ĉe "
              "elektita poentaro (Komenci ĉe), estas kalkulataj aparte, en la vico "
              "«Komenci ĉe …». Gajnoj kaj perdoj de tutaj ludoj bezonas ludon de 0–0.",
    },
    "stats.from_score.only.one": {
        "en": "No game from 0–0 finished yet: the one game you began at a chosen score "
              "(Start at) is counted apart, on the “Start at …” row. Whole-game wins and "
              "losses need a game from 0–0.",
        "eo": "Ankoraŭ neniu ludo de 0–0 finiĝis: la unu ludo, kiun vi komencis ĉe "
              "elektita poentaro (Komenci ĉe), estas kalkulata aparte, en la vico "
              "«Komenci ĉe …». Gajnoj kaj perdoj de tutaj ludoj bezonas ludon de 0–0.",
    },
    "stats.unsaved": {
        "en": "Games are not kept in this session (no data folder).",
        "eo": "Ludoj ne estas konservataj en ĉi tiu seanco (sen datumdosierujo).",
    },
    "stats.col.opponent": {"en": "Opponent", "eo": "Kontraŭulo"},
    "stats.col.games": {"en": "Games", "eo": "Ludoj"},
    "stats.col.wins": {"en": "Won", "eo": "Gajnitaj"},
    "stats.col.draws": {"en": "Drawn", "eo": "Remizoj"},
    "stats.col.losses": {"en": "Lost", "eo": "Perditaj"},
    "stats.col.percent": {"en": "Won %", "eo": "Gajno %"},
    "stats.total": {"en": "All", "eo": "Ĉiuj"},
    "stats.no_tier": {"en": "no tier", "eo": "sen nivelo"},
    # The matches started at a set score (the start screen's "Start at"), apart from the rest.
    "stats.from_score": {"en": "Start at …", "eo": "Komenci ĉe …"},
    "replay.from_score": {"en": " (from {you}–{computer})", "eo": " (ekde {you}–{computer})"},
    # An online game ended while one player was away (reconnecting): the other won it.
    "replay.ended_away": {"en": " (ended while you were away)",
                          "eo": " (finita dum vi forestis)"},
    "replay.ended_friend_away": {"en": " (ended while your friend was away)",
                                 "eo": " (finita dum via amiko forestis)"},
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
    "stats.games": {
        "en": "Finished games, newest first: Enter replays one",
        "eo": "Finitaj ludoj, la plej novaj unue: Enter reludas unu",
    },
    "stats.col.when": {"en": "Finished", "eo": "Finita"},
    "stats.col.game": {"en": "Game", "eo": "Ludo"},
    "stats.col.result": {"en": "Result", "eo": "Rezulto"},
    # -- replay -------------------------------------------------------------------------
    "replay.title": {
        "en": "Replay · {game} against the computer ({tier}) · {when} · {result}",
        "eo": "Reludo · {game} kontraŭ la komputilo ({tier}) · {when} · {result}",
    },
    "replay.result.win": {"en": "you won {you}–{computer}",
                          "eo": "vi gajnis {you}–{computer}"},
    "replay.result.draw": {"en": "a draw {you}–{computer}",
                           "eo": "remizo {you}–{computer}"},
    "replay.result.loss": {"en": "you lost {you}–{computer}",
                           "eo": "vi perdis {you}–{computer}"},
    "replay.key.step": {"en": "Step", "eo": "Paŝi"},
    "replay.key.start": {"en": "Start", "eo": "Komenco"},
    "replay.key.end": {"en": "End", "eo": "Fino"},
    "replay.start": {"en": "  0. The deal", "eo": "  0. La disdono"},
    "replay.status.start": {
        "en": "The deal, before the first of {n} moves.",
        "eo": "La disdono, antaŭ la unua el {n} movoj.",
    },
    "replay.status.start.one": {
        "en": "The deal, before the only move.",
        "eo": "La disdono, antaŭ la sola movo.",
    },
    "replay.status.move": {"en": "Move {i} of {n} · {who}: {move}",
                           "eo": "Movo {i} el {n} · {who}: {move}"},
    "replay.none": {"en": "(none)", "eo": "(neniu)"},
    "replay.nobody": {"en": "nobody", "eo": "neniu"},
    "replay.dealer": {"en": "◆ dealer", "eo": "◆ disdonanto"},
    "replay.hand": {"en": "hand: {cards}", "eo": "mano: {cards}"},
    "replay.f.pile": {
        "en": "trufkesto: {cards} cards, trufegoj {trufegoj}, score {score}",
        "eo": "trufkesto: {cards} kartoj, trufegoj {trufegoj}, poentoj {score}",
    },
    "replay.t.round": {
        "en": "Round {n} · dealer: {dealer} · stake {stake} · points: you {you}, "
              "the computer {computer} (to {target})",
        "eo": "Rondo {n} · disdonanto: {dealer} · veto {stake} · poentoj: vi {you}, "
              "la komputilo {computer} (ĝis {target})",
    },
    "replay.t.trick": {"en": "Trick {n}: {lead} vs {answer} → {winner}",
                       "eo": "Truko {n}: {lead} kontraŭ {answer} → {winner}"},
    "replay.t.led": {"en": "Trick {n}: {card} led by {who}",
                     "eo": "Truko {n}: {who} komencis per {card}"},
    "replay.t.pending.raise": {"en": "{who} must answer a raise",
                               "eo": "{who} devas respondi al altigo"},
    "replay.t.pending.rest": {"en": "{who} must answer “Mia resto”",
                              "eo": "{who} devas respondi al «Mia resto»"},
    "replay.t.pending.redeal": {"en": "{who} must answer a redeal",
                                "eo": "{who} devas respondi al redisdono"},
    "replay.notes": {
        "en": "[b]Round {n}: the bets, bluffs and give-ups[/]",
        "eo": "[b]Rondo {n}: la vetoj, blufoj kaj cedoj[/]",
    },
}
