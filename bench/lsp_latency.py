#!/usr/bin/env python3
"""Latency of `cyclecheck server`: time from a one-line edit of a 2,000-line file to its diagnostics.

Opens a generated 2,000-line module (classes with methods, a few reference cycles), waits for the first
diagnostics, then makes N one-line edits (each a new document version) and measures, for each, the time from
sending didChange to receiving publishDiagnostics for that version. Prints the median and other percentiles.
The target is 20 ms on the development machine. A benchmark, not a test: it never fails on time.

With --workspace DIR, a copy of DIR (a project tree, e.g. the torch sources) sits beside the file, as in an
editor open on a large repository: the server reads it in the background (the run waits --settle seconds for
that), and every edit is analysed with it.

    /usr/bin/python3 bench/lsp_latency.py --binary build/cyclecheck [--lines 2000] [--edits 50]
        [--workspace /usr/lib/python3/dist-packages/torch [--settle 15]]
"""
import argparse
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "integration"))
import test_lsp_client as lsp  # noqa: E402


def generate_module(lines):
    """About `lines` lines of training-style code; every 10th class stores a bound method of itself."""
    out = ["import weakref", "", ""]
    index = 0
    while len(out) < lines - 12:
        out += [f"class Block{index}:",
                "    def __init__(self, parent, size):",
                "        self.parent = parent",
                "        self.size = size",
                "        self.items = [size, [size], dict(size=size)]",
                ("        self.cb = self.step" if index % 10 == 0 else "        self.cb = None"),
                "",
                "    def step(self, value):",
                "        total = value + self.size",
                "        return total * 2",
                "", ""]
        index += 1
    out += ["def main():", "    blocks = [Block0(None, 1)]", "    return blocks", ""]
    return "\n".join(out[:lines]) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("CYCLECHECK_BIN", "build/cyclecheck"))
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--workspace", help="a project tree copied into the workspace beside the edited file")
    parser.add_argument("--settle", type=float, default=15.0,
                        help="seconds to wait for the server to read --workspace before editing")
    args = parser.parse_args()
    binary = str(pathlib.Path(args.binary).resolve())

    with tempfile.TemporaryDirectory(prefix="cyclecheck-lsp-bench-") as workspace:
        root = pathlib.Path(workspace)
        workspace_files = 0
        if args.workspace:
            source = pathlib.Path(args.workspace)
            for path in sorted(source.rglob("*.py")):  # the Python sources only (a tree may hold libraries)
                copy = root / source.name / path.relative_to(source)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
                workspace_files += 1
            (root / ".git").mkdir()
        text = generate_module(args.lines)
        client = lsp.LspClient(cwd=root, binary=binary)
        try:
            client.initialize(root)  # no pull support: the server publishes after every version
            uri = client.open(root / "big.py", text)
            start = time.perf_counter()
            first = client.published(uri, 1, timeout=60)
            open_ms = (time.perf_counter() - start) * 1000
            if args.workspace:
                time.sleep(args.settle)
            # Edits spread over the whole file: tree-sitter re-parses from the edit onward where its external
            # scanner (Python's indentation) keeps it from reusing later subtrees, so position matters.
            lines = text.splitlines()
            edit_lines = [n for n, line in enumerate(lines) if line == "        return total * 2"]
            latencies = []
            for version in range(2, args.edits + 2):
                line = edit_lines[(version * 7) % len(edit_lines)]
                old_length = len(lines[line])
                lines[line] = f"        return total * {version}"
                start = time.perf_counter()
                client.change(uri, version, [lsp.edit(line, 0, line, old_length, lines[line])])
                client.published(uri, version, timeout=60)
                latencies.append((time.perf_counter() - start) * 1000)
            client.shutdown()
        finally:
            client.close()

    latencies.sort()
    median = statistics.median(latencies)
    p90 = latencies[int(0.9 * (len(latencies) - 1))]
    print(f"file: {len(text.splitlines())} lines, {len(first)} diagnostics after open "
          f"(first analysis {open_ms:.1f} ms)" +
          (f"; workspace: {workspace_files} more Python files" if args.workspace else ""))
    print(f"one-line edit -> diagnostics over {len(latencies)} edits: median {median:.2f} ms, "
          f"p90 {p90:.2f} ms, min {latencies[0]:.2f} ms, max {latencies[-1]:.2f} ms (target 20 ms)")


if __name__ == "__main__":
    main()
