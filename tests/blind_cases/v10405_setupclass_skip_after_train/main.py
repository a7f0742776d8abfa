"""Run the tagger export tests for every supported dtype and print a compact report."""
import io
import unittest

import export_tests

DTYPE_CASES = [
    export_tests.TaggerExportTests,
    export_tests.TaggerExportTestsFloat64,
    export_tests.TaggerExportTestsBFloat16,
]


def main():
    loader = unittest.TestLoader()
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(case) for case in DTYPE_CASES)
    stream = io.StringIO()
    result = unittest.TextTestRunner(stream=stream, verbosity=0).run(suite)
    print(f"ran={result.testsRun} skipped={len(result.skipped)} "
          f"failures={len(result.failures)} errors={len(result.errors)}")
    for holder, reason in result.skipped:
        print("  skipped:", holder, "-", reason)


if __name__ == "__main__":
    main()
