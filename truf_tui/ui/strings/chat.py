"""Texts of the chat at a table played against a friend (issue 39 item 6), en + eo.

The quick phrases travel as ids (``net.protocol.PHRASES``): each table draws them in its own
reader's language from ``chat.phrase.<id>``.  ``{name}`` is the friend's name, cleaned
(net.protocol.clean_text); chat lines are drawn as plain text, never as markup.
"""

STRINGS: dict[str, dict[str, str]] = {
    "chat.key": {"en": "Chat", "eo": "Babili"},
    # the quick phrases (their English is also net.protocol.PHRASES', for the headless log)
    "chat.phrase.good_luck": {"en": "Good luck!", "eo": "Bonŝancon!"},
    "chat.phrase.well_played": {"en": "Well played!", "eo": "Bone ludite!"},
    "chat.phrase.nice_bluff": {"en": "Nice bluff!", "eo": "Bela blufo!"},
    "chat.phrase.your_turn": {"en": "Your turn.", "eo": "Via vico."},
    "chat.phrase.one_more": {"en": "One more?", "eo": "Ankoraŭ unu?"},
    "chat.phrase.thanks": {"en": "Thanks!", "eo": "Dankon!"},
    "chat.phrase.oops": {"en": "Oops!", "eo": "Ups!"},
    "chat.placeholder": {
        "en": "Write to {name} · Enter sends · Esc closes",
        "eo": "Skribu al {name} · Enter sendas · Esc fermas",
    },
    "chat.you": {"en": "You", "eo": "Vi"},
    "chat.muted": {
        "en": "You muted {name}'s chat: s shows it again.",
        "eo": "Vi silentigis la babilon de {name}: s montras ĝin denove.",
    },
    "chat.unmuted": {"en": "{name}'s chat is shown again.",
                     "eo": "La babilo de {name} estas denove montrata."},
    "chat.dropped.too_fast": {
        "en": "Not sent: one line a second, please.",
        "eo": "Ne sendita: po unu linio sekunde, mi petas.",
    },
    "chat.dropped.away": {"en": "Not sent: {name} is away.",
                          "eo": "Ne sendita: {name} forestas."},
    "chat.dropped.off": {
        "en": "Not sent: {name}'s truf-tui is older and has no chat.",
        "eo": "Ne sendita: la truf-tui de {name} estas pli malnova kaj ne havas babilon.",
    },
    "chat.dropped.other": {"en": "Not sent ({why}).", "eo": "Ne sendita ({why})."},
    "chat.none": {
        "en": "No chat in this game: the host's truf-tui is older.",
        "eo": "Neniu babilo en ĉi tiu ludo: la truf-tui de la gastiganto estas pli malnova.",
    },
}
