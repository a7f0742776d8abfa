"""Helpers shared by the integration tests of the real `cyclecheck` binary."""
import json
import os
import subprocess

BIN = os.environ.get("CYCLECHECK_BIN", "")
SOURCE_DIR = os.environ.get("CYCLECHECK_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
SHARED_CASES = os.environ.get("CYCLECHECK_SHARED_CASES", os.path.join(SOURCE_DIR, "..", "shared", "cases"))


def run(args, cwd=None, stdin=None, timeout=300):
    """Runs cyclecheck; returns (exit code, stdout, stderr)."""
    proc = subprocess.run([BIN] + list(args), cwd=cwd, input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def check_json(paths, cwd=None, extra=()):
    code, out, err = run(["check", "--no-cache", "--output-format", "json", *extra, *paths], cwd=cwd)
    assert code in (0, 1), f"exit {code}: {err}"
    return code, json.loads(out), err
