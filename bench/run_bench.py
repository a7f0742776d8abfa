#!/usr/bin/python3
"""Benchmark harness for cyclecheck (not a test): measures on one file set, in one invocation,

  * the parse floor (bench/parse_floor: read + tree-sitter parse only, 2 threads),
  * `cyclecheck check` without cache, cold (empty cache), warm (second run with the cache) and with only
    the per-module facts cached (the project solved again, as after an edit),
  * flake8 -j 2 (Debian's, default rule selection),

and prints wall time, lines/s, peak RSS and the ratios against the project's targets, the scaling of
cyclecheck over 1/4, 1/2 and all of the torch tree, and findings per 1,000 lines from the JSON output.

Run with /usr/bin/python3 (Debian's interpreter). `--quick` is a smoke run on a handful of files.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

TORCH_ROOT = "/usr/lib/python3/dist-packages/torch"
STDLIB_ROOT = "/usr/lib/python3.11"
STDLIB_EXCLUDED_DIRS = {"test", "site-packages", "dist-packages"}  # top-level directories of the stdlib
SCALING_FRACTIONS = (0.25, 0.5, 1.0)
QUICK_FILE_COUNT = 12

# Targets from the project brief.
TARGET_FLOOR_RATIO = 1.5  # cyclecheck / parse floor, at most
TARGET_COLD_WARM = 5.0  # cold / warm, at least
TARGET_VS_FLAKE8 = 20.0  # cyclecheck throughput / flake8 throughput, at least
TARGET_PEAK_MB = 500.0  # peak RSS of cyclecheck, below


class Measurement:
    """One child process: wall seconds, peak RSS of that child (and the children it waited for)."""

    def __init__(self, name, seconds, cpu_seconds, peak_kb, returncode, stdout_path):
        self.name = name
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds  # user + system: less sensitive than wall time to a busy machine
        self.peak_kb = peak_kb
        self.returncode = returncode
        self.stdout_path = stdout_path

    @property
    def peak_mb(self):
        return self.peak_kb / 1024.0


def python_files_under(root, excluded_top_dirs=()):
    files = []
    for directory, subdirs, names in os.walk(root):
        if directory == root:
            subdirs[:] = [d for d in subdirs if d not in excluded_top_dirs]
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        files.extend(os.path.join(directory, name) for name in names if name.endswith(".py"))
    return sorted(files)


def evenly_spaced(files, fraction):
    """A deterministic subset of the sorted list: about fraction * n files spread over the whole tree."""
    if fraction >= 1.0:
        return list(files)
    chosen = [f for i, f in enumerate(files) if int((i + 1) * fraction) > int(i * fraction)]
    return chosen or files[:1]


def count_lines(files):
    total = 0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        total += data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    return total


def run_measured(name, argv, workdir, stdout_path=None):
    """Runs argv as a fresh child and takes its own rusage from wait4, so each figure is that run's."""
    stdout_path = stdout_path or os.path.join(workdir, name.replace(" ", "_") + ".out")
    stderr_path = stdout_path + ".err"
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=out, stderr=err, cwd=workdir)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
    cpu_seconds = usage.ru_utime + usage.ru_stime
    return Measurement(name, seconds, cpu_seconds, usage.ru_maxrss, child.returncode, stdout_path)


def first_line(path):
    with open(path, errors="replace") as handle:
        for line in handle:
            if line.strip():
                return line.strip()
    return ""


