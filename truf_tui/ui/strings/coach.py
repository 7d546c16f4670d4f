"""Texts of the coach: hints, the practice mode's warnings and round reviews (en + eo).

``coach.<key>`` words a :class:`truf_tui.coach.Reason`; a key ending in ``.one`` is used
instead when the reason's ``n`` is 1.  Esperanto game words as in ``tables.py``: trufo,
trufego, tablo; truko, difektita, veto, altigi, rifuzi, rezigni, redisdono; blufo, blufi.
"""

STRINGS: dict[str, dict[str, str]] = {
    # -- the hint panel ------------------------------------------------------------------------
    # Trufludo's hint is the expert's search; Le Truc's ranks the moves by the solution's
    # values (its header says so), and its title says the same.  The search plays the rest
    # of the game for both players as the expert would: its chance is one against strong
    # play (against an easier computer the player's real chance is higher), and every
    # Trufludo figure of the expert's says so (hint, practice warning, review, statistics).
    "hint.title.trufludo": {"en": "Hint: the expert's view",
                            "eo": "Konsilo: la vidpunkto de la eksperto"},
    "hint.title.truc": {"en": "Hint: the solution's values",
                        "eo": "Konsilo: la valoroj de la solvo"},
    "hint.thinking.trufludo": {"en": "the expert is thinking…", "eo": "la eksperto pensas…"},
    "hint.thinking.truc": {"en": "working out the solution's values…",
                           "eo": "kalkulante la valorojn de la solvo…"},
    "hint.head.trufludo": {
        "en": "Every move, best first, with your chance to win the game against strong "
              "play:",
        "eo": "Ĉiu movo, la plej bona unue, kun via ŝanco gajni la ludon kontraŭ forta "
              "ludo:",
    },
    "hint.head.truc.points": {
        "en": "Every move, ranked by its value when both players then play the solved "
              "strategy: points of this round, best first. Under each, how often the solved "
              "player makes it with your hand:",
        "eo": "Ĉiu movo, ordigita laŭ sia valoro, se ambaŭ ludantoj poste ludas la solvitan "
              "strategion: poentoj de ĉi tiu rondo, la plej bona unue. Sub ĉiu, kiom ofte la "
              "solvita ludanto faras ĝin kun via mano:",
    },
    "hint.head.truc.match": {
        "en": "Every move, ranked by its value when both players then play the solved "
              "strategy: your chance of winning the game, best first. Under each, how often "
              "the solved player makes it with your hand:",
        "eo": "Ĉiu movo, ordigita laŭ sia valoro, se ambaŭ ludantoj poste ludas la solvitan "
              "strategion: via ŝanco gajni la ludon, la plej bona unue. Sub ĉiu, kiom ofte la "
              "solvita ludanto faras ĝin kun via mano:",
    },
    "hint.solved": {
        "en": "the solved player: {p}% of the time with your hand",
        "eo": "la solvita ludanto: {p}% de la fojoj kun via mano",
    },
    "hint.keys": {  # one line of the panel: 56 columns at most
        "en": "[dim]h or Esc closes · ↑↓ scroll · hints this game: {n}[/]",
        "eo": "[dim]h aŭ Esc fermas · ↑↓ rulumas · konsiloj en la ludo: {n}[/]",
    },
    "hint.failed": {
        "en": "The expert could not judge this position.",
        "eo": "La eksperto ne povis taksi ĉi tiun pozicion.",
    },
    "hint.not.now": {
        "en": "Hints are for your turn: wait for the computer's move.",
        "eo": "Konsiloj estas por via vico: atendu la movon de la komputilo.",
    },
    "hint.over": {
        "en": "The game is over: no hint to give.", "eo": "La ludo finiĝis: neniu konsilo.",
    },
    "hint.key": {"en": "Hint", "eo": "Konsilo"},
    "hint.used.results": {
        "en": "Hints used: {n}.", "eo": "Konsiloj uzitaj: {n}.",
    },
    # Moves as the hint list names them.
    "hint.f.take": {"en": "{card} takes {take}", "eo": "{card} prenas {take}"},
    "hint.f.throw": {"en": "throw {card}", "eo": "ĵeti {card}"},
    "hint.or": {"en": " or ", "eo": " aŭ "},
    "hint.f.forced": {
        "en": "No choice here: all your cards are of one suit, and only the suit counts "
              "(rule F1). Your move:",
        "eo": "Neniu elekto ĉi tie: ĉiuj viaj kartoj estas de unu emblemo, kaj nur la "
              "emblemo gravas (regulo F1). Via movo:",
    },
    "hint.t.play": {"en": "play {card}", "eo": "ludi {card}"},
    "hint.t.play.same": {"en": "play {card} or {others}", "eo": "ludi {card} aŭ {others}"},
    "hint.t.raise": {"en": "raise to {n} (“2 pli?”)", "eo": "altigi al {n} (“2 pli?”)"},
    "hint.t.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "hint.t.redeal": {"en": "ask for a redeal", "eo": "proponi redisdonon"},
    "hint.t.accept": {"en": "accept", "eo": "akcepti"},
    "hint.t.refuse": {"en": "refuse", "eo": "rifuzi"},
    "hint.t.fold": {"en": "fold", "eo": "rezigni"},
    # -- reasons: Trufludo ---------------------------------------------------------------------
    "coach.f.trufego": {
        "en": "takes the only card on the table: a trufego!",
        "eo": "prenas la solan tablokarton: trufego!",
    },
    "coach.f.take.leaves_one": {
        "en": "leaves exactly one card on the table ({left}): your opponent may make a trufego",
        "eo": "lasas ĝuste unu karton sur la tablo ({left}): via kontraŭulo eble faros trufegon",
    },
    "coach.f.take": {
        "en": "two trufoj for your trufkesto; {n} cards stay on the table",
        "eo": "du trufoj por via trufkesto; {n} kartoj restas sur la tablo",
    },
    "coach.f.take.one": {
        "en": "two trufoj for your trufkesto; one card stays on the table",
        "eo": "du trufoj por via trufkesto; unu karto restas sur la tablo",
    },
    "coach.f.throw.leaves_one": {
        "en": "throws onto the empty table: your opponent may take it as a trufego",
        "eo": "ĵetas sur la malplenan tablon: via kontraŭulo eble prenos ĝin kiel trufegon",
    },
    "coach.f.throw": {
        "en": "throws: takes nothing ({n} cards on the table then)",
        "eo": "ĵeto: prenas nenion (poste {n} kartoj sur la tablo)",
    },
    # -- reasons: Le Truc ----------------------------------------------------------------------
    "coach.t.lead.sure": {
        "en": "this card wins the trick for sure", "eo": "ĉi tiu karto certe gajnas la trukon",
    },
    "coach.t.lead.unbeaten": {
        "en": "nothing can beat this card: at worst the trick is spoiled",
        "eo": "nenio povas venki ĉi tiun karton: plej malbone la truko estos difektita",
    },
    "coach.t.lead.risky": {
        "en": "your opponent holds a higher card about {p}% of the time",
        "eo": "via kontraŭulo havas pli altan karton en ĉirkaŭ {p}% de la okazoj",
    },
    "coach.t.lead.risky.spoil": {
        "en": "your opponent holds a higher or an equal card about {p}% of the time (an equal "
              "one spoils the trick, and the round goes to the winner of the earlier trick)",
        "eo": "via kontraŭulo havas pli altan aŭ egalan karton en ĉirkaŭ {p}% de la okazoj "
              "(egala difektas la trukon, kaj la rondo iras al la gajninto de la pli frua "
              "truko)",
    },
    "coach.t.lead.spoil.loses": {
        "en": "nothing beats this card, but your opponent holds an equal one about {p}% of "
              "the time: that spoils the trick, and the round goes to the winner of the "
              "earlier trick",
        "eo": "nenio venkas ĉi tiun karton, sed via kontraŭulo havas egalan en ĉirkaŭ {p}% de "
              "la okazoj: tio difektas la trukon, kaj la rondo iras al la gajninto de la pli "
              "frua truko",
    },
    "coach.t.answer.wins": {
        "en": "this card wins the trick for sure", "eo": "ĉi tiu karto certe gajnas la trukon",
    },
    "coach.t.answer.round": {
        "en": "this card wins the trick, and the round with it",
        "eo": "ĉi tiu karto gajnas la trukon, kaj kun ĝi la rondon",
    },
    "coach.t.answer.spoil": {
        "en": "equal ranks: the trick is spoiled", "eo": "egalaj rangoj: la truko difektiĝas",
    },
    "coach.t.answer.spoil.round": {
        "en": "equal ranks: the trick is spoiled, and the round is yours",
        "eo": "egalaj rangoj: la truko difektiĝas, kaj la rondo estas via",
    },
    "coach.t.answer.spoil.lost": {
        "en": "equal ranks: the trick is spoiled, and the round is lost",
        "eo": "egalaj rangoj: la truko difektiĝas, kaj la rondo estas perdita",
    },
    "coach.t.answer.loses.keep": {
        "en": "loses the trick, but keeps your stronger cards",
        "eo": "perdas la trukon, sed konservas viajn pli fortajn kartojn",
    },
    "coach.t.answer.loses": {
        "en": "loses the trick: none of your cards can win it",
        "eo": "perdas la trukon: neniu el viaj kartoj povas gajni ĝin",
    },
    "coach.t.answer.loses.round": {
        "en": "loses the trick, and the round with it",
        "eo": "perdas la trukon, kaj kun ĝi la rondon",
    },
    # What a bet does, beside the solution's value of it (the hint panel: no second figure).
    "coach.t.raise.does": {
        "en": "the stake becomes {n} if your opponent accepts",
        "eo": "la veto fariĝas {n}, se via kontraŭulo akceptas",
    },
    "coach.t.rest.does": {
        "en": "if your opponent accepts, the round decides the game",
        "eo": "se via kontraŭulo akceptas, la rondo decidas la ludon",
    },
    "coach.t.redeal.does": {
        "en": "throws away both hands: new cards for both",
        "eo": "forĵetas ambaŭ manojn: novaj kartoj por ambaŭ",
    },
    "coach.t.refuse.redeal.does": {
        "en": "you both keep these cards", "eo": "vi ambaŭ tenas ĉi tiujn kartojn",
    },
    "coach.t.accept.does": {
        "en": "the stake becomes {n}", "eo": "la veto fariĝas {n}",
    },
    "coach.t.accept.rest.does": {
        "en": "the round decides the game", "eo": "la rondo decidas la ludon",
    },
    "coach.t.refuse": {
        "en": "refusing gives up {n} points", "eo": "rifuzo cedas {n} poentojn",
    },
    "coach.t.refuse.one": {
        "en": "refusing gives up 1 point", "eo": "rifuzo cedas 1 poenton",
    },
    "coach.t.refuse.match": {
        "en": "refusing gives up {n} points, and the game with them",
        "eo": "rifuzo cedas {n} poentojn, kaj kun ili la ludon",
    },
    "coach.t.refuse.match.one": {
        "en": "refusing gives up 1 point, and the game with it",
        "eo": "rifuzo cedas 1 poenton, kaj kun ĝi la ludon",
    },
    "coach.t.refuse.game": {
        "en": "refusing gives your opponent the game",
        "eo": "rifuzo donas la ludon al via kontraŭulo",
    },
    "coach.t.fold": {"en": "folding gives up {n} points", "eo": "rezigno cedas {n} poentojn"},
    "coach.t.fold.one": {"en": "folding gives up 1 point", "eo": "rezigno cedas 1 poenton"},
    "coach.t.fold.match": {
        "en": "folding gives up {n} points, and the game with them",
        "eo": "rezigno cedas {n} poentojn, kaj kun ili la ludon",
    },
    "coach.t.fold.match.one": {
        "en": "folding gives up 1 point, and the game with it",
        "eo": "rezigno cedas 1 poenton, kaj kun ĝi la ludon",
    },
    "coach.t.fold.game": {
        "en": "folding gives up the game", "eo": "rezigno cedas la ludon",
    },
    # -- practice mode: the start screen -------------------------------------------------------
    "practice.label": {"en": "Practice", "eo": "Ekzercado"},
    "practice.off": {"en": "off", "eo": "malŝaltita"},
    "practice.on": {"en": "on", "eo": "ŝaltita"},
    # Trufludo warns only when the lone card costs (practice.worth_asking), not at every one.
    "practice.note": {
        "en": "Trufludo: warns when leaving one card costs. Le Truc: reviews every round.",
        "eo": "Trufludo: averto, se sola karto kostus. Le Truc: analizo de ĉiu rondo.",
    },
    # -- practice mode: Trufludo's warning -----------------------------------------------------
    "practice.f.title": {"en": "Are you sure?", "eo": "Ĉu vi certas?"},
    "practice.f.message": {
        "en": "Playing {card} leaves exactly one card on the table, {left}: your opponent may "
              "take it as a trufego, worth double, and play again.\n"
              "The old advice: never leave a single card on the table when you can help it.",
        "eo": "Ludi {card} lasas ĝuste unu karton sur la tablo, {left}: via kontraŭulo eble "
              "prenos ĝin kiel trufegon, kiu valoras duoble, kaj denove ludos.\n"
              "La malnova konsilo: neniam lasu solan karton sur la tablo, se vi povas eviti "
              "tion.",
    },
    "practice.f.figures": {
        "en": "The expert (as in the hint, against strong play): {mine}% to win with it, "
              "{top}% with {best}.",
        "eo": "La eksperto (kiel en la konsilo, kontraŭ forta ludo): {mine}% por gajni per "
              "ĝi, {top}% per {best}.",
    },
    "practice.f.yes": {"en": "Play it (y)", "eo": "Ludi ĝin (y)"},
    "practice.f.no": {"en": "Choose again (n)", "eo": "Reelekti (n)"},
    # -- practice mode: the Truc round review --------------------------------------------------
    "review.title": {"en": "[b]Practice review[/]", "eo": "[b]Ekzerca analizo[/]"},
    "review.hands": {
        "en": "Computer's cards: {computer}   Yours: {you}",
        "eo": "Kartoj de la komputilo: {computer}   Viaj: {you}",
    },
    "review.redealt": {
        "en": "[dim](after the redeal; first dealt: computer {computer}, you {you})[/]",
        "eo": "[dim](post la redisdono; unue disdonitaj: komputilo {computer}, vi {you})[/]",
    },
    "review.none": {
        "en": "No raise and no refusal this round.",
        "eo": "Neniu altigo kaj neniu rifuzo en ĉi tiu rondo.",
    },
    "review.bet.you.raise": {
        "en": "Your raise to {n} (trick {trick})", "eo": "Via altigo al {n} (truko {trick})",
    },
    "review.bet.computer.raise": {
        "en": "The computer's raise to {n} (trick {trick})",
        "eo": "La altigo de la komputilo al {n} (truko {trick})",
    },
    "review.bet.you.rest": {
        "en": "Your “Mia resto” (trick {trick})", "eo": "Via “Mia resto” (truko {trick})",
    },
    "review.bet.computer.rest": {
        "en": "The computer's “Mia resto” (trick {trick})",
        "eo": "La “Mia resto” de la komputilo (truko {trick})",
    },
    "review.bluff": {
        "en": "was [b $text-warning]a bluff[/]: that hand won about {p}% of rounds like it",
        "eo": "estis [b $text-warning]blufo[/]: tiu mano gajnis ĉirkaŭ {p}% de tiaj rondoj",
    },
    "review.value": {
        "en": "was [b]a value bet[/]: that hand won about {p}% of rounds like it",
        "eo": "estis [b]valora veto[/]: tiu mano gajnis ĉirkaŭ {p}% de tiaj rondoj",
    },
    "review.worked.you": {
        "en": "It worked: the computer gave in",
        "eo": "Ĝi sukcesis: la komputilo cedis",
    },
    "review.worked.computer": {
        "en": "It worked: you gave in", "eo": "Ĝi sukcesis: vi cedis",
    },
    "review.gave.in.you": {
        "en": "The computer gave in", "eo": "La komputilo cedis",
    },
    "review.gave.in.computer": {"en": "You gave in", "eo": "Vi cedis"},
    "review.stolen.you": {
        "en": " — with those cards you would have lost the round.",
        "eo": " — kun tiuj kartoj vi estus perdinta la rondon.",
    },
    "review.stolen.computer": {
        "en": " — with its cards it would have lost the round.",
        "eo": " — kun siaj kartoj ĝi estus perdinta la rondon.",
    },
    "review.not.stolen.you": {
        "en": " — you would have won the round anyway.",
        "eo": " — vi estus gajninta la rondon ĉiuokaze.",
    },
    "review.not.stolen.computer": {
        "en": " — it would have won the round anyway.",
        "eo": " — ĝi estus gajninta la rondon ĉiuokaze.",
    },
    "review.called.you": {
        "en": "The computer called it (accepted).", "eo": "La komputilo akceptis ĝin.",
    },
    "review.called.computer": {
        "en": "You called it (accepted).", "eo": "Vi akceptis ĝin.",
    },
    "review.unanswered": {"en": "It was never answered.", "eo": "Ĝi neniam ricevis respondon."},
    "review.refusal.wrong": {
        "en": "[b $text-error]Your {what} gave up a round you would have won[/] "
              "(the computer's cards were weaker than yours).",
        "eo": "[b $text-error]Via {what} cedis rondon, kiun vi estus gajninta[/] "
              "(la kartoj de la komputilo estis pli malfortaj ol viaj).",
    },
    "review.refusal.right": {
        "en": "Your {what} was right: you would have lost the round.",
        "eo": "Via {what} estis prava: vi estus perdinta la rondon.",
    },
    "review.refusal.even": {
        "en": "Your {what} cost little: nobody would have won the round.",
        "eo": "Via {what} kostis malmulte: neniu estus gajninta la rondon.",
    },
    "review.what.refuse": {"en": "refusal", "eo": "rifuzo"},
    "review.what.fold": {"en": "fold", "eo": "rezigno"},
    "review.measure": {
        "en": "[dim]A bluff: a raise or rest with under {p}% chance of winning the round, "
              "judged from what the raiser could see.[/]",
        "eo": "[dim]Blufo: altigo aŭ resto kun malpli ol {p}% da ŝanco gajni la rondon, "
              "taksita laŭ tio, kion la altiganto povis vidi.[/]",
    },
    "review.solved.bluff": {
        "en": "was [b $text-warning]a bluff[/]: called, that hand wins {w}% against the hands "
              "the solved player accepts with (the solved player makes this bet here with that "
              "hand {p}% of the time)",
        "eo": "estis [b $text-warning]blufo[/]: akceptita, tiu mano gajnas {w}% kontraŭ la "
              "manoj, kun kiuj la solvita ludanto akceptas (la solvita ludanto faras ĉi tiun "
              "veton ĉi tie kun tiu mano {p}% de la fojoj)",
    },
    "review.solved.value": {
        "en": "was [b]a value bet[/]: called, that hand wins {w}% against the hands the solved "
              "player accepts with (the solved player makes this bet here with that hand {p}% "
              "of the time)",
        "eo": "estis [b]valora veto[/]: akceptita, tiu mano gajnas {w}% kontraŭ la manoj, kun "
              "kiuj la solvita ludanto akceptas (la solvita ludanto faras ĉi tiun veton ĉi tie "
              "kun tiu mano {p}% de la fojoj)",
    },
    "review.solved.answer": {
        "en": "Your {what}: with your hand the solved player accepts here {p}% of the time. "
              "It accepts with {s}% of the hands it could hold; against these raises yours "
              "does better than {b}% of them.",
        "eo": "Via {what}: kun via mano la solvita ludanto akceptas ĉi tie {p}% de la fojoj. "
              "Ĝi akceptas kun {s}% de la manoj, kiujn ĝi povus teni; kontraŭ ĉi tiuj "
              "altigoj via faras pli bone ol {b}% el ili.",
    },
    "review.solved.computer.own": {
        "en": "The computer is not the solved player: it plays its own way, and the expert "
              "leans against habits it has seen in you, so it makes bets the solved player "
              "rarely makes.",
        "eo": "La komputilo ne estas la solvita ludanto: ĝi ludas laŭ sia maniero, kaj la "
              "eksperto profitas de kutimoj, kiujn ĝi vidis ĉe vi, do ĝi faras vetojn, kiujn la "
              "solvita ludanto malofte faras.",
    },
    "review.solved.outside": {
        "en": "Your {what}: the solved player never reaches this spot, so it has no figure "
              "for it.",
        "eo": "Via {what}: la solvita ludanto neniam atingas ĉi tiun situacion, do ĝi ne havas "
              "nombron por ĝi.",
    },
    "review.named.solved.outside": {
        "en": "The {what} by {name}: the solved player never reaches this spot, so it has no "
              "figure for it.",
        "eo": "La {what} de {name}: la solvita ludanto neniam atingas ĉi tiun situacion, do ĝi "
              "ne havas nombron por ĝi.",
    },
    # A verdict from the odds beside an outcome from the cards that disagrees with it.
    "review.bridge.unlucky": {
        "en": "Right decision, unlucky cards: by the odds of what could be seen it was the "
              "right answer; this time the cards fell the other way.",
        "eo": "Prava decido, malbonŝancaj kartoj: laŭ la ŝancoj de tio, kio videblis, ĝi "
              "estis la prava respondo; ĉi-foje la kartoj falis alimaniere.",
    },
    "review.bridge.lucky": {
        "en": "Wrong decision, lucky cards: by the odds of what could be seen it was the "
              "wrong answer; this time the cards made up for it.",
        "eo": "Malprava decido, bonŝancaj kartoj: laŭ la ŝancoj de tio, kio videblis, ĝi "
              "estis la malprava respondo; ĉi-foje la kartoj kompensis tion.",
    },
    "review.bridge.bluff": {
        "en": "A bluff by the odds, lucky cards: this time the hand was better than it "
              "looked.",
        "eo": "Blufo laŭ la ŝancoj, bonŝancaj kartoj: ĉi-foje la mano estis pli bona ol ĝi "
              "ŝajnis.",
    },
    "review.bridge.value": {
        "en": "A value bet by the odds, unlucky cards: this time the hand was worse than it "
              "looked.",
        "eo": "Valora veto laŭ la ŝancoj, malbonŝancaj kartoj: ĉi-foje la mano estis pli "
              "malbona ol ĝi ŝajnis.",
    },
    "review.solved.wrong.call": {
        "en": "[b $text-error]A wrong call.[/]", "eo": "[b $text-error]Malĝusta akcepto.[/]",
    },
    "review.solved.wrong.refusal": {
        "en": "[b $text-error]A wrong refusal.[/]", "eo": "[b $text-error]Malĝusta rifuzo.[/]",
    },
    # An answer the solved player never gives, graded best or correct by its value: the
    # grade's words (grade.best.never), not "a wrong call".
    "review.solved.graded": {"en": "Graded: {grade}.", "eo": "Taksita: {grade}."},
    "review.what.accept": {"en": "call", "eo": "akcepto"},
    "review.solved.measure": {
        "en": "[dim]A bluff: a raise or rest that, called, wins under half the time against the "
              "hands the solved player accepts with. A wrong call or refusal: an answer the "
              "solved player never gives with your hand, graded an inaccuracy or worse; one "
              "it mixes in is no mistake.[/]",
        "eo": "[dim]Blufo: altigo aŭ resto, kiu, akceptita, gajnas malpli ol duonon de la "
              "fojoj kontraŭ la manoj, kun kiuj la solvita ludanto akceptas. Malĝusta akcepto "
              "aŭ rifuzo: respondo, kiun la solvita ludanto neniam donas kun via mano, "
              "taksita malprecizaĵo aŭ pli malbone; tiu, kiun ĝi miksas, ne estas eraro.[/]",
    },
    "review.stats.key": {
        "en": "b: your bluffing in this session", "eo": "b: via blufado en ĉi tiu seanco",
    },
    # -- the review of a game the player did not play in (watched, hot-seat): seats by name -----
    "review.named.hands": {
        "en": "Cards of {a}: {ca} · of {b}: {cb}", "eo": "Kartoj de {a}: {ca} · de {b}: {cb}",
    },
    "review.named.redealt": {
        "en": "[dim](after the redeal; first dealt: {a} {ca}, {b} {cb})[/]",
        "eo": "[dim](post la redisdono; unue disdonitaj: {a} {ca}, {b} {cb})[/]",
    },
    "review.named.bet.raise": {
        "en": "The raise to {n} by {name} (trick {trick})",
        "eo": "La altigo al {n} de {name} (truko {trick})",
    },
    "review.named.bet.rest": {
        "en": "The “Mia resto” by {name} (trick {trick})",
        "eo": "La “Mia resto” de {name} (truko {trick})",
    },
    "review.named.worked": {
        "en": "It worked: {name} gave in", "eo": "Ĝi sukcesis: {name} cedis",
    },
    "review.named.gave.in": {"en": "{name} gave in", "eo": "{name} cedis"},
    "review.named.stolen": {
        "en": " — with those cards {name} would have lost the round.",
        "eo": " — kun tiuj kartoj {name} estus perdinta la rondon.",
    },
    "review.named.not.stolen": {
        "en": " — {name} would have won the round anyway.",
        "eo": " — {name} estus gajninta la rondon ĉiuokaze.",
    },
    "review.named.called": {
        "en": "{name} called it (accepted).", "eo": "{name} akceptis ĝin.",
    },
    "review.named.answer": {
        "en": "The {what} by {name}: with that hand the solved player accepts here {p}% of the "
              "time. It accepts with {s}% of the hands it could hold; against these raises "
              "that hand does better than {b}% of them.",
        "eo": "La {what} de {name}: kun tiu mano la solvita ludanto akceptas ĉi tie {p}% de la "
              "fojoj. Ĝi akceptas kun {s}% de la manoj, kiujn ĝi povus teni; kontraŭ ĉi tiuj "
              "altigoj tiu mano faras pli bone ol {b}% el ili.",
    },
    "review.named.refusal.wrong": {
        "en": "[b $text-error]The {what} by {name} gave up a round {name} would have won[/] "
              "(the cards of {other} were weaker).",
        "eo": "[b $text-error]La {what} de {name} cedis rondon, kiun {name} estus gajninta[/] "
              "(la kartoj de {other} estis pli malfortaj).",
    },
    "review.named.refusal.right": {
        "en": "The {what} by {name} was right: {name} would have lost the round.",
        "eo": "La {what} de {name} estis prava: {name} estus perdinta la rondon.",
    },
    "review.named.refusal.even": {
        "en": "The {what} by {name} cost little: nobody would have won the round.",
        "eo": "La {what} de {name} kostis malmulte: neniu estus gajninta la rondon.",
    },
    "review.named.solved.measure": {
        "en": "[dim]A bluff: a raise or rest that, called, wins under half the time against the "
              "hands the solved player accepts with. A wrong call or refusal: an answer the "
              "solved player never gives with that hand; one it mixes in is no mistake.[/]",
        "eo": "[dim]Blufo: altigo aŭ resto, kiu, akceptita, gajnas malpli ol duonon de la "
              "fojoj kontraŭ la manoj, kun kiuj la solvita ludanto akceptas. Malĝusta akcepto "
              "aŭ rifuzo: respondo, kiun la solvita ludanto neniam donas kun tiu mano; tiu, "
              "kiun ĝi miksas, ne estas eraro.[/]",
    },
    # -- bluff statistics ----------------------------------------------------------------------
    "bluffs.title": {"en": "Your bluffing this session", "eo": "Via blufado en ĉi tiu seanco"},
    "bluffs.empty": {
        "en": "No practice round of Le Truc finished yet in this session.",
        "eo": "Ankoraŭ neniu ekzerca rondo de Le Truc finiĝis en ĉi tiu seanco.",
    },
    "bluffs.rounds": {"en": "rounds reviewed", "eo": "analizitaj rondoj"},
    "bluffs.my.bets": {"en": "your raises and rests", "eo": "viaj altigoj kaj restoj"},
    "bluffs.my.bluffs": {"en": "… of them bluffs", "eo": "… el ili blufoj"},
    "bluffs.my.worked": {"en": "your bluffs that worked", "eo": "viaj sukcesaj blufoj"},
    "bluffs.their.bluffs": {"en": "the computer's bluffs", "eo": "la blufoj de la komputilo"},
    "bluffs.close": {"en": "Close (Esc)", "eo": "Fermi (Esc)"},
    # Short enough for the statistics' table at 80 columns in both languages (B2).
}
