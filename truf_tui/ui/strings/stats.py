"""Texts of the statistics screen's Le Truc section: graded decisions and leaks, bluffs,
the betting by hand strength."""

STRINGS: dict[str, dict[str, str]] = {
    # the means of the results tables over a single game or round: the forms for one of
    # plural("stats.trufegoj" / "stats.points"), whose other forms are in storage.py
    "stats.trufegoj.one": {
        "en": "Trufegoj per game: you {you}, the computer {computer} (over 1 game).",
        "eo": "Trufegoj por ludo: vi {you}, la komputilo {computer} (el 1 ludo).",
    },
    # Trufludo's moves graded at the end of its games (the results' review)
    "stats.f.graded": {
        "en": "Your moves graded by the expert: {n} in {games} games (mistakes or "
              "blunders: {bad}). They cost {mean} percentage points a game of winning chance "
              "against strong play (the last game {last}).",
        "eo": "Viaj movoj taksitaj de la eksperto: {n} en {games} ludoj (eraroj aŭ "
              "fuŝegoj: {bad}). Ili kostis {mean} procentpoentojn por ludo de la ŝanco gajni "
              "kontraŭ forta ludo (la lasta ludo {last}).",
    },
    "stats.f.graded.one": {
        "en": "Your moves graded by the expert: {n} in 1 game (mistakes or "
              "blunders: {bad}). They cost {last} percentage points of winning chance against "
              "strong play.",
        "eo": "Viaj movoj taksitaj de la eksperto: {n} en 1 ludo (eraroj aŭ "
              "fuŝegoj: {bad}). Ili kostis {last} procentpoentojn de la ŝanco gajni kontraŭ "
              "forta ludo.",
    },
    "stats.points.one": {
        "en": "Points per round: you {you}, the computer {computer} (over 1 round).",
        "eo": "Poentoj por rondo: vi {you}, la komputilo {computer} (el 1 rondo).",
    },
    "stats.hint.games": {
        "en": "Tab: the finished games (Enter replays one)",
        "eo": "Tab: la finitaj ludoj (Enter reludas unu)",
    },
    "stats.hint.leaks": {
        "en": "Tab: the leaks (Enter drills one)",
        "eo": "Tab: la likoj (Enter ekzercas unu)",
    },
    "stats.hint.games.then": {
        "en": "Tab again: the finished games (Enter replays one)",
        "eo": "Tab denove: la finitaj ludoj (Enter reludas unu)",
    },
    "sb.bands.head": {
        "en": "Le Truc: your betting by hand strength, against the solved player's",
        "eo": "Le Truc: via vetado laŭ la forto de la mano, kompare kun tiu de la solvita "
              "ludanto",
    },
    "sb.bands.raise": {
        "en": "Raising when you may", "eo": "Altigi, kiam vi rajtas",
    },
    "sb.bands.answer": {
        "en": "Accepting when raised", "eo": "Akcepti altigon",
    },
    "sb.bands.you": {"en": "you", "eo": "vi"},
    "sb.bands.col": {"en": "Your chance", "eo": "Via ŝanco"},
    "sb.bands.who": {"en": "Who", "eo": "Kiu"},
    "sb.bands.solved": {"en": "solved", "eo": "solvita"},
    "sb.bands.band": {"en": "{lo}–{hi} %", "eo": "{lo}–{hi} %"},
    "sb.bands.note": {
        "en": "Your chance: your hand's chance of winning the round when you decided "
              "(against any hand). Raising counts rests too, accepting answers to rests too. "
              "Your bars: how often you did it (how many times in brackets); the solved "
              "player's: how often it does it with the same hands in the same spots. All time.",
        "eo": "Via ŝanco: la ŝanco de via mano gajni la rondon, kiam vi decidis (kontraŭ ajna "
              "mano). Altigi inkluzivas restojn, akcepti ankaŭ respondojn al restoj. Viaj "
              "strioj: kiom ofte vi faris tion (kiom da fojoj inter krampoj); tiuj de la "
              "solvita ludanto: kiom ofte ĝi faras tion kun la samaj manoj en la samaj "
              "situacioj. Ĉiam.",
    },
    "sb.head": {"en": "Le Truc: bluffs", "eo": "Le Truc: blufoj"},
    "sb.col.what": {"en": "In your games", "eo": "En viaj ludoj"},
    "sb.col.session": {"en": "This session", "eo": "Ĉi tiu seanco"},
    "sb.col.all": {"en": "All time", "eo": "Ĉiam"},
    "sb.rounds": {"en": "rounds against the computer", "eo": "rondoj kontraŭ komputilo"},
    "sb.empty": {
        "en": "No game of Le Truc against the computer finished yet: your bluffs are "
              "counted here once you finish one.",
        "eo": "Ankoraŭ neniu ludo de Le Truc kontraŭ la komputilo finiĝis: viaj blufoj "
              "estos kalkulataj ĉi tie, kiam vi finos unu.",
    },
    "sb.counting": {
        "en": "Counting the bluffs of {n} recorded games…",
        "eo": "Kalkulante la blufojn de {n} registritaj ludoj…",
    },
    "sb.counting.one": {
        "en": "Counting the bluffs of 1 recorded game…",
        "eo": "Kalkulante la blufojn de 1 registrita ludo…",
    },
    "sb.note": {
        "en": "A bluff: a raise or rest that, called, wins the round under half the time "
              "against the hands the solved player accepts with (without the solved strategy: "
              "under {p}% chance of winning the round; see Bluffing in the help, F1). It "
              "worked when the other side refused or folded. Whether each of your answers to "
              "a raise was right, and what it cost: the leaks above (Facing a raise, Mia "
              "resto).\nThis session: the games finished since truf-tui started.",
        "eo": "Blufo: altigo aŭ resto, kiu, akceptita, gajnas la rondon malpli ol duonon de "
              "la fojoj kontraŭ la manoj, kun kiuj la solvita ludanto akceptas (sen la "
              "solvita strategio: malpli ol {p}% da ŝanco gajni la rondon; vidu Blufado en la "
              "helpo, F1). Ĝi sukcesis, kiam la alia flanko rifuzis aŭ rezignis. Ĉu ĉiu via "
              "respondo al altigo estis ĝusta, kaj kion ĝi kostis: la likoj supre (Antaŭ "
              "altigo, Mia resto).\nĈi tiu seanco: la ludoj finitaj post la starto de "
              "truf-tui.",
    },
    # -- progress and leaks: the graded decisions (issue 38 item 5) --------------------------
    "sp.head": {"en": "Le Truc: your decisions against the solution",
                "eo": "Le Truc: viaj decidoj kontraŭ la solvo"},
    "sp.empty": {
        "en": "No graded decisions yet: play Le Truc against the computer.",
        "eo": "Ankoraŭ neniu taksita decido: ludu Le Truc kontraŭ la komputilo.",
    },
    "sp.head.game": {"en": "Le Truc: your decisions in games, against the solution",
                     "eo": "Le Truc: viaj decidoj en ludoj, kontraŭ la solvo"},
    "sp.head.drill": {"en": "Le Truc: your decisions in drills, against the solution",
                      "eo": "Le Truc: viaj decidoj en ekzercoj, kontraŭ la solvo"},
    # one line on the other source's decisions, under the head (d shows them)
    "sp.other.drill": {
        "en": "In drills: {n} decisions, {x} points lost a decision on average (d).",
        "eo": "En ekzercoj: {n} decidoj, meze {x} poentoj perditaj por decido (d).",
    },
    "sp.other.drill.one": {
        "en": "In drills: 1 decision, {x} points lost (d).",
        "eo": "En ekzercoj: 1 decido, {x} poentoj perditaj (d).",
    },
    "sp.other.drill.part": {
        "en": "In drills: {n} decisions; the {k} in points lost {x} on average (d).",
        "eo": "En ekzercoj: {n} decidoj; la {k} en poentoj perdis meze {x} (d).",
    },
    "sp.other.drill.nomean": {"en": "In drills: {n} decisions (d).",
                              "eo": "En ekzercoj: {n} decidoj (d)."},
    "sp.other.drill.nomean.one": {"en": "In drills: 1 decision (d).",
                                  "eo": "En ekzercoj: 1 decido (d)."},
    "sp.other.game": {
        "en": "In games: {n} decisions, {x} points lost a decision on average (d).",
        "eo": "En ludoj: {n} decidoj, meze {x} poentoj perditaj por decido (d).",
    },
    "sp.other.game.one": {
        "en": "In games: 1 decision, {x} points lost (d).",
        "eo": "En ludoj: 1 decido, {x} poentoj perditaj (d).",
    },
    "sp.other.game.part": {
        "en": "In games: {n} decisions; the {k} in points lost {x} on average (d).",
        "eo": "En ludoj: {n} decidoj; la {k} en poentoj perdis meze {x} (d).",
    },
    "sp.other.game.nomean": {"en": "In games: {n} decisions (d).",
                             "eo": "En ludoj: {n} decidoj (d)."},
    "sp.other.game.nomean.one": {"en": "In games: 1 decision (d).",
                                 "eo": "En ludoj: 1 decido (d)."},
    "key.source.drill": {"en": "Drills", "eo": "Ekzercoj"},
    "key.source.game": {"en": "Games", "eo": "Ludoj"},
    "sp.note.drill": {
        "en": "Average loss per decision, in points of a round: one bar per drill "
              "session, the latest {n} on the right (lower is better).",
        "eo": "Meza perdo por decido, en poentoj de rondo: unu stango por ekzerca "
              "sesio, la lastaj {n} dekstre (malpli estas pli bone).",
    },
    "sp.note.drill.one": {
        "en": "Average loss per decision, in points of a round: one bar per drill "
              "session (lower is better).",
        "eo": "Meza perdo por decido, en poentoj de rondo: unu stango por ekzerca "
              "sesio (malpli estas pli bone).",
    },
    "sp.note.game": {
        "en": "Average loss per decision, in points of a round: one bar per game, the "
              "latest {n} on the right (lower is better).",
        "eo": "Meza perdo por decido, en poentoj de rondo: unu stango por ludo, la "
              "lastaj {n} dekstre (malpli estas pli bone).",
    },
    "sp.note.game.one": {
        "en": "Average loss per decision, in points of a round: one bar per game (lower "
              "is better).",
        "eo": "Meza perdo por decido, en poentoj de rondo: unu stango por ludo (malpli "
              "estas pli bone).",
    },
    "sp.note.none": {
        "en": "Your decisions so far were all near the end of a game: see the leaks.",
        "eo": "Viaj decidoj ĝis nun estis ĉiuj proksime al la fino de ludo: vidu la "
              "likojn.",
    },
    "sp.axis": {
        "en": "first {first} · latest {last} · best {best} points per decision",
        "eo": "unua {first} · lasta {last} · plej bona {best} poentoj por decido",
    },
    "sp.col.what": {"en": "Leak", "eo": "Liko"},
    "sp.col.decisions": {"en": "Decisions", "eo": "Decidoj"},
    "sp.col.errors": {"en": "Mistakes", "eo": "Eraroj"},
    "sp.col.points": {"en": "Points", "eo": "Poentoj"},
    "sp.col.match": {"en": "Game", "eo": "Ludo"},
    "sp.col.key": {"en": "Key", "eo": "Klavo"},
    "sp.leaks.note": {
        "en": "Your leaks, costliest first: what they cost in points of a round, and near "
              "a game's end in your chance of winning it. Mistakes: mistakes and blunders.",
        "eo": "Viaj likoj, la plej kostaj unue: kion ili kostis en poentoj de rondo, kaj "
              "proksime al la fino de ludo en via ŝanco gajni ĝin. Eraroj: eraroj kaj "
              "fuŝegoj.",
    },
    "sp.leaks.drill": {
        "en": "To drill a leak: its key ({keys}), or Enter on its row "
              "(Tab), or a click.",
        "eo": "Por ekzerci likon: ĝia klavo ({keys}), aŭ Enter sur ĝia "
              "vico (Tab), aŭ klako.",
    },
    "sp.leaks.play": {
        "en": "Other card play has no drill of its own.",
        "eo": "Alia kartludo ne havas propran ekzercon.",
    },
    "leak.weak": {"en": "Raise or not, weak hand", "eo": "Altigi aŭ ne, malforta mano"},
    "leak.raised": {"en": "Facing a raise", "eo": "Antaŭ altigo"},
    "leak.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "leak.redeal": {"en": "The redeal", "eo": "La redisdono"},
    "leak.last": {"en": "The last trick", "eo": "La lasta preno"},
    "leak.end": {"en": "End of a game", "eo": "Fino de ludo"},
    "leak.play": {"en": "Other card play", "eo": "Alia kartludo"},
}