class Cyclecheck:
    """How to invoke `cyclecheck check` on this build: flags are detected from `check --help`."""

    def __init__(self, binary, threads, workdir):
        self.binary = binary
        self.threads = threads
        self.cache_dir = os.path.join(workdir, ".cyclecheck_cache")
        self.available = False
        self.problem = ""
        self.flags = set()
        try:
            help_run = subprocess.run([binary, "check", "--help"], capture_output=True, text=True, timeout=60)
        except OSError as error:
            self.problem = f"cannot run {binary}: {error}"
            return
        if help_run.returncode != 0:
            message = (help_run.stderr or help_run.stdout).strip().splitlines()
            reason = message[0] if message else f"exit {help_run.returncode}"
            self.problem = f"`cyclecheck check` unavailable: {reason}"
            return
        text = help_run.stdout
        for flag in ("--no-cache", "--cache-dir", "--exit-zero", "--output-format", "--threads", "--isolated"):
            if flag in text:
                self.flags.add(flag)
        if "--output-format" not in self.flags:
            self.problem = "`cyclecheck check` has no --output-format option"
            return
        self.available = True

    @property
    def has_cache(self):
        return "--no-cache" in self.flags or "--cache-dir" in self.flags

    def argv(self, list_path, use_cache):
        argv = [self.binary, "check", "--output-format", "json-lines"]
        if "--exit-zero" in self.flags:
            argv.append("--exit-zero")
        if "--isolated" in self.flags:
            argv.append("--isolated")
        if "--threads" in self.flags:
            argv += ["--threads", str(self.threads)]
        if "--cache-dir" in self.flags:
            argv += ["--cache-dir", self.cache_dir]
        if not use_cache and "--no-cache" in self.flags:
            argv.append("--no-cache")
        with open(list_path) as handle:
            argv += [line.rstrip("\n") for line in handle if line.strip()]
        return argv

    def clear_cache(self):
        shutil.rmtree(self.cache_dir, ignore_errors=True)

    def drop_results(self):
        """Removes the whole-project result entries, keeping the per-module facts: what an edit costs."""
        for directory, _, names in os.walk(self.cache_dir):
            for name in names:
                if name.startswith("results-"):
                    os.remove(os.path.join(directory, name))


def summarize_findings(stdout_path):
    """Counts diagnostics by code in json-lines output; files with CC001 (syntax) and CC002 (I/O) errors."""
    by_code = collections.Counter()
    syntax_files, io_files = set(), set()
    malformed = 0
    with open(stdout_path, errors="replace") as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            try:
                diagnostic = json.loads(line)
                code = diagnostic["code"]
            except (ValueError, KeyError, TypeError):
                malformed += 1
                continue
            by_code[code] += 1
            if code == "CC001":
                syntax_files.add(diagnostic.get("filename"))
            elif code == "CC002":
                io_files.add(diagnostic.get("filename"))
    return {"by_code": dict(sorted(by_code.items())), "syntax_error_files": len(syntax_files),
            "io_error_files": len(io_files), "malformed_lines": malformed}


def flake8_argv(threads, list_path):
    executable = shutil.which("flake8", path="/usr/bin:/bin") or shutil.which("flake8")
    argv = [executable] if executable else [sys.executable, "-m", "flake8"]
    argv += ["-j", str(threads), "--exit-zero", "--isolated"]
    with open(list_path) as handle:
        argv += [line.rstrip("\n") for line in handle if line.strip()]
    return argv


def parse_floor_line(stdout_path):
    fields = {}
    for token in first_line(stdout_path).split():
        key, _, value = token.partition("=")
        fields[key] = value
    return fields


def best_of(repeat, measure):
    """Runs measure() repeat times and keeps the fastest; peak RSS is the largest seen."""
    runs = [measure() for _ in range(repeat)]
    best = min(runs, key=lambda m: m.seconds)
    best.peak_kb = max(m.peak_kb for m in runs)
    return best


def write_list(workdir, name, files):
    path = os.path.join(workdir, name)
    with open(path, "w") as handle:
        handle.writelines(f + "\n" for f in files)
    return path


def fmt_rate(lines, seconds):
    return f"{lines / seconds:,.0f}" if seconds > 0 else "n/a"


def verdict(ok):
    return "meets target" if ok else "MISSES target"


