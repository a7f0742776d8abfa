"""Sweep the intent-classifier unit tests over a few embedding sizes and learning rates."""
from model_tests import IntentClassifierTests
from sweep_driver import collect_test_names, run_case, summarize

SWEEP = [
    {"dim": 8, "lr": 0.1, "seed": 1},
    {"dim": 16, "lr": 0.05, "seed": 2},
    {"dim": 32, "lr": 0.02, "seed": 3},
]


def main():
    names = collect_test_names(IntentClassifierTests)
    rows = []
    for overrides in SWEEP:
        for name in names:
            rows.append(run_case(IntentClassifierTests, name, overrides))
    print(summarize(rows))


if __name__ == "__main__":
    main()
