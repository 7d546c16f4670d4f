"""Texts of grading (en + eo): the grades of a decision, and Trufludo's graded review at the
end of a game (``truf_tui/ui/screens/graded.py``).  ``grade.<class>`` names the classes of
:class:`truf_tui.grading.Grade` for both games."""

STRINGS: dict[str, dict[str, str]] = {
    "grade.best": {"en": "best", "eo": "plej bona"},
    "grade.correct": {"en": "correct", "eo": "ĝusta"},
    "grade.inaccuracy": {"en": "inaccuracy", "eo": "malprecizaĵo"},
    "grade.mistake": {"en": "mistake", "eo": "eraro"},
    "grade.blunder": {"en": "blunder", "eo": "fuŝego"},
    # -- Trufludo's review on the results screen ---------------------------------------------
    "graded.f.pending": {
        "en": "[dim]The expert is grading your choices…[/]",
        "eo": "[dim]La eksperto taksas viajn elektojn…[/]",
    },
    "graded.f.failed": {
        "en": "Your choices could not be graded this time.",
        "eo": "Viaj elektoj ne povis esti taksataj ĉi-foje.",
    },
    "graded.f.head": {
        "en": "[b]Your {n} choices, graded by the expert:[/]",
        "eo": "[b]Viaj {n} elektoj, taksitaj de la eksperto:[/]",
    },
    "graded.f.head.one": {
        "en": "[b]Your one choice, graded by the expert:[/]",
        "eo": "[b]Via sola elekto, taksita de la eksperto:[/]",
    },
    "graded.f.total": {
        "en": "Their costs add up to {total} percentage points of winning chance.",
        "eo": "Iliaj kostoj sumiĝas al {total} procentpoentoj de la ŝanco gajni.",
    },
    "graded.f.clean": {
        "en": "None of them cost you anything worth naming: well played.",
        "eo": "Neniu el ili kostis al vi ion menciindan: bone ludite.",
    },
    "graded.f.top": {
        "en": "The costliest ({keys}: the replay at that move):",
        "eo": "La plej kostaj ({keys}: la reludo ĉe tiu movo):",
    },
    "graded.f.move": {
        "en": "[b]{k}[/] Move {move} · {grade} · −{loss}% of winning chance",
        "eo": "[b]{k}[/] Movo {move} · {grade} · −{loss}% de la ŝanco gajni",
    },
    "graded.f.choice": {
        "en": "    you: {played} · best: {best}",
        "eo": "    vi: {played} · plej bone: {best}",
    },
    "graded.f.where": {
        "en": "    your hand {hand} · table {table}",
        "eo": "    via mano {hand} · tablo {table}",
    },
    "graded.replay.title": {
        "en": "Replay · your move {move}: {grade}, −{loss}% of winning chance",
        "eo": "Reludo · via movo {move}: {grade}, −{loss}% de la ŝanco gajni",
    },
}