def benchmark_corpus(label, files, args, cyclecheck, workdir, results):
    lines = count_lines(files)
    list_path = write_list(workdir, f"{label}.files", files)
    print(f"\n== {label}: {len(files):,} files, {lines:,} lines ==")
    rows = []
    corpus = {"files": len(files), "lines": lines, "runs": {}}
    results["corpora"][label] = corpus

    floor = best_of(args.repeat, lambda: run_measured(
        f"{label} parse floor", [args.parse_floor, "--threads", str(args.threads), "--files-from", list_path], workdir))
    if floor.returncode != 0:
        print(f"parse_floor failed (exit {floor.returncode}): {first_line(floor.stdout_path + '.err')}")
        corpus["runs"]["parse_floor"] = {"error": floor.returncode}
        return
    floor_fields = parse_floor_line(floor.stdout_path)
    rows.append((f"parse floor ({args.threads} threads)", floor))
    corpus["parse_error_files_tree_sitter"] = int(floor_fields.get("error_files", 0))

    nocache = cold = warm = facts_cached = None
    if cyclecheck.available:
        nocache = best_of(args.repeat, lambda: run_measured(
            f"{label} cyclecheck", cyclecheck.argv(list_path, use_cache=False), workdir))
        no_cache_name = "cyclecheck check --no-cache" if "--no-cache" in cyclecheck.flags else "cyclecheck check"
        rows.append((no_cache_name, nocache))
        if cyclecheck.has_cache:
            def cold_run():
                cyclecheck.clear_cache()
                return run_measured(f"{label} cyclecheck cold", cyclecheck.argv(list_path, use_cache=True), workdir)
            cold = best_of(args.repeat, cold_run)
            warm = best_of(args.repeat, lambda: run_measured(
                f"{label} cyclecheck warm", cyclecheck.argv(list_path, use_cache=True), workdir))
            rows.append(("cyclecheck check, cold cache", cold))
            rows.append(("cyclecheck check, warm cache", warm))

            def facts_only():
                cyclecheck.drop_results()
                return run_measured(f"{label} cyclecheck facts cached", cyclecheck.argv(list_path, use_cache=True),
                                    workdir)
            facts_cached = best_of(args.repeat, facts_only)
            rows.append(("cyclecheck check, facts cached", facts_cached))

    flake8 = None
    if not args.no_flake8:
        flake8 = run_measured(f"{label} flake8", flake8_argv(args.threads, list_path), workdir)
        rows.append((f"flake8 -j {args.threads} (default rules)", flake8))

    print(f"{'tool':<38} {'wall s':>9} {'cpu s':>8} {'lines/s':>12} {'peak MB':>9} {'exit':>5}")
    for name, m in rows:
        print(f"{name:<38} {m.seconds:>9.3f} {m.cpu_seconds:>8.3f} {fmt_rate(lines, m.seconds):>12} "
              f"{m.peak_mb:>9.1f} {m.returncode:>5}")
        corpus["runs"][name] = {"seconds": m.seconds, "cpu_seconds": m.cpu_seconds,
                                "lines_per_second": lines / m.seconds if m.seconds else None,
                                "peak_mb": m.peak_mb, "exit": m.returncode}
    print(f"parse floor, internal timer: {float(floor_fields.get('seconds', 'nan')):.3f} s; "
          f"files tree-sitter marks with errors: {floor_fields.get('error_files', '?')}")

    if not cyclecheck.available:
        print(f"cyclecheck not measured: {cyclecheck.problem}")
        return
    failed = [m for m in (nocache, cold, warm, facts_cached) if m and m.returncode not in (0, 1)]  # 1: findings
    for m in failed:
        signal_note = f"killed by signal {-m.returncode}" if m.returncode < 0 else "no message"
        reason = first_line(m.stdout_path + ".err") or signal_note
        print(f"warning: {m.name} exited {m.returncode}: {reason}")
    corpus["cyclecheck_failed"] = bool(failed)
    ratios = corpus["ratios"] = {}
    print("ratios:" + (" (NOT VALID: a cyclecheck run failed, see above)" if failed else ""))
    floor_ratio = nocache.seconds / floor.seconds
    ratios["cyclecheck_over_floor"] = floor_ratio
    print(f"  cyclecheck / parse floor   {floor_ratio:7.2f}x   (target <= {TARGET_FLOOR_RATIO}x: "
          f"{verdict(floor_ratio <= TARGET_FLOOR_RATIO)})")
    if cold:
        # A user's first run also writes the cache: the same target, counted with that cost.
        cold_floor_ratio = cold.seconds / floor.seconds
        ratios["cold_cache_over_floor"] = cold_floor_ratio
        print(f"  cold cache / parse floor   {cold_floor_ratio:7.2f}x   (target <= {TARGET_FLOOR_RATIO}x: "
              f"{verdict(cold_floor_ratio <= TARGET_FLOOR_RATIO)}; a first run, writing the cache)")
    if cold and warm:
        cold_warm = cold.seconds / warm.seconds
        ratios["cold_over_warm"] = cold_warm
        print(f"  cold / warm                {cold_warm:7.2f}x   (target >= {TARGET_COLD_WARM}x: "
              f"{verdict(cold_warm >= TARGET_COLD_WARM)})")
    else:
        print("  cold / warm                    n/a   (this cyclecheck has no cache options)")
    if flake8:
        speedup = flake8.seconds / nocache.seconds
        ratios["throughput_over_flake8"] = speedup
        print(f"  cyclecheck vs flake8       {speedup:7.2f}x   (target >= {TARGET_VS_FLAKE8}x: "
              f"{verdict(speedup >= TARGET_VS_FLAKE8)})")
        if cold:
            cold_speedup = flake8.seconds / cold.seconds
            ratios["cold_cache_throughput_over_flake8"] = cold_speedup
            print(f"  cold cache vs flake8       {cold_speedup:7.2f}x   (target >= {TARGET_VS_FLAKE8}x: "
                  f"{verdict(cold_speedup >= TARGET_VS_FLAKE8)}; a first run, writing the cache)")
    if facts_cached:
        ratios["cold_over_facts_cached"] = cold.seconds / facts_cached.seconds
        print(f"  cold / facts cached        {cold.seconds / facts_cached.seconds:7.2f}x   (an edit: facts reused, "
              f"project solved again)")
    peak = max(m.peak_mb for m in (nocache, cold, warm, facts_cached) if m)
    ratios["peak_mb"] = peak
    print(f"  cyclecheck peak RSS        {peak:7.1f} MB (target < {TARGET_PEAK_MB:.0f} MB: "
          f"{verdict(peak < TARGET_PEAK_MB)})")

    findings = summarize_findings(nocache.stdout_path)
    corpus["findings"] = findings
    analysis_findings = sum(n for code, n in findings["by_code"].items() if code not in ("CC001", "CC002"))
    per_kloc = analysis_findings / (lines / 1000.0) if lines else 0.0
    print(f"findings: {analysis_findings} ({per_kloc:.3f} per 1,000 lines); by code: "
          + (", ".join(f"{c}={n}" for c, n in findings["by_code"].items()) or "none"))
    print(f"files with syntax errors (CC001): {findings['syntax_error_files']}; "
          f"with I/O errors (CC002): {findings['io_error_files']}"
          + (f"; unparsable output lines: {findings['malformed_lines']}" if findings["malformed_lines"] else ""))


