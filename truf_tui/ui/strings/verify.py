"""Texts of ``truf-tui verify RECORD`` (cli.verify), en + eo: the command speaks the app's
language (``--lang``, else the data folder's settings).

``verify.why.*`` say why a deal is not verified; each matches one of the engine's
``DealError`` sentences (cli.VERIFY_REASONS reads its numbers from it), which the English
texts repeat word for word.  ``{detail}`` is the engine's or the parser's own sentence (a
move's reason, a JSON error), which stays in English.
"""

STRINGS: dict[str, dict[str, str]] = {
    "verify.ok": {
        "en": "{path}: every deal verified: {n} deals of {game} ({moves} moves, {state}, "
              "{a}-{b}).",
        "eo": "{path}: ĉiu disdono kontrolita: {n} disdonoj de {game} ({moves} movoj, "
              "{state}, {a}-{b}).",
    },
    "verify.ok.one": {
        "en": "{path}: every deal verified: {n} deal of {game} ({moves} moves, {state}, "
              "{a}-{b}).",
        "eo": "{path}: ĉiu disdono kontrolita: {n} disdono de {game} ({moves} movoj, "
              "{state}, {a}-{b}).",
    },
    "verify.finished": {"en": "finished", "eo": "finita"},
    "verify.in_progress": {"en": "in progress", "eo": "daŭranta"},
    "verify.format1": {
        "en": "This record is of the older fair deal (format 1): the guest's seed of a round "
              "in which no card was played is not bound by it.",
        "eo": "Ĉi tiu registro estas de la pli malnova justa disdono (formo 1): ĝi ne ligas "
              "la semon de la gasto por rondo, en kiu neniu karto estis ludita.",
    },
    "verify.bad": {"en": "{path}: NOT VERIFIED: {why}.",
                   "eo": "{path}: NE KONTROLITA: {why}."},
    "verify.replay": {"en": "the game cannot be replayed: {detail}",
                      "eo": "la ludo ne estas reludebla: {detail}"},
    "verify.damaged": {"en": "the record is damaged ({detail})",
                       "eo": "la registro estas difektita ({detail})"},
    # the file itself
    "verify.missing": {"en": "{path} does not exist.", "eo": "{path} ne ekzistas."},
    "verify.unreadable": {"en": "{path} could not be read: {detail}.",
                          "eo": "{path} ne estis legebla: {detail}."},
    "verify.unusable": {"en": "{path} cannot be opened: {reason} ({detail}).",
                        "eo": "{path} ne estas malfermebla: {reason} ({detail})."},
    "verify.file.empty": {"en": "it is empty", "eo": "ĝi estas malplena"},
    "verify.file.foreign": {"en": "it is not a truf-tui game record",
                            "eo": "ĝi ne estas ludregistro de truf-tui"},
    "verify.file.newer": {"en": "it was written by a newer truf-tui",
                          "eo": "pli nova truf-tui skribis ĝin"},
    "verify.file.corrupt": {"en": "it is damaged", "eo": "ĝi estas difektita"},
    # why a deal is not verified (the engine's DealError, read by cli.VERIFY_REASONS)
    "verify.why.pack": {
        "en": "deal 1 has no proof: this game was dealt from a given pack",
        "eo": "disdono 1 havas neniun pruvon: ĉi tiu ludo estis disdonita el donita kartaro",
    },
    "verify.why.unfair": {
        "en": "deal 1 has no proof: this record was kept without the fair deal (by an older "
              "version, or a game started from a chosen seed)",
        "eo": "disdono 1 havas neniun pruvon: ĉi tiu registro estis konservita sen la justa "
              "disdono (de pli malnova versio, aŭ ludo komencita de elektita semo)",
    },
    "verify.why.unrevealed": {
        "en": "deal {n}: the host's seed is not revealed yet",
        "eo": "disdono {n}: la semo de la gastiganto ankoraŭ ne estas malkaŝita",
    },
    "verify.why.commitment": {
        "en": "deal {n}: the host's seed does not agree with its commitment",
        "eo": "disdono {n}: la semo de la gastiganto ne akordas kun ĝia promeso",
    },
    "verify.why.seed": {
        "en": "deal {n}: the record's seed is not the one its proof gives",
        "eo": "disdono {n}: la semo de la registro ne estas tiu, kiun ĝia pruvo donas",
    },
    "verify.why.chain": {
        "en": "deal {n}: its guest seed is not the one deal {m}'s commitment names",
        "eo": "disdono {n}: ĝia gasta semo ne estas tiu, kiun la promeso de disdono {m} "
              "nomas",
    },
    "verify.why.start": {
        "en": "deal {n}: its commitment does not start the chain",
        "eo": "disdono {n}: ĝia promeso ne komencas la ĉenon",
    },
    "verify.why.unchained": {
        "en": "deal {n}: its proof has no chain, unlike {other}",
        "eo": "disdono {n}: ĝia pruvo havas neniun ĉenon, male al {other}",
    },
    "verify.why.unchained.later": {"en": "the later ones", "eo": "la postaj"},
    "verify.why.unchained.first": {"en": "the first one", "eo": "la unua"},
    "verify.why.seal": {
        "en": "deal {n}: the record's seal does not agree with it (its guest seed was changed)",
        "eo": "disdono {n}: la sigelo de la registro ne akordas kun ĝi (ĝia gasta semo "
              "estis ŝanĝita)",
    },
    "verify.why.no_seal": {"en": "the record of chained deals has no seal",
                           "eo": "la registro de ĉenitaj disdonoj havas neniun sigelon"},
    "verify.why.stray_seal": {"en": "the record has a seal but its deals have no chain",
                              "eo": "la registro havas sigelon, sed ĝiaj disdonoj havas "
                                    "neniun ĉenon"},
    "verify.why.move": {
        "en": "deal {n}: move {i} ({move}) does not fit the cards its seeds deal: {detail}",
        "eo": "disdono {n}: movo {i} ({move}) ne konvenas al la kartoj, kiujn ĝiaj semoj "
              "disdonas: {detail}",
    },
    "verify.why.hidden": {
        "en": "deal {n} has no proof: move {i} dealt it from hidden randomness",
        "eo": "disdono {n} havas neniun pruvon: movo {i} disdonis ĝin el kaŝita hazardo",
    },
    "verify.why.never": {"en": "deal {n} was agreed but never dealt",
                         "eo": "disdono {n} estis interkonsentita sed neniam disdonita"},
    "verify.why.shape": {"en": "deal {n}: {detail}", "eo": "disdono {n}: {detail}"},
}
