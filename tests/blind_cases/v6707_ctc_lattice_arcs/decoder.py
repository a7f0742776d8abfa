"""Frame-synchronous CTC lattice generation with per-frame beam pruning."""
from lattice import Lattice


def build_ctc_lattice(log_probs, beam=4, token_beam=3, blank=0):
    lat = Lattice()
    lat.start.alpha = 0.0
    active = {lat.start.key: lat.start}
    for t, frame in enumerate(log_probs.tolist()):
        candidates = sorted(range(len(frame)), key=frame.__getitem__, reverse=True)[:token_beam]
        nxt = {}
        for (prefix, last), node in active.items():
            for s in candidates:
                if s == blank:
                    key, label = (prefix, None), None
                elif s == last:
                    key, label = (prefix, s), None
                else:
                    key, label = (prefix + (s,), s), s
                dst = nxt.get(key)
                if dst is None:
                    dst = nxt[key] = lat.add_node(t + 1, key)
                lat.add_arc(node, dst, label, frame[s])
        for node in nxt.values():
            node.alpha = max(a.src.alpha + a.score for a in node.in_arcs)
        active = dict(sorted(nxt.items(), key=lambda kv: kv[1].alpha, reverse=True)[:beam])
    lat.final = lat.add_node(len(log_probs) + 1, ("</s>", None))
    for node in active.values():
        lat.add_arc(node, lat.final, None, 0.0)
    return lat
