"""Beam search over the incremental decoder, run under CPU bfloat16 autocast."""
import torch
import torch.nn.functional as F

from seq2seq import reorder_incremental_state


def state_nbytes(state):
    total, stack = 0, [state]
    while stack:
        obj = stack.pop()
        if torch.is_tensor(obj):
            total += obj.numel() * obj.element_size()
        elif isinstance(obj, (dict, list, tuple)):
            stack.extend(obj.values() if isinstance(obj, dict) else obj)
    return total


class BeamSearch:
    def __init__(self, model, bos, eos, beam_size=3, max_len=8, max_state_bytes=1 << 16):
        self.model, self.bos, self.eos = model, bos, eos
        self.beam_size, self.max_len, self.max_state_bytes = beam_size, max_len, max_state_bytes

    @torch.no_grad()
    def __call__(self, src):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            memory = self.model.encode(src).expand(self.beam_size, -1, -1)
            tokens = torch.full((self.beam_size, 1), self.bos)
            scores = torch.tensor([0.0] + [-1e9] * (self.beam_size - 1))
            incremental_state, finished = {}, []
            for _ in range(self.max_len):
                logits = self.model.decoder(tokens, memory, incremental_state)
                lprobs = F.log_softmax(logits[:, -1].float(), dim=-1) + scores[:, None]
                top, flat = lprobs.view(-1).topk(self.beam_size)
                order, words = flat // lprobs.size(1), flat % lprobs.size(1)
                tokens = torch.cat([tokens[order], words[:, None]], dim=1)
                scores = top.clone()
                incremental_state = reorder_incremental_state(incremental_state, order)
                for b in (words == self.eos).nonzero().flatten().tolist():
                    finished.append((scores[b].item() / tokens.size(1), tokens[b].tolist()))
                    scores[b] = -1e9
                if len(finished) >= self.beam_size or state_nbytes(incremental_state) > self.max_state_bytes:
                    break
        return max(finished, default=(scores.max().item(), tokens[0].tolist()))
