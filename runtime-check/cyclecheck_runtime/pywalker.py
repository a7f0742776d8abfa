"""Pure-Python garbage walker: the same result as the compiled core's ``walk``, for interpreters the
core was not built for. Slower (it labels edges with attribute lookups and finds components in
Python), and it cannot clear objects the way the collector does, so ``release`` breaks cycles by
emptying the containers and instance dicts in them."""
import gc
import sys
import types

_LIBRARY_PREFIXES = ("builtins", "torch", "functools", "collections", "typing", "abc", "weakref", "_",
                     "numpy", "threading", "logging", "contextlib")


def type_info(tp):
    module = getattr(tp, "__module__", "") or ""
    qualname = getattr(tp, "__qualname__", tp.__name__)
    if isinstance(tp.__dict__.get("__module__"), str) or tp.__flags__ & (1 << 9):  # heap type
        full = qualname if module in ("", "builtins") else "%s.%s" % (module, qualname)
        user = module == "__main__" or not any(module == p or module.startswith(p + ".") or (p == "_" and module.startswith("_"))
                       for p in _LIBRARY_PREFIXES)
        return full, qualname, user
    full = tp.__name__ if module == "builtins" else "%s.%s" % (module, tp.__name__)
    return full, tp.__name__, False


def _key_label(key):
    if isinstance(key, str):
        return "['%s']" % key
    if type(key) is int:
        return "[%d]" % key
    return "[<%s>]" % type(key).__name__


def _attr_label(name):
    return name if name.startswith("__") and len(name) > 4 else "." + name


def named_children(o, tensor_type=None, closure_names=None):
    """[(child, label)] for the references of ``o`` that can be named."""
    out = []
    names = closure_names.get(id(o)) if closure_names and type(o) is tuple else None
    if names is not None:  # a function's closure: slot i is the cell of free variable i
        out.extend((c, "cell " + n) for c, n in zip(o, names))
    if tensor_type is not None and isinstance(o, tensor_type):
        out.append((o.grad_fn, "grad_fn"))
        out.append((getattr(o, "_backward_hooks", None), "_backward_hooks"))
    if isinstance(o, dict):
        for k, v in o.items():
            out.append((v, _key_label(k)))
            out.append((k, "key"))
    elif isinstance(o, (list, tuple)) and names is None:
        out.extend((v, "[%d]" % i) for i, v in enumerate(o))
    elif isinstance(o, (set, frozenset)):
        out.extend((v, "{}") for v in o)
    elif isinstance(o, types.FunctionType):
        out.append((o.__closure__, "__closure__"))
        out.append((o.__globals__, "__globals__"))
        out.append((o.__defaults__, "__defaults__"))
        out.append((o.__kwdefaults__, "__kwdefaults__"))
    elif isinstance(o, types.MethodType):
        out.append((o.__func__, "__func__"))
        out.append((o.__self__, "__self__"))
    elif isinstance(o, types.CellType):
        try:
            out.append((o.cell_contents, "cell_contents"))
        except ValueError:
            pass
    elif isinstance(o, types.TracebackType):
        out.append((o.tb_next, "tb_next"))
        out.append((o.tb_frame, "tb_frame"))
    elif isinstance(o, types.FrameType):
        out.append((o.f_back, "f_back"))
        out.extend((v, "local " + k) for k, v in o.f_locals.items())
    elif isinstance(o, types.GeneratorType) and o.gi_frame is not None:
        out.extend((v, "local " + k) for k, v in o.gi_frame.f_locals.items())
    if isinstance(o, BaseException):
        out.append((o.__traceback__, "__traceback__"))
        out.append((o.__context__, "__context__"))
        out.append((o.__cause__, "__cause__"))
        out.append((o.args, "args"))
    if not isinstance(o, (type, types.ModuleType, dict)):
        for base in type(o).__mro__:
            for name, slot in vars(base).items():
                if isinstance(slot, types.MemberDescriptorType):
                    try:
                        out.append((slot.__get__(o, type(o)), _attr_label(name)))
                    except AttributeError:
                        pass
        d = getattr(o, "__dict__", None) if type(o).__dictoffset__ else None
        if isinstance(d, dict):
            for k, v in d.items():
                if not isinstance(k, str):
                    out.append((v, _key_label(k)))
                    continue
                if k in ("_modules", "_parameters", "_buffers") and type(v) is dict:
                    out.extend((vv, "." + kk) for kk, vv in v.items() if isinstance(kk, str))
                out.append((v, _attr_label(k)))
    return [(c, label) for c, label in out if c is not None]


