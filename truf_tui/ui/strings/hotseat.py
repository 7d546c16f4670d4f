"""Texts of hot-seat games (two people at one keyboard), en + eo.

The ``….named`` keys are the hot-seat forms of the tables' ``….you`` / ``….computer`` texts:
``{name}`` is the player the text is about (who moved, who won), ``{other}`` the other one.
"""

STRINGS: dict[str, dict[str, str]] = {
    "hot.player": {"en": "Player {n}", "eo": "Ludanto {n}"},
    "hot.pass.title": {
        "en": "Pass the keyboard to {name}", "eo": "Donu la klavaron al {name}",
    },
    "hot.pass.away": {
        "en": "Both hands are face down. {other}, please look away: only {name} should see "
              "the next screen.",
        "eo": "Ambaŭ manoj estas kaŝitaj. {other}, bonvolu forrigardi: nur {name} vidu la "
              "sekvan ekranon.",
    },
    "hot.pass.last": {"en": "[b]Last move:[/] {event}", "eo": "[b]Lasta movo:[/] {event}"},
    "hot.pass.score.trufludo": {
        "en": "[b]Score:[/] {p1} [b]{a}[/] : [b]{b}[/] {p2}   [dim]Stock {stock}[/]",
        "eo": "[b]Poentoj:[/] {p1} [b]{a}[/] : [b]{b}[/] {p2}   [dim]Talono {stock}[/]",
    },
    "hot.pass.score.truc": {
        "en": "[b]Score:[/] {p1} [b]{a}[/] : [b]{b}[/] {p2}   [dim]round {round}, first to "
              "{target}[/]",
        "eo": "[b]Poentoj:[/] {p1} [b]{a}[/] : [b]{b}[/] {p2}   [dim]rondo {round}, la unua, "
              "kiu atingas {target}[/]",
    },
    "hot.pass.ready": {
        "en": "{name} is ready ⏎", "eo": "{name} pretas ⏎",
    },
    "hot.names.title": {
        "en": "Your names, if you like (Tab: next, Enter: start):",
        "eo": "Viaj nomoj, se vi volas (Tab: sekva, Enter: komenci):",
    },
    "hot.names.optional": {"en": "name (optional)", "eo": "nomo (nedeviga)"},
    "hot.key.ready": {"en": "Ready: show my hand", "eo": "Preta: montri mian manon"},
    # {moves}: count.moves_played (storage.py)
    "start.continue.trufludo.hotseat": {
        "en": "{game}, two players: {moves}, {stock} cards left in the stock; cards taken: "
              "{p1} {a}, {p2} {b}.",
        "eo": "{game}, du ludantoj: {moves}, {stock} kartoj restas en la talono; prenitaj "
              "kartoj: {p1} {a}, {p2} {b}.",
    },
    "start.continue.truc.hotseat": {
        "en": "{game}, two players: round {round}; points: {p1} {a}, {p2} {b}, playing to "
              "{target}.",
        "eo": "{game}, du ludantoj: rondo {round}; poentoj: {p1} {a}, {p2} {b}, ludante ĝis "
              "{target}.",
    },
    "tier.human": {"en": "Two players", "eo": "Du ludantoj"},
    "stats.hotseat": {"en": "Two players (P1)", "eo": "Du ludantoj (L1)"},
    "hot.result.win": {"en": "Player 1 won {you}–{computer}",
                       "eo": "Ludanto 1 gajnis {you}–{computer}"},
    "hot.result.draw": {"en": "a draw {you}–{computer}", "eo": "remizo {you}–{computer}"},
    "hot.result.loss": {"en": "Player 2 won {computer}–{you}",
                        "eo": "Ludanto 2 gajnis {computer}–{you}"},
    "tbl.wait.hotseat": {
        "en": "Please wait: the move is still being shown.",
        "eo": "Bonvolu atendi: la movo ankoraŭ montriĝas.",
    },
    # -- Trufludo ----------------------------------------------------------------------------
    "tbl.f.scorebar.named": {
        "en": "[b]Trufludo[/]   {p1} [b]{you}[/] : [b]{computer}[/] {p2}"
              "   Stock {stock}   [dim]{variant}[/]",
        "eo": "[b]Trufludo[/]   {p1} [b]{you}[/] : [b]{computer}[/] {p2}"
              "   Talono {stock}   [dim]{variant}[/]",
    },
    "tbl.f.pile.named": {"en": "{name}'s trufkesto", "eo": "Trufkesto de {name}"},
    "tbl.f.prompt.named": {"en": "{name}'s turn.", "eo": "La vico de {name}."},
    "tbl.f.ev.throw.named": {
        "en": "{name} threw {card} onto the table.", "eo": "{name} ĵetis {card} sur la tablon.",
    },
    "tbl.f.ev.take.named": {
        "en": "{name} took {take} with {card}.", "eo": "{name} prenis {take} per {card}.",
    },
    "tbl.f.ev.trufego.named": {
        "en": "[b]Trufego for {name}![/] {take}, the only card on the table, taken with {card}.",
        "eo": "[b]Trufego por {name}![/] {take}, la sola tablokarto, prenita per {card}.",
    },
    "tbl.f.banner.named": {
        "en": "{name} took {card}, the only card on the table: it counts double.\n"
              "[b]{name} plays again[/] and throws a card onto the empty table.",
        "eo": "{name} prenis {card}, la solan tablokarton: ĝi valoras duoble.\n"
              "[b]{name} denove ludas[/] kaj ĵetas karton sur la malplenan tablon.",
    },
    "tbl.res.tg.named": {"en": "{name}'s trufegoj:", "eo": "Trufegoj de {name}:"},
    "tbl.res.named": {"en": "{name} wins!", "eo": "{name} gajnas!"},
    # -- Le Truc -----------------------------------------------------------------------------
    "tbl.t.scorebar.named": {
        "en": "[b]Le Truc[/]   {p1} [b]{you}[/] {you_pips}   {p2} [b]{computer}[/] "
              "{computer_pips}   to {target}   round {round}",
        "eo": "[b]Le Truc[/]   {p1} [b]{you}[/] {you_pips}   {p2} [b]{computer}[/] "
              "{computer_pips}   ĝis {target}   rondo {round}",
    },
    "tbl.t.speech.named": {"en": "{name} says", "eo": "{name} diras"},
    "tbl.t.prompt.named": {"en": "{name}'s turn.", "eo": "La vico de {name}."},
    "tbl.t.q.raise.named": {
        "en": "[b]{name} asks “2 pli?”[/] — play this round for {new} instead of {old}?"
              "  [b]a[/] accept · [b]x[/] refuse ({name} scores {old}) · [b]f[/] fold",
        "eo": "[b]{name} demandas “2 pli?”[/] — ĉu ludi ĉi tiun rondon por {new} anstataŭ "
              "{old}?  [b]a[/] akcepti · [b]x[/] rifuzi ({name} gajnas {old}) · [b]f[/] rezigni",
    },
    "tbl.t.q.rest.named": {
        "en": "[b]{name} says “Mia resto”[/] — whoever wins this round wins the game."
              "  [b]a[/] accept · [b]x[/] refuse ({name} scores {old})",
        "eo": "[b]{name} diras “Mia resto”[/] — kiu gajnas ĉi tiun rondon, gajnas la "
              "ludon.  [b]a[/] akcepti · [b]x[/] rifuzi ({name} gajnas {old})",
    },
    "tbl.t.q.rest.game.named": {
        "en": "[b]{name} says “Mia resto”[/] — whoever wins this round wins the game."
              "  [b]a[/] accept · [b]x[/] refuse ({name} wins the game)",
        "eo": "[b]{name} diras “Mia resto”[/] — kiu gajnas ĉi tiun rondon, gajnas la "
              "ludon.  [b]a[/] akcepti · [b]x[/] rifuzi ({name} gajnas la ludon)",
    },
    "tbl.t.q.redeal.named": {
        "en": "[b]{name} proposes a redeal[/]: both hands are put away and new cards "
              "dealt.  [b]a[/] accept · [b]x[/] refuse",
        "eo": "[b]{name} proponas redisdonon[/]: ambaŭ manoj estas forigitaj kaj novaj "
              "kartoj disdonitaj.  [b]a[/] akcepti · [b]x[/] rifuzi",
    },
    "tbl.t.why.answer.named": {
        "en": "First answer {name}: a accept, x refuse (or f fold).",
        "eo": "Unue respondu al {name}: a akcepti, x rifuzi (aŭ f rezigni).",
    },
    "tbl.t.ev.lead.named": {"en": "{name} led {card}.", "eo": "{name} elludis {card}."},
    "tbl.t.ev.answer.named": {
        "en": "{name} answered {lead} with {card}.",
        "eo": "{name} respondis al {lead} per {card}.",
    },
    "tbl.t.ev.trick.named": {"en": "{name} wins the trick.", "eo": "{name} gajnas la trukon."},
    "tbl.t.ev.raise.named": {
        "en": "{name} asked “2 pli?” (stake {n}).", "eo": "{name} demandis “2 pli?” (veto {n}).",
    },
    "tbl.t.ev.rest.named": {
        "en": "{name} declared “Mia resto”.", "eo": "{name} deklaris “Mia resto”.",
    },
    "tbl.t.ev.redeal.named": {
        "en": "{name} proposed a redeal.", "eo": "{name} proponis redisdonon.",
    },
    "tbl.t.ev.accept.raise.named": {
        "en": "{name} accepted: the stake is {n}.", "eo": "{name} akceptis: la veto estas {n}.",
    },
    "tbl.t.ev.accept.rest.named": {
        "en": "{name} accepted the rest: this round decides the game.",
        "eo": "{name} akceptis la reston: ĉi tiu rondo decidas la ludon.",
    },
    "tbl.t.ev.accept.redeal.named": {
        "en": "{name} accepted the redeal: new cards for both.",
        "eo": "{name} akceptis la redisdonon: novaj kartoj por ambaŭ.",
    },
    "tbl.t.ev.refuse.redeal.named": {
        "en": "{name} refused the redeal: the cards stay as they are (rule T3).",
        "eo": "{name} rifuzis la redisdonon: la kartoj restas kiel ili estas (regulo T3).",
    },
    "tbl.t.ev.refuse.raise.named": {
        "en": "{name} refused the raise to {n}: {other} scores {m}.",
        "eo": "{name} rifuzis la altigon al {n}: {other} gajnas {m}.",
    },
    "tbl.t.ev.refuse.rest.named": {
        "en": "{name} refused the “Mia resto”: {other} scores {m}.",
        "eo": "{name} rifuzis la “Mia resto”: {other} gajnas {m}.",
    },
    "tbl.t.ev.refuse.rest.game.named": {
        "en": "{name} refused the “Mia resto”: {other} wins the game.",
        "eo": "{name} rifuzis la “Mia resto”: {other} gajnas la ludon.",
    },
    "tbl.t.ev.fold.named": {"en": "{name} folded.", "eo": "{name} rezignis."},
    "tbl.t.fold.message.named": {
        "en": "{name} scores the stake: {n}.", "eo": "{name} gajnas la veton: {n}.",
    },
    "tbl.t.trick.named": {
        "en": "[b $text-success]{name} ✓[/]", "eo": "[b $text-success]{name} ✓[/]",
    },
    "tbl.t.round.named": {"en": "Round {n}: {name} wins", "eo": "Rondo {n}: {name} gajnas"},
    "tbl.t.how.tricks.named": {
        "en": "{name} won the tricks, {won} to {lost}.",
        "eo": "{name} gajnis la trukojn, {won} kontraŭ {lost}.",
    },
    "tbl.t.how.earlier.named": {
        "en": "One trick each, and trick {spoiled} was spoiled: the earlier won trick "
              "decides, and {name} won it (trick {first}; rule T6).",
        "eo": "Po unu truko, kaj la truko {spoiled} estis difektita: decidas la pli frue "
              "gajnita truko, kaj {name} gajnis ĝin (la truko {first}; regulo T6).",
    },
    "tbl.t.how.unspoiled.named": {
        "en": "{name} won trick {n}, and every other trick played was spoiled: the won "
              "trick decides (rule T6).",
        "eo": "{name} gajnis la trukon {n}, kaj ĉiu alia ludita truko estis difektita: la "
              "gajnita truko decidas (regulo T6).",
    },
    "tbl.t.how.refused.raise.named": {
        "en": "{other} refused the raise to {n} by {name}: {name} scores the stake before "
              "it, {m} (rule T7).",
        "eo": "{other} rifuzis la altigon al {n} de {name}: {name} gajnas la veton antaŭ "
              "ĝi, {m} (regulo T7).",
    },
    "tbl.t.how.refused.rest.named": {
        "en": "{other} refused the “Mia resto” by {name}: {name} scores the stake before "
              "it, {m} (rule T8).",
        "eo": "{other} rifuzis la “Mia resto” de {name}: {name} gajnas la veton antaŭ ĝi, "
              "{m} (regulo T8).",
    },
    "tbl.t.how.refused.rest.game.named": {
        "en": "{other} refused the “Mia resto” by {name}: {name} wins the game (rule T8).",
        "eo": "{other} rifuzis la “Mia resto” de {name}: {name} gajnas la ludon (regulo T8).",
    },
    "tbl.t.how.refused.named": {
        "en": "{other} refused the proposal of {name}.",
        "eo": "{other} rifuzis la proponon de {name}.",
    },
    "tbl.t.how.fold.named": {"en": "{other} folded.", "eo": "{other} rezignis."},
    "tbl.t.points.named": {"en": "[b]+{n}[/] for {name}", "eo": "[b]+{n}[/] por {name}"},
    "tbl.t.points.game.named": {
        "en": "[b]+{n}[/] for {name}: the game (Mia resto)",
        "eo": "[b]+{n}[/] por {name}: la ludo (Mia resto)",
    },
    "tbl.t.score.line.named": {
        "en": "Score: {p1} [b]{you}[/], {p2} [b]{computer}[/] (first to {target})",
        "eo": "Poentoj: {p1} [b]{you}[/], {p2} [b]{computer}[/] (la unua, kiu atingas {target})",
    },
    "tbl.t.next.dealer.named": {
        "en": "Next round: {name} deals.", "eo": "Sekva rondo: {name} disdonas.",
    },
}
