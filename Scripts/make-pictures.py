#!/usr/bin/env python3
"""Draws the docs' pictures as SVG from real runs, with no dependency beyond
Python itself:

- charts of a benchmark run, from the JSON that
  `AsyncWaitBenchmarks --json` writes, into Docs/charts/;
- timelines of waits, from the JSON that `AsyncWaitTimelines` prints (each
  wait run in virtual time by the engine itself), into the AsyncWait DocC
  catalog's Resources/.

    Scripts/make-pictures.py BENCHMARK_JSON TIMELINES_JSON

Scripts/make-pictures.sh runs both programs and then this script.
"""
import html
import json
import math
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
COLORS = {"floor": "#7f7f7f", "resume-floor": "#bcbd22", "trigger-floor": "#17becf", "naive": "#d62728",
          "waitUntil": "#1f77b4", "element": "#9467bd", "event-driven": "#2ca02c"}


def text(x, y, body, size=12, anchor="start", weight="normal", color="#222"):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="Helvetica, Arial, sans-serif" font-size="{size}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{color}">{html.escape(body)}</text>')


def bar_chart(title, unit, groups, contenders, values, log=False, markers=None, note=None):
    """Grouped bars: one group per label in `groups`, one bar per contender."""
    width, height, left, top, bottom = 760, 360, 80, 50, 70
    plot_w, plot_h = width - left - 20, height - top - bottom
    finite = [v for v in values.values() if v is not None and v > 0]
    top_value = max(finite + [m for m in (markers or {}).values() if m]) * 1.15
    low_value = min(finite) / 2 if log else 0

    def y_of(value):
        if log:
            return top + plot_h - plot_h * (math.log10(value) - math.log10(low_value)) / (
                math.log10(top_value) - math.log10(low_value))
        return top + plot_h - plot_h * value / top_value

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">', '<rect width="100%" height="100%" fill="white"/>',
             text(width / 2, 24, title, 15, "middle", "bold")]
    ticks = ([10 ** e for e in range(math.floor(math.log10(low_value)), math.ceil(math.log10(top_value)) + 1)]
             if log else [top_value / 1.15 * f for f in (0, 0.25, 0.5, 0.75, 1)])
    for tick in ticks:
        if tick < low_value or tick > top_value:
            continue
        y = y_of(tick) if tick > 0 or not log else top + plot_h
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        label = f"{tick:g}" if tick >= 1 or tick == 0 else f"{tick:.3g}"
        parts.append(text(left - 6, y + 4, label, 11, "end", color="#555"))
    parts.append(text(16, top + plot_h / 2, unit, 11, "middle", color="#555").replace(
        "<text", f'<text transform="rotate(-90 16 {top + plot_h / 2:.1f})"', 1))
    group_w = plot_w / len(groups)
    bar_w = group_w * 0.8 / len(contenders)
    for g, group in enumerate(groups):
        x0 = left + g * group_w + group_w * 0.1
        for c, contender in enumerate(contenders):
            value = values.get((group, contender))
            if value is None or value <= 0:
                continue
            y = y_of(value)
            parts.append(f'<rect x="{x0 + c * bar_w:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" '
                         f'height="{top + plot_h - y:.1f}" fill="{COLORS.get(contender, "#444")}"/>')
        parts.append(text(left + g * group_w + group_w / 2, top + plot_h + 18, group, 12, "middle"))
        marker = (markers or {}).get(group)
        if marker:
            y = y_of(marker)
            parts.append(f'<line x1="{x0:.1f}" x2="{x0 + group_w * 0.8:.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                         f'stroke="#000" stroke-dasharray="5,3"/>')
    x = left
    for contender in contenders:
        parts.append(f'<rect x="{x}" y="{height - 30}" width="12" height="12" fill="{COLORS.get(contender, "#444")}"/>')
        parts.append(text(x + 16, height - 20, contender, 12))
        x += 26 + 8 * len(contender)
    if note:
        parts.append(text(width - 20, height - 20, note, 11, "end", color="#555"))
    parts.append("</svg>")
    return "\n".join(parts)


def charts(benchmark):
    rows = benchmark["measurements"]
    value = {(r["metric"], r["contender"]): r["median"] for r in rows}
    contenders = []
    for r in rows:
        if r["contender"] not in contenders:
            contenders.append(r["contender"])
    out = root / "Docs" / "charts"
    out.mkdir(parents=True, exist_ok=True)
    latency = {}
    for interval in (1, 10, 100):
        for c in contenders:
            latency[(f"{interval} ms interval", c)] = value.get((f"detection latency, {interval} ms interval", c))
    latency_contenders = [c for c in contenders if c != "resume-floor"]
    scale_contenders = [c for c in contenders if c != "trigger-floor"]
    (out / "detection-latency.svg").write_text(bar_chart(
        "Detection latency (median), by polling interval", "µs (log scale)",
        [f"{i} ms interval" for i in (1, 10, 100)], latency_contenders, latency, log=True,
        markers={f"{i} ms interval": i * 1000 / 2 for i in (1, 10, 100)}, note="dashed: half an interval"))
    for key, name, unit, log in [("CPU per probe", "cpu-per-probe", "µs", True),
                                 ("probes per wait per second", "probes-per-second", "probes / s", False),
                                 ("heap memory per wait", "memory-per-wait", "bytes", False)]:
        data = {}
        for waits in (1, 100, 10000):
            for c in scale_contenders:
                data[(f"{waits:,} waits", c)] = value.get((f"{waits} concurrent waits, 10 ms interval: {key}", c))
        (out / f"{name}.svg").write_text(bar_chart(
            f"{key[0].upper() + key[1:]} (median), 10 ms interval", unit, [f"{w:,} waits" for w in (1, 100, 10000)],
            scale_contenders, data, log=log))


def timeline_svg(timeline):
    width, height, left, right = 760, 150, 30, 30
    span = max([p["end"] for p in timeline["probes"]] + [timeline["timeoutMilliseconds"]]) * 1.08
    scale = (width - left - right) / span

    def x_of(ms):
        return left + ms * scale

    axis_y = 95
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">', '<rect width="100%" height="100%" fill="white"/>',
             text(left, 20, timeline["title"], 13, weight="bold"),
             f'<line x1="{left}" x2="{width - right}" y1="{axis_y}" y2="{axis_y}" stroke="#888"/>']
    for ms in range(0, int(span) + 1, 50):
        parts.append(f'<line x1="{x_of(ms):.1f}" x2="{x_of(ms):.1f}" y1="{axis_y}" y2="{axis_y + 5}" stroke="#888"/>')
        parts.append(text(x_of(ms), axis_y + 18, f"{ms} ms", 10, "middle", color="#555"))
    deadline = x_of(timeline["timeoutMilliseconds"])
    parts.append(f'<line x1="{deadline:.1f}" x2="{deadline:.1f}" y1="32" y2="{axis_y}" stroke="#000" '
                 f'stroke-dasharray="5,3"/>')
    parts.append(text(deadline + 4, 42, timeline["windowLabel"], 11))
    probes = timeline["probes"]
    for index, probe in enumerate(probes):
        if index + 1 < len(probes):
            parts.append(f'<line x1="{x_of(probe["end"]):.1f}" x2="{x_of(probes[index + 1]["start"]):.1f}" '
                         f'y1="70" y2="70" stroke="#9ecae1" stroke-width="6"/>')
        color = "#2ca02c" if probe["held"] else "#d62728"
        parts.append(f'<rect x="{x_of(probe["start"]):.1f}" y="58" width="{max(x_of(probe["end"]) - x_of(probe["start"]), 3):.1f}" '
                     f'height="24" fill="{color}"/>')
    parts.append(text(width - right, 140, f"outcome: {timeline['outcome']}", 11, "end", color="#555"))
    parts.append(text(left, 140, "probe: green held, red did not; blue: sleep", 11, color="#555"))
    parts.append("</svg>")
    return "\n".join(parts)


def timelines(items):
    out = root / "Sources" / "AsyncWait" / "AsyncWait.docc" / "Resources"
    out.mkdir(parents=True, exist_ok=True)
    for item in items:
        (out / f"timeline-{item['name']}.svg").write_text(timeline_svg(item))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    charts(json.loads(pathlib.Path(sys.argv[1]).read_text()))
    timelines(json.loads(pathlib.Path(sys.argv[2]).read_text()))
    print("make-pictures: Docs/charts/*.svg and Sources/AsyncWait/AsyncWait.docc/Resources/timeline-*.svg written")