def benchmark_scaling(files, args, cyclecheck, workdir, results):
    print(f"\n== scaling over the torch tree ({', '.join(f'{f:g}' for f in SCALING_FRACTIONS)} of "
          f"{len(files):,} files) ==")
    if not cyclecheck.available:
        print(f"cyclecheck not measured: {cyclecheck.problem}")
    print(f"{'share':>6} {'files':>6} {'lines':>9} {'floor s':>9} {'floor ms/kloc':>14} "
          f"{'cyclecheck s':>13} {'cc ms/kloc':>11} {'cc peak MB':>11}")
    scaling = results["scaling"] = []
    for fraction in SCALING_FRACTIONS:
        subset = evenly_spaced(files, fraction)
        lines = count_lines(subset)
        list_path = write_list(workdir, f"scaling_{fraction:g}.files", subset)
        floor = best_of(args.repeat, lambda: run_measured(
            f"scaling {fraction:g} floor",
            [args.parse_floor, "--threads", str(args.threads), "--files-from", list_path], workdir))
        row = {"fraction": fraction, "files": len(subset), "lines": lines, "floor_seconds": floor.seconds}
        cc_cells = f"{'-':>13} {'-':>11} {'-':>11}"
        if cyclecheck.available:
            check = best_of(args.repeat, lambda: run_measured(
                f"scaling {fraction:g} cyclecheck", cyclecheck.argv(list_path, use_cache=False), workdir))
            row.update(cyclecheck_seconds=check.seconds, cyclecheck_peak_mb=check.peak_mb)
            cc_cells = f"{check.seconds:>13.3f} {1000 * check.seconds / (lines / 1000):>11.3f} {check.peak_mb:>11.1f}"
        scaling.append(row)
        print(f"{fraction:>6g} {len(subset):>6} {lines:>9,} {floor.seconds:>9.3f} "
              f"{1000 * floor.seconds / (lines / 1000):>14.3f} {cc_cells}")


