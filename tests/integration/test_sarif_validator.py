"""Validates `cyclecheck check --output-format sarif` with Microsoft's SARIF multitool.

The multitool comes from npm (scripts/setup-sarif-validator.sh); it is looked for in the build directory's
tools/sarif and installed there when missing. Any result of level "error" from the validator fails the test.
"""

import json
import os
import pathlib
import subprocess
import tempfile
import unittest

SOURCE_DIR = pathlib.Path(os.environ.get("CYCLECHECK_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
BUILD_DIR = pathlib.Path(os.environ.get("CYCLECHECK_BUILD_DIR", SOURCE_DIR / "build"))
BINARY = os.environ.get("CYCLECHECK_BIN", str(BUILD_DIR / "cyclecheck"))

# A small project: a ring of three links, a stored bound method, a cached mutable default,
# a suppressed finding, and file names that need URI encoding.
PROJECT = {
    "pyproject.toml": '[project]\nname = "demo"\n\n[tool.cyclecheck]\nshow-possible = false\n',
    "demo/__init__.py": "",
    "demo/links.py": (
        "class Link:\n"
        "    def __init__(self, value):\n"
        "        self.value = value\n"
        "        self.next_link = None\n"
        "\n"
        "\n"
        "def make_ring():\n"
        "    l1 = Link(1)\n"
        "    l2 = Link(2)\n"
        "    l3 = Link(3)\n"
        "    l1.next_link = l2\n"
        "    l2.next_link = l3\n"
        "    l3.next_link = l1\n"
        "    return l1\n"
    ),
    "demo/trainer.py": (
        "class Trainer:\n"
        "    def __init__(self, model):\n"
        "        self.model = model\n"
        "        self.callback = self.on_step\n"
        "\n"
        "    def on_step(self):\n"
        "        return self.model\n"
    ),
    "demo/cache.py": (
        "class Big:\n"
        "    pass\n"
        "\n"
        "\n"
        "def compute(_cache={}):\n"
        "    _cache[42] = dict(foo=Big(), bar=Big())\n"
        "    return _cache[42]\n"
    ),
    "demo/suppressed.py": (
        "class Node:\n"
        "    def __init__(self):\n"
        "        self.me = self  # cyclecheck: ignore\n"
    ),
    "scripts with space/r\u00e9sum\u00e9.py": (
        "class Holder:\n"
        "    def __init__(self):\n"
        "        self.handler = lambda: self\n"
    ),
}


def sarif_multitool():
    """The multitool's path, installing it with npm when it is not there yet."""
    override = os.environ.get("CYCLECHECK_SARIF_MULTITOOL")
    if override:
        return override
    for prefix in (BUILD_DIR / "tools" / "sarif", SOURCE_DIR / "build" / "tools" / "sarif"):
        tool = prefix / "node_modules" / ".bin" / "sarif-multitool"
        if tool.exists():
            return str(tool)
    setup_script = SOURCE_DIR / "scripts" / "setup-sarif-validator.sh"
    setup = subprocess.run(["bash", str(setup_script), str(BUILD_DIR / "tools" / "sarif")],
                           capture_output=True, text=True, timeout=600)
    if setup.returncode != 0:
        raise AssertionError("could not install the SARIF multitool:\n" + setup.stdout + setup.stderr)
    return setup.stdout.strip().splitlines()[-1]


class SarifValidatorTest(unittest.TestCase):
    runs = 0

    @classmethod
    def setUpClass(cls):
        cls.tool = sarif_multitool()
        cls.temp = tempfile.TemporaryDirectory(prefix="cyclecheck-sarif-")
        cls.project = pathlib.Path(cls.temp.name) / "project"
        for relative, text in PROJECT.items():
            path = cls.project / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    @classmethod
    def tearDownClass(cls):
        cls.temp.cleanup()

    def check_sarif(self, *paths, exit_codes=(0, 1)):
        """Runs the real binary in the project directory; returns the SARIF file it wrote."""
        result = subprocess.run([BINARY, "check", "--output-format", "sarif", *paths], cwd=self.project,
                                capture_output=True, text=True, timeout=300)
        if result.returncode == 2 and "output-format" in result.stderr and "sarif" not in result.stdout:
            self.skipTest("the binary does not accept --output-format sarif yet: " + result.stderr.strip())
        self.assertIn(result.returncode, exit_codes, "cyclecheck check failed:\n" + result.stderr)
        # A sanitizer report also exits 1: insist on a complete JSON document.
        try:
            json.loads(result.stdout)
        except ValueError as error:
            self.fail("cyclecheck wrote no valid JSON (%s); stderr:\n%s" % (error, result.stderr[-4000:]))
        SarifValidatorTest.runs += 1
        output = pathlib.Path(self.temp.name) / ("check-%d.sarif" % SarifValidatorTest.runs)
        output.write_text(result.stdout, encoding="utf-8")
        return output

    def validate(self, sarif_file):
        """Runs `sarif-multitool validate`; fails on any result of level error."""
        report = sarif_file.with_suffix(".validation.sarif")
        command = [self.tool, "validate", str(sarif_file), "--output", str(report), "--log", "ForceOverwrite"]
        run = subprocess.run(command, capture_output=True, text=True, timeout=300)
        self.assertTrue(report.exists(), "the validator wrote no report:\n" + run.stdout + run.stderr)
        findings = json.loads(report.read_text(encoding="utf-8-sig"))["runs"][0].get("results", [])
        errors = [f for f in findings if f.get("level") == "error"]
        described = ["%s %s: %s" % (f.get("level", "warning"), f["ruleId"],
                                    f["message"].get("text") or f["message"].get("arguments"))
                     for f in findings]
        if errors:
            self.fail("SARIF validation errors in %s:\n%s" % (sarif_file, "\n".join(described)))
        return described

    def check_structure(self, log):
        self.assertEqual(log["version"], "2.1.0")
        run = log["runs"][0]
        driver = run["tool"]["driver"]
        self.assertEqual(driver["name"], "cyclecheck")
        rules = driver["rules"]
        self.assertTrue(rules, "tool.driver.rules is empty")
        rule_ids = [rule["id"] for rule in rules]
        for rule in rules:
            self.assertIn("markdown", rule.get("help", {}), "rule %s has no help.markdown" % rule["id"])
        for result in run["results"]:
            self.assertEqual(rule_ids[result["ruleIndex"]], result["ruleId"])
            artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
            self.assertEqual(artifact.get("uriBaseId"), "%SRCROOT%", artifact)
            self.assertNotIn("\\", artifact["uri"])
            self.assertFalse(artifact["uri"].startswith("/"), artifact)
            self.assertRegex(artifact["uri"], r"^([A-Za-z0-9._~/-]|%[0-9A-F]{2})+$")
            self.assertIn("cyclecheck/v1", result["partialFingerprints"])
            self.assertNotIn("primaryLocationLineHash", result["partialFingerprints"])
        return run

    def test_project_with_cycles_is_valid_sarif(self):
        sarif = self.check_sarif(".")
        self.validate(sarif)
        run = self.check_structure(json.loads(sarif.read_text(encoding="utf-8")))
        results = run["results"]
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
        self.assertIn("demo/links.py", uris, "the ring of three links was not reported")
        ring = [r for r in results
                if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "demo/links.py"]
        self.assertEqual(ring[0]["locations"][0]["physicalLocation"]["region"]["startLine"], 13)
        self.assertTrue(ring[0].get("codeFlows"), "a cycle finding has no code flow")
        self.assertNotIn("demo/suppressed.py", uris, "a suppressed finding was reported")
        for uri in uris:
            if uri.startswith("scripts"):
                self.assertEqual(uri, "scripts%20with%20space/r%C3%A9sum%C3%A9.py")

    def test_io_error_is_valid_sarif(self):
        sarif = self.check_sarif("demo/links.py", "does_not_exist.py", exit_codes=(1, 2))
        self.validate(sarif)
        run = self.check_structure(json.loads(sarif.read_text(encoding="utf-8")))
        io_errors = [r for r in run["results"] if r["ruleId"] == "CC002"]
        self.assertEqual(len(io_errors), 1, run["results"])
        self.assertIn("No such file or directory", io_errors[0]["message"]["text"])

    def test_clean_project_is_valid_sarif(self):
        sarif = self.check_sarif("demo/__init__.py")
        self.validate(sarif)
        run = self.check_structure(json.loads(sarif.read_text(encoding="utf-8")))
        self.assertEqual(run["results"], [])


if __name__ == "__main__":
    unittest.main()
