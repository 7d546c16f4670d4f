"""The store's notices about data files (:class:`truf_tui.store.files.Problem`), in both
languages: the ``store`` area of :mod:`truf_tui.i18n`.

``problem.<kind>`` is a whole notice, filled in with ``problem.what.<subject>`` (the file),
``problem.fresh.<subject>`` (what the app does instead) and ``problem.kept`` or
``problem.not_kept`` (where the bad file went).
"""

from truf_tui.i18n import Table, register

STRINGS: dict[str, dict[str, str]] = {
    # what the notice is about, by subject (Problem.subject)
    "problem.what.settings": {"en": "The settings file", "eo": "La agorda dosiero"},
    "problem.what.current": {"en": "The saved game", "eo": "La konservita ludo"},
    "problem.what.named": {"en": "The saved game “{key}”", "eo": "La konservita ludo «{key}»"},
    "problem.what.history": {"en": "The game history", "eo": "La ludhistorio"},
    "problem.what.pending": {
        "en": "A finished game waiting for the history",
        "eo": "Finita ludo atendanta la historion",
    },
    "problem.what.repetition": {
        "en": "The queue of spots to review",
        "eo": "La vico de situacioj ripetotaj",
    },
    "problem.what.spot": {
        "en": "A spot in the queue of spots to review",
        "eo": "Situacio en la vico de situacioj ripetotaj",
    },
    # what the app does instead, by subject
    "problem.fresh.settings": {
        "en": "the default settings are used",
        "eo": "la defaŭltaj agordoj estas uzataj",
    },
    "problem.fresh.current": {
        "en": "there is no game to continue",
        "eo": "neniu ludo estas daŭrigebla",
    },
    "problem.fresh.named": {"en": "it cannot be loaded", "eo": "ĝi ne estas ŝargebla"},
    "problem.fresh.history": {
        "en": "a new, empty history was started",
        "eo": "nova, malplena historio komenciĝis",
    },
    "problem.fresh.pending": {
        "en": "it cannot be added to the history",
        "eo": "ĝi ne aldoneblas al la historio",
    },
    "problem.fresh.repetition": {
        "en": "a new, empty queue was started",
        "eo": "nova, malplena vico komenciĝis",
    },
    "problem.fresh.spot": {
        "en": "the other spots stay in the queue",
        "eo": "la aliaj situacioj restas en la vico",
    },
    # The latest autosave was bad but the one before it was good: said instead of "there is
    # no game to continue", in the same notice (one true notice, not two that contradict).
    "problem.resumed": {
        "en": "the game goes on from the save made one move earlier",
        "eo": "la ludo daŭras de la konservo farita unu movon pli frue",
    },
    # the notice of each kind of problem (Problem.kind)
    "problem.empty": {
        "en": "{what} ({name}) was empty. {kept}, and {fresh}.",
        "eo": "{what} ({name}) estis malplena. {kept}, kaj {fresh}.",
    },
    "problem.corrupt": {
        "en": "{what} ({name}) is damaged and could not be read ({detail}). {kept}, and {fresh}.",
        "eo": "{what} ({name}) estas difektita kaj ne legeblas ({detail}). {kept}, kaj {fresh}.",
    },
    # The database's own words (an integrity check's) mean nothing to a player: they go to
    # the log (Problem.detail, logging), the notice says what it means.
    "problem.corrupt.plain": {
        "en": "{what} ({name}) is damaged and could not be read. {kept}, and {fresh}.",
        "eo": "{what} ({name}) estas difektita kaj ne legeblas. {kept}, kaj {fresh}.",
    },
    "problem.foreign": {
        "en": "{what} ({name}) is not a truf-tui file of this kind ({detail}). {kept}, and "
              "{fresh}.",
        "eo": "{what} ({name}) ne estas tiaspeca dosiero de truf-tui ({detail}). {kept}, kaj "
              "{fresh}.",
    },
    "problem.newer": {
        "en": "{what} ({name}) was written by a newer version of truf-tui ({detail}). {kept} (a "
              "newer truf-tui can still use it), and {fresh}.",
        "eo": "{what} ({name}) estis skribita de pli nova versio de truf-tui ({detail}). {kept} "
              "(pli nova truf-tui ankoraŭ povas uzi ĝin), kaj {fresh}.",
    },
    "problem.unreadable": {
        "en": "{what} ({name}) could not be read ({detail}). It was left untouched, and {fresh}.",
        "eo": "{what} ({name}) ne legeblas ({detail}). Ĝi restas netuŝita, kaj {fresh}.",
    },
    "problem.invalid": {
        "en": "The setting “{key}” had an unusable value ({detail}); the default ({default}) is "
              "used instead.",
        "eo": "La agordo «{key}» havis neuzeblan valoron ({detail}); la defaŭlta ({default}) "
              "estas uzata anstataŭe.",
    },
    "problem.archived": {
        "en": "Another unfinished game was found in the autosave; it was kept as the saved game "
              "“{key}”.",
        "eo": "Alia nefinita ludo troviĝis en la aŭtomata konservo; ĝi estas konservita kiel "
              "«{key}».",
    },
    "problem.missing": {
        "en": "There is no saved game called “{key}”.",
        "eo": "Ne ekzistas konservita ludo nomata «{key}».",
    },
    "problem.unsaved": {
        "en": "The game history could not be opened on disk ({detail}); the statistics show the "
              "games of this session only.",
        "eo": "La ludhistorio ne malfermeblis sur la disko ({detail}); la statistiko montras nur "
              "la ludojn de ĉi tiu seanco.",
    },
    "problem.elsewhere": {
        "en": "The saved game is open in another truf-tui window, so it is not offered here: this "
              "window keeps a game of its own, and neither overwrites the other.",
        "eo": "La konservita ludo estas malfermita en alia fenestro de truf-tui, do ĝi ne estas "
              "proponata ĉi tie: ĉi tiu fenestro havas sian propran ludon, kaj neniu el la du "
              "anstataŭigas la alian.",
    },
    "problem.waiting": {
        "en": "Another unfinished game, left by a window that was closed, is kept too: a second "
              "window continues it, and so does the next start once this game is finished or "
              "left.",
        "eo": "Alia nefinita ludo, lasita de fenestro fermita, ankaŭ estas konservita: dua "
              "fenestro daŭrigas ĝin, kaj same la sekva starto, kiam ĉi tiu ludo estos finita aŭ "
              "forlasita.",
    },
    # where the bad file went, or why it stayed
    "problem.kept": {
        "en": "It was kept aside as {kept}",
        "eo": "Ĝi estas flankenmetita kiel {kept}",
    },
    "problem.not_kept": {
        "en": "It could not be moved aside ({detail2}), so it was left as it is",
        "eo": "Ĝi ne flankenmeteblis ({detail2}), do ĝi restas kiel ĝi estas",
    },
}

_TABLES: dict[str, Table] = {"problems": STRINGS}
register("store", _TABLES)
