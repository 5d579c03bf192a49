#!/usr/bin/env python3
"""Draws the docs' pictures as SVG from real runs, with no dependency beyond
Python itself:

- charts of a benchmark run, from the JSON that
  `AsyncWaitBenchmarks --json` writes (with the run's commit and date, which
  Scripts/make-pictures.sh adds), into the site catalog's Resources/
  (Docs/SwiftAsyncWait.docc/Resources/);
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


def nice_ticks(top):
    """Round tick values from 0 to at least `top`: steps of 1, 2 or 5 × 10^k."""
    raw = top / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return [step * i for i in range(0, math.ceil(top / step) + 1)]


def tick_label(value):
    """A tick value as people write it: 0, 5, 250, 5,000, 0.5."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:g}"


def bar_chart(title, unit, groups, contenders, values, log=False, markers=None, note=None, run=None):
    """Grouped bars: one group per label in `groups`, one bar per contender.

    A value that cannot be drawn (missing, zero on a log scale, negative) is
    named in a note under the chart instead of being left out silently."""
    width, height, left, top, bottom = 760, 380, 80, 50, 90
    plot_w, plot_h = width - left - 20, height - top - bottom
    drawable = {k: v for k, v in values.items() if v is not None and v > 0}
    undrawn = [(k, v) for k, v in values.items() if v is not None and v <= 0]
    finite = list(drawable.values())
    top_value = max(finite + [m for m in (markers or {}).values() if m])
    if log:
        low_value = 10 ** math.floor(math.log10(min(finite)))
        top_value = 10 ** math.ceil(math.log10(top_value * 1.05))
        ticks = [10 ** e for e in range(round(math.log10(low_value)), round(math.log10(top_value)) + 1)]
    else:
        low_value = 0
        ticks = nice_ticks(top_value * 1.05)
        top_value = ticks[-1]

    def y_of(value):
        if log:
            return top + plot_h - plot_h * (math.log10(value) - math.log10(low_value)) / (
                math.log10(top_value) - math.log10(low_value))
        return top + plot_h - plot_h * value / top_value

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">', '<rect width="100%" height="100%" fill="white"/>',
             text(width / 2, 24, title, 15, "middle", "bold")]
    for tick in ticks:
        y = y_of(tick) if tick > 0 or not log else top + plot_h
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(text(left - 6, y + 4, tick_label(tick), 11, "end", color="#555"))
    parts.append(text(16, top + plot_h / 2, unit + (", log scale" if log else ""), 11, "middle",
                      color="#555").replace("<text", f'<text transform="rotate(-90 16 {top + plot_h / 2:.1f})"', 1))
    group_w = plot_w / len(groups)
    bar_w = group_w * 0.8 / len(contenders)
    for g, group in enumerate(groups):
        x0 = left + g * group_w + group_w * 0.1
        for c, contender in enumerate(contenders):
            value = drawable.get((group, contender))
            if value is None:
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
        parts.append(f'<rect x="{x}" y="{height - 50}" width="12" height="12" fill="{COLORS.get(contender, "#444")}"/>')
        parts.append(text(x + 16, height - 40, contender, 12))
        x += 26 + 8 * len(contender)
    notes = [note] if note else []
    if undrawn:
        notes.append("not drawn, below zero: " + "; ".join(
            f"{contender} at {group}: {tick_label(round(value))} {unit}" for (group, contender), value in undrawn))
    if run:
        notes.append(f"run of commit {run['commit']}, {run['date']}; {run['machine']}")
    for index, line in enumerate(notes):
        parts.append(text(left, height - 22 + 13 * index - 13 * (len(notes) - 2), line, 10, color="#555"))
    parts.append("</svg>")
    return "\n".join(parts)


def charts(benchmark):
    rows = benchmark["measurements"]
    # The machine, as its first two facts: "2 cores, AMD EPYC".
    run = dict(benchmark["run"], machine=", ".join(part.strip() for part in benchmark["machine"].split(",")[:2]))
    value = {(r["metric"], r["contender"]): r["median"] for r in rows}
    contenders = []
    for r in rows:
        if r["contender"] not in contenders:
            contenders.append(r["contender"])
    out = root / "Docs" / "SwiftAsyncWait.docc" / "Resources"
    out.mkdir(parents=True, exist_ok=True)
    latency = {}
    for interval in (1, 10, 100):
        for c in contenders:
            latency[(f"{interval} ms interval", c)] = value.get((f"detection latency, {interval} ms interval", c))
    latency_contenders = [c for c in contenders if c != "resume-floor"]
    scale_contenders = [c for c in contenders if c != "trigger-floor"]
    (out / "detection-latency.svg").write_text(bar_chart(
        "Detection latency: median of the trials, by polling interval", "µs",
        [f"{i} ms interval" for i in (1, 10, 100)], latency_contenders, latency, log=True,
        markers={f"{i} ms interval": i * 1000 / 2 for i in (1, 10, 100)}, note="dashed: half an interval",
        run=run))
    for key, name, unit, log in [("CPU per probe", "cpu-per-probe", "µs", True),
                                 ("probes per wait per second", "probes-per-second", "probes / s", False),
                                 ("heap memory per wait", "memory-per-wait", "bytes", False)]:
        data = {}
        for waits in (1, 100, 10000):
            for c in scale_contenders:
                data[(f"{waits:,} wait{'s' if waits > 1 else ''}", c)] = value.get(
                    (f"{waits} concurrent waits, 10 ms interval: {key}", c))
        (out / f"{name}.svg").write_text(bar_chart(
            f"{key[0].upper() + key[1:]}, 10 ms interval: one measurement window per bar", unit,
            ["1 wait", "100 waits", "10,000 waits"], scale_contenders, data, log=log, run=run))


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
    for mark in timeline.get("marks", []):
        at = x_of(mark["milliseconds"])
        parts.append(f'<line x1="{at:.1f}" x2="{at:.1f}" y1="32" y2="{axis_y}" stroke="#ff7f0e" '
                     f'stroke-width="2" stroke-dasharray="2,3"/>')
        parts.append(text(at + 4, 42, f'{mark["label"]} ({mark["milliseconds"]:g} ms)', 11, color="#ff7f0e"))
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
    print("make-pictures: Docs/SwiftAsyncWait.docc/Resources/*.svg and Sources/AsyncWait/AsyncWait.docc/Resources/timeline-*.svg written")