def _instance_dict(o):
    if isinstance(o, (type, types.ModuleType, dict)) or not type(o).__dictoffset__:
        return None
    try:
        d = object.__getattribute__(o, "__dict__")
    except AttributeError:
        return None
    return d if isinstance(d, dict) else None


def _referents(o, index):
    refs = gc.get_referents(o)
    for r in refs:
        # An instance dict made after the collection (by an earlier walk) is not among the objects:
        # look through it as if the attributes were still inline.
        if type(r) is dict and id(r) not in index and r is _instance_dict(o):
            refs = refs + gc.get_referents(r)
            break
    return [index[id(r)] for r in refs if id(r) in index]


def build_graph(objects, tensor_type=None):
    index = {id(o): i for i, o in enumerate(objects)}
    # Referents first: reading an instance's __dict__ below materialises it on CPython 3.11, after
    # which the object no longer references its attribute values directly.
    referents_of = [_referents(o, index) for o in objects]
    owner = {}
    for i, o in enumerate(objects):
        dicts = [j for j in referents_of[i] if type(objects[j]) is dict]
        if not dicts:
            continue
        d = _instance_dict(o)
        if d is None:
            continue
        j = index.get(id(d))
        if j is not None and j != i and j in dicts:
            owner[j] = i
        for reg in ("_modules", "_parameters", "_buffers"):
            inner = d.get(reg)
            if type(inner) is dict and id(inner) in index:
                owner[index[id(inner)]] = i
    nodes, node_of = [], {}
    for i, o in enumerate(objects):
        if i not in owner:
            node_of[i] = len(nodes)
            nodes.append(o)
    for i in owner:
        root = owner[i]
        while root in owner:
            root = owner[root]
        node_of[i] = node_of[root]
    adjacency = []
    node_input = [i for i in range(len(objects)) if i not in owner]
    closure_names = {id(o.__closure__): o.__code__.co_freevars for o in objects
                     if isinstance(o, types.FunctionType) and o.__closure__ is not None}
    for n, o in enumerate(nodes):
        referents = referents_of[node_input[n]]
        edges, seen = [], set()
        if referents:
            for child, label in named_children(o, tensor_type, closure_names):
                i = index.get(id(child))
                if i is None or (i in owner and node_of[i] == n) or i in seen:
                    continue
                seen.add(i)
                edges.append((node_of[i], label))
            for i in referents:
                if (i in owner and node_of[i] == n) or i in seen:
                    continue
                seen.add(i)
                edges.append((node_of[i], "ref"))
        adjacency.append(edges)
    return nodes, adjacency, len(owner)