def default_tool(candidates):
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", choices=("torch", "stdlib", "both"), default="both",
                        help="which tree to measure (default: both)")
    parser.add_argument("--fraction", type=float, default=1.0,
                        help="share of each corpus to use, as an evenly spaced subset of the sorted files")
    parser.add_argument("--quick", action="store_true",
                        help=f"smoke run: {QUICK_FILE_COUNT} torch files, no stdlib, one repetition")
    parser.add_argument("--cyclecheck", default=None, help="the cyclecheck binary (default: $CYCLECHECK_BIN or build/)")
    parser.add_argument("--parse-floor", default=None, help="the parse_floor binary (default: build/bench/parse_floor)")
    parser.add_argument("--threads", type=int, default=2, help="threads for every tool (default 2)")
    parser.add_argument("--repeat", type=int, default=None, help="runs per timing, fastest kept (default 3, quick 1)")
    parser.add_argument("--no-flake8", action="store_true", help="skip the flake8 comparison")
    parser.add_argument("--no-scaling", action="store_true", help="skip the torch scaling table")
    parser.add_argument("--json-out", default=None, help="also write the figures as JSON to this file")
    args = parser.parse_args()

    if not 0.0 < args.fraction <= 1.0:
        parser.error("--fraction must be in (0, 1]")
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    args.repeat = args.repeat or (1 if args.quick else 3)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    args.parse_floor = args.parse_floor or default_tool([os.path.join(root, "build", "bench", "parse_floor")])
    if not args.parse_floor or not os.access(args.parse_floor, os.X_OK):
        parser.error("parse_floor binary not found: build it (target parse_floor) and pass --parse-floor")
    args.cyclecheck = args.cyclecheck or default_tool([os.environ.get("CYCLECHECK_BIN"),
                                                      os.path.join(root, "build", "cyclecheck")])
    if not args.cyclecheck:
        parser.error("cyclecheck binary not found: pass --cyclecheck or set CYCLECHECK_BIN")

    # The tools run from a scratch directory (where the cache goes): make the paths absolute.
    args.parse_floor = os.path.abspath(args.parse_floor)
    args.cyclecheck = os.path.abspath(args.cyclecheck) if os.sep in args.cyclecheck else args.cyclecheck

    torch_files = python_files_under(TORCH_ROOT)
    if not torch_files:
        sys.exit(f"run_bench: no Python files under {TORCH_ROOT} (is python3-torch installed?)")
    corpora = []
    if args.quick:
        corpora.append(("torch (quick)", evenly_spaced(torch_files, QUICK_FILE_COUNT / len(torch_files))))
    else:
        if args.corpus in ("torch", "both"):
            corpora.append(("torch", evenly_spaced(torch_files, args.fraction)))
        if args.corpus in ("stdlib", "both"):
            stdlib = python_files_under(STDLIB_ROOT, STDLIB_EXCLUDED_DIRS)
            corpora.append(("stdlib", evenly_spaced(stdlib, args.fraction)))

    results = {"threads": args.threads, "repeat": args.repeat, "cpus": os.cpu_count(), "corpora": {}}
    with tempfile.TemporaryDirectory(prefix="cyclecheck_bench_") as workdir:
        cyclecheck = Cyclecheck(args.cyclecheck, args.threads, workdir)
        results["cyclecheck_flags"] = sorted(cyclecheck.flags)
        print(f"cyclecheck: {args.cyclecheck} (detected options: {', '.join(sorted(cyclecheck.flags)) or 'none'})")
        print(f"parse floor: {args.parse_floor}; threads {args.threads}; {os.cpu_count()} CPUs, "
              f"load average {os.getloadavg()[0]:.1f} (wall times need an idle machine); "
              f"best of {args.repeat} per timing; peak RSS from wait4 of each run (for flake8 -j, the largest process)")
        if not cyclecheck.available:
            print(f"note: {cyclecheck.problem}")
        for label, files in corpora:
            benchmark_corpus(label, files, args, cyclecheck, workdir, results)
        if not args.no_scaling:
            scaling_files = corpora[0][1] if args.quick else torch_files
            benchmark_scaling(scaling_files, args, cyclecheck, workdir, results)
    if args.json_out:
        with open(args.json_out, "w") as handle:
            json.dump(results, handle, indent=2)


if __name__ == "__main__":
    main()
