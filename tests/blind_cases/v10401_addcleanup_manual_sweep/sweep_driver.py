"""Notebook-friendly driver: reruns single test methods under config overrides and times them."""
import time
import unittest


def collect_test_names(case_cls):
    return list(unittest.TestLoader().getTestCaseNames(case_cls))


def run_case(case_cls, method_name, overrides):
    case = case_cls(method_name)
    case.config = dict(case_cls.config, **overrides)
    start = time.perf_counter()
    case.setUp()
    try:
        getattr(case, method_name)()
        status = "ok"
    except AssertionError as err:
        status = "FAIL: %s" % err
    finally:
        case.tearDown()
    return {
        "test": method_name,
        "status": status,
        "seconds": round(time.perf_counter() - start, 4),
        **overrides,
    }


def summarize(rows):
    by_test = {}
    for row in rows:
        by_test.setdefault(row["test"], []).append(row)
    lines = []
    for name, runs in sorted(by_test.items()):
        failed = sum(r["status"] != "ok" for r in runs)
        slowest = max(r["seconds"] for r in runs)
        lines.append(f"{name:<34} runs={len(runs)} failed={failed} slowest={slowest:.3f}s")
    return "\n".join(lines)
