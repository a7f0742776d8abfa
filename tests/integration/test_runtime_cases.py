"""Every cycle case of the shared corpus is confirmed at run time; every clean case shows no cycle
from the case's own code. Cases run two at a time (each imports torch)."""
import json
import os
import unittest
from concurrent.futures import ThreadPoolExecutor

from runtime_support import CASES, require_runtime, run_json, user_cycles


def load_cases():
    with open(os.path.join(CASES, "manifest.json"), encoding="utf-8") as fh:
        return json.load(fh)["cases"]


class SharedCasesAtRunTime(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_runtime(cls)
        if not os.path.exists(os.path.join(CASES, "manifest.json")):
            raise unittest.SkipTest("shared cases not found at %s" % CASES)
        cases = [c for c in load_cases() if c["kind"] in ("cycle", "clean")]

        def run(case):
            entry = os.path.join(CASES, case["path"], "main.py") if case["multi_file"] else os.path.join(CASES, case["path"])
            proc, report = run_json(entry, cwd=CASES)
            return case, proc, report

        with ThreadPoolExecutor(max_workers=2) as pool:
            cls.results = list(pool.map(run, cases))

    def test_every_case_ran_and_kept_its_exit_code(self):
        for case, proc, report in self.results:
            with self.subTest(case=case["id"]):
                self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
                self.assertIsNotNone(report)
                self.assertEqual(report["run"]["exit_code"], 0)

    def test_cycle_cases_are_confirmed(self):
        for case, _proc, report in self.results:
            if case["kind"] != "cycle":
                continue
            with self.subTest(case=case["id"]):
                found = user_cycles(report)
                self.assertTrue(found, "no cycle from the case's code: %s" % [c["path"] for c in report["cycles"]])
                # The cycle's sites are in the case's own files.
                case_files = {os.path.basename(m.split(":")[0]) for m in case["marked_lines"]}
                site_files = {os.path.basename(s["file"]) for c in found for s in c["sites"] if s["user"]}
                self.assertTrue(site_files & case_files, (site_files, case_files))
                self.assertEqual(report["observer"]["core"], "compiled")
                self.assertFalse(report["observer"]["errors"])

    def test_clean_cases_show_no_cycle_of_their_own(self):
        for case, _proc, report in self.results:
            if case["kind"] != "clean":
                continue
            with self.subTest(case=case["id"]):
                self.assertEqual([c["path"] for c in user_cycles(report)], [])

    def test_cycle_types_agree_with_the_oracle(self):
        # The oracle's garbage types for the case (manifest) include the types our cycle reports.
        for case, _proc, report in self.results:
            if case["kind"] != "cycle":
                continue
            with self.subTest(case=case["id"]):
                oracle_types = {t.split(".")[-1] for t in case["oracle_result"]["garbage_types"]}
                ours = {t.split(".")[-1] for c in user_cycles(report) for t in c["types"]}
                self.assertTrue(ours & oracle_types, (ours, oracle_types))


if __name__ == "__main__":
    unittest.main()
