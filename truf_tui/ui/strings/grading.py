"""Texts of grading (en + eo): the grades of a decision, and Trufludo's graded review at the
end of a game (``truf_tui/ui/screens/graded.py``).  ``grade.<class>`` names the classes of
:class:`truf_tui.grading.Grade` for both games."""

STRINGS: dict[str, dict[str, str]] = {
    "grade.best": {"en": "best", "eo": "plej bona"},
    "grade.correct": {"en": "correct", "eo": "ĝusta"},
    "grade.inaccuracy": {"en": "inaccuracy", "eo": "malprecizaĵo"},
    "grade.mistake": {"en": "mistake", "eo": "eraro"},
    "grade.blunder": {"en": "blunder", "eo": "fuŝego"},
    # A choice the solved player never makes, within its rounding of the best value or
    # costing little (grading.grade_key): the class, and that the solution never makes it.
    "grade.best.never": {"en": "best value, though the solution never plays it",
                         "eo": "plej bona valoro, kvankam la solvo neniam ludas ĝin"},
    "grade.correct.never": {"en": "correct, though the solution never plays it",
                            "eo": "ĝusta, kvankam la solvo neniam ludas ĝin"},
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
        "en": "Their costs add up to {total} percentage points of winning chance against "
              "strong play.",
        "eo": "Iliaj kostoj sumiĝas al {total} procentpoentoj de la ŝanco gajni kontraŭ "
              "forta ludo.",
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
        "en": "Replay · before your move {move} ({grade}, −{loss}% of winning chance): "
              "→ plays it",
        "eo": "Reludo · antaŭ via movo {move} ({grade}, −{loss}% de la ŝanco gajni): "
              "→ ludas ĝin",
    },
    # -- Le Truc: the round's review (practice) and the end of a match ----------------------
    "graded.t.points": {"en": "{x} points", "eo": "{x} poentoj"},
    "graded.t.pct": {"en": "{x}% of winning chance", "eo": "{x}% de la ŝanco gajni"},
    "graded.t.and": {"en": " and ", "eo": " kaj "},
    "graded.t.pending": {
        "en": "[dim]Grading your decisions against the solution…[/]",
        "eo": "[dim]Mi taksas viajn decidojn kontraŭ la solvo…[/]",
    },
    "graded.t.pending.match": {
        "en": "[dim]Grading the last of your decisions against the solution…[/]",
        "eo": "[dim]Mi taksas la lastajn el viaj decidoj kontraŭ la solvo…[/]",
    },
    "graded.t.failed": {
        "en": "Your decisions could not be graded this time.",
        "eo": "Viaj decidoj ne povis esti taksataj ĉi-foje.",
    },
    "graded.t.none": {
        "en": "You had no real choice to make this round.",
        "eo": "Vi havis neniun veran elekton en ĉi tiu rondo.",
    },
    "graded.t.round": {
        "en": "[b]Your {n} decisions, graded against the solution: they cost {cost}.[/]",
        "eo": "[b]Viaj {n} decidoj, taksitaj kontraŭ la solvo: ili kostis {cost}.[/]",
    },
    "graded.t.round.one": {
        "en": "[b]Your one decision, graded against the solution: it cost {cost}.[/]",
        "eo": "[b]Via sola decido, taksita kontraŭ la solvo: ĝi kostis {cost}.[/]",
    },
    "graded.t.decision": {
        "en": "{what} in trick {trick} · {grade}",
        "eo": "{what} en preno {trick} · {grade}",
    },
    "graded.t.cost": {
        "en": "· −{cost} · best: {best}",
        "eo": "· −{cost} · plej bone: {best}",
    },
    "graded.t.details": {
        "en": "v: the value of every option",
        "eo": "v: la valoro de ĉiu elekto",
    },
    "graded.t.details.hide": {
        "en": "v: fold the values away",
        "eo": "v: kaŝi la valorojn",
    },
    "graded.t.match": {
        "en": "[b]Your decisions cost {cost} this game[/] ({n} graded against the solution):",
        "eo": "[b]Viaj decidoj kostis {cost} en ĉi tiu ludo[/] ({n} taksitaj kontraŭ la solvo):",
    },
    "graded.t.top": {
        "en": "round {round}, trick {trick}: {what} · {grade} · −{cost} · best: {best}",
        "eo": "rondo {round}, preno {trick}: {what} · {grade} · −{cost} · plej bone: {best}",
    },
    "graded.t.replay.title": {
        "en": "Replay · your decision at move {move}: {grade}, −{cost}",
        "eo": "Reludo · via decido ĉe movo {move}: {grade}, −{cost}",
    },
}
