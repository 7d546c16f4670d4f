"""Texts of the guided first games (truf_tui/ui/guide.py, ui/screens/guided.py), en + eo.

Written for a newcomer (a child, for Trufludo): short sentences, one idea a step, the rule id
in brackets.  Card placeholders (``{card}``, ``{take}``, ``{mine}``, ``{single}``) receive
card chips, ``{num}`` the number key of the card to play.
"""

STRINGS: dict[str, dict[str, str]] = {
    # -- the panel ---------------------------------------------------------------------------
    "guide.title": {"en": "Guide · step {n} of {total}", "eo": "Gvidilo · paŝo {n} el {total}"},
    "guide.keys.next": {
        "en": "[b]Enter[/] or [b]→[/] next · [b]Esc[/] leave",
        "eo": "[b]Enter[/] aŭ [b]→[/] plu · [b]Esc[/] forlasi",
    },
    "guide.keys.you": {
        "en": "Your move (highlighted) · [b]Esc[/] leave",
        "eo": "Via movo (emfazita) · [b]Esc[/] forlasi",
    },
    "guide.keys.cpu": {
        "en": "The computer is playing: watch the table…",
        "eo": "La komputilo ludas: rigardu la tablon…",
    },
    "guide.keys.auto": {
        "en": "[b]Enter[/] play it out · [b]Esc[/] leave",
        "eo": "[b]Enter[/] ludi ĝis la fino · [b]Esc[/] forlasi",
    },
    "guide.keys.end": {
        "en": "[b]Enter[/] a real game · [b]F1[/] help · [b]Esc[/] start screen",
        "eo": "[b]Enter[/] vera ludo · [b]F1[/] helpo · [b]Esc[/] komenca ekrano",
    },
    "guide.cpu": {
        "en": "Now it is the computer's turn.",
        "eo": "Nun estas la vico de la komputilo.",
    },
    "guide.nudge": {
        "en": "Good thinking, but this guided game follows a story: please do what the guide "
              "asks. In a real game every move is yours.",
        "eo": "Bona ideo, sed ĉi tiu gvidata ludo sekvas rakonton: bonvolu fari, kion la "
              "gvidilo petas. En vera ludo ĉiu movo estas via.",
    },
    "guide.nudge.next": {
        "en": "Read the guide first, then press Enter (or →) to go on.",
        "eo": "Unue legu la gvidilon, poste premu Enter (aŭ →) por daŭrigi.",
    },
    "guide.nudge.auto": {
        "en": "The rest of the game plays by itself: just watch, it takes a few seconds.",
        "eo": "La resto de la ludo ludiĝas per si mem: nur rigardu, ĝi daŭras kelkajn "
              "sekundojn.",
    },
    "guide.nudge.hint": {
        "en": "In the guided game the guide is your hint: follow the panel.",
        "eo": "En la gvidata ludo la gvidilo estas via konsilo: sekvu la panelon.",
    },
    "guide.leave.title": {"en": "Leave the guided game?", "eo": "Ĉu forlasi la gvidatan ludon?"},
    "guide.leave.message": {
        "en": "Nothing is saved or counted. You can start it again at any time from the help "
              "or the command palette (Ctrl+P).",
        "eo": "Nenio estas konservata aŭ kalkulata. Vi povas rekomenci ĝin iam ajn el la "
              "helpo aŭ la komandpaletro (Ctrl+P).",
    },
    "guide.leave.yes": {"en": "Leave (y)", "eo": "Forlasi (j)"},
    "guide.leave.no": {"en": "Stay (n)", "eo": "Resti (n)"},
    # Under "Computer", where a real game names its strength (12 cells at most).
    "guide.opponent": {"en": "guided game", "eo": "gvidata ludo"},
    "guide.key.leave": {"en": "Leave guide", "eo": "Forlasi gvidilon"},
    "guide.auto.running": {
        "en": "Playing the rest of the game for both sides… {n} cards left in the stock.",
        "eo": "La resto de la ludo estas ludata por ambaŭ flankoj… {n} kartoj restas en la "
              "talono.",
    },
    # -- command palette ---------------------------------------------------------------------
    "cmd.guided_trufludo": {"en": "Guided game: Trufludo", "eo": "Gvidata ludo: Trufludo"},
    "cmd.guided_trufludo.help": {
        "en": "Learn Trufludo step by step in a short guided game",
        "eo": "Lerni Trufludon paŝon post paŝo en mallonga gvidata ludo",
    },
    "cmd.guided_truc": {"en": "Guided game: Le Truc", "eo": "Gvidata ludo: Le Truc"},
    "cmd.guided_truc.help": {
        "en": "Learn Le Truc step by step in a short guided game",
        "eo": "Lerni Le Truc paŝon post paŝo en mallonga gvidata ludo",
    },
    # -- Trufludo ----------------------------------------------------------------------------
    "guide.f.welcome": {
        "en": "Welcome to [b]Trufludo[/]! Your 3 cards are at the bottom. The computer's 3 "
              "cards lie face down at the top. The aim: win more cards than the computer.",
        "eo": "Bonvenon al [b]Trufludo[/]! Viaj 3 kartoj estas malsupre. La 3 kartoj de la "
              "komputilo kuŝas inverse supre. La celo: gajni pli da kartoj ol la komputilo.",
    },
    "guide.f.table": {
        "en": "In the middle lie 4 cards face up: the table. The stock on the left keeps the "
              "cards for the next deals. Only the suit of a card matters (♥ ♦ ♣ ♠), never "
              "its number (rule F1).",
        "eo": "En la mezo kuŝas 4 malkovritaj kartoj: la tablo. La talono maldekstre tenas "
              "la kartojn por la venontaj disdonoj. Nur la emblemo de karto gravas "
              "(♥ ♦ ♣ ♠), neniam ĝia numero (regulo F1).",
    },
    "guide.f.capture": {
        "en": "Play your {card}: the table has the {take}, the same suit, so your card takes "
              "it. Both go into your trufkesto, your pile on the right (rule F5). "
              "Press [b]{num}[/] (or Enter).",
        "eo": "Ludu vian {card}: sur la tablo estas {take}, de la sama emblemo, do via karto "
              "prenas ĝin. Ambaŭ iras en vian trufkeston, vian stakon dekstre (regulo F5). "
              "Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.cpu_capture": {
        "en": "The computer played the {card} and took the {take}: diamond with diamond. "
              "Its trufkesto is at the top right.",
        "eo": "La komputilo ludis {card} kaj prenis {take}: karoo kun karoo. Ĝia trufkesto "
              "estas supre dekstre.",
    },
    "guide.f.throw": {
        "en": "Now play the {card}. There is no heart on the table, so it takes nothing and "
              "stays there: a throw (rule F6). Press [b]{num}[/] (or Enter).",
        "eo": "Nun ludu {card}. Sur la tablo ne estas kero, do ĝi prenas nenion kaj restas "
              "tie: ĵeto (regulo F6). Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.forced": {
        "en": "The computer took the {take} with its {card}. Your last card, the {mine}, has "
              "a club on the table, so it must take it (rule F5). Only one card will be left, the "
              "{single}… Press [b]{num}[/] (or Enter).",
        "eo": "La komputilo prenis {take} per sia {card}. Via lasta karto, {mine}, havas "
              "trefon sur la tablo, do ĝi devas preni ĝin (regulo F5). Restos nur unu karto, "
              "{single}… Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.trufego_cpu": {
        "en": "[b]Trufego![/] The computer took the {card}, the only card on the table (rule F7). "
              "A trufego lies face up in the trufkesto and counts [b]double[/] at the end. "
              "So try not to leave one single card on the table!",
        "eo": "[b]Trufego![/] La komputilo prenis {card}, la solan karton sur la tablo (regulo "
              "F7). Trufego kuŝas malkovrita en la trufkesto kaj valoras [b]duoble[/] je la fino. "
              "Do provu ne lasi unu solan karton sur la tablo!",
    },
    "guide.f.deal": {
        "en": "Both hands are empty, so the dealer gives 3 new cards to each from the stock "
              "(rule F3). After a trufego the order turns round: whoever made it plays again, onto "
              "the empty table (rule F8). So the computer starts now.",
        "eo": "Ambaŭ manoj estas malplenaj, do la disdonanto donas al ĉiu 3 novajn kartojn el la "
              "talono (regulo F3). Post trufego la vico inversiĝas: kiu faris ĝin, tiu denove "
              "ludas, sur la malplenan tablon (regulo F8). Do nun la komputilo komencas.",
    },
    "guide.f.trufego_you": {
        "en": "The computer threw the {card}: one single card on the table, and your {mine} "
              "has the same suit. Take it for a trufego of your own! "
              "Press [b]{num}[/] (or Enter).",
        "eo": "La komputilo ĵetis {card}: unu sola karto sur la tablo, kaj via {mine} havas "
              "la saman emblemon. Prenu ĝin por via propra trufego! "
              "Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.again": {
        "en": "[b]Trufego![/] Well done: it counts double (rule F7). And now the order turns round "
              "(rule F8): you play again, onto the empty table.",
        "eo": "[b]Trufego![/] Bone farite: ĝi valoras duoble (regulo F7). Kaj nun la vico "
              "inversiĝas (regulo F8): vi denove ludas, sur la malplenan tablon.",
    },
    "guide.f.throw_again": {
        "en": "Throw the {card} onto the empty table. Now the computer faces a single card: "
              "with a heart it could make a trufego. Press [b]{num}[/] (or Enter).",
        "eo": "Ĵetu {card} sur la malplenan tablon. Nun la komputilo trovas solan karton: "
              "kun kero ĝi povus fari trufegon. Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.throw_last": {
        "en": "No heart: the computer threw the {card}. Your {mine} finds no club on the "
              "table, so it is a throw too. Press [b]{num}[/] (or Enter).",
        "eo": "Neniu kero: la komputilo ĵetis {card}. Via {mine} trovas neniun trefon sur "
              "la tablo, do ankaŭ ĝi estas ĵeto. Premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.f.next_deal": {
        "en": "The computer took the {take} with the {card}. The hands are empty again: 3 new "
              "cards each (rule F3), and so on until the stock is empty. The move log lists every "
              "move ([b]l[/] shows or hides it).",
        "eo": "La komputilo prenis {take} per {card}. La manoj denove estas malplenaj: po 3 novaj "
              "kartoj (regulo F3), kaj tiel plu ĝis la talono malpleniĝos. La movlisto montras "
              "ĉiun movon ([b]l[/] montras aŭ kaŝas ĝin).",
    },
    "guide.f.auto": {
        "en": "Now you know the whole game! Press Enter to watch the rest played quickly, "
              "for both sides, up to the final count.",
        "eo": "Nun vi konas la tutan ludon! Premu Enter por rapide vidi la reston, por ambaŭ "
              "flankoj, ĝis la fina kalkulo.",
    },
    "guide.f.score": {
        "en": "The game is over: the stock and both hands are empty (rule F10). Cards left on the "
              "table count for nobody. Each card in a trufkesto counts 1, each trufego 2 "
              "(rule F11): you {you}, the computer {computer}. You win!",
        "eo": "La ludo finiĝis: la talono kaj ambaŭ manoj estas malplenaj (regulo F10). Kartoj "
              "restantaj sur la tablo valoras por neniu. Ĉiu karto en trufkesto valoras 1, "
              "ĉiu trufego 2 (regulo F11): vi {you}, la komputilo {computer}. Vi venkis!",
    },
    "guide.f.end": {
        "en": "That is Trufludo! Press Enter to play a real game against the computer, F1 to "
              "read the rules in the help, or Esc to go back to the start screen.",
        "eo": "Tio estas Trufludo! Premu Enter por ludi veran ludon kontraŭ la komputilo, F1 "
              "por legi la regulojn en la helpo, aŭ Esc por reiri al la komenca ekrano.",
    },
    # -- Le Truc -----------------------------------------------------------------------------
    "guide.t.welcome": {
        "en": "Welcome to [b]Le Truc[/]! You and the computer hold 3 cards each (its cards "
              "are hidden at the top). A round has up to three tricks. The first to 12 "
              "points wins the game (rule T10).",
        "eo": "Bonvenon al [b]Le Truc[/]! Vi kaj la komputilo tenas po 3 kartojn (ĝiaj "
              "kartoj estas kaŝitaj supre). Rondo havas ĝis tri trukojn. Kiu unua atingas "
              "12 poentojn, gajnas la ludon (regulo T10).",
    },
    "guide.t.ranks": {
        "en": "Suits never matter, only ranks. From low to high: 9, 10, J, Q, K, A, then 8, "
              "and the 7 beats everything (rule T1). The list of tricks keeps this order in view.",
        "eo": "Emblemoj neniam gravas, nur rangoj. De malalta al alta: 9, 10, J, Q, K, A, "
              "poste 8, kaj la 7 venkas ĉion (regulo T1). La listo de trukoj montras tiun ordon.",
    },
    "guide.t.stake": {
        "en": "The stake box shows what this round is worth: 1 point for now (rule T7). The score "
              "is on the top line. The computer dealt, so you lead the first trick (rule T4).",
        "eo": "La vet-skatolo montras, kiom valoras ĉi tiu rondo: nun 1 poento (regulo T7). La "
              "poentoj estas en la supra linio. La komputilo disdonis, do vi komencas la "
              "unuan trukon (regulo T4).",
    },
    "guide.t.lead": {
        "en": "Lead your {card}: press [b]{num}[/] (or Enter). The computer answers with any "
              "card it likes; the higher rank wins the trick (rule T4).",
        "eo": "Komencu per via {card}: premu [b]{num}[/] (aŭ Enter). La komputilo respondas "
              "per iu ajn karto; la pli alta rango gajnas la trukon (regulo T4).",
    },
    "guide.t.spoiled": {
        "en": "The computer answered with the {card}: the same rank as your {mine}. The trick "
              "is [b]spoiled[/]: nobody wins it, and you lead again (rule T5).",
        "eo": "La komputilo respondis per {card}: la sama rango kiel via {mine}. La truko "
              "estas [b]difektita[/]: neniu gajnas ĝin, kaj vi denove komencas (regulo T5).",
    },
    "guide.t.raise": {
        "en": "You hold the {card}, the highest card of all. Time to raise: press [b]r[/] to "
              "ask “2 pli?”. If the computer accepts, the round is worth 2; if it refuses, "
              "you score 1 at once (rule T7).",
        "eo": "Vi tenas {card}, la plej altan karton. Jen la momento altigi: premu [b]r[/] "
              "por demandi “2 pli?”. Se la komputilo akceptas, la rondo valoras 2; se ĝi "
              "rifuzas, vi tuj gajnas 1 (regulo T7).",
    },
    "guide.t.accepted": {
        "en": "The computer accepted: the stake is now 2 (rule T7). Play the {card}: press "
              "[b]{num}[/] (or Enter).",
        "eo": "La komputilo akceptis: la veto nun estas 2 (regulo T7). Ludu {card}: premu "
              "[b]{num}[/] (aŭ Enter).",
    },
    "guide.t.round_won": {
        "en": "You won that trick, and so the round: after a spoiled trick, the next one "
              "decides (rule T6). You scored the stake: 2 points (rule T10). Next round the dealer "
              "changes, so the computer starts.",
        "eo": "Vi gajnis tiun trukon, kaj do la rondon: post difektita truko, la sekva decidas "
              "(regulo T6). Vi gajnis la veton: 2 poentojn (regulo T10). En la sekva rondo la "
              "disdonanto ŝanĝiĝas, do la komputilo komencas.",
    },
    "guide.t.refuse": {
        "en": "The computer raises: “2 pli?”. Your new cards are low (nothing above J), so "
              "refuse: press [b]x[/]. The round ends at once and the computer scores the "
              "stake from before its raise: 1 point, not 2 (rule T7).",
        "eo": "La komputilo altigas: “2 pli?”. Viaj novaj kartoj estas malaltaj (nenio super "
              "J), do rifuzu: premu [b]x[/]. La rondo tuj finiĝas, kaj la komputilo gajnas "
              "la veton de antaŭ sia altigo: 1 poenton, ne 2 (regulo T7).",
    },
    "guide.t.refused": {
        "en": "The computer has its 1 point. Good to know too: [b]f[/] folds at any moment "
              "(the other side scores the stake; rule T9), and [b]d[/] asks for a new deal "
              "before the first card, but only the non-dealer may ask (rule T3).",
        "eo": "La komputilo havas sian 1 poenton. Ankaŭ bone scii: [b]f[/] rezignas iam ajn "
              "(la alia flanko gajnas la veton; regulo T9), kaj [b]d[/] petas redisdonon antaŭ "
              "la unua karto, sed nur la nedisdonanto rajtas peti (regulo T3).",
    },
    "guide.t.rest": {
        "en": "Round 3: look at your hand, a 7 and an 8, the two highest ranks! Declare your "
              "rest: press [b]m[/] for “Mia resto”. If the computer accepts, whoever wins "
              "this round wins the whole game (rule T8).",
        "eo": "Tria rondo: rigardu vian manon, 7 kaj 8, la du plej altaj rangoj! Deklaru "
              "vian reston: premu [b]m[/] por “Mia resto”. Se la komputilo akceptas, kiu "
              "gajnas ĉi tiun rondon, gajnas la tutan ludon (regulo T8).",
    },
    "guide.t.rest_accepted": {
        "en": "The computer accepted the rest: this round decides the game (rule T8). Lead the "
              "{card}: press [b]{num}[/] (or Enter).",
        "eo": "La komputilo akceptis la reston: ĉi tiu rondo decidas la ludon (regulo T8). Komencu "
              "per {card}: premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.t.second": {
        "en": "Your 7 won the first trick, so you lead again (rule T4). One more trick wins the "
              "round: lead the {card}, press [b]{num}[/] (or Enter).",
        "eo": "Via 7 gajnis la unuan trukon, do vi denove komencas (regulo T4). Ankoraŭ unu truko "
              "gajnas la rondon: komencu per {card}, premu [b]{num}[/] (aŭ Enter).",
    },
    "guide.t.won": {
        "en": "Two tricks won: the round is yours, and since the rest was accepted, the game "
              "too (rules T6 and T8). Your score jumps to 12. You win!",
        "eo": "Du trukoj gajnitaj: la rondo estas via, kaj ĉar la resto estis akceptita, "
              "ankaŭ la ludo (reguloj T6 kaj T8). Viaj poentoj saltas al 12. Vi venkis!",
    },
    "guide.t.end": {
        "en": "That is Le Truc! Press Enter to play a real game against the computer, F1 to "
              "read the rules in the help, or Esc to go back to the start screen.",
        "eo": "Tio estas Le Truc! Premu Enter por ludi veran ludon kontraŭ la komputilo, F1 "
              "por legi la regulojn en la helpo, aŭ Esc por reiri al la komenca ekrano.",
    },
}
