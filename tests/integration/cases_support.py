"""Checks cases in the format of ../shared/cases (a manifest.json with each case's kind and marked lines)
through the real binary: each positive case is reported on one of its marked lines (primary or related
location), each clean case produces no finding."""
import json
import os

from cli_support import check_json


def load_manifest(cases_dir):
    path = os.path.join(cases_dir, "manifest.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def reported_lines(findings):
    reported = set()
    for f in findings:
        for loc in [f] + f["related"]:
            reported.add(f"{os.path.normpath(loc['filename'])}:{loc['location']['row']}")
    return reported


def check_case_as_labelled(test, cases_dir, case):
    _, findings, _ = check_json([case["path"]], cwd=cases_dir)
    if case["kind"] == "clean":
        test.assertEqual(findings, [], f"{case['id']} is clean but got: " +
                         "; ".join(f"{f['filename']}:{f['location']['row']} {f['code']}" for f in findings))
        return
    test.assertTrue(findings, f"{case['id']} ({case['kind']}): nothing reported")
    marked = set()
    for m in case["marked_lines"]:
        file, line = m.rsplit(":", 1)
        marked.add(f"{os.path.normpath(file)}:{line}")
    reported = reported_lines(findings)
    test.assertTrue(marked & reported,
                    f"{case['id']}: none of the marked lines {sorted(marked)} is a primary or related "
                    f"location of the findings; reported {sorted(reported)}")
