"""Texts of matches (best of N) and the knockout tournament, F12 (en + eo).

Esperanto words: matĉo (a series of games), turniro, duonfinalo, finalo, ĉampiono.
"""

STRINGS: dict[str, dict[str, str]] = {
    # -- start screen ------------------------------------------------------------------------
    "start.opponent": {"en": "Play against", "eo": "Ludi kontraŭ"},
    "start.opponent.computer": {"en": "the computer", "eo": "la komputilo"},
    # "here" beside "online" (issue 39): the three choices fit 80 columns
    "start.opponent.human": {"en": "a friend here", "eo": "amiko ĉi tie"},
    "start.match": {"en": "Match", "eo": "Matĉo"},
    "start.best_of": {"en": "best of {n}", "eo": "plej bona el {n}"},
    "start.best_of.one": {"en": "1 game", "eo": "1 ludo"},
    "start.tournament": {"en": "Tournament…", "eo": "Turniro…"},
    "key.tournament": {"en": "Tournament", "eo": "Turniro"},
    "key.back": {"en": "Back", "eo": "Reen"},
    "cmd.tournament": {"en": "Knockout tournament", "eo": "Elimina turniro"},
    "cmd.tournament.help": {
        "en": "Four players, two semi-finals and a final",
        "eo": "Kvar ludantoj, du duonfinaloj kaj finalo",
    },
    # -- the end of a match's game -------------------------------------------------------------
    "tbl.btn.next_game": {"en": "Next game (n)", "eo": "Sekva ludo (n)"},
    "tbl.btn.new_match": {"en": "New match (p)", "eo": "Nova matĉo (p)"},
    "tbl.btn.bracket": {"en": "Bracket (n)", "eo": "Turnirtabelo (n)"},
    "match.computer": {"en": "the computer", "eo": "la komputilo"},
    "match.friend": {"en": "your friend", "eo": "via amiko"},
    "match.score": {
        "en": "Match, best of {n}: you {you} – {them} {opp}",
        "eo": "Matĉo, plej bona el {n}: vi {you} – {them} {opp}",
    },
    "match.banner": {
        "en": "Match, best of {best}: game {n} — you {you} – {them} {opp}",
        "eo": "Matĉo, plej bona el {best}: ludo {n} — vi {you} – {them} {opp}",
    },
    "start.continue.match": {
        "en": "game {n} of a best of {best}, you {you} – {them}",
        "eo": "ludo {n} de plej bona el {best}, vi {you} – {them}",
    },
    "tour.banner": {"en": "{stage}, game {n}: {a} against {b}",
                    "eo": "{stage}, ludo {n}: {a} kontraŭ {b}"},
    "match.draw_counts": {
        "en": "A drawn game counts for nobody; the match goes on.",
        "eo": "Remizo kalkuliĝas por neniu; la matĉo daŭras.",
    },
    "match.next": {
        "en": "Next: game {n}, {deals} first (the deal alternates).",
        "eo": "Poste: ludo {n}, {deals} unue (la disdonado alternas).",
    },
    "match.deals.you": {"en": "you deal", "eo": "vi disdonas"},
    "match.deals.them": {"en": "{opp} deals", "eo": "{opp} disdonas"},
    "match.won.you": {"en": "You win the match {you} – {them}!",
                      "eo": "Vi gajnas la matĉon {you} – {them}!"},
    "match.won.them": {"en": "The match goes to {opp}, {you} – {them}.",
                       "eo": "La matĉon gajnas {opp}, {you} – {them}."},
    "match.drawn": {
        "en": "The match is drawn: {n} games played, the most a match may last.",
        "eo": "La matĉo finiĝas per remizo: {n} ludoj luditaj, la maksimumo por matĉo.",
    },
    # -- the tournament ------------------------------------------------------------------------
    "tour.you": {"en": "You", "eo": "Vi"},
    "tour.friend.default": {"en": "Friend {n}", "eo": "Amiko {n}"},
    "tour.computer.name": {"en": "Computer {n} ({tier})", "eo": "Komputilo {n} ({tier})"},
    "tour.kind.friend": {"en": "a friend", "eo": "amiko"},
    "tour.player": {"en": "Player {n}", "eo": "Ludanto {n}"},
    "tour.length": {"en": "Each pairing", "eo": "Ĉiu parigo"},
    "tour.best_of": {"en": "best of {n} a pairing", "eo": "plej bona el {n} por parigo"},
    "tour.best_of.one": {"en": "one game a pairing", "eo": "unu ludo por parigo"},
    "tour.setup.title": {"en": "truf-tui · Knockout tournament",
                         "eo": "truf-tui · Elimina turniro"},
    "tour.setup.intro": {
        "en": "Four players: you and three others, each a computer or a friend at this "
              "keyboard. Players 1 and 2 meet in the first semi-final, 3 and 4 in the "
              "second; the winners play the final. A drawn game is played again, the other "
              "player dealing.",
        "eo": "Kvar ludantoj: vi kaj tri aliaj, ĉiu komputilo aŭ amiko ĉe ĉi tiu klavaro. "
              "Ludantoj 1 kaj 2 renkontiĝas en la unua duonfinalo, 3 kaj 4 en la dua; la "
              "venkintoj ludas la finalon. Remizita ludo estas reludata kun la alia "
              "ludanto kiel disdonanto.",
    },
    "tour.setup.rules": {
        "en": "The rule variants are those chosen on the start screen.",
        "eo": "La regulvariaĵoj estas tiuj elektitaj sur la komenca ekrano.",
    },
    "tour.start": {"en": "▶ Start the tournament", "eo": "▶ Komenci la turniron"},
    "tour.back": {"en": "Back", "eo": "Reen"},
    "tour.key.start": {"en": "Start", "eo": "Komenci"},
    "tour.key.play": {"en": "Play", "eo": "Ludi"},
    "tour.key.watch": {"en": "Watch", "eo": "Spekti"},
    "tour.key.new": {"en": "New tournament", "eo": "Nova turniro"},
    "tour.bracket.title": {"en": "truf-tui · Knockout tournament · {game} · {length}",
                           "eo": "truf-tui · Elimina turniro · {game} · {length}"},
    "tour.stage.semi1": {"en": "Semi-final 1", "eo": "Duonfinalo 1"},
    "tour.stage.semi2": {"en": "Semi-final 2", "eo": "Duonfinalo 2"},
    "tour.stage.final": {"en": "Final", "eo": "Finalo"},
    "tour.champion": {"en": "Champion", "eo": "Ĉampiono"},
    "tour.champion.tbd": {"en": "the winner of the final", "eo": "la venkinto de la finalo"},
    "tour.winner_of": {"en": "winner of {stage}", "eo": "venkinto de {stage}"},
    "tour.draws": {"en": "drawn games: {n}", "eo": "remizoj: {n}"},
    "tour.status.next": {"en": "Next: {stage}, game {n} — {a} against {b}.",
                         "eo": "Poste: {stage}, ludo {n} — {a} kontraŭ {b}."},
    "tour.status.computers": {
        "en": "Two computers: press p to have them play it quickly, or w to watch it "
              "move by move.",
        "eo": "Du komputiloj: premu p, por ke ili rapide ludu ĝin, aŭ w por spekti ĝin "
              "movon post movo.",
    },
    "tour.status.you": {"en": "Your game: press p to play it.",
                        "eo": "Via ludo: premu p por ludi ĝin."},
    "tour.status.keyboard": {"en": "{name} plays at the keyboard: press p.",
                             "eo": "{name} ludas ĉe la klavaro: premu p."},
    "tour.status.friends": {
        "en": "{a} and {b} share the keyboard, each hand hidden between turns: press p.",
        "eo": "{a} kaj {b} dividas la klavaron, ĉiu mano kaŝita inter la vicoj: premu p.",
    },
    "tour.status.you_won": {"en": "You are the champion! Well played.",
                            "eo": "Vi estas la ĉampiono! Bone ludite."},
    "tour.status.over": {"en": "The tournament is over: {name} is the champion.",
                         "eo": "La turniro finiĝis: {name} estas la ĉampiono."},
    "tour.play.game": {"en": "▶ Play the game", "eo": "▶ Ludi la ludon"},
    "tour.play.computers": {"en": "▶ Let them play", "eo": "▶ Lasi ilin ludi"},
    "tour.watch": {"en": "Watch the last game", "eo": "Spekti la lastan ludon"},
    "tour.watch.next": {"en": "Watch it", "eo": "Spekti ĝin"},
    "tour.new": {"en": "New tournament", "eo": "Nova turniro"},
    "tour.sim.moves": {"en": "game {game}: {n} moves played",
                       "eo": "ludo {game}: {n} movoj luditaj"},
    "tour.sim.done": {"en": "game {game} over after {n} moves",
                      "eo": "ludo {game} finita post {n} movoj"},
    "tour.through": {"en": "{name} goes through to the final.",
                     "eo": "{name} iras al la finalo."},
    "tour.champion.line": {"en": "{name} wins the tournament!",
                           "eo": "{name} gajnas la turniron!"},
    "tour.pairing.goes_on": {"en": "The pairing goes on: back to the bracket for the next game.",
                             "eo": "La parigo daŭras: reen al la turnirtabelo por la sekva "
                                   "ludo."},
    # -- watching a computers' game in the replay viewer --------------------------------------
    "replay.t.round.named": {
        "en": "Round {n} · dealer: {dealer} · stake {stake} · points: {a} {you}, "
              "{b} {computer} (to {target})",
        "eo": "Rondo {n} · disdonanto: {dealer} · veto {stake} · poentoj: {a} {you}, "
              "{b} {computer} (ĝis {target})",
    },
    "replay.key.pause": {"en": "Pause", "eo": "Paŭzi"},
    "replay.watch.won": {"en": "{name} won {a}–{b}", "eo": "{name} gajnis {a}–{b}"},
    "replay.watch.draw": {"en": "a draw {a}–{b}", "eo": "remizo {a}–{b}"},
    "replay.watch.title": {
        "en": "Watching · {stage}, game {n} · {a} against {b}",
        "eo": "Spektado · {stage}, ludo {n} · {a} kontraŭ {b}",
    },
    "tour.leave.title": {"en": "Leave the tournament?", "eo": "Ĉu forlasi la turniron?"},
    "tour.leave.message": {
        "en": "It is kept: \"Tournament…\" on the start screen brings you back to it.",
        "eo": "Ĝi estas konservata: \"Turniro…\" sur la komenca ekrano revenigas vin al ĝi.",
    },
    "tour.leave.yes": {"en": "Leave (y)", "eo": "Forlasi (j)"},
    "tour.leave.no": {"en": "Stay (n)", "eo": "Resti (n)"},
    "tour.new.title": {"en": "Start a new tournament?", "eo": "Ĉu komenci novan turniron?"},
    "tour.new.message": {"en": "This tournament is not over; it will be lost.",
                         "eo": "Ĉi tiu turniro ne finiĝis; ĝi perdiĝos."},
    "tour.new.yes": {"en": "New tournament (y)", "eo": "Nova turniro (j)"},
    "tour.new.no": {"en": "Back (n)", "eo": "Reen (n)"},
}
