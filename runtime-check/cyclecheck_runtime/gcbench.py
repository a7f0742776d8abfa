"""cyclecheck gc-bench: the same script under several collector settings, one fresh process each,
compared on mean step time, collections and objects collected per generation, peak RSS and (with
CUDA) peak device memory."""
import json
import os
import resource
import subprocess
import sys
import tempfile

SETTINGS = [
    ("default", "default thresholds"),
    ("gen0-10", "generation-0 threshold 10"),
    ("gen0-1000", "generation-0 threshold 1000"),
    ("disabled", "collector disabled"),
    ("collect-per-step", "gc.collect() once per step, automatic collection off"),
    ("freeze", "gc.freeze() at the first step (model and data set up)"),
]


def child_result(monitor, exit_code):
    """What a gc-bench child reports about its own run."""
    summary = monitor.stats.summary()
    peak_cuda = None
    torch = sys.modules.get("torch")
    if torch is not None and getattr(torch, "cuda", None) is not None and torch.cuda.is_available():
        peak_cuda = int(torch.cuda.max_memory_allocated())
    return {"exit_code": exit_code, "wall_time_s": summary["wall_time_s"], "steps": summary["steps"],
            "generations": summary["generations"], "pause_total_ms": summary["pause_total_ms"],
            "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "peak_cuda_bytes": peak_cuda}


def _run_one(setting, script, args, show_output):
    fd, out = tempfile.mkstemp(prefix="cyclecheck-gcbench-", suffix=".json")
    os.close(fd)
    try:
        cmd = [sys.executable, "-m", "cyclecheck_runtime", "--gc-setting", setting, "--bench-json", out,
               script] + list(args)
        sink = None if show_output else subprocess.DEVNULL
        proc = subprocess.run(cmd, stdout=sink, stderr=sink, env=os.environ.copy())
        try:
            with open(out, encoding="utf-8") as fh:
                result = json.load(fh)
        except (OSError, ValueError):
            result = {"exit_code": proc.returncode, "failed": True}
        return result
    finally:
        os.unlink(out)


def _better(a, b):
    """The faster of two runs of one setting."""
    if b is None or b.get("failed"):
        return a
    if a is None or a.get("failed"):
        return b
    return a if _time(a) <= _time(b) else b


def _time(r):
    st = r.get("steps") or {}
    return st["mean_step_ms"] if st.get("timed") else r["wall_time_s"] * 1000.0


def run_bench(script, args, repeat=1, show_output=False, output_file=None):
    if not os.path.isfile(script):
        sys.stderr.write("cyclecheck gc-bench: error: no such script: %s\n" % script)
        return 2
    results = {}
    for name, _ in SETTINGS:
        best = None
        for _ in range(repeat):
            best = _better(_run_one(name, script, args, show_output), best)
        results[name] = best
        sys.stderr.write("cyclecheck gc-bench: %-17s done\n" % name)
    text = render_table(results)
    if output_file:
        with open(output_file, "w", encoding="utf-8") as fh:
            json.dump({"script": script, "args": list(args), "settings": results}, fh, indent=1)
    sys.stdout.write(text)
    failed = [n for n, r in results.items() if r.get("failed") or r.get("exit_code")]
    return 1 if len(failed) == len(results) else 0


def render_table(results):
    ok = {n: r for n, r in results.items() if not r.get("failed")}
    per_step = all((r.get("steps") or {}).get("timed") for r in ok.values()) and ok
    unit = "mean step ms" if per_step else "wall time ms"
    head = "%-17s %13s %10s %24s %24s %10s %11s" % ("setting", unit, "gc ms", "collections gen0/1/2",
                                                     "collected gen0/1/2", "peak RSS", "peak CUDA")
    lines = [head, "-" * len(head)]
    for name, desc in SETTINGS:
        r = results.get(name)
        if r is None or r.get("failed"):
            lines.append("%-17s failed (exit code %s)" % (name, (r or {}).get("exit_code")))
            continue
        gens = r["generations"]
        t = (r["steps"]["mean_step_ms"] if per_step else r["wall_time_s"] * 1000.0)
        cuda = "%.1f MB" % (r["peak_cuda_bytes"] / 1e6) if r.get("peak_cuda_bytes") is not None else "-"
        lines.append("%-17s %13.3f %10.1f %24s %24s %7.1f MB %11s" % (
            name, t, r["pause_total_ms"], "/".join(str(g["collections"]) for g in gens),
            "/".join(str(g["collected"]) for g in gens), r["peak_rss_kb"] / 1024.0, cuda))
    if ok:
        fastest = min(ok, key=lambda n: (r_time(ok[n], per_step)))
        base = ok.get("default")
        msg = "Fastest: %s (%s)" % (fastest, dict(SETTINGS)[fastest])
        if base is not None and fastest != "default":
            dt = r_time(base, per_step) - r_time(ok[fastest], per_step)
            drss = (ok[fastest]["peak_rss_kb"] - base["peak_rss_kb"]) / 1024.0
            msg += ", %.3f ms faster per %s than the default, peak RSS %+.1f MB" % (
                dt, "step" if per_step else "run", drss)
            if base.get("peak_cuda_bytes") is not None and ok[fastest].get("peak_cuda_bytes") is not None:
                msg += ", peak CUDA %+.1f MB" % ((ok[fastest]["peak_cuda_bytes"] - base["peak_cuda_bytes"]) / 1e6)
        lines.append("")
        lines.append(msg + ".")
        if not per_step:
            lines.append("No optimizer steps were seen in every run: whole-run wall times are compared.")
    return "\n".join(lines) + "\n"


def r_time(r, per_step):
    return r["steps"]["mean_step_ms"] if per_step else r["wall_time_s"] * 1000.0
