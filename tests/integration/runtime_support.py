"""Shared helpers of the runtime companion's integration tests."""
import json
import os
import subprocess
import unittest

BIN = os.environ.get("CYCLECHECK_BIN", "")
BUILD = os.environ.get("CYCLECHECK_BUILD_DIR", "")
SOURCE = os.environ.get("CYCLECHECK_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
CASES = os.environ.get("CYCLECHECK_SHARED_CASES", os.path.join(SOURCE, "..", "shared", "cases"))
PYTHON_DIR = os.path.join(BUILD, "python")
FIXTURES = os.path.join(SOURCE, "runtime-check", "tests_fixtures")
PYTHON = "/usr/bin/python3"


# The tests that run a case of ../shared/cases skip (not fail) in a checkout without it beside.
needs_shared_cases = unittest.skipUnless(os.path.isdir(CASES), "shared cases not found at %s" % CASES)


def require_runtime(test):
    """Skips (not fails) where the build has no runtime companion, e.g. the sanitizer build."""
    if not BIN or not os.path.exists(os.path.join(PYTHON_DIR, "cyclecheck_runtime", "__init__.py")):
        raise unittest.SkipTest("runtime companion not built in %s (CYCLECHECK_RUNTIME=OFF?)" % (BUILD or "?"))


def run_cli(args, timeout=300, **kwargs):
    return subprocess.run([BIN] + list(args), capture_output=True, text=True, timeout=timeout, **kwargs)


def run_json(script, *extra, script_args=(), timeout=300, cwd=None):
    """`cyclecheck run --output-format json` on a script; returns (process, report)."""
    import tempfile
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        proc = run_cli(["run", "--output-format", "json", "-o", out] + list(extra) + ["--", script] + list(script_args),
                       timeout=timeout, cwd=cwd)
        with open(out, encoding="utf-8") as fh:
            text = fh.read()
        return proc, (json.loads(text) if text.strip() else None)
    finally:
        os.unlink(out)


def user_cycles(report):
    return [c for c in report["cycles"] if c["origin"] == "user"]


def python_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = PYTHON_DIR
    return env
