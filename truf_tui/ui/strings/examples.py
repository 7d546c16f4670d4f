"""Texts of the help's links (worked examples, guided games) and of the example viewer.

``example.<id>`` names each worked example of ``truf_tui/data/examples`` (its rule ids are
added by the code)."""

STRINGS: dict[str, dict[str, str]] = {
    # -- the help's links ---------------------------------------------------------------
    "help.link.example": {"en": "▶ Worked example {rules}: {name}",
                          "eo": "▶ Ekzemplo {rules}: {name}"},
    "help.link.guided": {"en": "▶ Guided game of {game}: learn it move by move",
                         "eo": "▶ Gvidata ludo de {game}: lernu ĝin movon post movo"},
    "help.guided.missing": {
        "en": "The guided game is not available in this version.",
        "eo": "La gvidata ludo ne haveblas en ĉi tiu versio.",
    },
    "help.guided.title": {"en": "Guided game", "eo": "Gvidata ludo"},
    # -- the example viewer -------------------------------------------------------------
    "example.title": {"en": "Worked example {rules} · {game} · {name}",
                      "eo": "Ekzemplo {rules} · {game} · {name}"},
    "example.start": {
        "en": "The deal. Step through the {n} moves with → (or ↓); Esc goes back to the help.",
        "eo": "La disdono. Paŝu tra la {n} movoj per → (aŭ ↓); Esc revenigas al la helpo.",
    },
    "example.expect": {
        "en": "The rules say that now: {who} to move; scores {a}–{b}; legal moves: {legal}.",
        "eo": "La reguloj diras, ke nun: {who} movas; poentoj {a}–{b}; leĝaj movoj: {legal}.",
    },
    "example.expect.over": {
        "en": "The rules say that now: the game is over; scores {a}–{b}.",
        "eo": "La reguloj diras, ke nun: la ludo finiĝis; poentoj {a}–{b}.",
    },
    "example.round_over": {"en": "The round is over.", "eo": "La rondo finiĝis."},
    "example.agrees": {"en": "✓ The game here agrees.", "eo": "✓ La ludo ĉi tie konsentas."},
    "example.differs": {"en": "✗ The game here differs!", "eo": "✗ La ludo ĉi tie malsamas!"},
    "example.nobody": {"en": "nobody", "eo": "neniu"},
    "example.end": {"en": "(end of the example)", "eo": "(fino de la ekzemplo)"},
    # -- the examples' names ------------------------------------------------------------
    "example.01-trufludo-f7-f8": {
        "en": "a trufego, then the taker moves again",
        "eo": "trufego, poste la preninto movas denove",
    },
    "example.02-trufludo-f9": {
        "en": "a trufego with the last card in hand, a new deal, the taker first",
        "eo": "trufego per la lasta karto en la mano, nova disdono, la preninto unua",
    },
    "example.03-trufludo-f5": {
        "en": "taking is optional: a card thrown though its suit is on the table",
        "eo": "preni ne estas devige: ĵetita karto, kies emblemo estas sur la tablo",
    },
    "example.04-trufludo-f10": {
        "en": "the leftover goes to the last taker (a whole game)",
        "eo": "la restantaj kartoj iras al la lasta preninto (tuta ludo)",
    },
    "example.05-trufludo-f10": {
        "en": "the leftover counts for nobody (a whole game)",
        "eo": "la restantaj kartoj kalkuliĝas por neniu (tuta ludo)",
    },
    "example.06-trufludo-f1": {
        "en": "the Italian 40-card pack, to the end",
        "eo": "la itala 40-karta kartaro, ĝis la fino",
    },
    "example.07-trufludo-f11": {"en": "a drawn game", "eo": "remizo"},
    "example.08-truc-t5": {
        "en": "a spoiled first trick: its leader leads again",
        "eo": "difektita unua truko: ĝia komencinto komencas denove",
    },
    "example.09-truc-t6": {
        "en": "spoiled, then won: the round ends after two tricks",
        "eo": "difektita, poste gajnita: la rondo finiĝas post du trukoj",
    },
    "example.10-truc-t6": {
        "en": "won, then spoiled: the round ends after two tricks",
        "eo": "gajnita, poste difektita: la rondo finiĝas post du trukoj",
    },
    "example.11-truc-t6": {
        "en": "one trick each: the earlier one decides",
        "eo": "po unu truko: la pli frua decidas",
    },
    "example.12-truc-t6": {
        "en": "three spoiled tricks: nobody scores",
        "eo": "tri difektitaj trukoj: neniu poentas",
    },
    "example.13-truc-t7": {
        "en": "a raise accepted, then a raise back",
        "eo": "altigo akceptita, poste kontraŭaltigo",
    },
    "example.14-truc-t7": {
        "en": "a refused raise scores the old stake",
        "eo": "rifuzita altigo donas la malnovan veton",
    },
    "example.15-truc-t7": {
        "en": "the highest raise (playing to 5)",
        "eo": "la plej alta altigo (ludante ĝis 5)",
    },
    "example.16-truc-t8": {
        "en": "a rest accepted and won: the game ends",
        "eo": "resto akceptita kaj gajnita: la ludo finiĝas",
    },
    "example.17-truc-t8": {
        "en": "a rest refused (declarer scores the stake)",
        "eo": "resto rifuzita (la veto al la deklarinto)",
    },
    "example.18-truc-t8": {
        "en": "a rest refused (declarer wins the game)",
        "eo": "resto rifuzita (la ludo al la deklarinto)",
    },
    "example.19-truc-t9": {
        "en": "folding in answer to a rest (declarer wins the game)",
        "eo": "rezigni responde al resto (la ludo al la deklarinto)",
    },
    "example.20-truc-t9": {
        "en": "folding after an accepted rest gives up the game",
        "eo": "rezigni post akceptita resto perdas la ludon",
    },
    "example.21-truc-t9": {
        "en": "folding with a raise waiting for an answer",
        "eo": "rezigni dum altigo atendas respondon",
    },
    "example.22-truc-t3": {
        "en": "a redeal accepted: new hands",
        "eo": "redisdono akceptita: novaj manoj",
    },
    "example.23-truc-t3": {
        "en": "a redeal refused: no second proposal",
        "eo": "redisdono rifuzita: neniu dua propono",
    },
}
