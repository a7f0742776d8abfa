"""Every case in ../shared/cases handled as labelled, through the real binary: each marked positive is
reported on one of its marked lines (primary or related location); the clean cases produce no finding."""
import json
import os
import unittest

from cli_support import SHARED_CASES, check_json


def load_manifest():
    path = os.path.join(SHARED_CASES, "manifest.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


MANIFEST = load_manifest()


@unittest.skipIf(MANIFEST is None, f"../shared/cases is not present ({SHARED_CASES}): the shared cases were not run")
class SharedCasesTest(unittest.TestCase):
    def test_every_case_as_labelled(self):
        for case in MANIFEST["cases"]:
            with self.subTest(case=case["id"]):
                _, findings, _ = check_json([case["path"]], cwd=SHARED_CASES)
                base = case["path"] if case.get("multi_file") else ""
                reported = set()
                for f in findings:
                    for loc in [f] + f["related"]:
                        name = os.path.normpath(loc["filename"])
                        reported.add(f"{name}:{loc['location']['row']}")
                if case["kind"] == "clean":
                    self.assertEqual(findings, [], f"{case['id']} is clean but got: " +
                                     "; ".join(f"{f['filename']}:{f['location']['row']} {f['code']}" for f in findings))
                    continue
                self.assertTrue(findings, f"{case['id']} ({case['kind']}): nothing reported")
                marked = set()
                for m in case["marked_lines"]:
                    file, line = m.rsplit(":", 1)
                    marked.add(f"{os.path.normpath(file)}:{line}")
                self.assertTrue(marked & reported,
                                f"{case['id']}: none of the marked lines {sorted(marked)} is a primary or related "
                                f"location of the findings; reported {sorted(reported)}")


if __name__ == "__main__":
    unittest.main()
