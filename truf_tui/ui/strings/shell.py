"""Texts of the shell: start screen, help frame, settings, dialogs, command palette."""

STRINGS: dict[str, dict[str, str]] = {
    # -- games and opponents (shared with the tables) -----------------------------------
    "game.trufludo": {"en": "Trufludo", "eo": "Trufludo"},
    "game.truc": {"en": "Le Truc", "eo": "Le Truc"},
    "game.trufludo.desc": {
        "en": "Family fishing game: take a table card of your suit; "
              "taking the only card on the table is a trufego, worth double.",
        "eo": "Familia ludo: prenu tablokarton de via emblemo; "
              "preni la solan tablokarton estas trufego, kiu valoras duoble.",
    },
    "game.truc.desc": {
        "en": "Bluffing game for two: three tricks a round, raise with “2 pli?”, "
              "fold or call “Mia resto”.",
        "eo": "Blufludo por du: tri trukoj en rondo; altigu per “2 pli?”, "
              "rezignu aŭ diru “Mia resto”.",
    },
    "tier.easy": {"en": "Easy", "eo": "Facila"},
    "tier.medium": {"en": "Medium", "eo": "Meza"},
    "tier.hard": {"en": "Hard", "eo": "Malfacila"},
    "tier.expert": {"en": "Expert", "eo": "Eksperta"},
    "tier.trufludo.easy": {
        "en": "captures when it can, else plays at random",
        "eo": "prenas kiam ĝi povas, alie ludas hazarde",
    },
    "tier.trufludo.medium": {
        "en": "follows the classic tactics",
        "eo": "sekvas la klasikan taktikon",
    },
    "tier.trufludo.hard": {
        "en": "searches ahead through many deals (ISMCTS)",
        "eo": "serĉas antaŭen tra multaj disdonoj (ISMCTS)",
    },
    "tier.trufludo.expert": {
        "en": "searches, reads your moves, exact endgame",
        "eo": "serĉas, legas viajn elektojn, ekzakta fino",
    },
    "tier.truc.easy": {
        "en": "simple hand-strength rules, rarely bluffs",
        "eo": "simplaj reguloj pri la mano, malofte blufas",
    },
    "tier.truc.medium": {
        "en": "estimates its chances, bluffs now and then",
        "eo": "taksas siajn ŝancojn, foje blufas",
    },
    "tier.truc.hard": {
        "en": "searches, aims at the game, reads your bets",
        "eo": "serĉas, celas la ludon, legas viajn vetojn",
    },
    "tier.truc.expert": {
        "en": "solved: balanced bluffs, punishes habits",
        "eo": "solvita: ekvilibraj blufoj, punas kutimojn",
    },
    # -- start screen -------------------------------------------------------------------
    "start.title": {
        "en": "truf-tui · Trufludo and Le Truc against the computer",
        "eo": "truf-tui · Trufludo kaj Le Truc kontraŭ la komputilo",
    },
    "start.title.network": {
        "en": "truf-tui · Trufludo and Le Truc against a friend online",
        "eo": "truf-tui · Trufludo kaj Le Truc kontraŭ amiko per la reto",
    },
    "start.title.hotseat": {
        "en": "truf-tui · Trufludo and Le Truc for two players at one keyboard",
        "eo": "truf-tui · Trufludo kaj Le Truc por du ludantoj ĉe unu klavaro",
    },
    # a variant label's tooltip: where the help explains it (RULES.md's rule id)
    "start.rule.tip": {
        "en": "Explained in the help under rule {id}",
        "eo": "Klarigita en la helpo ĉe regulo {id}",
    },
    # issue 40, item 25: shown on the first run only, above the form
    "start.nudge": {
        "en": "New here? Press [b]g[/] for a guided game of {game}, step by step.",
        "eo": "Ĉu nova ĉi tie? Premu [b]g[/] por gvidata ludo de {game}, paŝon post paŝo.",
    },
    # issue 38, item 6: shown when the review queue has spots due (store/repetition.py)
    # It names the key: the try-out's newcomer saw the line and not where to go (b).
    "start.review_due": {
        "en": "[b]{n}[/] spots you missed are due for review: press [b]b[/].",
        "eo": "[b]{n}[/] situacioj, kiujn vi maltrafis, estas ripetotaj: premu [b]b[/].",
    },
    "start.review_due.one": {
        "en": "[b]1[/] spot you missed is due for review: press [b]b[/].",
        "eo": "[b]1[/] situacio, kiun vi maltrafis, estas ripetota: premu [b]b[/].",
    },
    # issue 39: a game this app hosted online waits to be resumed (net/host.json)
    "start.net_resume": {
        "en": "Your game online with [b]{name}[/] was cut short: press [b]r[/] to resume it.",
        "eo": "Via ludo per la reto kun [b]{name}[/] interrompiĝis: premu [b]r[/] por "
              "daŭrigi ĝin.",
    },
    "start.game": {"en": "Game", "eo": "Ludo"},
    "start.tier": {"en": "Opponent", "eo": "Kontraŭulo"},
    "start.deck": {"en": "Pack", "eo": "Kartaro"},
    "start.deck.french": {"en": "French, 52 cards", "eo": "franca, 52 kartoj"},
    "start.deck.italian": {"en": "Italian, 40 cards", "eo": "itala, 40 kartoj"},
    "start.forced": {"en": "Must take", "eo": "Devige preni"},
    "start.forced.on": {"en": "yes", "eo": "jes"},
    "start.forced.off": {"en": "no, you may throw instead", "eo": "ne, vi rajtas ankaŭ ĵeti"},
    "start.leftover": {"en": "Cards left", "eo": "Restaĵo"},
    "start.leftover.none": {"en": "count for nobody", "eo": "valoras por neniu"},
    "start.leftover.last_capturer": {
        "en": "go to the last taker",
        "eo": "iras al la lasta preninto",
    },
    "start.target": {"en": "Play to", "eo": "Ludi ĝis"},
    "start.target.note": {
        "en": "points (from {min} to {max})",
        "eo": "poentoj (de {min} ĝis {max})",
    },
    "start.target.invalid": {
        "en": "The target must be a whole number from {min} to {max}.",
        "eo": "La celo estu entjero de {min} ĝis {max}.",
    },
    # Le Truc's practice start score: two fields, yours – the opponent's (T10: below the target)
    "start.scores": {"en": "Start at", "eo": "Komenci ĉe"},
    "start.scores.dash": {"en": "–", "eo": "–"},  # between the two fields
    "start.scores.note": {
        "en": "you – opponent: practise the end of a game",
        "eo": "vi – kontraŭulo: ekzercu la finon de ludo",
    },
    "start.scores.note.hotseat": {
        "en": "Player 1 – Player 2: practise the end",
        "eo": "Ludanto 1 – Ludanto 2: ekzercu la finon",
    },
    "start.scores.yours": {
        "en": "Your score when the game starts",
        "eo": "Via poentaro kiam la ludo komenciĝas",
    },
    "start.scores.theirs": {
        "en": "The opponent's score when the game starts",
        "eo": "La poentaro de la kontraŭulo kiam la ludo komenciĝas",
    },
    "start.scores.of": {
        "en": "{who}'s score when the game starts",
        "eo": "La poentaro de {who} kiam la ludo komenciĝas",
    },
    "start.scores.invalid": {
        "en": "Each start score must be a whole number from 0 to {max}, below the target.",
        "eo": "Ĉiu komenca poentaro estu entjero de 0 ĝis {max}, sub la celo.",
    },
    "start.rest": {"en": "Rest refused", "eo": "Rifuzita resto"},
    # T8: both choices side by side in the 59 cells an 80-column start screen leaves them.
    "start.rest.stake": {"en": "declarer scores the stake", "eo": "la veto al la deklarinto"},
    "start.rest.game": {"en": "declarer wins the game", "eo": "la ludo al la deklarinto"},
    "start.dealer": {"en": "First dealer", "eo": "Unua disdonanto"},
    "start.dealer.random": {"en": "drawn by lot", "eo": "laŭ loto"},
    "start.dealer.you": {"en": "you", "eo": "vi"},
    "start.dealer.computer": {"en": "the computer", "eo": "la komputilo"},
    "start.dealer.friend": {"en": "your friend", "eo": "via amiko"},
    "start.dealer.note.trufludo": {
        "en": "The other player moves first.",
        "eo": "La alia ludanto movas unue.",
    },
    "start.dealer.note.truc": {
        "en": "The other player leads; the deal then alternates every round.",
        "eo": "La alia ludanto komencas; poste la disdonanto alternas en ĉiu rondo.",
    },
    "start.hint": {
        # Within 78 columns (the box's width at 80): F1 is in the key bar.
        "en": "Tab ←→↑↓: choose  p: play  g: guided game  o: saved games  b: bluff trainer",
        "eo": "Tab ←→↑↓: elekti  p: ludi  g: gvidata ludo  o: konservitaj  b: blufa trejnilo",
    },
    "start.play": {"en": "▶ Play", "eo": "▶ Ludi"},
    "start.guided": {"en": "Guided game", "eo": "Gvidata ludo"},
    "start.saved": {"en": "Saved games", "eo": "Konservitaj"},
    # -- key bar ------------------------------------------------------------------------
    "key.play": {"en": "Play", "eo": "Ludi"},
    "key.help": {"en": "Help", "eo": "Helpo"},
    "key.settings": {"en": "Settings", "eo": "Agordoj"},
    "key.quit": {"en": "Quit", "eo": "Eliri"},
    "key.close": {"en": "Close", "eo": "Fermi"},
    "key.contents": {"en": "Contents", "eo": "Enhavo"},
    "key.scroll": {"en": "Scroll", "eo": "Rulumi"},
    # -- help ---------------------------------------------------------------------------
    "help.title": {"en": "How to play", "eo": "Kiel ludi"},
    "help.missing": {
        "en": "The help text is missing from this installation.",
        "eo": "La helpteksto mankas en ĉi tiu instalaĵo.",
    },
    "help.switch_to_eo": {"en": "Esperante", "eo": "Esperante"},
    "help.switch_to_en": {"en": "In English", "eo": "In English"},
    "help.close": {"en": "Close", "eo": "Fermi"},
    # -- settings -----------------------------------------------------------------------
    "settings.title": {"en": "Settings", "eo": "Agordoj"},
    "settings.lang": {"en": "Language", "eo": "Lingvo"},
    "settings.theme": {"en": "Colours", "eo": "Koloroj"},
    "settings.pace": {"en": "Computer's pace", "eo": "Komputila ritmo"},
    "settings.pace.note": {
        "en": "Each computer move stays in view for {seconds} s.",
        "eo": "Ĉiu movo de la komputilo restas videbla dum {seconds} s.",
    },
    "settings.pace.note.instant": {
        "en": "Computer moves appear at once.",
        "eo": "La movoj de la komputilo aperas tuj.",
    },
    "settings.cards": {"en": "Cards", "eo": "Kartoj"},
    "settings.hint": {
        "en": "Changes apply at once.   Tab: next   ←→: change   Esc: close",
        "eo": "Ŝanĝoj validas tuj.   Tab: sekva   ←→: ŝanĝi   Esc: fermi",
    },
    "settings.close": {"en": "Close (Esc)", "eo": "Fermi (Esc)"},
    "lang.en": {"en": "English", "eo": "English"},
    "lang.eo": {"en": "Esperanto", "eo": "Esperanto"},
    "theme.textual-dark": {"en": "Dark", "eo": "Malhela"},
    "theme.textual-light": {"en": "Light", "eo": "Hela"},
    "theme.nord": {"en": "Nord", "eo": "Nord"},
    "theme.gruvbox": {"en": "Gruvbox", "eo": "Gruvbox"},
    "pace.slow": {"en": "slow", "eo": "malrapida"},
    "pace.normal": {"en": "normal", "eo": "normala"},
    "pace.fast": {"en": "fast", "eo": "rapida"},
    "pace.instant": {"en": "instant", "eo": "tuja"},
    "cards.symbols": {"en": "suit symbols", "eo": "emblemaj simboloj"},
    "cards.letters": {"en": "letters only", "eo": "nur literoj"},
    # -- dialogs ------------------------------------------------------------------------
    "quit.title": {"en": "Quit truf-tui?", "eo": "Ĉu eliri el truf-tui?"},
    "quit.message": {
        "en": "The game in progress will be lost.",
        "eo": "La nuna ludo perdiĝos.",
    },
    "quit.yes": {"en": "Quit (y)", "eo": "Eliri (j)"},
    "quit.no": {"en": "Keep playing (n)", "eo": "Daŭre ludi (n)"},
    "quit.ctrl_c": {"en": "Press q or Ctrl+Q to quit.", "eo": "Premu q aŭ Ctrl+Q por eliri."},
    "quit.ctrl_c.title": {"en": "Quit?", "eo": "Ĉu eliri?"},
    "abandon.title": {"en": "Leave this game?", "eo": "Ĉu forlasi ĉi tiun ludon?"},
    "abandon.message": {
        "en": "The game in progress will be lost.",
        "eo": "La nuna ludo perdiĝos.",
    },
    "abandon.yes": {"en": "Leave it (y)", "eo": "Forlasi ĝin (j)"},
    "abandon.no": {"en": "Keep playing (n)", "eo": "Daŭre ludi (n)"},
    "loss.save": {"en": "Save it first… (s)", "eo": "Unue konservi… (s)"},
    "small.title": {"en": "The window is too small", "eo": "La fenestro estas tro malgranda"},
    "small.message": {
        "en": "truf-tui needs at least {min_w}×{min_h}, now {w}×{h}.\n"
              "Please enlarge the window: the game waits for you.",
        "eo": "truf-tui bezonas almenaŭ {min_w}×{min_h}, nun {w}×{h}.\n"
              "Bonvolu pligrandigi la fenestron: la ludo atendas vin.",
    },
    # -- command palette ----------------------------------------------------------------
    "palette.placeholder": {"en": "Search for commands…", "eo": "Serĉu komandon…"},
    "cmd.new": {"en": "New game", "eo": "Nova ludo"},
    "cmd.new.help": {
        "en": "Back to the start screen to choose a game",
        "eo": "Reen al la komenca ekrano por elekti ludon",
    },
    "cmd.play_trufludo": {"en": "Play Trufludo", "eo": "Ludi Trufludon"},
    "cmd.play_trufludo.help": {
        "en": "Start a Trufludo game now with the chosen opponent and rules",
        "eo": "Tuj komenci Trufludon kun la elektitaj kontraŭulo kaj reguloj",
    },
    "cmd.play_truc": {"en": "Play Le Truc", "eo": "Ludi Le Truc"},
    "cmd.play_truc.help": {
        "en": "Start a Le Truc game now with the chosen opponent and rules",
        "eo": "Tuj komenci Le Truc kun la elektitaj kontraŭulo kaj reguloj",
    },
    "cmd.help": {"en": "How to play", "eo": "Kiel ludi"},
    "cmd.help.help": {
        "en": "The rules of both games, the keys and the opponents (key F1)",
        "eo": "La reguloj de ambaŭ ludoj, la klavoj kaj la kontraŭuloj (klavo F1)",
    },
    "cmd.settings": {"en": "Settings", "eo": "Agordoj"},
    "cmd.settings.help": {
        "en": "Language, colours, computer's pace, card style (Ctrl+S)",
        "eo": "Lingvo, koloroj, ritmo de komputilo, aspekto de kartoj (Ctrl+S)",
    },
    "cmd.language": {"en": "Language: Esperanto", "eo": "Lingvo: English"},
    "cmd.language.help": {
        "en": "Switch the language to Esperanto",
        "eo": "Ŝanĝi la lingvon al la angla",
    },
    "cmd.screenshot": {"en": "Screenshot", "eo": "Ekrankopio"},
    "cmd.screenshot.help": {
        "en": "Save an SVG picture of the screen in the current folder",
        "eo": "Konservi SVG-bildon de la ekrano en la nuna dosierujo",
    },
    "cmd.quit": {"en": "Quit", "eo": "Eliri"},
    "cmd.quit.help": {"en": "Leave truf-tui (q)", "eo": "Forlasi truf-tui (q)"},
    "shot.title": {"en": "Screenshot", "eo": "Ekrankopio"},
    "shot.saved": {"en": "Saved as {path}", "eo": "Konservita kiel {path}"},
}
