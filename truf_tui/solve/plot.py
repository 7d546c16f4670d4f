"""The exploitability curve (``*.curve.jsonl`` of ``solve run --curve``) as an SVG picture.

Plain SVG written by hand, so that drawing the figure for docs/ needs no plotting library:
log-log axes, one line per curve file.

    python -m truf_tui.solve.plot OUT.svg CURVE.jsonl [CURVE.jsonl ...]
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def read(path: Path) -> list[tuple[int, float]]:
    pts = []
    for line in path.read_text().splitlines():
        if line.strip():
            d = json.loads(line)
            if d["exploitability"] > 0:
                pts.append((int(d["iteration"]), float(d["exploitability"])))
    return pts


def svg(curves: dict[str, list[tuple[int, float]]], title: str,
        goal: float | None = None) -> str:
    w, h, left, right, top, bottom = 720, 440, 70, 200, 40, 50
    xs = [x for c in curves.values() for x, _ in c]
    ys = [y for c in curves.values() for _, y in c] + ([goal] if goal else [])
    x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

    def px(x: float) -> float:
        return left + (math.log10(x) - x0) / (x1 - x0) * (w - left - right)

    def py(y: float) -> float:
        return top + (y1 - math.log10(y)) / (y1 - y0) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">{title}</text>']
    for e in range(x0, x1 + 1):
        x = px(10 ** e)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{h - bottom}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{h - bottom + 16}" text-anchor="middle">'
                   f'{10 ** e:g}</text>')
    for e in range(y0, y1 + 1):
        y = py(10 ** e)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">'
               'iterations</text>')
    out.append(f'<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + h - bottom) / 2})">'
               'exploitability (points per round)</text>')
    if goal:
        y = py(goal)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" '
                   'stroke="#888" stroke-dasharray="6 4"/>')
        out.append(f'<text x="{w - right + 6}" y="{y + 4:.1f}" fill="#555">goal {goal:g}</text>')
    for i, (name, pts) in enumerate(curves.items()):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{'M' if j == 0 else 'L'}{px(x):.1f},{py(y):.1f}"
                        for j, (x, y) in enumerate(pts))
        out.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        ly = top + 16 + 18 * i
        out.append(f'<line x1="{w - right + 8}" y1="{ly - 4}" x2="{w - right + 28}" '
                   f'y2="{ly - 4}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{w - right + 32}" y="{ly}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def heatmap(target: int, cells: dict[tuple[int, int], tuple[float, str]], title: str,
            unit: str, bound: float) -> str:
    """A score map: a square per (non-dealer, dealer) score, its colour the figure on a log
    scale (green far under ``bound``, red at or over it), its text the figure; a square
    framed where a file was solved at that score. ``cells``: score -> (figure, file)."""
    size, left, top = 46, 96, 60
    w, h = max(820, left + size * target + 190), top + size * target + 60
    lo = math.log10(bound) - 4

    def colour(v: float) -> str:  # green, yellow, orange under the bound; red only over it
        t = min(1.0, max(0.0, (math.log10(max(v, 1e-12)) - lo) / (math.log10(bound) - lo)))
        if v >= bound:
            return "#a50f15"
        r, g = (int(60 + 195 * 2 * t), 200) if t < 0.5 else (255, int(200 - 90 * (t - .5) * 2))
        return f"#{r:02x}{g:02x}60"

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">{title}</text>',
           f'<text x="{left + size * target / 2}" y="{top - 22}" text-anchor="middle">'
           "the dealer's score</text>",
           f'<text x="20" y="{top + size * target / 2}" text-anchor="middle" '
           f'transform="rotate(-90 20 {top + size * target / 2})">'
           "the non-dealer's score</text>"]
    for i in range(target):
        out.append(f'<text x="{left + size * i + size / 2}" y="{top - 6}" '
                   f'text-anchor="middle">{i}</text>')
        out.append(f'<text x="{left - 8}" y="{top + size * i + size / 2 + 4}" '
                   f'text-anchor="end">{i}</text>')
    frames = []
    for (a, b), (v, file) in sorted(cells.items()):
        x, y = left + size * b, top + size * a
        ink = "white" if v >= bound else "black"
        out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{colour(v)}" '
                   'stroke="white"/>')
        text = f"{v:.3f}" if v >= 0.001 else f"{v:.0e}".replace("e-0", "e-")
        out.append(f'<text x="{x + size / 2}" y="{y + size / 2 - 2}" text-anchor="middle" '
                   f'fill="{ink}">{text}</text>')
        out.append(f'<text x="{x + size / 2}" y="{y + size / 2 + 12}" text-anchor="middle" '
                   f'font-size="9" fill="{ink}">{file}</text>')
        if file == f"{a}-{b}":
            frames.append(f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" '
                          f'height="{size - 2}" fill="none" stroke="black" stroke-width="2"/>')
    out += frames
    lx = left + size * target + 16
    keys = [(bound, f"≥ {bound:g}: over the bound"), (bound / 10, f"{bound / 10:g}"),
            (bound / 100, f"{bound / 100:g}"), (bound / 1e4, f"{bound / 1e4:g} or less")]
    for i, (v, name) in enumerate(keys):
        y = top + 22 * i
        out.append(f'<rect x="{lx}" y="{y}" width="16" height="16" fill="{colour(v)}"/>')
        out.append(f'<text x="{lx + 22}" y="{y + 12}">{name}</text>')
    out.append(f'<text x="{lx}" y="{top + 22 * 4 + 14}">{unit}</text>')
    out.append(f'<text x="{lx}" y="{top + 22 * 4 + 30}">framed: a file</text>')
    out.append(f'<text x="{lx}" y="{top + 22 * 4 + 44}">solved there</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def label(name: str) -> str:
    """``t12-0-0-dcfr-round`` -> ``to 12, 0-0, round``: a legend line a reader can parse."""
    parts = name.split("-")
    if len(parts) >= 5 and parts[0].startswith("t"):
        stage = "round" if parts[-1] == "round" else "after redeal"
        unit = ", match (2P-1)" if "match" in parts else ""
        return f"to {parts[0][1:]}, {parts[1]}-{parts[2]}, {stage}{unit}"
    return name


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out, files = Path(args[0]), [Path(a) for a in args[1:]]
    curves = {label(f.name.removesuffix(".curve.jsonl")): read(f) for f in files}
    out.write_text(svg({k: v for k, v in curves.items() if v},
                       "Le Truc round: exploitability of the average strategy", 0.002))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
