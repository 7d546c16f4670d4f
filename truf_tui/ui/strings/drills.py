"""Texts of the bluff trainer (en + eo): ``truf_tui/ui/screens/drills.py``."""

STRINGS: dict[str, dict[str, str]] = {
    "drill.title": {"en": "Bluff trainer", "eo": "Blufa trejnilo"},
    "cmd.drills": {"en": "Bluff trainer", "eo": "Blufa trejnilo"},
    "cmd.drills.help": {
        "en": "Le Truc spots dealt from the solution, each decision graded",
        "eo": "Situacioj de Truko el la solvo, ĉiu decido taksita",
    },
    "start.btn.drills": {"en": "Trainer", "eo": "Trejnilo"},
    # One name (issue 38 item 4: "Bluff trainer" on the start screen, in its hint line, and
    # in the palette); its button and the key bar (b) say its last word, for room at 80x24.
    "key.drills": {"en": "Trainer", "eo": "Trejnilo"},
    # -- the categories ------------------------------------------------------------------
    "drill.cat.weak": {"en": "Raise or not with a weak hand",
                       "eo": "Ĉu altigi kun malforta mano"},
    "drill.cat.raised": {"en": "Facing a raise", "eo": "Antaŭ altigo"},
    "drill.cat.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "drill.cat.redeal": {"en": "The redeal", "eo": "La redisdono"},
    "drill.cat.last": {"en": "The last trick", "eo": "La lasta preno"},
    "drill.cat.end": {"en": "The end of a game (10–10, 11–x)",
                      "eo": "La fino de ludo (10–10, 11–x)"},
    "drill.cat.score": {"en": "At a score you pick", "eo": "Ĉe poentaro, kiun vi elektas"},
    "drill.cat.random": {"en": "Any of these, at random", "eo": "Iu ajn el tiuj, hazarde"},
    # a decision of a game that is none of the kinds above: which card to play
    "drill.cat.play": {"en": "Which card to play", "eo": "Kiun karton ludi"},
    "drill.menu.head": {
        "en": "[b]Ten spots from the solved player's own games.[/] Choose a kind (1–8):",
        "eo": "[b]Dek situacioj el la propraj ludoj de la solvita ludanto.[/] "
              "Elektu specon (1–8):",
    },
    "drill.menu.score": {
        "en": "Score for 7: you {me} – {them} computer   (← → yours, ↓ ↑ the computer's)",
        "eo": "Poentaro por 7: vi {me} – {them} komputilo   (← → via, ↓ ↑ de la komputilo)",
    },
    "drill.menu.note": {
        "en": "Decide as you would at the table; then see what each choice was worth, how "
              "often the solution makes it with your hand, and which hands do what here.",
        "eo": "Decidu kiel ĉe la tablo; poste vidu, kiom valoris ĉiu elekto, kiom ofte la "
              "solvo faras ĝin kun via mano, kaj kiuj manoj faras kion ĉi tie.",
    },
    "drill.dealing": {"en": "Dealing a spot…", "eo": "Disdonante situacion…"},
    "drill.failed": {"en": "No spot could be dealt: {why}",
                     "eo": "Neniu situacio disdoneblis: {why}"},
    # -- the spot ------------------------------------------------------------------------
    "drill.head": {"en": "[b]Spot {n} of {total}[/] · {category}",
                   "eo": "[b]Situacio {n} el {total}[/] · {category}"},
    "drill.head.again": {"en": "[b]Spot {n} of {total}[/] · {category} · one you missed before",
                         "eo": "[b]Situacio {n} el {total}[/] · {category} · iam maltrafita"},
    "drill.head.game": {"en": "[b]Spot {n} of {total}[/] · {category} · missed in one of your "
                              "games",
                        "eo": "[b]Situacio {n} el {total}[/] · {category} · maltrafita en "
                              "via ludo"},
    "drill.score": {"en": "Score: you {me} – {them} computer · stake {stake} · {dealer}",
                    "eo": "Poentaro: vi {me} – {them} komputilo · veto {stake} · {dealer}"},
    "drill.you.deal": {"en": "you deal", "eo": "vi disdonas"},
    "drill.they.deal": {"en": "the computer deals", "eo": "la komputilo disdonas"},
    "drill.rest.on": {"en": "Mia resto accepted: this round decides the game.",
                      "eo": "Mia resto akceptita: ĉi tiu rondo decidas la ludon."},
    "drill.trick": {"en": "Trick {n}: you {mine} · computer {theirs} → {who}",
                    "eo": "Preno {n}: vi {mine} · komputilo {theirs} → {who}"},
    "drill.trick.you": {"en": "yours", "eo": "via"},
    "drill.trick.them": {"en": "the computer's", "eo": "de la komputilo"},
    "drill.trick.spoiled": {"en": "spoiled", "eo": "fuŝita"},
    "drill.led.them": {"en": "The computer led {card}.", "eo": "La komputilo elludis {card}."},
    "drill.led.you": {"en": "You played {card}; the computer answers next.",
                      "eo": "Vi ludis {card}; la komputilo respondos."},
    "drill.discarded": {"en": "Given up in the redeal: {cards}",
                        "eo": "Fordonita en la redisdono: {cards}"},
    "drill.hand": {"en": "Your hand: {cards}   (the computer holds {n})",
                   "eo": "Via mano: {cards}   (la komputilo tenas {n})"},
    "drill.hand.empty": {"en": "Your cards are all on the table   (the computer holds {n})",
                         "eo": "Ĉiuj viaj kartoj estas sur la tablo   (la komputilo tenas {n})"},
    "drill.pending.raise": {"en": "[b]The computer raises to {n}.[/]",
                            "eo": "[b]La komputilo altigas al {n}.[/]"},
    "drill.pending.rest": {"en": "[b]The computer declares Mia resto: the whole game.[/]",
                           "eo": "[b]La komputilo deklaras Mia resto: la tuta ludo.[/]"},
    "drill.pending.redeal": {"en": "[b]The computer proposes a redeal.[/]",
                             "eo": "[b]La komputilo proponas redisdonon.[/]"},
    "drill.bets": {"en": "Calls this round: {bets}", "eo": "Vokoj en ĉi tiu rondo: {bets}"},
    "drill.bets.you": {"en": "you:", "eo": "vi:"},
    "drill.bets.them": {"en": "computer:", "eo": "komputilo:"},
    "drill.answer.accept.raise": {"en": "accept", "eo": "akcepti"},
    "drill.answer.refuse.raise": {"en": "refuse", "eo": "rifuzi"},
    "drill.answer.accept.rest": {"en": "accept Mia resto", "eo": "akcepti Mia resto"},
    "drill.answer.refuse.rest": {"en": "refuse Mia resto", "eo": "rifuzi Mia resto"},
    "drill.answer.accept.redeal": {"en": "accept the redeal", "eo": "akcepti la redisdonon"},
    "drill.answer.refuse.redeal": {"en": "refuse the redeal", "eo": "rifuzi la redisdonon"},
    "drill.ask": {"en": "Your decision ({keys}):", "eo": "Via decido ({keys}):"},
    # -- the options ---------------------------------------------------------------------
    "drill.act.play": {"en": "play {card}", "eo": "ludi {card}"},
    "drill.act.raise": {"en": "raise to {n}", "eo": "altigi al {n}"},
    "drill.act.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "drill.act.redeal": {"en": "propose a redeal", "eo": "proponi redisdonon"},
    "drill.act.accept": {"en": "accept", "eo": "akcepti"},
    "drill.act.refuse": {"en": "refuse", "eo": "rifuzi"},
    "drill.act.fold": {"en": "fold", "eo": "rezigni"},
    # -- the result ----------------------------------------------------------------------
    "drill.working": {"en": "[dim]The solution is working this spot out…[/]",
                      "eo": "[dim]La solvo kalkulas ĉi tiun situacion…[/]"},
    # a semicolon: a grade's words may have a comma of their own ("correct, though …")
    "drill.verdict": {"en": "You chose {choice}: [b]{grade}[/]; it cost {loss}.",
                      "eo": "Vi elektis {choice}: [b]{grade}[/]; kosto: {loss}."},
    "drill.verdict.free": {"en": "You chose {choice}: [b]{grade}[/]; it cost nothing.",
                           "eo": "Vi elektis {choice}: [b]{grade}[/]; ĝi kostis nenion."},
    "drill.verdict.best": {"en": "The best choice by value: {best}.",
                           "eo": "La plej bona elekto laŭ valoro: {best}."},
    # Two short lines, not one that wraps at 80 columns: the columns below are the value
    # and the solution's frequency.
    "drill.values": {
        "en": "[b]Value[/] of each choice: {unit}.\n"
              "[b]How often[/] the solution makes it with your hand:",
        "eo": "[b]Valoro[/] de ĉiu elekto: {unit}.\n"
              "[b]Kiom ofte[/] la solvo faras ĝin kun via mano:",
    },
    "drill.unit.points": {"en": "your points this round", "eo": "viaj poentoj en la rondo"},
    "drill.unit.match": {"en": "your chance to win the game",
                         "eo": "via ŝanco gajni la ludon"},
    "drill.loss.points": {"en": "{x} points", "eo": "{x} poentoj"},
    # the words of the game's review and results (graded.t.pct): one figure, one writing;
    # "points" here read as points of a round beside the trainer's other unit
    "drill.loss.match": {"en": "{x}% of winning chance", "eo": "{x}% de la ŝanco gajni"},
    "drill.mixed": {"en": "The solution mixes here: [b]r[/] rolls its dice.",
                    "eo": "La solvo miksas ĉi tie: [b]r[/] ĵetas ĝiajn ĵetkubojn."},
    "drill.roll": {"en": "Dice {x} of 100: this time the mix picks {choice}.",
                   "eo": "Ĵeto {x} el 100: ĉi-foje la miksaĵo elektas {choice}."},
    "drill.range.head": {
        "en": "[b]The range[/]: the hands you could hold here, by best card · their share",
        "eo": "[b]La gamo[/]: viaj eblaj manoj ĉi tie, laŭ plej bona karto · ilia parto",
    },
    "drill.range.you": {"en": "◀ you", "eo": "◀ vi"},
    "drill.range.none": {
        "en": "No range here: every card of yours is known, or the solution has no node "
              "for this spot.",
        "eo": "Neniu gamo ĉi tie: ĉiu via karto estas konata, aŭ la solvo ne havas nodon "
              "por ĉi tiu situacio.",
    },
    "drill.kind.rest": {"en": "Mia resto", "eo": "Mia resto"},
    "drill.kind.raise": {"en": "raise", "eo": "altigo"},
    "drill.kind.redeal": {"en": "redeal", "eo": "redisdono"},
    "drill.kind.accept": {"en": "accept", "eo": "akcepto"},
    "drill.kind.play": {"en": "play a card", "eo": "ludi karton"},
    "drill.kind.refuse": {"en": "refuse", "eo": "rifuzo"},
    "drill.next": {"en": "[b]n[/] next spot", "eo": "[b]n[/] sekva situacio"},
    "drill.next.summary": {"en": "[b]n[/] the session's summary", "eo": "[b]n[/] la resumo"},
    # -- the summary ---------------------------------------------------------------------
    "drill.summary.head": {"en": "[b]Session over: {n} spots.[/]",
                           "eo": "[b]Sesio finita: {n} situacioj.[/]"},
    "drill.summary.head.one": {"en": "[b]Session over: 1 spot.[/]",
                               "eo": "[b]Sesio finita: 1 situacio.[/]"},
    "drill.summary.grades": {"en": "Your grades: {grades}", "eo": "Viaj taksoj: {grades}"},
    "drill.summary.points": {
        "en": "Average loss: {x} points a decision ({n} spots scored in points).",
        "eo": "Meza perdo: {x} poentoj por decido ({n} situacioj taksitaj en poentoj).",
    },
    "drill.summary.points.one": {
        "en": "Loss: {x} points (1 spot scored in points).",
        "eo": "Perdo: {x} poentoj (1 situacio taksita en poentoj).",
    },
    "drill.summary.match": {
        "en": "Average loss: {x} points of your chance to win the game a decision ({n} spots "
              "near the end).",
        "eo": "Meza perdo: {x} procentpoentoj de via ŝanco gajni la ludon por decido "
              "({n} situacioj proksime al la fino).",
    },
    "drill.summary.match.one": {
        "en": "Loss: {x} points of your chance to win the game (1 spot near the end).",
        "eo": "Perdo: {x} procentpoentoj de via ŝanco gajni la ludon (1 situacio proksime al "
              "la fino).",
    },
    # issue 38 item 6: what the review queue does with the spots missed in this session
    "drill.summary.queued": {
        "en": "The {n} spots you missed come back for review in later sessions.",
        "eo": "La {n} situacioj, kiujn vi maltrafis, revenos por ripeto en postaj sesioj.",
    },
    "drill.summary.queued.one": {
        "en": "The spot you missed comes back for review in a later session.",
        "eo": "La situacio, kiun vi maltrafis, revenos por ripeto en posta sesio.",
    },
    "drill.summary.worst": {"en": "Costliest: spot {k} ({category}), {choice}: {loss}.",
                            "eo": "Plej kosta: situacio {k} ({category}), {choice}: {loss}."},
    "drill.summary.clean": {"en": "No decision cost anything worth naming: well played.",
                            "eo": "Neniu decido kostis ion menciindan: bone ludite."},
    "drill.summary.kept": {
        "en": "Your statistics keep these decisions apart from your games' (s, then d).",
        "eo": "Via statistiko tenas ĉi tiujn decidojn aparte de tiuj de viaj ludoj (s, "
              "poste d).",
    },
    "drill.summary.again": {"en": "[b]Enter[/] another session · [b]Esc[/] back",
                            "eo": "[b]Enter[/] alia sesio · [b]Esc[/] reen"},
    "key.choose": {"en": "Choose", "eo": "Elekti"},
    "key.roll": {"en": "Roll", "eo": "Ĵeti"},
    "key.next": {"en": "Next", "eo": "Sekva"},
}
