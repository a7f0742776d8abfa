"""The run report: a JSON-ready dict and its text rendering."""
import os
import sys

from .cycles import _format_bytes

REPORT_VERSION = 1


def build_report(monitor, run=None, matching=None):
    """run: {"script", "argv", "exit_code", "exception", "interrupted"}; matching: from findings.match."""
    summary = monitor.summary()
    records = monitor.cycle_records()
    cycles = [r.to_json() for r in records]
    report = {
        "tool": "cyclecheck-runtime",
        "report_version": REPORT_VERSION,
        "python": sys.executable,
        "python_version": "%d.%d.%d" % sys.version_info[:3],
        "run": run or {},
        "summary": {
            "cycle_shapes": len(cycles),
            "user_cycle_shapes": sum(1 for c in cycles if c["origin"] == "user"),
            "cycles": sum(c["count"] for c in cycles),
            "objects": sum(c["objects"] for c in cycles),
            "bytes": sum(c["bytes"] for c in cycles),
            "tensor_bytes": _sum_devices(c["tensor_bytes"] for c in cycles),
        },
        "cycles": cycles,
        "observer": {k: summary[k] for k in ("core", "core_note", "tensor_sizing", "collections_observed",
                                             "objects_walked", "walk_ms", "observer_ms", "acyclic_garbage",
                                             "errors")},
        "gc": summary["gc"],
    }
    if matching is not None:
        report["findings"] = matching["findings"]
        report["unmatched_cycles"] = matching["unmatched_cycles"]
    return report


def _sum_devices(dicts):
    out = {}
    for d in dicts:
        for k, v in d.items():
            out[k] = out.get(k, 0) + v
    return dict(sorted(out.items()))


def _devices_text(d):
    return ", ".join("%s %s" % (k, _format_bytes(v)) for k, v in d.items()) or "none"


def render_text(report):
    lines = []
    run = report.get("run") or {}
    s = report["summary"]
    head = "cyclecheck run"
    if run.get("script"):
        head += ": %s" % run["script"]
        if run.get("interrupted"):
            head += " (interrupted)"
        elif run.get("exit_code") is not None:
            head += " exited with %s" % run["exit_code"]
    lines.append("%s after %.2f s" % (head, report["gc"]["wall_time_s"]))
    user = [c for c in report["cycles"] if c["origin"] == "user"]
    library = [c for c in report["cycles"] if c["origin"] != "user"]
    if not report["cycles"]:
        lines.append("No reference cycles were collected.")
    else:
        lines.append("Cycles collected: %d shapes, %d cycles, %d objects, %s; tensors held: %s" % (
            s["cycle_shapes"], s["cycles"], s["objects"], _format_bytes(s["bytes"]),
            _devices_text(s["tensor_bytes"])))
    by_cycle = {}
    for f in report.get("findings", []):
        if f.get("runtime_cycle"):
            by_cycle.setdefault(f["runtime_cycle"], []).append(f)
    for c in user:
        lines.append("")
        lines.append("%s  %s" % (c["id"], c["path"]))
        lines.append("    %d cycle%s, %d objects each, %s in all; tensors: %s" % (
            c["count"], "" if c["count"] == 1 else "s", c["objects_per_cycle"], _format_bytes(c["bytes"]),
            _devices_text(c["tensor_bytes"])))
        user_sites = [x for x in c["sites"] if x["user"]][:4]
        if user_sites:
            lines.append("    sites: " + "; ".join("%s:%d %s %s" % (x["display"], x["line"], x["kind"], x["type"])
                                                    for x in user_sites))
        for f in by_cycle.get(c["id"], []):
            lines.append("    static finding %s at %s:%s: confirmed" % (f.get("code", "?"), f.get("path", "?"),
                                                                       f.get("line", "?")))
    if library:
        lines.append("")
        lines.append("Library cycles (no site in your files): %d shapes, %d cycles, %s" % (
            len(library), sum(c["count"] for c in library), _format_bytes(sum(c["bytes"] for c in library))))
        for c in library[:5]:
            lines.append("    %s x%d  %s" % (c["id"], c["count"], c["path"][:140]))
    if "findings" in report:
        confirmed = sum(1 for f in report["findings"] if f["state"] == "confirmed")
        lines.append("")
        lines.append("Static findings: %d confirmed, %d not observed; %d run-time cycle shape%s with no static finding" % (
            confirmed, len(report["findings"]) - confirmed, len(report["unmatched_cycles"]),
            "" if len(report["unmatched_cycles"]) == 1 else "s"))
        for f in report["findings"]:
            if f["state"] != "confirmed":
                lines.append("    not observed: %s %s:%s %s" % (f.get("code", "?"), f.get("path", "?"),
                                                                f.get("line", "?"), f.get("message", "")[:100]))
    g = report["gc"]
    lines.append("")
    lines.append("Collector: pauses %.1f ms in all, %.2f%% of wall time" % (g["pause_total_ms"], 100 * g["pause_share"]))
    for gen in g["generations"]:
        if gen["collections"]:
            lines.append("    gen%d: %d collections, %d objects collected, %d uncollectable, pause median %.3f ms, "
                         "p99 %.3f ms, max %.3f ms" % (gen["generation"], gen["collections"], gen["collected"],
                                                       gen["uncollectable"], gen["pause_median_ms"],
                                                       gen["pause_p99_ms"], gen["pause_max_ms"]))
    if g.get("steps") and g["steps"].get("timed"):
        st = g["steps"]
        lines.append("    steps: %d, mean %.2f ms, collector %.3f ms per step (worst step %.2f ms)" % (
            st["count"], st["mean_step_ms"], st["gc_pause_per_step_ms"], st["max_gc_pause_in_a_step_ms"]))
    o = report["observer"]
    lines.append("Observer: %d collections, %d objects walked in %.1f ms (%s core), %.1f ms in all" % (
        o["collections_observed"], o["objects_walked"], o["walk_ms"], o["core"], o["observer_ms"]))
    if o.get("core_note"):
        lines.append("    note: " + o["core_note"])
    for e in o.get("errors", [])[:3]:
        lines.append("    observer error: " + e)
    return "\n".join(lines) + "\n"


def relative(path):
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