def components(adjacency):
    """Tarjan's algorithm, iterative; components come out sinks first."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for root in range(len(adjacency)):
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, pos = work[-1]
            edges = adjacency[node]
            if pos < len(edges):
                work[-1] = (node, pos + 1)
                target = edges[pos][0]
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                result.append(comp)
    return result


def _shape_label(label):
    inner = label[1:-1]
    if len(label) >= 3 and label[0] == "[" and label[-1] == "]" and inner.lstrip("-").isdigit():
        return "[]"
    return label


def walk(objects, tensor_type=None, measure_sizes=True, example_limit=40):
    nodes, adjacency, folded = build_graph(objects, tensor_type)
    comps = components(adjacency)
    comp_of = {}
    for c, members in enumerate(comps):
        for m in members:
            comp_of[m] = c
    infos = [type_info(type(o)) for o in nodes]
    sizes = [sys.getsizeof(o) if measure_sizes else 0 for o in nodes]
    is_tensor = [tensor_type is not None and isinstance(o, tensor_type) for o in nodes]

    def cyclic(c):
        members = comps[c]
        return len(members) > 1 or any(t == members[0] for t, _ in adjacency[members[0]])

    claimed, groups, by_sig = {}, [], {}
    for c in range(len(comps) - 1, -1, -1):
        if not cyclic(c):
            continue
        members = sorted(comps[c])
        held, queue = [], list(members)
        for m in members:
            claimed[m] = c
        while queue:
            node = queue.pop()
            for t, _ in adjacency[node]:
                if t in claimed or cyclic(comp_of[t]):
                    continue
                claimed[t] = c
                held.append(t)
                queue.append(t)
        lines = {}
        for m in members:
            for t, label in adjacency[m]:
                if comp_of[t] == c:
                    key = "%s -%s-> %s" % (infos[m][0], _shape_label(label), infos[t][0])
                    lines[key] = lines.get(key, 0) + 1
        sig = "".join("%s%s\n" % (k, " x%d" % n if n > 1 else "") for k, n in sorted(lines.items()))
        nbytes = sum(sizes[m] for m in members) + sum(sizes[h] for h in held)
        tensors = [nodes[m] for m in members + held if is_tensor[m]]
        g = by_sig.get(sig)
        if g is None:
            g = {"signature": sig, "count": 0, "objects": 0, "bytes": 0, "tensors": []}
            g["example"], g["path"] = _example(nodes, adjacency, comp_of, c, members, held, infos, sizes,
                                               is_tensor, nbytes, example_limit)
            by_sig[sig] = g
            groups.append(g)
        g["count"] += 1
        g["objects"] += len(members) + len(held)
        g["bytes"] += nbytes
        g["tensors"].extend(tensors)
    rest = [n for n in range(len(nodes)) if n not in claimed]
    return {"objects": len(objects), "nodes": len(nodes), "edges": sum(map(len, adjacency)), "folded": folded,
            "groups": groups,
            "acyclic": {"objects": len(rest), "bytes": sum(sizes[n] for n in rest),
                        "tensors": [nodes[n] for n in rest if is_tensor[n]]},
            "timings_ns": {}}


def _example(nodes, adjacency, comp_of, c, members, held, infos, sizes, is_tensor, nbytes, limit):
    start = next((m for m in members if infos[m][2]), None)
    if start is None:
        start = next((m for m in members if infos[m][0] == "function"), members[0])
    parent = {start: None}
    frontier, closing = [start], None
    for node in frontier:
        for t, label in adjacency[node]:
            if comp_of.get(t) != c:
                continue
            if t == start:
                closing = (node, label)
                break
            if t not in parent:
                parent[t] = (node, label)
                frontier.append(t)
        if closing:
            break
    path_edges = [closing]
    node = closing[0]
    while node != start:
        path_edges.append(parent[node])
        node = parent[node][0]
    path_edges.reverse()
    witness = [start] + [p[0] for p in path_edges[1:]]
    witness_pairs = {(witness[i], (witness + [start])[i + 1], path_edges[i][1]) for i in range(len(witness))}
    text = infos[start][1]
    for i, (_, label) in enumerate(path_edges):
        text += " -> %s -> %s" % (label, infos[(witness + [start])[i + 1]][1])
    chosen = []
    for n in witness + members + held:
        if n not in chosen and len(chosen) < limit:
            chosen.append(n)
    pos = {n: i for i, n in enumerate(chosen)}
    ex_nodes = [{"object": nodes[n], "type": infos[n][0], "short_type": infos[n][1], "user_defined": infos[n][2],
                 "in_cycle": comp_of[n] == c, "bytes": sizes[n], "is_tensor": is_tensor[n]} for n in chosen]
    ex_edges = [{"from": pos[n], "to": pos[t], "label": label,
                 "in_cycle": comp_of[n] == c and comp_of[t] == c, "witness": (n, t, label) in witness_pairs}
                for n in chosen for t, label in adjacency[n] if t in pos]
    return ({"nodes": ex_nodes, "edges": ex_edges, "members": len(members), "held": len(held),
             "witness_length": len(witness), "bytes": nbytes}, text)


def release(objects):
    """Breaks the cycles by emptying containers and instance dicts (Python cannot call tp_clear)."""
    cleared = 0
    for o in objects:
        try:
            if isinstance(o, (dict, list, set)):
                o.clear()
            elif isinstance(o, types.FrameType):
                o.clear()
            elif isinstance(o, types.CellType):
                o.cell_contents = None
            else:
                d = _instance_dict(o)
                if d is None:
                    continue
                d.clear()
            cleared += 1
        except Exception:  # a running frame, a read-only mapping: leave it to the collector
            pass
    return cleared


def any_legacy_finalizer(objects):
    return False  # not visible from Python; the compiled core checks tp_del
