"""SARIF 2.1.0 for a run: one result per cycle shape with sites in the user's files, located at those
sites. Static findings' confirmation states go in the run's properties."""
import hashlib
import os

RULE_ID = "CCR001"
RULE_NAME = "runtime-cycle"
VERSION = "0.1.0"


def _uri(path, base):
    """The path relative to `base` when it is below it, else absolute. `os.getcwd()` is resolved by the
    kernel, so a path reached through a symlink is compared resolved as well."""
    for candidate, root in ((path, base), (os.path.realpath(path), os.path.realpath(base))):
        try:
            rel = os.path.relpath(candidate, root)
        except ValueError:
            continue
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/"), True
    return path.replace(os.sep, "/"), False


def _location(site, base, message=None):
    uri, relative = _uri(site["file"], base)
    artifact = {"uri": uri}
    if relative:
        artifact["uriBaseId"] = "%SRCROOT%"
    loc = {"physicalLocation": {"artifactLocation": artifact, "region": {"startLine": site["line"]}}}
    if message:
        loc["message"] = {"text": message}
    return loc


def build_sarif(report, base=None):
    base = base or os.getcwd()
    results = []
    for c in report["cycles"]:
        user_sites = [s for s in c["sites"] if s["user"]]
        if not user_sites:
            continue
        tensors = ", ".join("%s %d bytes" % kv for kv in c["tensor_bytes"].items())
        text = "Reference cycle collected %d time%s at run time: %s (%d objects, %d bytes%s)." % (
            c["count"], "" if c["count"] == 1 else "s", c["path"], c["objects"], c["bytes"],
            ("; tensors " + tensors) if tensors else "")
        results.append({
            "ruleId": RULE_ID,
            "level": "error" if c["tensor_bytes"] else "warning",
            "message": {"text": text},
            "locations": [_location(user_sites[0], base)],
            "relatedLocations": [dict(_location(s, base, "%s %s" % (s["kind"], s["type"])), id=i + 1)
                                 for i, s in enumerate(user_sites[1:])],
            "partialFingerprints": {"cyclecheck-runtime/v1": hashlib.sha256(c["signature"].encode()).hexdigest()[:32]},
            "properties": {"cyclePath": c["path"], "count": c["count"], "objects": c["objects"],
                           "bytes": c["bytes"], "tensorBytes": c["tensor_bytes"], "runtimeState": "observed",
                           "cycleGraph": {"nodes": c["graph"]["nodes"], "edges": c["graph"]["edges"]}},
        })
    run = {
        "tool": {"driver": {
            "name": "cyclecheck", "version": VERSION, "informationUri": "https://github.com/cyclecheck/cyclecheck",
            "rules": [{"id": RULE_ID, "name": RULE_NAME,
                       "shortDescription": {"text": "A reference cycle was collected while the program ran"},
                       "fullDescription": {"text": "The cyclic garbage collector freed this group of objects; "
                                                   "until it ran, they and everything they reference stayed in memory."},
                       "help": {"text": "Break the cycle with a weak reference on one edge, or remove the reference "
                                        "when the object is done.",
                                "markdown": "Break the cycle with a weak reference (`weakref.ref`, `WeakMethod`) on one "
                                            "edge, or remove the reference when the object is done."},
                       "defaultConfiguration": {"level": "warning"}}]}},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": "file://" + base.rstrip("/") + "/"}},
        "results": results,
        "properties": {"gc": report["gc"], "observer": report["observer"], "summary": report["summary"]},
    }
    if "findings" in report:
        run["properties"]["cyclecheck/staticFindings"] = report["findings"]
        run["properties"]["unmatchedCycles"] = report["unmatched_cycles"]
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]}
