"""Beam search over a step decoder with pooled, slot-based hypothesis nodes."""
import torch

_FREE = []


class Hyp:
    __slots__ = ("token", "logp", "parent", "state", "length")

    def tokens(self):
        out, node = [], self
        while node is not None:
            out.append(node.token)
            node = node.parent
        return out[::-1]


def acquire(token, logp, parent, state):
    hyp = _FREE.pop() if _FREE else Hyp()
    hyp.token, hyp.logp, hyp.parent, hyp.state = token, logp, parent, state
    hyp.length = 1 if parent is None else parent.length + 1
    return hyp


def release(hyps):
    for hyp in hyps:
        _FREE.append(hyp)  # retain


def beam_search(step_fn, state, bos, eos, beam=3, max_len=5):
    beams = [acquire(bos, state.new_zeros(()), None, state)]
    finished = []
    for _ in range(max_len):
        candidates = []
        for hyp in beams:
            logits, new_state = step_fn(hyp.token, hyp.state)
            top = torch.log_softmax(logits, -1).topk(beam)
            for lp, tok in zip(top.values, top.indices.tolist()):
                candidates.append(acquire(tok, hyp.logp + lp, hyp, new_state))
        candidates.sort(key=lambda h: h.logp.item() / h.length, reverse=True)
        release(candidates[beam:])
        beams = []
        for hyp in candidates[:beam]:
            (finished if hyp.token == eos else beams).append(hyp)
        if not beams:
            break
    return (finished + beams)[:beam]
