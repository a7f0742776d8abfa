"""Frame-synchronous CTC lattice generation with per-frame beam pruning."""
from lattice import Lattice


def build_ctc_lattice(log_probs, beam=4, token_beam=3, blank=0):
    lat = Lattice()
    lat.alpha[lat.start] = 0.0
    active = {lat.keys[lat.start]: lat.start}
    for t, frame in enumerate(log_probs.tolist()):
        candidates = sorted(range(len(frame)), key=frame.__getitem__, reverse=True)[:token_beam]
        nxt = {}
        for (prefix, last), v in active.items():
            for s in candidates:
                if s == blank:
                    key, label = (prefix, None), None
                elif s == last:
                    key, label = (prefix, s), None
                else:
                    key, label = (prefix + (s,), s), s
                dst = nxt.get(key)
                if dst is None:
                    dst = nxt[key] = lat.add_node(key)
                lat.add_arc(v, dst, label, frame[s])
        for dst in nxt.values():
            lat.alpha[dst] = max(lat.alpha[lat.arcs[i].src] + lat.arcs[i].score for i in lat.in_arcs[dst])
        active = dict(sorted(nxt.items(), key=lambda kv: lat.alpha[kv[1]], reverse=True)[:beam])
    lat.final = lat.add_node(("</s>", None))
    for v in active.values():
        lat.add_arc(v, lat.final, None, 0.0)
    return lat
