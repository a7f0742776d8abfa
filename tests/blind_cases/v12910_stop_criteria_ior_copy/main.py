"""Batched sampling with a tiny transformer LM; each request owns its stop rules, built
from the shared defaults."""
import torch
import torch.nn as nn

from stopping import DEFAULT_STOP, MaxNewTokens, RepeatGuard

CONFIG = {"vocab": 40, "dim": 32, "max_len": 64, "top_p": 0.9}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, max_len):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        layer = nn.TransformerEncoderLayer(dim, 4, 2 * dim, dropout=0.0, batch_first=True)
        self.body = nn.TransformerEncoder(layer, 1)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        t = ids.size(1)
        mask = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        h = self.tok(ids) + self.pos(torch.arange(t))
        return self.head(self.body(h, mask=mask))


class Request:
    def __init__(self, rid, prompt, max_new):
        self.rid = rid
        self.prompt = prompt
        self.output = []
        self.stop = DEFAULT_STOP | MaxNewTokens(max_new)
        self.stop |= RepeatGuard(window=3)
        self.done = False


def top_p_sample(logits, top_p):
    probs, order = logits.softmax(-1).sort(descending=True)
    keep = probs.cumsum(-1) - probs < top_p
    probs = probs * keep
    return order.gather(-1, torch.multinomial(probs / probs.sum(), 1))


@torch.no_grad()
def run_batch(model, requests, cfg):
    while not all(r.done for r in requests):
        for req in requests:
            if req.done:
                continue
            ids = torch.tensor([req.prompt + req.output])
            logits = model(ids)[0, -1]
            req.output.append(int(top_p_sample(logits, cfg["top_p"])))
            req.done = req.stop(req)


def main():
    torch.manual_seed(2)
    model = TinyLM(CONFIG["vocab"], CONFIG["dim"], CONFIG["max_len"]).eval()
    prompts = [[5, 6, 7], [1, 2], [9, 9, 9, 4], [3]]
    for wave in range(2):
        requests = [Request(f"{wave}-{i}", p, max_new=6 + i) for i, p in enumerate(prompts)]
        run_batch(model, requests, CONFIG)
        for r in requests:
            print(r.rid, r.output)
    print("default criteria:", len(DEFAULT_STOP.criteria))


if __name__ == "__main__":
    main()
