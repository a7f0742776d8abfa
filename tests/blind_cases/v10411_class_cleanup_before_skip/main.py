"""Run the CNN parity tests for both memory formats."""
import io
import unittest

from parity_tests import CNNParityTests, CNNParityTestsChannelsLast


def main():
    loader = unittest.TestLoader()
    suite = unittest.TestSuite()
    for case in (CNNParityTests, CNNParityTestsChannelsLast):
        suite.addTests(loader.loadTestsFromTestCase(case))
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} skipped={len(result.skipped)} "
          f"failures={len(result.failures)} errors={len(result.errors)}")


if __name__ == "__main__":
    main()
