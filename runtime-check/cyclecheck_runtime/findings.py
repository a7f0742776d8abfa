"""Static findings (the analyzer's JSON or SARIF) against the cycles seen at run time. A finding is
confirmed when a collected cycle has its classes and its fields, or sits at one of its lines;
otherwise it is "not observed". Run-time cycles from the user's code that no finding explains are
listed as unmatched."""
import json
import os
import re

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Type words that say nothing about which cycle it is.
_GENERIC_TYPES = {"function", "method", "list", "dict", "tuple", "set", "cell", "lambda", "object", "frame",
                  "traceback", "partial", "bound", "closure", "instance", "of", "def", "class", "module"}
_GENERIC_LABELS = {"cell", "cell_contents", "__closure__", "ref", "key", "local", "f_back", "tb_frame",
                   "tb_next", "__traceback__", "__func__", "__self__", "__globals__", "__dict__"}


class FindingsError(Exception):
    pass


def _split_site(text):
    m = re.match(r"^(.*):(\d+)(?::\d+)?$", text or "")
    return (m.group(1), int(m.group(2))) if m else None


def _from_json_item(d):
    loc = d.get("location") or {}
    f = {"fingerprint": d.get("fingerprint") or "", "code": d.get("code"), "rule": d.get("rule"),
         "message": d.get("message") or "", "path": d.get("filename"), "line": loc.get("row"),
         "types": [], "labels": [], "sites": []}
    cycle = d.get("cycle") or {}
    f["types"] = [n.get("type", "") for n in cycle.get("nodes", [])]
    f["labels"] = [e.get("label", "") for e in cycle.get("edges", [])]
    f["cycle_path"] = cycle.get("path") or ""
    for e in cycle.get("edges", []):
        s = _split_site(e.get("site"))
        if s:
            f["sites"].append(s)
    for r in d.get("related", []):
        if r.get("filename") and (r.get("location") or {}).get("row"):
            f["sites"].append((r["filename"], r["location"]["row"]))
    if f["path"] and f["line"]:
        f["sites"].append((f["path"], f["line"]))
    return f


def _sarif_site(location):
    phys = (location or {}).get("physicalLocation") or {}
    uri = (phys.get("artifactLocation") or {}).get("uri")
    line = (phys.get("region") or {}).get("startLine")
    return (uri, line) if uri and line else None


def _from_sarif_result(r):
    props = r.get("properties") or {}
    primary = _sarif_site((r.get("locations") or [None])[0])
    graph = props.get("cycleGraph") or {}
    f = {"fingerprint": (r.get("partialFingerprints") or {}).get("cyclecheck/v1", ""), "code": r.get("ruleId"),
         "rule": None, "message": (r.get("message") or {}).get("text", ""),
         "path": primary[0] if primary else None, "line": primary[1] if primary else None,
         "types": [n.get("type", "") for n in graph.get("nodes", [])],
         "labels": [e.get("label", "") for e in graph.get("edges", [])],
         "cycle_path": props.get("cyclePath") or "", "sites": []}
    for rel in r.get("relatedLocations") or []:
        s = _sarif_site(rel.get("location") or rel)
        if s:
            f["sites"].append(s)
    for flow in r.get("codeFlows") or []:
        for tf in flow.get("threadFlows") or []:
            for loc in tf.get("locations") or []:
                s = _sarif_site((loc or {}).get("location"))
                if s:
                    f["sites"].append(s)
    if primary:
        f["sites"].append(primary)
    return f


