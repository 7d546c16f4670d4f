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
