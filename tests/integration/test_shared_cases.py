"""Every case in ../shared/cases handled as labelled, through the real binary: each marked positive is
reported on one of its marked lines (primary or related location); the clean cases produce no finding."""
import unittest

from cases_support import check_case_as_labelled, load_manifest
from cli_support import SHARED_CASES

MANIFEST = load_manifest(SHARED_CASES)


@unittest.skipIf(MANIFEST is None, f"../shared/cases is not present ({SHARED_CASES}): the shared cases were not run")
class SharedCasesTest(unittest.TestCase):
    def test_every_case_as_labelled(self):
        for case in MANIFEST["cases"]:
            with self.subTest(case=case["id"]):
                check_case_as_labelled(self, SHARED_CASES, case)


if __name__ == "__main__":
    unittest.main()
