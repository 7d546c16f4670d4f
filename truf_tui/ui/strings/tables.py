"""Texts of the card tables, the round summary and the results screens (en + eo).

Placeholders in braces are filled by ``tr``; card placeholders receive small coloured card
chips.  The Esperanto game words follow the in-app help: trufo, trufego, trufkesto, talono,
tablo; truko, difektita truko, veto, altigi, rifuzi, rezigni, redisdono.
"""

STRINGS: dict[str, dict[str, str]] = {
    # -- both tables -------------------------------------------------------------------------
    "tbl.you": {"en": "You", "eo": "Vi"},
    "tbl.computer": {"en": "Computer", "eo": "Komputilo"},
    "tbl.dealer.chip": {"en": "[$text-accent]◆ dealer[/]", "eo": "[$text-accent]◆ disdonanto[/]"},
    "tbl.thinking": {"en": "thinking…", "eo": "pensas…"},
    "tbl.wait": {
        "en": "Please wait: it is the computer's turn.",
        "eo": "Bonvolu atendi: estas la vico de la komputilo.",
    },
    "tbl.illegal": {
        "en": "“{move}” is not allowed now; nothing was played.",
        "eo": "“{move}” ne estas permesata nun; nenio estis ludita.",
    },
    "tbl.log.title": {"en": "Moves", "eo": "Movoj"},
    # a move in the log, the replay and the examples, after the mover's name (T11 stays in
    # the records)
    "move.f.throw": {"en": "{card} onto the table", "eo": "{card} sur la tablon"},
    "move.f.take": {"en": "{card} takes {take}", "eo": "{card} prenas {take}"},
    "move.t.play": {"en": "{card}", "eo": "{card}"},
    "move.t.raise": {"en": "“2 pli?” (stake {n})", "eo": "“2 pli?” (veto {n})"},
    "move.t.rest": {"en": "“Mia resto!”", "eo": "“Mia resto!”"},
    "move.t.redeal": {"en": "“Shall we redeal?”", "eo": "“Ĉu ni redisdonu?”"},
    "move.t.accept.raise": {"en": "“I accept.”", "eo": "“Mi akceptas.”"},
    "move.t.accept.rest": {"en": "“I accept the rest.”", "eo": "“Mi akceptas la reston.”"},
    "move.t.accept.redeal": {"en": "“Let's redeal.”", "eo": "“Ni redisdonu.”"},
    "move.t.refuse.raise": {"en": "“I refuse.”", "eo": "“Mi rifuzas.”"},
    "move.t.refuse.rest": {"en": "“I refuse the rest.”", "eo": "“Mi rifuzas la reston.”"},
    "move.t.refuse.redeal": {"en": "“No redeal.”", "eo": "“Ni ne redisdonu.”"},
    "move.t.fold": {"en": "“I fold.”", "eo": "“Mi rezignas.”"},
    "tbl.key.play": {"en": "Play a card", "eo": "Ludi karton"},
    "tbl.key.select": {"en": "Select", "eo": "Elekti"},
    "tbl.key.log": {"en": "Moves", "eo": "Movoj"},
    "tbl.key.menu": {"en": "Menu", "eo": "Menuo"},
    "tbl.key.count": {"en": "Count", "eo": "Nombri"},
    # -- Trufludo ----------------------------------------------------------------------------
    "tbl.f.scorebar": {
        "en": "[b]Trufludo[/]   You [b]{you}[/] : [b]{computer}[/] Computer"
              "   Stock {stock}   [dim]{variant}[/]",
        "eo": "[b]Trufludo[/]   Vi [b]{you}[/] : [b]{computer}[/] Komputilo"
              "   Talono {stock}   [dim]{variant}[/]",
    },
    "tbl.f.deck.french": {"en": "French pack", "eo": "franca kartaro"},
    "tbl.f.deck.italian": {"en": "Italian pack", "eo": "itala kartaro"},
    "tbl.f.capture.optional": {"en": "capturing optional", "eo": "preno nedeviga"},
    "tbl.f.leftover.last": {
        "en": "leftovers to the last taker", "eo": "restaĵoj al la lasta prenanto",
    },
    "tbl.f.stock": {"en": "Stock · {n}", "eo": "Talono · {n}"},
    "tbl.f.table": {"en": "Table · {n}", "eo": "Tablo · {n}"},
    "tbl.f.pile.you": {"en": "Your trufkesto", "eo": "Via trufkesto"},
    "tbl.f.pile.computer": {"en": "Computer's trufkesto", "eo": "Ĝia trufkesto"},
    "tbl.f.pile.cards": {"en": "{n} cards", "eo": "{n} kartoj"},
    "tbl.f.pile.trufegoj": {"en": "trufegoj {n}", "eo": "trufegoj {n}"},
    "tbl.f.pile.score": {"en": "[b]score {n}[/]", "eo": "[b]poentoj {n}[/]"},
    # The cards counted by suit (c): what the player has seen of each suit (F1: only the
    # suit counts); the unseen ones are in the other hand or the stock.
    "tbl.f.count.title": {"en": "Cards by suit", "eo": "Kartoj laŭ emblemo"},
    "tbl.f.count.taken": {"en": "taken", "eo": "prenitaj"},
    "tbl.f.count.table": {"en": "on table", "eo": "surtablaj"},
    "tbl.f.count.hand": {"en": "your hand", "eo": "via mano"},
    "tbl.f.count.unseen": {"en": "unseen", "eo": "nevidataj"},
    "tbl.f.note.throw": {"en": "throw", "eo": "ĵeto"},
    "tbl.f.note.take": {"en": "take", "eo": "preno"},
    "tbl.f.note.choose": {"en": "choose", "eo": "elektu"},
    "tbl.f.note.trufego": {"en": "trufego", "eo": "trufego"},
    "tbl.f.prompt.yours": {
        "en": "[b]Your turn[/]: play a card ({keys}, or ←/→ and Enter, or a click).",
        "eo": "[b]Via vico[/]: ludu karton ({keys}, aŭ ←/→ kaj Enter, aŭ klako).",
    },
    "tbl.f.prompt.again": {
        "en": "[b]You play again[/]: throw a card onto the empty table (rule F8).",
        "eo": "[b]Vi denove ludas[/]: ĵetu karton sur la malplenan tablon (regulo F8).",
    },
    "tbl.prompt.next": {"en": "Your turn next.", "eo": "Poste via vico."},
    "tbl.f.prompt.computer": {
        "en": "The computer's turn.", "eo": "La vico de la komputilo.",
    },
    "tbl.f.prompt.over": {"en": "The game is over.", "eo": "La ludo finiĝis."},
    "tbl.f.would.throw": {
        "en": "{card} takes nothing: it goes onto the table.",
        "eo": "{card} prenas nenion: ĝi iras sur la tablon.",
    },
    "tbl.f.would.take": {"en": "{card} takes {take}.", "eo": "{card} prenas {take}."},
    "tbl.f.would.trufego": {
        "en": "{card} takes {take}, the only card on the table: a trufego!",
        "eo": "{card} prenas {take}, la solan tablokarton: trufego!",
    },
    "tbl.f.would.choose": {
        "en": "{card} can take {takes}: you choose which.",
        "eo": "{card} povas preni {takes}: vi elektas kiun.",
    },
    "tbl.f.ev.throw.you": {
        "en": "You threw {card} onto the table.", "eo": "Vi ĵetis {card} sur la tablon.",
    },
    "tbl.f.ev.throw.computer": {
        "en": "The computer threw {card} onto the table.",
        "eo": "La komputilo ĵetis {card} sur la tablon.",
    },
    "tbl.f.ev.take.you": {
        "en": "You take {take} with {card}.", "eo": "Vi prenas {take} per {card}.",
    },
    "tbl.f.ev.take.computer": {
        "en": "The computer takes {take} with {card}.",
        "eo": "La komputilo prenas {take} per {card}.",
    },
    "tbl.f.ev.trufego.you": {
        "en": "[b]Trufego![/] You take {take}, the only card on the table, with {card}.",
        "eo": "[b]Trufego![/] Vi prenas {take}, la solan tablokarton, per {card}.",
    },
    "tbl.f.ev.trufego.computer": {
        "en": "[b]Trufego for the computer![/] It takes {take}, the only card on the table, with "
              "{card}.",
        "eo": "[b]Trufego por la komputilo![/] Ĝi prenas {take}, la solan tablokarton, per "
              "{card}.",
    },
    "tbl.f.ev.deal": {
        "en": "New deal: three cards each ({n} left in the stock).",
        "eo": "Nova disdono: po tri kartoj ({n} restas en la talono).",
    },
    "tbl.f.banner.title": {
        "en": "[b]★  T R U F E G O !  ★[/]", "eo": "[b]★  T R U F E G O !  ★[/]",
    },
    "tbl.f.banner.you": {
        "en": "You took {card}, the only card on the table: it counts double.\n"
              "[b]You play again[/]: throw a card onto the empty table.",
        "eo": "Vi prenis {card}, la solan tablokarton: ĝi valoras duoble.\n"
              "[b]Vi denove ludas[/]: ĵetu karton sur la malplenan tablon.",
    },
    "tbl.f.banner.computer": {
        "en": "The computer took {card}, the only card on the table: it counts double.\n"
              "[b]The computer plays again[/] and throws a card onto the empty table.",
        "eo": "La komputilo prenis {card}, la solan tablokarton: ĝi valoras duoble.\n"
              "[b]La komputilo denove ludas[/] kaj ĵetas karton sur la malplenan tablon.",
    },
    "tbl.f.log.trufego": {
        "en": "★ trufego: the same player again (rule F8)",
        "eo": "★ trufego: la sama ludanto denove (regulo F8)",
    },
    "tbl.f.log.deal": {"en": "new deal, stock {n}", "eo": "nova disdono, talono {n}"},
    "tbl.f.choose.title": {
        "en": "Which card does {card} take?", "eo": "Kiun karton prenu {card}?",
    },
    "tbl.f.choose.keys": {
        "en": "[dim]1–{n} or ←/→ and Enter · a click · Esc: back[/]",
        "eo": "[dim]1–{n} aŭ ←/→ kaj Enter · klako · Esc: reen[/]",
    },
    # -- Le Truc -----------------------------------------------------------------------------
    "tbl.t.scorebar": {
        "en": "[b]Le Truc[/]   You [b]{you}[/] {you_pips}   Computer [b]{computer}[/] "
              "{computer_pips}   to {target}   round {round}",
        "eo": "[b]Le Truc[/]   Vi [b]{you}[/] {you_pips}   Komputilo [b]{computer}[/] "
              "{computer_pips}   ĝis {target}   rondo {round}",
    },
    "tbl.t.btn.raise": {"en": "2 pli?", "eo": "2 pli?"},
    "tbl.t.btn.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "tbl.t.btn.accept": {"en": "Accept", "eo": "Akcepti"},
    "tbl.t.btn.refuse": {"en": "Refuse", "eo": "Rifuzi"},
    "tbl.t.btn.redeal": {"en": "Redeal", "eo": "Redisdono"},
    "tbl.t.btn.fold": {"en": "Fold", "eo": "Rezigni"},
    "tbl.t.speech.title": {"en": "Computer says", "eo": "Komputilo diras"},
    "tbl.t.stake.title": {"en": "Stake", "eo": "Veto"},
    "tbl.t.stake.points": {"en": "{n} pt", "eo": "{n} p."},
    "tbl.t.stake.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "tbl.t.stake.game": {"en": "for the game", "eo": "por la ludo"},
    # the replay's round line during an accepted rest (T8), in place of the points
    "replay.t.stake.rest": {"en": "Mia resto (for the game)", "eo": "Mia resto (por la ludo)"},
    "tbl.t.stake.asked": {"en": "asked: {n}?", "eo": "petita: {n}?"},
    "tbl.t.stake.rest.asked": {"en": "asked: the game?", "eo": "petita: la ludo?"},
    "tbl.t.stake.redeal.asked": {"en": "redeal asked", "eo": "redisdono petita"},
    "tbl.t.trick.current": {"en": "Trick {n}", "eo": "Truko {n}"},
    "tbl.t.tricks.title": {"en": "This round", "eo": "Ĉi tiu rondo"},
    "tbl.t.trick.n": {"en": "{n}.", "eo": "{n}."},
    "tbl.t.trick.round": {"en": "Round {n}:", "eo": "Rondo {n}:"},
    "tbl.t.vs": {"en": "vs", "eo": "kontraŭ"},
    "tbl.t.trick.won": {"en": "[b $text-success]won ✓[/]", "eo": "[b $text-success]gajnita ✓[/]"},
    "tbl.t.trick.lost": {"en": "[b $text-error]lost ✗[/]", "eo": "[b $text-error]perdita ✗[/]"},
    "tbl.t.trick.spoiled": {
        "en": "[b $text-warning]spoiled ≈[/]", "eo": "[b $text-warning]difektita ≈[/]",
    },
    "tbl.t.ranks": {
        "en": "high → low: 7 8 A K Q J 10 9", "eo": "alta → malalta: 7 8 A K Q J 10 9",
    },
    "tbl.t.prompt.lead": {
        "en": "[b]Your turn[/]: lead a card ({keys}), or use a button below.",
        "eo": "[b]Via vico[/]: komencu la trukon per karto ({keys}), aŭ uzu butonon sube.",
    },
    "tbl.t.prompt.answer": {
        "en": "[b]Your turn[/]: answer {card} with a card ({keys}), or use a button below.",
        "eo": "[b]Via vico[/]: respondu al {card} per karto ({keys}), aŭ uzu butonon sube.",
    },
    "tbl.t.prompt.computer": {
        "en": "The computer's turn.", "eo": "La vico de la komputilo.",
    },
    "tbl.t.prompt.waiting.raise": {
        "en": "You asked “2 pli?”: waiting for the computer's answer.",
        "eo": "Vi demandis “2 pli?”: atendante la respondon de la komputilo.",
    },
    "tbl.t.prompt.waiting.rest": {
        "en": "You declared “Mia resto”: waiting for the computer's answer.",
        "eo": "Vi deklaris “Mia resto”: atendante la respondon de la komputilo.",
    },
    "tbl.t.prompt.waiting.redeal": {
        "en": "You proposed a redeal: waiting for the computer's answer.",
        "eo": "Vi proponis redisdonon: atendante la respondon de la komputilo.",
    },
    "tbl.t.prompt.over": {"en": "The game is over.", "eo": "La ludo finiĝis."},
    "tbl.t.q.raise": {
        "en": "[b]The computer asks “2 pli?”[/] — play this round for {new} instead of {old}?"
              "  [b]a[/] accept · [b]x[/] refuse (it scores {old}) · [b]f[/] fold",
        "eo": "[b]La komputilo demandas “2 pli?”[/] — ĉu ludi ĉi tiun rondon por {new} anstataŭ "
              "{old}?  [b]a[/] akcepti · [b]x[/] rifuzi (ĝi gajnas {old}) · [b]f[/] rezigni",
    },
    "tbl.t.q.rest": {
        "en": "[b]The computer says “Mia resto”[/] — whoever wins this round wins the game."
              "  [b]a[/] accept · [b]x[/] refuse (it scores {old})",
        "eo": "[b]La komputilo diras “Mia resto”[/] — kiu gajnas ĉi tiun rondon, gajnas la "
              "ludon.  [b]a[/] akcepti · [b]x[/] rifuzi (ĝi gajnas {old})",
    },
    "tbl.t.q.rest.game": {
        "en": "[b]The computer says “Mia resto”[/] — whoever wins this round wins the game."
              "  [b]a[/] accept · [b]x[/] refuse (it wins the game)",
        "eo": "[b]La komputilo diras “Mia resto”[/] — kiu gajnas ĉi tiun rondon, gajnas la "
              "ludon.  [b]a[/] akcepti · [b]x[/] rifuzi (ĝi gajnas la ludon)",
    },
    "tbl.t.q.redeal": {
        "en": "[b]The computer proposes a redeal[/]: both hands are put away and new cards "
              "dealt.  [b]a[/] accept · [b]x[/] refuse",
        "eo": "[b]La komputilo proponas redisdonon[/]: ambaŭ manoj estas forigitaj kaj novaj "
              "kartoj disdonitaj.  [b]a[/] akcepti · [b]x[/] rifuzi",
    },
    "tbl.t.why.over": {"en": "The game is over.", "eo": "La ludo finiĝis."},
    # -- take-backs (practice, issue 38 item 3) ---------------------------------------------
    "tbl.t.key.takeback": {"en": "Take back", "eo": "Malfari"},
    "tbl.t.takeback.practice": {
        "en": "Taking a decision back is for practice games against the computer only.",
        "eo": "Malfari decidon eblas nur en ekzercaj ludoj kontraŭ la komputilo.",
    },
    "tbl.t.takeback.busy": {
        "en": "Wait a moment: the trick is still on show.",
        "eo": "Atendu momenton: la preno ankoraŭ montriĝas.",
    },
    "tbl.t.takeback.ended": {
        "en": "A finished round stays as played (its next deal is already agreed): "
              "nothing of this round to take back yet.",
        "eo": "Finita rondo restas kiel ludita (ĝia sekva disdono jam estas interkonsentita): "
              "ankoraŭ nenio de ĉi tiu rondo malfarebla.",
    },
    "tbl.t.takeback.none": {
        "en": "You have made no decision in this round yet: nothing to take back.",
        "eo": "Vi ankoraŭ faris neniun decidon en ĉi tiu rondo: nenio malfarebla.",
    },
    "tbl.t.takeback.working": {
        "en": "↶ {what} taken back: grading it… Choose again.",
        "eo": "↶ {what} malfarita: mi taksas ĝin… Elektu denove.",
    },
    "tbl.t.takeback.cost": {
        "en": "↶ {what} taken back: {grade}; it cost {cost} (best: {best}). Choose again.",
        "eo": "↶ {what} malfarita: {grade}; ĝi kostis {cost} (plej bona: {best}). "
              "Elektu denove.",
    },
    "tbl.t.takeback.graded": {
        "en": "↶ {what} taken back: {grade}; it cost nothing. Choose again.",
        "eo": "↶ {what} malfarita: {grade}; ĝi kostis nenion. Elektu denove.",
    },
    "tbl.t.takeback.nochoice": {
        "en": "↶ {what} taken back: there was no real choice to grade. Choose again.",
        "eo": "↶ {what} malfarita: estis neniu vera elekto taksebla. Elektu denove.",
    },
    "tbl.t.takeback.failed": {
        "en": "↶ {what} taken back: it could not be graded this time. Choose again.",
        "eo": "↶ {what} malfarita: ĝi ne povis esti taksata ĉi-foje. Elektu denove.",
    },
    "tbl.t.why.nothing": {
        "en": "There is no question to answer now.", "eo": "Nun estas neniu demando respondenda.",
    },
    "tbl.t.why.answer": {
        "en": "First answer the computer: a accept, x refuse (or f fold).",
        "eo": "Unue respondu al la komputilo: a akcepti, x rifuzi (aŭ f rezigni).",
    },
    "tbl.t.why.rest": {
        "en": "No raise after an accepted “Mia resto”: this round already decides the game.",
        "eo": "Neniu altigo post akceptita “Mia resto”: ĉi tiu rondo jam decidas la ludon.",
    },
    "tbl.t.why.alternate": {
        "en": "Raises alternate: the last accepted raise was yours (rule T7).",
        "eo": "Altigoj alternas: la lasta akceptita altigo estis via (regulo T7).",
    },
    "tbl.t.why.cap": {
        "en": "The stake already covers what is needed to win the game (rule T7).",
        "eo": "La veto jam kovras tion, kio necesas por gajni la ludon (regulo T7).",
    },
    "tbl.t.why.dealer": {
        "en": "Only the non-dealer may propose a redeal (rule T3).",
        "eo": "Nur la nedisdonanto rajtas proponi redisdonon (regulo T3).",
    },
    "tbl.t.why.once": {
        "en": "A redeal may be proposed only once a round (rule T3).",
        "eo": "Redisdono estas proponebla nur unufoje por rondo (regulo T3).",
    },
    "tbl.t.why.late": {
        "en": "A redeal is only possible before the first card and before any raise (rule T3).",
        "eo": "Redisdono eblas nur antaŭ la unua karto kaj antaŭ ĉia altigo (regulo T3).",
    },
    "tbl.t.ev.lead.you": {"en": "You lead {card}.", "eo": "Vi elludas {card}."},
    "tbl.t.ev.lead.computer": {
        "en": "The computer leads {card}.", "eo": "La komputilo elludas {card}.",
    },
    "tbl.t.ev.answer.you": {
        "en": "You answer {lead} with {card}.", "eo": "Vi respondas al {lead} per {card}.",
    },
    "tbl.t.ev.answer.computer": {
        "en": "The computer answers {lead} with {card}.",
        "eo": "La komputilo respondas al {lead} per {card}.",
    },
    "tbl.t.ev.trick.won": {"en": "You win the trick.", "eo": "Vi gajnas la trukon."},
    "tbl.t.ev.trick.lost": {
        "en": "The computer wins the trick.", "eo": "La komputilo gajnas la trukon.",
    },
    "tbl.t.ev.trick.spoiled": {
        "en": "Equal ranks: the trick is spoiled (rule T5).",
        "eo": "Egalaj rangoj: la truko estas difektita (regulo T5).",
    },
    "tbl.t.ev.raise.you": {
        "en": "You asked “2 pli?” (stake {n}).", "eo": "Vi demandis “2 pli?” (veto {n}).",
    },
    "tbl.t.ev.raise.computer": {
        "en": "The computer asks “2 pli?” (stake {n}).",
        "eo": "La komputilo demandas “2 pli?” (veto {n}).",
    },
    "tbl.t.ev.rest.you": {"en": "You declared “Mia resto”.", "eo": "Vi deklaris “Mia resto”."},
    "tbl.t.ev.rest.computer": {
        "en": "The computer declares “Mia resto”.", "eo": "La komputilo deklaras “Mia resto”.",
    },
    "tbl.t.ev.redeal.you": {"en": "You proposed a redeal.", "eo": "Vi proponis redisdonon."},
    "tbl.t.ev.redeal.computer": {
        "en": "The computer proposes a redeal.", "eo": "La komputilo proponas redisdonon.",
    },
    "tbl.t.ev.accept.raise.you": {
        "en": "You accepted: the stake is {n}.", "eo": "Vi akceptis: la veto estas {n}.",
    },
    "tbl.t.ev.accept.raise.computer": {
        "en": "The computer accepts: the stake is {n}.",
        "eo": "La komputilo akceptas: la veto estas {n}.",
    },
    "tbl.t.ev.accept.rest.you": {
        "en": "You accepted the rest: this round decides the game.",
        "eo": "Vi akceptis la reston: ĉi tiu rondo decidas la ludon.",
    },
    "tbl.t.ev.accept.rest.computer": {
        "en": "The computer accepts the rest: this round decides the game.",
        "eo": "La komputilo akceptas la reston: ĉi tiu rondo decidas la ludon.",
    },
    "tbl.t.ev.accept.redeal.you": {
        "en": "You accepted the redeal: new cards for both.",
        "eo": "Vi akceptis la redisdonon: novaj kartoj por ambaŭ.",
    },
    "tbl.t.ev.accept.redeal.computer": {
        "en": "The computer accepts the redeal: new cards for both.",
        "eo": "La komputilo akceptas la redisdonon: novaj kartoj por ambaŭ.",
    },
    # T3, T7, T8: what was refused and what it scored
    "tbl.t.ev.refuse.redeal.you": {
        "en": "You refused the redeal: the cards stay as they are (rule T3).",
        "eo": "Vi rifuzis la redisdonon: la kartoj restas kiel ili estas (regulo T3).",
    },
    "tbl.t.ev.refuse.redeal.computer": {
        "en": "The computer refuses the redeal: the cards stay as they are (rule T3).",
        "eo": "La komputilo rifuzas la redisdonon: la kartoj restas kiel ili estas (regulo T3).",
    },
    "tbl.t.ev.refuse.raise.you": {
        "en": "You refused the raise to {n}: the computer scores {m}.",
        "eo": "Vi rifuzis la altigon al {n}: la komputilo gajnas {m}.",
    },
    "tbl.t.ev.refuse.raise.computer": {
        "en": "The computer refuses your raise to {n}: you score {m}.",
        "eo": "La komputilo rifuzas vian altigon al {n}: vi gajnas {m}.",
    },
    "tbl.t.ev.refuse.rest.you": {
        "en": "You refused the “Mia resto”: the computer scores {m}.",
        "eo": "Vi rifuzis la “Mia resto”: la komputilo gajnas {m}.",
    },
    "tbl.t.ev.refuse.rest.computer": {
        "en": "The computer refuses your “Mia resto”: you score {m}.",
        "eo": "La komputilo rifuzas vian “Mia resto”: vi gajnas {m}.",
    },
    "tbl.t.ev.refuse.rest.game.you": {
        "en": "You refused the “Mia resto”: the computer wins the game.",
        "eo": "Vi rifuzis la “Mia resto”: la komputilo gajnas la ludon.",
    },
    "tbl.t.ev.refuse.rest.game.computer": {
        "en": "The computer refuses your “Mia resto”: you win the game.",
        "eo": "La komputilo rifuzas vian “Mia resto”: vi gajnas la ludon.",
    },
    "tbl.t.ev.fold.you": {"en": "You folded.", "eo": "Vi rezignis."},
    "tbl.t.ev.fold.computer": {"en": "The computer folds.", "eo": "La komputilo rezignas."},
    "tbl.t.say.play": {"en": "plays {card}", "eo": "ludas {card}"},
    "tbl.t.say.raise": {"en": "[b]“2 pli?”[/]", "eo": "[b]“2 pli?”[/]"},
    "tbl.t.say.rest": {"en": "[b]“Mia resto!”[/]", "eo": "[b]“Mia resto!”[/]"},
    "tbl.t.say.redeal": {"en": "“Shall we redeal?”", "eo": "“Ĉu ni redisdonu?”"},
    "tbl.t.say.accept.raise": {"en": "“I accept.”", "eo": "“Mi akceptas.”"},
    "tbl.t.say.accept.rest": {"en": "“I accept the rest.”", "eo": "“Mi akceptas la reston.”"},
    "tbl.t.say.accept.redeal": {"en": "“Let's redeal.”", "eo": "“Ni redisdonu.”"},
    "tbl.t.say.refuse": {"en": "“I refuse.”", "eo": "“Mi rifuzas.”"},
    "tbl.t.say.fold": {"en": "“I fold.”", "eo": "“Mi rezignas.”"},
    "tbl.t.fold.title": {"en": "Fold this round?", "eo": "Ĉu rezigni pri ĉi tiu rondo?"},
    "tbl.t.fold.message": {
        "en": "The computer scores the stake: {n}.", "eo": "La komputilo gajnas la veton: {n}.",
    },
    "tbl.t.fold.game": {
        "en": "The whole game is at stake: folding concedes it.",
        "eo": "La tuta ludo estas vetita: rezigni signifas cedi ĝin.",
    },
    "tbl.t.fold.yes": {"en": "Fold (y)", "eo": "Rezigni (y)"},
    "tbl.t.fold.no": {"en": "Keep playing (n)", "eo": "Plu ludi (n)"},
    "tbl.t.log.round": {
        "en": "— round {n}, dealer: {dealer} —", "eo": "— rondo {n}, disdonanto: {dealer} —",
    },
    # -- Truc round summary ------------------------------------------------------------------
    "tbl.t.round.you": {"en": "Round {n}: you win", "eo": "Rondo {n}: vi gajnas"},
    "tbl.t.round.computer": {
        "en": "Round {n}: the computer wins", "eo": "Rondo {n}: la komputilo gajnas",
    },
    "tbl.t.round.nobody": {"en": "Round {n}: nobody scores", "eo": "Rondo {n}: neniu gajnas"},
    "tbl.t.how.tricks.you": {
        "en": "You won the tricks, {won} to {lost}.",
        "eo": "Vi gajnis la trukojn, {won} kontraŭ {lost}.",
    },
    "tbl.t.how.tricks.computer": {
        "en": "The computer won the tricks, {won} to {lost}.",
        "eo": "La komputilo gajnis la trukojn, {won} kontraŭ {lost}.",
    },
    # T6: one trick each and the third spoiled; or one won trick, the others spoiled
    "tbl.t.how.earlier.you": {
        "en": "One trick each, and trick {spoiled} was spoiled: the earlier won trick "
              "decides, and you won it (trick {first}; rule T6).",
        "eo": "Po unu truko, kaj la truko {spoiled} estis difektita: decidas la pli frue "
              "gajnita truko, kaj vi gajnis ĝin (la truko {first}; regulo T6).",
    },
    "tbl.t.how.earlier.computer": {
        "en": "One trick each, and trick {spoiled} was spoiled: the earlier won trick "
              "decides, and the computer won it (trick {first}; rule T6).",
        "eo": "Po unu truko, kaj la truko {spoiled} estis difektita: decidas la pli frue "
              "gajnita truko, kaj la komputilo gajnis ĝin (la truko {first}; regulo T6).",
    },
    "tbl.t.how.unspoiled.you": {
        "en": "You won trick {n}, and every other trick played was spoiled: the won trick "
              "decides (rule T6).",
        "eo": "Vi gajnis la trukon {n}, kaj ĉiu alia ludita truko estis difektita: la "
              "gajnita truko decidas (regulo T6).",
    },
    "tbl.t.how.unspoiled.computer": {
        "en": "The computer won trick {n}, and every other trick played was spoiled: the won "
              "trick decides (rule T6).",
        "eo": "La komputilo gajnis la trukon {n}, kaj ĉiu alia ludita truko estis "
              "difektita: la gajnita truko decidas (regulo T6).",
    },
    # T7, T8: what was refused and what the refusal scored
    "tbl.t.how.refused.raise.you": {
        "en": "The computer refused your raise to {n}: you score the stake before it, {m} "
              "(rule T7).",
        "eo": "La komputilo rifuzis vian altigon al {n}: vi gajnas la veton antaŭ ĝi, {m} "
              "(regulo T7).",
    },
    "tbl.t.how.refused.raise.computer": {
        "en": "You refused the computer's raise to {n}: it scores the stake before it, {m} "
              "(rule T7).",
        "eo": "Vi rifuzis la altigon al {n} de la komputilo: ĝi gajnas la veton antaŭ ĝi, "
              "{m} (regulo T7).",
    },
    "tbl.t.how.refused.rest.you": {
        "en": "The computer refused your “Mia resto”: you score the stake before it, {m} "
              "(rule T8).",
        "eo": "La komputilo rifuzis vian “Mia resto”: vi gajnas la veton antaŭ ĝi, {m} "
              "(regulo T8).",
    },
    "tbl.t.how.refused.rest.computer": {
        "en": "You refused the computer's “Mia resto”: it scores the stake before it, {m} "
              "(rule T8).",
        "eo": "Vi rifuzis la “Mia resto” de la komputilo: ĝi gajnas la veton antaŭ ĝi, {m} "
              "(regulo T8).",
    },
    "tbl.t.how.refused.rest.game.you": {
        "en": "The computer refused your “Mia resto”: you win the game (rule T8).",
        "eo": "La komputilo rifuzis vian “Mia resto”: vi gajnas la ludon (regulo T8).",
    },
    "tbl.t.how.refused.rest.game.computer": {
        "en": "You refused the computer's “Mia resto”: it wins the game (rule T8).",
        "eo": "Vi rifuzis la “Mia resto” de la komputilo: ĝi gajnas la ludon (regulo T8).",
    },
    "tbl.t.how.refused.you": {
        "en": "The computer refused your proposal.", "eo": "La komputilo rifuzis vian proponon.",
    },
    "tbl.t.how.refused.computer": {
        "en": "You refused the computer's proposal.",
        "eo": "Vi rifuzis la proponon de la komputilo.",
    },
    "tbl.t.how.fold.you": {"en": "The computer folded.", "eo": "La komputilo rezignis."},
    "tbl.t.how.fold.computer": {"en": "You folded.", "eo": "Vi rezignis."},
    "tbl.t.how.spoiled": {
        "en": "All three tricks were spoiled (rule T6).",
        "eo": "Ĉiuj tri trukoj estis difektitaj (regulo T6).",
    },
    "tbl.t.points.you": {"en": "[b]+{n}[/] for you", "eo": "[b]+{n}[/] por vi"},
    "tbl.t.points.computer": {
        "en": "[b]+{n}[/] for the computer", "eo": "[b]+{n}[/] por la komputilo",
    },
    "tbl.t.points.game.you": {
        "en": "[b]+{n}[/] for you: the game (Mia resto)",
        "eo": "[b]+{n}[/] por vi: la ludo (Mia resto)",
    },
    "tbl.t.points.game.computer": {
        "en": "[b]+{n}[/] for the computer: the game (Mia resto)",
        "eo": "[b]+{n}[/] por la komputilo: la ludo (Mia resto)",
    },
    "tbl.t.points.none": {"en": "No points.", "eo": "Neniuj poentoj."},
    "tbl.t.score.line": {
        "en": "Score: you [b]{you}[/], computer [b]{computer}[/] (first to {target})",
        "eo": "Poentoj: vi [b]{you}[/], komputilo [b]{computer}[/] (la unua, kiu atingas {target})",
    },
    "tbl.t.deal.verified": {
        "en": "[$text-success]✓[/] Deal {n} verified: shuffled from both seeds, as committed.",
        "eo": "[$text-success]✓[/] Disdono {n} kontrolita: miksita el ambaŭ semoj, kiel promesite.",
    },
    "tbl.t.deal.bad": {
        "en": "[b $text-error]✗ DEAL {n} NOT VERIFIED:[/] [$text-error]{why}[/]",
        "eo": "[b $text-error]✗ DISDONO {n} NE KONTROLITA:[/] [$text-error]{why}[/]",
    },
    "tbl.t.next.dealer.you": {
        "en": "Next round: you deal.", "eo": "Sekva rondo: vi disdonas.",
    },
    "tbl.t.next.dealer.computer": {
        "en": "Next round: the computer deals.", "eo": "Sekva rondo: la komputilo disdonas.",
    },
    # -- results -----------------------------------------------------------------------------
    "tbl.btn.continue": {"en": "Continue ⏎", "eo": "Daŭrigi ⏎"},
    "tbl.btn.again": {"en": "Play again (p)", "eo": "Reludi (p)"},
    "tbl.btn.menu": {"en": "Menu (m)", "eo": "Menuo (m)"},
    "tbl.res.you": {"en": "You win!", "eo": "Vi gajnas!"},
    "tbl.res.computer": {"en": "The computer wins", "eo": "La komputilo gajnas"},
    "tbl.res.draw": {"en": "A draw", "eo": "Remizo"},
    "tbl.res.trufoj": {"en": "trufoj", "eo": "trufoj"},
    "tbl.res.trufegoj": {"en": "trufegoj", "eo": "trufegoj"},
    "tbl.res.times2": {"en": "{n} × 2 = {d}", "eo": "{n} × 2 = {d}"},
    "tbl.res.total": {"en": "score", "eo": "poentoj"},
    "tbl.res.tg.you": {"en": "Your trufegoj:", "eo": "Viaj trufegoj:"},
    "tbl.res.tg.computer": {"en": "Computer's trufegoj:", "eo": "Ĝiaj trufegoj:"},
    "tbl.res.leftover": {
        "en": "The cards left on the table went to the last taker (rule F10).",
        "eo": "La kartoj restintaj sur la tablo iris al la lasta prenanto (regulo F10).",
    },
    "tbl.res.left": {
        "en": "{n} cards left on the table count for nobody (rule F10): {cards}.",
        "eo": "{n} kartoj restintaj sur la tablo valoras por neniu (regulo F10): {cards}.",
    },
    "tbl.res.left.one": {
        "en": "1 card left on the table counts for nobody (rule F10): {cards}.",
        "eo": "1 karto restinta sur la tablo valoras por neniu (regulo F10): {cards}.",
    },
    "tbl.res.all_cards": {
        "en": "All {total} cards: {a} + {b} in the trufkestoj + {n} on the table.",
        "eo": "Ĉiuj {total} kartoj: {a} + {b} en la trufkestoj + {n} sur la tablo.",
    },
    "tbl.res.rule": {
        "en": "[dim]Score = trufoj + 2 × trufegoj (rule F11).[/]",
        "eo": "[dim]Poentoj = trufoj + 2 × trufegoj (regulo F11).[/]",
    },
    "tbl.res.t.played": {
        "en": "Rounds played: {n}. First to {target} points.",
        "eo": "Luditaj rondoj: {n}. Unua ĝis {target} poentoj.",
    },
    "tbl.res.t.rounds": {"en": "rounds won", "eo": "gajnitaj rondoj"},
    "tbl.res.t.by.tricks": {"en": "points by tricks", "eo": "poentoj per trukoj"},
    "tbl.res.t.by.refused": {"en": "… by refusals", "eo": "… per rifuzoj"},
    "tbl.res.t.by.fold": {"en": "… by folds", "eo": "… per rezignoj"},
    "tbl.res.t.last": {"en": "Last rounds", "eo": "Lastaj rondoj"},
    "tbl.res.t.start": {"en": "starting score", "eo": "komenca poentaro"},
    "tbl.res.t.short.tricks": {"en": "tricks {won}–{lost}", "eo": "trukoj {won}–{lost}"},
    "tbl.res.t.short.refused": {"en": "refused", "eo": "rifuzo"},
    "tbl.res.t.short.refused.raise": {
        "en": "raise to {n} refused", "eo": "altigo al {n} rifuzita",
    },
    "tbl.res.t.short.refused.rest": {
        "en": "“Mia resto” refused", "eo": "“Mia resto” rifuzita",
    },
    "tbl.res.t.short.fold": {"en": "fold", "eo": "rezigno"},
    "tbl.res.t.short.spoiled": {
        "en": "nobody [dim](all tricks spoiled)[/]",
        "eo": "neniu [dim](ĉiuj trukoj difektitaj)[/]",
    },
    "tbl.res.t.short.game": {"en": "+{n}, the game", "eo": "+{n}, la ludo"},
}