def load_findings(path):
    """Normalised static findings from the analyzer's JSON (array or json-lines) or SARIF output."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise FindingsError("cannot read findings file %s: %s" % (path, exc.strerror or exc))
    try:
        data = json.loads(text) if text.strip() else []
    except json.JSONDecodeError:
        try:
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            raise FindingsError("findings file %s is neither JSON, JSON lines nor SARIF: %s" % (path, exc))
    if isinstance(data, dict) and "runs" in data:
        out = []
        for run in data.get("runs") or []:
            out.extend(_from_sarif_result(r) for r in run.get("results") or [] if isinstance(r, dict))
        return out
    if isinstance(data, list) and all(isinstance(d, dict) for d in data):
        return [_from_json_item(d) for d in data]
    raise FindingsError("findings file %s: expected the JSON array or SARIF log of `cyclecheck check`" % path)


def _words(values, generic):
    out = set()
    for v in values:
        for w in _IDENT.findall(v or ""):
            if w not in generic and not (w.startswith("__") and w.endswith("__") and w in generic):
                out.add(w)
    return out


def _type_words(types):
    # "torch.optim.lr_scheduler.LambdaLR" -> LambdaLR; "function <lambda>" -> nothing specific
    return {t.split(".")[-1] for t in _words([x.split(" ")[0] if " " in x else x for x in types], _GENERIC_TYPES)
            if t not in _GENERIC_TYPES}


def _path_parts(cycle_path):
    parts = [p.strip() for p in (cycle_path or "").split("->")]
    return parts[0::2], parts[1::2]


def _same_file(a, b):
    if not a or not b:
        return False
    a, b = a.replace("\\", "/"), b.replace("\\", "/")
    if os.path.isabs(a) and os.path.isabs(b):
        return os.path.realpath(a) == os.path.realpath(b)
    return a.endswith("/" + b) or b.endswith("/" + a) or a == b or os.path.basename(a) == os.path.basename(b)


def _score(finding, cycle):
    static_types = _type_words(finding["types"])
    static_labels = [label for label in finding["labels"] if label]
    if not static_types and finding.get("cycle_path"):
        t, labels = _path_parts(finding["cycle_path"])
        static_types = _type_words(t)
        static_labels = static_labels or labels
    runtime_types = {t.split(".")[-1] for t in cycle["types"]}
    runtime_fields = _words(cycle["labels"], _GENERIC_LABELS)
    static_fields = _words(static_labels, _GENERIC_LABELS)
    reasons = []
    if static_types and static_types <= runtime_types and static_fields <= runtime_fields:
        reasons.append("types %s and fields %s" % (", ".join(sorted(static_types)),
                                                   ", ".join(sorted(static_fields)) or "-"))
    for file, line in finding["sites"]:
        for s in cycle["sites"]:
            if s["line"] == line and _same_file(s["file"], file):
                reasons.append("site %s:%d (%s %s)" % (s["display"], line, s["kind"], s["type"]))
                break
        if len(reasons) > 1:
            break
    return reasons


def match(findings, cycles):
    """{"findings": [...with state, evidence, runtime_cycle], "unmatched_cycles": [...]}."""
    out, matched = [], set()
    for f in findings:
        best, best_reasons = None, []
        for c in cycles:
            reasons = _score(f, c)
            if len(reasons) > len(best_reasons):
                best, best_reasons = c, reasons
        entry = {k: f[k] for k in ("fingerprint", "code", "rule", "message", "path", "line")}
        if best is not None:
            matched.add(best["id"])
            entry.update(state="confirmed", runtime_cycle=best["id"],
                         evidence="%s: %d cycle%s collected at run time (%s), %d objects, %d bytes; matched by %s" % (
                             best["id"], best["count"], "" if best["count"] == 1 else "s", best["path"],
                             best["objects"], best["bytes"], "; ".join(best_reasons)))
        else:
            entry.update(state="not observed", runtime_cycle=None,
                         evidence="no cycle with these types, fields or sites was collected during the run")
        out.append(entry)
    unmatched = [{"id": c["id"], "path": c["path"], "count": c["count"],
                  "sites": ["%s:%d" % (s["display"], s["line"]) for s in c["sites"] if s["user"]][:5]}
                 for c in cycles if c["origin"] == "user" and c["id"] not in matched]
    return {"findings": out, "unmatched_cycles": unmatched}
