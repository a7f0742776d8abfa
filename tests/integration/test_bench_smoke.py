"""Smoke test of the benchmark harness: parse_floor's counts and errors, and run_bench.py --quick."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

SOURCE_DIR = os.environ.get("CYCLECHECK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD_DIR = os.environ.get("CYCLECHECK_BUILD_DIR", os.path.join(SOURCE_DIR, "build"))
CYCLECHECK_BIN = os.environ.get("CYCLECHECK_BIN", os.path.join(BUILD_DIR, "cyclecheck"))
PARSE_FLOOR = os.path.join(BUILD_DIR, "bench", "parse_floor")
RUN_BENCH = os.path.join(SOURCE_DIR, "bench", "run_bench.py")


def check_command_available():
    try:
        return subprocess.run([CYCLECHECK_BIN, "check", "--help"], capture_output=True, timeout=60).returncode == 0
    except OSError:
        return False


class ParseFloorTest(unittest.TestCase):
    def setUp(self):
        self.assertTrue(os.access(PARSE_FLOOR, os.X_OK), f"parse_floor not built at {PARSE_FLOOR}")
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def fields(self, stdout):
        return dict(token.split("=", 1) for token in stdout.split())

    def test_counts_files_lines_bytes_and_syntax_errors(self):
        good = self.write("good.py", "x = [1]\ny = [x]\n\ndef f():\n    return y\n")  # 5 lines
        bad = self.write("bad.py", "def broken(:\n    pass")  # 2 lines, no final newline
        listing = self.write("files.txt", f"{good}\n{bad}\n")
        for argv in ([good, bad], ["--files-from", listing], ["--threads", "1", good, bad]):
            run = subprocess.run([PARSE_FLOOR, *argv], capture_output=True, text=True, timeout=60)
            self.assertEqual(run.returncode, 0, run.stderr)
            fields = self.fields(run.stdout)
            self.assertEqual(fields["files"], "2")
            self.assertEqual(fields["lines"], "7")
            self.assertEqual(int(fields["bytes"]), os.path.getsize(good) + os.path.getsize(bad))
            self.assertEqual(fields["error_files"], "1")
            self.assertEqual(fields["unreadable"], "0")
            self.assertGreaterEqual(float(fields["seconds"]), 0.0)

    def test_usage_errors_and_unreadable_files(self):
        for argv, message in (([], "no files given"), (["--threads", "zero", "a.py"], "--threads"),
                              (["--bogus", "a.py"], "unknown option"),
                              (["--files-from", os.path.join(self.tmp.name, "missing.txt")], "cannot read file list")):
            run = subprocess.run([PARSE_FLOOR, *argv], capture_output=True, text=True, timeout=60)
            self.assertEqual(run.returncode, 2, argv)
            self.assertIn(message, run.stderr)
        good = self.write("good.py", "pass\n")
        missing = os.path.join(self.tmp.name, "missing.py")
        run = subprocess.run([PARSE_FLOOR, good, missing], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 0)
        self.assertEqual(self.fields(run.stdout)["unreadable"], "1")
        self.assertIn("missing.py", run.stderr)


class RunBenchQuickTest(unittest.TestCase):
    def test_quick_run_prints_the_table(self):
        with tempfile.TemporaryDirectory() as tmp:
            json_out = os.path.join(tmp, "bench.json")
            run = subprocess.run(
                [sys.executable, RUN_BENCH, "--quick", "--cyclecheck", CYCLECHECK_BIN, "--parse-floor", PARSE_FLOOR,
                 "--json-out", json_out],
                capture_output=True, text=True, timeout=120)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            with open(json_out) as handle:
                results = json.load(handle)
        out = run.stdout
        self.assertIn("wall s", out)
        self.assertIn("parse floor (2 threads)", out)
        self.assertIn("flake8 -j 2", out)
        self.assertIn("== scaling over the torch tree", out)

        corpus = results["corpora"]["torch (quick)"]
        self.assertEqual(corpus["files"], 12)
        self.assertGreater(corpus["lines"], 0)
        floor = corpus["runs"]["parse floor (2 threads)"]
        self.assertEqual(floor["exit"], 0)
        self.assertGreater(floor["seconds"], 0)
        self.assertGreater(floor["peak_mb"], 0)
        scaling = results["scaling"]
        self.assertEqual([row["files"] for row in scaling], [3, 6, 12])
        self.assertEqual(scaling[-1]["lines"], corpus["lines"])

        if check_command_available():
            self.assertIn("cyclecheck / parse floor", out)
            self.assertIn("cyclecheck_over_floor", corpus["ratios"])
            self.assertIn("peak_mb", corpus["ratios"])
            self.assertIn("cold_over_facts_cached", corpus["ratios"])
            self.assertIn(corpus["runs"]["cyclecheck check, facts cached"]["exit"], (0, 1))  # 1: findings
            self.assertEqual(corpus["findings"]["malformed_lines"], 0)
            self.assertIn("findings:", out)
            self.assertTrue(all("cyclecheck_seconds" in row for row in scaling))
        else:
            self.assertIn("cyclecheck not measured", out)


if __name__ == "__main__":
    unittest.main()
