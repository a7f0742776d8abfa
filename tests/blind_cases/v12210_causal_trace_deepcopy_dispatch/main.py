"""Locates where a 'subject -> attribute' association is stored, for two training seeds."""
import torch
import torch.nn as nn

from model import TinyLM
from tracing import CausalTracer

CFG = {"vocab": 32, "dim": 24, "depth": 4, "seq": 5, "subject": (1, 2), "steps": 30}
FACTS = {(3, 4): 20, (5, 6): 21, (7, 8): 22, (9, 10): 23}


def fact_batch(n):
    keys = list(FACTS)
    idx = torch.randint(len(keys), (n,))
    tokens = torch.randint(24, CFG["vocab"], (n, CFG["seq"]))
    for row, k in enumerate(idx.tolist()):
        tokens[row, list(CFG["subject"])] = torch.tensor(keys[k])
    targets = torch.tensor([FACTS[keys[k]] for k in idx.tolist()])
    return tokens, targets


def run(seed):
    torch.manual_seed(seed)
    model = TinyLM(CFG["vocab"], CFG["dim"], CFG["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(CFG["steps"]):
        tokens, targets = fact_batch(32)
        loss = nn.functional.cross_entropy(model(tokens), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    tracer = CausalTracer(model, noise_seed=seed)
    prompt = torch.tensor([[30, 3, 4, 31, 29]]).repeat(4, 1)
    p_clean, p_corrupt, effects = tracer.trace(prompt, CFG["subject"], target=FACTS[(3, 4)])
    layer, pos = divmod(int(effects.argmax()), effects.shape[1])
    return {"loss": round(loss.item(), 3), "p_clean": round(p_clean, 3),
            "p_corrupt": round(p_corrupt, 3), "peak": (layer, pos)}


def main():
    for seed in (0, 1):
        print(seed, run(seed))


if __name__ == "__main__":
    main()
