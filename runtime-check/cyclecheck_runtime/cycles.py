"""Run-time cycles grouped by shape, each with its sites, the bytes and tensors it held, and a graph
for the renderer. Only the first cycle of a shape is described in detail, so the cost per
collection follows the number of new shapes, not the amount of garbage."""
import types

from . import tensors


def _format_bytes(n):
    for unit in ("B", "kB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1000.0
    return "%d B" % n


def _short_repr(o):
    """A short description that runs no user code: names of functions and classes, small literals."""
    if isinstance(o, (types.FunctionType, types.BuiltinFunctionType)):
        return o.__qualname__
    if isinstance(o, types.MethodType):
        return "bound " + getattr(o.__func__, "__qualname__", "?")
    if isinstance(o, types.FrameType):
        return "frame of " + o.f_code.co_name
    if isinstance(o, type):
        return "class " + o.__qualname__
    if type(o) in (int, float, bool) or o is None:
        return repr(o)
    if type(o) is str:
        return repr(o[:30])
    if type(o) in (list, tuple, dict, set):
        return "len %d" % len(o)
    return ""


class RuntimeCycle:
    def __init__(self, number, group, site_finder, seen_at):
        self.id = "R%d" % number
        self.signature = group["signature"]
        self.path = group["path"]
        self.count = 0
        self.objects = 0
        self.bytes = 0
        self.tensor_bytes = {}
        self.first_seen = seen_at
        example = group["example"]
        self.objects_per_cycle = example["members"] + example["held"]
        nodes = example["nodes"]
        self.types = sorted({n["type"] for n in nodes if n["in_cycle"]})
        self.labels = sorted({e["label"] for e in example["edges"] if e["in_cycle"]})
        self.sites = []
        seen_sites = set()
        node_sites = []
        for n in nodes:
            found = site_finder.sites(n["object"])
            node_sites.append(found[0] if found else None)
            for s in found:
                key = (s["file"], s["line"], s["kind"])
                if key not in seen_sites:
                    seen_sites.add(key)
                    entry = dict(s, type=n["short_type"], display=site_finder.display(s["file"]))
                    self.sites.append(entry)
        self.sites.sort(key=lambda s: (not s["user"], s["kind"] != "allocation"))
        self.origin = "user" if any(s["user"] for s in self.sites) else "library"
        self.graph = self._graph(nodes, example["edges"], node_sites, site_finder)

    def _graph(self, nodes, edges, node_sites, site_finder):
        torch = __import__("sys").modules.get("torch")
        module_type = getattr(getattr(torch, "nn", None), "Module", None) if torch else None
        out_nodes = []
        for i, n in enumerate(nodes):
            o = n["object"]
            details = []
            if n["is_tensor"]:
                t = tensors.describe(o)
                details.append("%s %s %s %s" % (list(t["shape"]), t["dtype"], t["device"], _format_bytes(t["bytes"])))
            else:
                r = _short_repr(o)
                if r:
                    details.append(r)
            site = node_sites[i]
            if site is not None:
                details.append("%s:%d" % (site_finder.display(site["file"]), site["line"]))
            out_nodes.append({"id": "n%d" % i, "type": n["short_type"], "detail": "\n".join(details),
                              "holds_tensors": bool(n["is_tensor"]),
                              "holds_module": bool(module_type is not None and isinstance(o, module_type)),
                              "in_cycle": bool(n["in_cycle"])})
        out_edges = [{"from": "n%d" % e["from"], "to": "n%d" % e["to"], "label": e["label"], "site": "",
                      "in_cycle": bool(e["in_cycle"]), "weak_candidate": False} for e in edges]
        return {"title": "%s (run time): %s" % (self.id, self.path), "nodes": out_nodes, "edges": out_edges}

    def add(self, group, tensor_bytes):
        self.count += group["count"]
        self.objects += group["objects"]
        self.bytes += group["bytes"]
        for device, n in tensor_bytes.items():
            self.tensor_bytes[device] = self.tensor_bytes.get(device, 0) + n

    def to_json(self):
        return {"id": self.id, "origin": self.origin, "path": self.path, "signature": self.signature,
                "count": self.count, "objects": self.objects, "objects_per_cycle": self.objects_per_cycle,
                "bytes": self.bytes, "tensor_bytes": dict(sorted(self.tensor_bytes.items())),
                "types": self.types, "labels": self.labels,
                "sites": [{k: s[k] for k in ("file", "display", "line", "kind", "type", "user") if k in s}
                          for s in self.sites],
                "first_seen": self.first_seen, "graph": self.graph}
