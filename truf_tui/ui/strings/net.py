"""Texts of playing a friend over the network (issue 39), en + eo.

``{name}`` is the other player's name: it comes from the other computer, cleaned
(net.protocol.clean_text) and escaped before it is drawn.
"""

STRINGS: dict[str, dict[str, str]] = {
    "start.opponent.friend": {"en": "a friend online",
                              "eo": "amiko per la reto"},
    # -- the host-or-join screen --------------------------------------------------------------
    "net.title": {"en": "Play a friend over the network", "eo": "Ludi kontraŭ amiko per la reto"},
    "net.name": {"en": "Your name", "eo": "Via nomo"},
    "net.name.placeholder": {"en": "optional", "eo": "nedeviga"},
    "net.host.offer": {
        "en": "[b]Host[/] a game of {what}: you get a code to send your friend.\n"
              "[b]Join[/] your friend's game: paste the code they sent you below.",
        "eo": "[b]Gastigu[/] ludon de {what}: vi ricevas kodon por sendi al via amiko.\n"
              "[b]Aliĝu[/] al la ludo de via amiko: algluu sube la kodon, kiun ri sendis.",
    },
    "net.host": {"en": "Host a game", "eo": "Gastigi ludon"},
    "net.join": {"en": "Join", "eo": "Aliĝi"},
    "net.port": {"en": "port", "eo": "pordo"},
    "net.port.any": {"en": "any", "eo": "ajna"},
    "net.address": {"en": "address in the code", "eo": "adreso en la kodo"},
    "net.address.this": {"en": "this computer's", "eo": "de ĉi tiu komputilo"},
    "net.code.placeholder": {"en": "paste the invite code here (truf1-…)",
                             "eo": "algluu ĉi tien la invitkodon (truf1-…)"},
    "net.code.is": {
        "en": "Send this code to your friend (press c to copy it):\n\n{code}\n\n"
              "It works once, for 10 minutes.",
        "eo": "Sendu ĉi tiun kodon al via amiko (premu c por kopii ĝin):\n\n{code}\n\n"
              "Ĝi validas unufoje, dum 10 minutoj.",
    },
    # A resumed match's code: it lets only the friend whose seat is kept back in.
    "net.code.resumed": {
        "en": "Send this new code to your friend (press c to copy it):\n\n{code}\n\n"
              "It takes your friend's kept seat back, for 5 minutes.",
        "eo": "Sendu ĉi tiun novan kodon al via amiko (premu c por kopii ĝin):\n\n{code}\n\n"
              "Ĝi redonas al via amiko rian konservitan sidlokon, dum 5 minutoj.",
    },
    "net.key.code": {"en": "Type a code", "eo": "Tajpi kodon"},
    # -- host --web: the guest's seat in a browser tab ------------------------------------------
    "net.web.offer": {"en": "my friend has only a browser", "eo": "mia amiko havas nur retumilon"},
    "net.web.port": {"en": "web port", "eo": "reta pordo"},
    "net.web.link": {
        "en": "Or, if your friend has only a browser, send this link (press l to copy it):\n\n"
              "{link}\n\n"
              "It lets one browser in (that one may open it again until you have finished "
              "playing), while the code is good. Your friend's game then "
              "runs on this computer: the deal is still provably fair, but this computer "
              "holds both players' programs. Your friend must reach the web port in the link.",
        "eo": "Aŭ, se via amiko havas nur retumilon, sendu ĉi tiun ligilon (premu l por kopii "
              "ĝin):\n\n{link}\n\n"
              "Ĝi enlasas unu retumilon (tiu povas malfermi ĝin denove ĝis vi finos ludi), dum la "
              "kodo validas. La ludo de via amiko "
              "tiam ruliĝas en ĉi tiu komputilo: la disdono restas pruveble justa, sed ĉi tiu "
              "komputilo tenas la programojn de ambaŭ ludantoj. Via amiko devas atingi la "
              "retan pordon en la ligilo.",
    },
    "net.key.copy_link": {"en": "Copy the link", "eo": "Kopii la ligilon"},
    "net.web.copied": {"en": "The link is copied: send it to your friend.",
                       "eo": "La ligilo estas kopiita: sendu ĝin al via amiko."},
    "net.web.failed": {"en": "Could not serve the browser tab: {why}",
                       "eo": "Ne eblis servi la retumilan langeton: {why}"},
    "net.key.copy": {"en": "Copy the code", "eo": "Kopii la kodon"},
    "net.copied": {"en": "The code is copied: paste it into a message to your friend.",
                   "eo": "La kodo estas kopiita: algluu ĝin en mesaĝon al via amiko."},
    "net.host.starting": {"en": "Starting to host…", "eo": "Komencas gastigi…"},
    "net.host.name": {"en": "Host", "eo": "Gastiganto"},
    "net.guest.name": {"en": "Guest", "eo": "Gasto"},
    "net.host.failed": {"en": "Could not start hosting: {why}",
                        "eo": "Ne eblis komenci gastigi: {why}"},
    "net.waiting.friend": {"en": "Waiting for your friend…", "eo": "Atendas vian amikon…"},
    "net.host.expired": {
        "en": "Nobody joined within 10 minutes: the code has expired. Host again for a new "
              "one.",
        "eo": "Neniu aliĝis dum 10 minutoj: la kodo eksvalidiĝis. Gastigu denove por nova.",
    },
    # -- a hosted match the app did not finish (killed, or stopped under the table) ----------
    "net.resume.offer": {
        "en": "Your game with [b]{name}[/] ({what}) was cut short: this truf-tui stopped "
              "while you hosted it. Resume it to get a new code for {name}: the game goes "
              "on exactly where it was. (Hosting a new game forgets it.)",
        "eo": "Via ludo kun [b]{name}[/] ({what}) estis interrompita: ĉi tiu truf-tui "
              "ĉesis, dum vi gastigis ĝin. Daŭrigu ĝin por ricevi novan kodon por {name}: "
              "la ludo daŭras ĝuste de kie ĝi estis. (Gastigi novan ludon forgesas ĝin.)",
    },
    "net.resume": {"en": "Resume the game with {name}", "eo": "Daŭrigi la ludon kun {name}"},
    "net.resume.forget": {"en": "Forget it", "eo": "Forgesi ĝin"},
    "net.resume.forgotten": {"en": "The unfinished game is forgotten.",
                             "eo": "La nefinita ludo estas forgesita."},
    "net.resume.waiting": {
        "en": "Send this new code to {name}: their seat is kept for 5 minutes, and pasting "
              "the code on Join takes it back. Waiting for {name}…",
        "eo": "Sendu ĉi tiun novan kodon al {name}: ria sidloko restas dum 5 minutoj, kaj "
              "alglui la kodon ĉe Aliĝi reprenas ĝin. Atendas {name}…",
    },
    "net.resume.gone": {
        "en": "{name} did not come back within 5 minutes. The game is still kept: resume "
              "it again when {name} is ready.",
        "eo": "{name} ne revenis dum 5 minutoj. La ludo restas konservita: daŭrigu ĝin "
              "denove, kiam {name} pretas.",
    },
    # The guest whose host vanished (its app killed or stopped): the seat stays kept.
    "net.resume.guest": {
        "en": "Your seat is kept: {name} can start truf-tui again and resume the game, "
              "then send you a new code. Paste it on Join (Play a friend) to take your seat "
              "back: the game goes on exactly where it was.",
        "eo": "Via sidloko restas: {name} povas relanĉi truf-tui kaj daŭrigi la ludon, kaj "
              "sendi al vi novan kodon. Algluu ĝin ĉe Aliĝi (Ludi kontraŭ amiko) por repreni "
              "vian sidlokon: la ludo daŭras ĝuste de kie ĝi estis.",
    },
    "net.friend.came": {"en": "{name} joined: dealing…", "eo": "{name} aliĝis: disdonas…"},
    "net.joining": {"en": "Joining…", "eo": "Aliĝas…"},
    "net.joined": {"en": "You joined {name}'s game: dealing…",
                   "eo": "Vi aliĝis al la ludo de {name}: disdonas…"},
    "net.join.empty": {"en": "Paste the code your friend sent you first.",
                       "eo": "Unue algluu la kodon, kiun via amiko sendis al vi."},
    "net.join.bad_code": {
        "en": "That is not a whole invite code: check that you copied all of it (it starts "
              "with truf1-).",
        "eo": "Tio ne estas tuta invitkodo: kontrolu, ke vi kopiis ĝin tutan (ĝi komenciĝas "
              "per truf1-).",
    },
    "net.join.wrong_secret": {
        "en": "The host does not know this code: it is mistyped, or from another game.",
        "eo": "La gastiganto ne konas ĉi tiun kodon: ĝi estas mistajpita, aŭ de alia ludo.",
    },
    "net.join.used": {"en": "This code was used already: ask your friend for a new one.",
                      "eo": "Ĉi tiu kodo jam estis uzita: petu novan de via amiko."},
    "net.join.expired": {
        "en": "This code has expired (a code lasts 10 minutes): ask your friend for a new one.",
        "eo": "Ĉi tiu kodo eksvalidiĝis (kodo daŭras 10 minutojn): petu novan de via amiko.",
    },
    "net.join.too_late": {"en": "That seat was given up (away more than 5 minutes).",
                          "eo": "Tiu sidloko estis forlasita (for pli ol 5 minutojn)."},
    "net.join.nobody": {
        "en": "Nobody is hosting at that address any more: has your friend stopped hosting?",
        "eo": "Neniu plu gastigas ĉe tiu adreso: ĉu via amiko ĉesis gastigi?",
    },
    "net.join.timeout": {
        "en": "Your friend's computer does not answer. Are you on the same network? Across "
              "the internet, see the help (F1): port forwarding, an SSH tunnel or a VPN.",
        "eo": "La komputilo de via amiko ne respondas. Ĉu vi estas en la sama reto? Trans "
              "la interreto, vidu la helpon (F1): pordplusendo, SSH-tunelo aŭ VPN.",
    },
    "net.join.certificate": {
        "en": "Another program answered at that address, not your friend's game: nothing "
              "was sent to it. Check the code, or the address your friend set.",
        "eo": "Alia programo respondis ĉe tiu adreso, ne la ludo de via amiko: nenio estis "
              "sendita al ĝi. Kontrolu la kodon, aŭ la adreson, kiun via amiko agordis.",
    },
    "net.join.not_truf": {
        "en": "Something that is not truf-tui answered at that address.",
        "eo": "Io, kio ne estas truf-tui, respondis ĉe tiu adreso.",
    },
    "net.join.protocol": {
        "en": "The host's program does not speak this version's protocol.",
        "eo": "La programo de la gastiganto ne parolas la protokolon de ĉi tiu versio.",
    },
    "net.join.version": {
        "en": "Your friend's truf-tui is another version: you both need the same version "
              "to play together.",
        "eo": "La truf-tui de via amiko estas alia versio: vi ambaŭ bezonas la saman "
              "version por ludi kune.",
    },
    "net.join.closed": {"en": "The connection to the host was closed before you could join.",
                        "eo": "La konekto al la gastiganto fermiĝis antaŭ ol vi povis aliĝi."},
    "net.target": {"en": "first to {n}", "eo": "la unua al {n}"},
    "net.deck.french": {"en": "French pack", "eo": "franca kartaro"},
    "net.deck.italian": {"en": "Italian pack", "eo": "itala kartaro"},
    # -- the table ---------------------------------------------------------------------------
    "net.thinking": {"en": "{name} is thinking…", "eo": "{name} pensas…"},
    "net.wait": {"en": "Wait for {name} to move.", "eo": "Atendu, ke {name} movu."},
    "net.sent": {"en": "Your move is on its way…", "eo": "Via movo estas survoje…"},
    "net.no.hints": {"en": "No hints in a game against a friend.",
                     "eo": "Neniuj konsiloj en ludo kontraŭ amiko."},
    "net.verified": {
        "en": "Deal verified: the cards came from both computers' seeds, as promised.",
        "eo": "Disdono kontrolita: la kartoj venis el la semoj de ambaŭ komputiloj, kiel "
              "promesite.",
    },
    # In the results box of a game played over the network (no notice over its buttons).
    "net.verified.results": {
        "en": "✓ Deal verified: every card of this game came from both computers' seeds.",
        "eo": "✓ Disdono kontrolita: ĉiu karto de ĉi tiu ludo venis el la semoj de ambaŭ "
              "komputiloj.",
    },
    "net.unchecked": {
        "en": "This game's deal could not be checked here (this table joined again after "
              "a restart).",
        "eo": "La disdono de ĉi tiu ludo ne estis kontrolebla ĉi tie (ĉi tiu tablo "
              "realiĝis post restarto).",
    },
    "net.alarm.title": {"en": "⚠ DEAL ALARM ⚠", "eo": "⚠ ALARMO PRI LA DISDONO ⚠"},
    "net.alarm.body": {
        "en": "[b]The cards of game {n} were not dealt as the host promised.[/]\n\n{why}\n\n"
              "The host's program may have been changed to choose the cards. Do not trust "
              "this game's result.",
        "eo": "[b]La kartoj de ludo {n} ne estis disdonitaj, kiel la gastiganto promesis.[/]"
              "\n\n{why}\n\nLa programo de la gastiganto eble estis ŝanĝita por elekti la "
              "kartojn. Ne fidu la rezulton de ĉi tiu ludo.",
    },
    "net.away.title": {"en": "Waiting for {name} (reconnecting…)",
                       "eo": "Atendas {name} (rekonektiĝas…)"},
    "net.away.body": {
        "en": "{name}'s connection dropped. They have 5 minutes to come back, and the game "
              "goes on exactly where it was. You may wait, or end the game now.",
        "eo": "La konekto de {name} falis. Ri havas 5 minutojn por reveni, kaj la ludo "
              "daŭras ĝuste de kie ĝi estis. Vi povas atendi, aŭ fini la ludon nun.",
    },
    # The host's player: the host decides, ending it is a win (issue 39 item 4).
    "net.away.body.win": {
        "en": "{name}'s connection dropped. They have 5 minutes to come back, and the game "
              "goes on exactly where it was. You may wait, or end the game now: it then "
              "counts as your win.",
        "eo": "La konekto de {name} falis. Ri havas 5 minutojn por reveni, kaj la ludo "
              "daŭras ĝuste de kie ĝi estis. Vi povas atendi, aŭ fini la ludon nun: tiam "
              "ĝi kalkuliĝas kiel via venko.",
    },
    # Counted down every second in the waiting box ({time}: m:ss).
    "net.away.left": {"en": "Time left for {name} to come back: {time}",
                      "eo": "Restas al {name} {time} por reveni"},
    "net.away.left.none": {"en": "{name}'s 5 minutes are over: the game cannot wait longer.",
                           "eo": "La 5 minutoj de {name} pasis: la ludo ne povas plu atendi."},
    # Under a name in the table's name box: at most 12 columns (80x24 and 100x32).
    "net.away.short": {"en": "rejoining…", "eo": "revenas…"},
    "net.reconnecting.short": {"en": "rejoining…", "eo": "revenas…"},
    "net.reconnecting": {"en": "The connection dropped: taking your seat back…",
                         "eo": "La konekto falis: reprenas vian sidlokon…"},
    # The guest's table: the host may be gone for good, and come back with a new code.
    "net.reconnecting.guest": {
        "en": "The connection to {name}'s game dropped: taking your seat back… If {name}'s "
              "truf-tui stopped, they can resume the game and send you a new code: your "
              "seat is kept, so leave this game (Esc) and paste the new code on Join.",
        "eo": "La konekto al la ludo de {name} falis: reprenas vian sidlokon… Se la truf-tui "
              "de {name} ĉesis, ri povas daŭrigi la ludon kaj sendi al vi novan kodon: via "
              "sidloko restas, do forlasu ĉi tiun ludon (Esk) kaj algluu la novan kodon ĉe "
              "Aliĝi.",
    },
    "net.reconnecting.guest.web": {
        "en": "The connection to {name}'s game dropped: taking your seat back… If it does "
              "not come back, reload this page: the link takes your seat back while "
              "{name}'s game waits for you.",
        "eo": "La konekto al la ludo de {name} falis: reprenas vian sidlokon… Se ĝi ne "
              "revenas, reŝargu ĉi tiun paĝon: la ligilo redonas vian sidlokon, dum la "
              "ludo de {name} atendas vin.",
    },
    "net.reconnected": {"en": "Connected again: the game goes on.",
                        "eo": "Denove konektita: la ludo daŭras."},
    "net.refused": {"en": "The host refused that move: {why}",
                    "eo": "La gastiganto rifuzis tiun movon: {why}"},
    "net.not.kept": {"en": "The finished game could not be kept: {why}",
                     "eo": "La finita ludo ne estis konservebla: {why}"},
    "net.next.game": {"en": "Game {n}: a new deal", "eo": "Ludo {n}: nova disdono"},
    "net.wait.next": {"en": "Waiting for {name} and the next deal…",
                      "eo": "Atendas {name} kaj la sekvan disdonon…"},
    "net.lost.title": {"en": "The game cannot go on", "eo": "La ludo ne povas daŭri"},
    "net.lost.body": {"en": "{why}", "eo": "{why}"},
    "net.ended.away.won": {
        "en": "The game counts as your win: your history keeps it as ended while {name} "
              "was away.",
        "eo": "La ludo kalkuliĝas kiel via venko: via historio konservas ĝin kiel finitan "
              "dum {name} forestis.",
    },
    "net.ended.away.lost": {
        "en": "{name} ended the game while you were away: it counts as their win, and your "
              "history keeps it so.",
        "eo": "{name} finis la ludon dum vi forestis: ĝi kalkuliĝas kiel ria venko, kaj via "
              "historio konservas ĝin tiel.",
    },
    "net.host.ended": {"en": "Your friend ended the game.", "eo": "Via amiko finis la ludon."},
    # Told to a guest back from away: the host's player left (or quit) meanwhile.
    "net.host.ended.away": {
        "en": "{name} ended the game while you were away. The game in play counts for "
              "neither of you, and it cannot be resumed. Games you finished are in your "
              "history.",
        "eo": "{name} finis la ludon dum vi forestis. La nuna ludo validas por neniu el "
              "vi, kaj ĝi ne plu daŭrigeblas. Viaj finitaj ludoj estas en via historio.",
    },
    # On the terminal, once the host's app has quit with its friend away ({time}: m:ss).
    "net.quit.telling": {
        "en": "truf-tui: {name} is away. Waiting up to {time} to tell them, if they come "
              "back, that you ended the game (Ctrl+C stops waiting)…",
        "eo": "truf-tui: {name} forestas. Atendas ĝis {time} por diri al ri, se ri "
              "revenos, ke vi finis la ludon (Ctrl+C ĉesigas la atendon)…",
    },
    # The host's app stopped, or the line was lost: nobody chose to end the game.
    "net.host.stopped": {
        "en": "{name}'s truf-tui stopped (it was closed) before you had finished "
              "playing, so this game cannot go on for now. Games you finished are in your "
              "history.",
        "eo": "La truf-tui de {name} ĉesis (ĝi estis fermita) antaŭ ol vi finis ludi, "
              "do ĉi tiu ludo ne povas daŭri nun. Viaj finitaj ludoj estas en via historio.",
    },
    # The host's table: the friend's 5 minutes to come back are over.
    "net.friend.gone": {
        "en": "{name} did not come back within the 5 minutes, so this game cannot go on. "
              "Games you finished are in your history.",
        "eo": "{name} ne revenis dum la 5 minutoj, do ĉi tiu ludo ne povas daŭri. Viaj "
              "finitaj ludoj estas en via historio.",
    },
    "net.host.lost": {
        "en": "The connection to {name}'s game was lost (their truf-tui stopped, or the "
              "network failed) and did not come back. Games you finished are in your "
              "history.",
        "eo": "La konekto al la ludo de {name} perdiĝis (ria truf-tui ĉesis, aŭ la reto "
              "paneis) kaj ne revenis. Viaj finitaj ludoj estas en via historio.",
    },
    "net.btn.ok": {"en": "OK", "eo": "Bone"},
    "net.btn.wait": {"en": "Keep waiting", "eo": "Plu atendi"},
    "net.btn.end": {"en": "End the game", "eo": "Fini la ludon"},
    "net.btn.next": {"en": "Next game", "eo": "Sekva ludo"},
    "net.btn.leave": {"en": "Stop playing", "eo": "Ĉesi ludi"},
    "net.btn.done": {"en": "Back to the start", "eo": "Reen al la komenco"},
    # -- leaving the table (Esc, Leave): what it really does (NetPlay.leaving_words) --------
    "net.leave.host": {
        "en": "This ends the game for both of you: {name} is told you ended it. The game "
              "in play counts for neither of you (the games you finished stay in the "
              "history), and it cannot be resumed.",
        "eo": "Tio finas la ludon por vi ambaŭ: {name} ekscios, ke vi finis ĝin. La "
              "nuna ludo validas por neniu el vi (la finitaj ludoj restas en la historio), "
              "kaj ĝi ne plu daŭrigeblas.",
    },
    "net.leave.host.away": {
        "en": "{name} is away. This ends the game: the game in play counts for neither "
              "of you, and it cannot be resumed. If {name} comes back within their 5 "
              "minutes, they are told you ended it.",
        "eo": "{name} forestas. Tio finas la ludon: la nuna ludo validas por neniu el "
              "vi, kaj ĝi ne plu daŭrigeblas. Se {name} revenos dum riaj 5 minutoj, ri "
              "ekscios, ke vi finis ĝin.",
    },
    "net.leave.guest": {
        "en": "Your seat is kept: paste the same code on Join within 5 minutes to take it "
              "back, and the game goes on where it was.",
        "eo": "Via sidloko restas: alglui la saman kodon ĉe Aliĝi dum 5 minutoj reprenas "
              "ĝin, kaj la ludo daŭras, kie ĝi estis.",
    },
    # The guest in a browser tab (host --web): the link takes the seat back (its cookie).
    "net.leave.guest.web": {
        "en": "Your seat is kept: open the link again (or reload this page) within 5 "
              "minutes to take it back, and the game goes on where it was.",
        "eo": "Via sidloko restas: malfermu la ligilon denove (aŭ reŝargu ĉi tiun paĝon) "
              "dum 5 minutoj por repreni ĝin, kaj la ludo daŭras, kie ĝi estis.",
    },
    "net.leave.guest.lost.web": {
        "en": "Your seat is kept while {name}'s game waits for you: reload this page to "
              "take it back.",
        "eo": "Via sidloko restas, dum la ludo de {name} atendas vin: reŝargu ĉi tiun "
              "paĝon por repreni ĝin.",
    },
    "net.leave.guest.lost": {
        "en": "Your seat is kept: when {name} is back (or resumes the game and sends you "
              "a new code), paste the code on Join to take your seat back.",
        "eo": "Via sidloko restas: kiam {name} revenos (aŭ daŭrigos la ludon kaj sendos "
              "al vi novan kodon), alglui la kodon ĉe Aliĝi reprenas vian "
              "sidlokon.",
    },
    "net.leave.guest.unkept": {
        "en": "This truf-tui keeps no data folder, so your seat is not kept: you cannot "
              "come back to this game.",
        "eo": "Ĉi tiu truf-tui havas neniun datumdosierujon, do via sidloko ne restas: vi "
              "ne povos reveni al ĉi tiu ludo.",
    },
    "net.leave.guest.win": {
        "en": "Meanwhile {name} may end the game, and it then counts as {name}'s win.",
        "eo": "Intertempe {name} rajtas fini la ludon, kaj ĝi tiam validas kiel venko de "
              "{name}.",
    },
}
