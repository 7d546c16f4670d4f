"""The shipped opening values (``strategy/openings.py``): a round's two first decisions at
every score of a match to 12, worked out offline by the values' pass and read by
``values.Spot`` there, for hints and grading alike (issue 38: grading a match in at most
1 s of a worker)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from truf_tui.engine import truc
from truf_tui.solve.__main__ import main as solve_main
from truf_tui.solve.openings import _deal, observation
from truf_tui.strategy import openings
from truf_tui.strategy import values as V
from truf_tui.strategy.hands import REST
from truf_tui.strategy.openings import FIRST, SLOTS, SPOTS, Openings, OpeningsError
from truf_tui.strategy.shipped import legal_move, nearest, tables
from truf_tui.strategy.tree import NONE, PLAY, RAISE


def _spot(scores: tuple[int, int], spot: int, hand: tuple[int, ...]) -> V.Spot:
    """The decision ``spot`` of a round at ``scores`` (non-dealer, dealer), the observer
    holding ``hand``, as ``solve openings`` deals it."""
    obs = observation(scores, spot, hand)
    assert obs is not None
    return V.Spot.of(obs, V._file(obs, None))


def test_the_shipped_table_is_made_from_the_shipped_files() -> None:
    """A change to the solved files (or to what a value means, ``VERSION``) without the
    table worked out again fails here: the app would quietly go back to the pass."""
    openings.forget()
    kept = openings.shipped(tables())
    assert kept is not None, "run: python -m truf_tui.solve openings --dir DIR"
    h = kept.header
    assert (h["version"], h["target"], h["variant"]) == (openings.VERSION, 12, "stake")
    assert kept.values.shape == (144, SPOTS, len(REST[0]), len(SLOTS))
    # every score's non-dealer holds a first decision for every hand
    assert not np.isnan(kept.values[:, 0, :, :]).all(axis=2).any()


@pytest.mark.parametrize(("scores", "spot", "hand"), [
    ((11, 11), 0, (0, 3, 7)),
    ((10, 8), 1 + FIRST.index((RAISE, NONE)), (2, 2, 6)),
    ((7, 9), 1 + FIRST.index((PLAY, 5)), (1, 4, 5)),
    ((3, 10), 1 + FIRST.index((PLAY, 0)), (0, 6, 7)),
    ((0, 0), 0, (1, 5, 6)),
])
def test_the_table_is_the_pass(scores: tuple[int, int], spot: int,
                               hand: tuple[int, ...]) -> None:
    """The table holds what the pass gives at the same spot, to float32's precision."""
    s = _spot(scores, spot, hand)
    kept = s.opening_worth()
    assert kept is not None
    exact = s.pass_worth()
    assert set(kept) == set(exact)
    for m, v in exact.items():
        assert kept[m] == pytest.approx(v, rel=1e-6, abs=2e-6), m


def test_action_values_read_the_table_at_a_rounds_first_decisions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the non-dealer's first decision and the dealer's answer the values come from the
    table (no pass); after a card of each it is the pass again; and after a redeal (T3) or
    at another target (T10) the table is never read."""
    passes: list[tuple[int, ...]] = []
    real = V.Spot.pass_worth

    def counted(self: V.Spot) -> dict[tuple[int, int], float]:
        passes.append(self.hand)
        return real(self)

    monkeypatch.setattr(V.Spot, "pass_worth", counted)
    s = truc.new_game(deck=_deal((1, 4, 6), 3, 1), dealer=1, scores=(5, 2))
    V.action_values(s.observation(0))
    s = s.apply(legal_move((PLAY, 3), s.legal_actions()))  # type: ignore[arg-type]
    V.action_values(s.observation(1))
    assert passes == []
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "play"))
    assert s.to_move is not None
    V.action_values(s.observation(s.to_move))
    assert len(passes) == 1
    other = truc.new_game(truc.Rules(target=9), deck=_deal((1, 4, 6), None, 0), dealer=1)
    assert V.Spot.of(other.observation(0), V._file(other.observation(0), None)
                     ).opening_worth() is None


def test_a_spot_after_a_redeal_is_not_a_kept_one() -> None:
    """T3: after an accepted redeal the hands are new and the discards known: the table's
    weights would not be the spot's."""
    assert openings.spot_of(0, []) == 0
    assert openings.spot_of(1, [(PLAY, 4)]) == 1 + 4
    assert openings.spot_of(0, [(PLAY, 4)]) is None
    assert openings.spot_of(1, [(PLAY, 4), (PLAY, 2)]) is None
    s = truc.new_game(deck=_deal((1, 4, 6), None, 0), dealer=1, scores=(2, 2))
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "redeal"))
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "accept"))
    obs = s.observation(s.to_move)  # type: ignore[arg-type]
    assert V.Spot.of(obs, V._file(obs, None)).opening_worth() is None


def test_a_damaged_or_foreign_table_is_refused() -> None:
    values = np.full((144, SPOTS, len(REST[0]), len(SLOTS)), np.nan, dtype=np.float32)
    values[3, 0, 7, 8] = 0.25
    data = openings.pack(values, "abc", {"seconds": 1.0})
    kept = Openings(data)
    assert kept.worth((0, 3), 0, REST[0][7]) == {SLOTS[8]: 0.25}
    assert kept.worth((0, 3), 1, REST[0][7]) is None
    assert kept.usable("abc") and not kept.usable("abd")
    with pytest.raises(OpeningsError):
        Openings(b"nonsense")
    with pytest.raises(OpeningsError):
        Openings(data[:-10])
    with pytest.raises(ValueError):
        openings.pack(values[:3], "abc", {})


def test_the_solve_command_works_out_a_small_instance_and_resumes(tmp_path: Path) -> None:
    """``solve openings`` (CI runs this small instance; the whole table is offline work):
    a score's values are the pass's and kept at once; run again, a done score is skipped."""
    folder = tmp_path / "run"
    args = ["openings", "--dir", str(folder), "--scores", "11", "11", "--hands", "2",
            "--quiet"]
    assert solve_main(args) == 0
    got = np.load(folder / "11-11.npy")
    assert got.shape == (SPOTS, len(REST[0]), len(SLOTS))
    assert np.isnan(got[:, 2:]).all()  # only the two hands asked for
    s = _spot((11, 11), 0, REST[0][1])
    for m, v in s.pass_worth().items():
        assert got[0, 1, SLOTS.index(m)] == pytest.approx(v, rel=1e-6, abs=2e-6)
    stamp = (folder / "11-11.npy").stat().st_mtime_ns
    assert solve_main(args) == 0
    assert (folder / "11-11.npy").stat().st_mtime_ns == stamp
    assert nearest(tables(), 12, (11, 11)).scores == (11, 11)
