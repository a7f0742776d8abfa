"""Build a small ST training set from XML segment files and fit a CTC model on it."""
import random

import torch
import torch.nn as nn

from corpus import SegmentIndex

VOCAB = {ch: i + 1 for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz ")}
CFG = {"docs": 3, "segs_per_doc": 40, "max_segments": 6, "feat_dim": 20, "steps": 4}


def synth_segments(n, rng):
    t, out = 0.0, []
    for _ in range(n):
        dur = rng.uniform(0.5, 2.0)
        words = " ".join(rng.choice(["hello", "world", "speech", "model"]) for _ in range(2))
        out.append((t, t + dur, words))
        t += dur
    return out


def encode(text):
    return torch.tensor([VOCAB[c] for c in text if c in VOCAB])


def main():
    rng = random.Random(0)
    index = SegmentIndex(max_segments=CFG["max_segments"])
    for d in range(CFG["docs"]):
        reader = SegmentIndex.open_document(f"talk{d}", synth_segments(CFG["segs_per_doc"], rng))
        n = index.scan(reader)
        print(f"{reader.name}: {n} segments, {reader.bytes_read} bytes read")

    model = nn.Sequential(nn.Linear(CFG["feat_dim"], 32), nn.ReLU(), nn.Linear(32, len(VOCAB) + 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ctc = nn.CTCLoss(zero_infinity=True)
    for step in range(CFG["steps"]):
        start, end, text = index.entries[step % len(index.entries)]
        frames = int((end - start) * 50)
        feats = torch.randn(frames, 1, CFG["feat_dim"])
        target = encode(text).unsqueeze(0)
        logp = model(feats).log_softmax(-1)
        loss = ctc(logp, target, torch.tensor([frames]), torch.tensor([target.shape[1]]))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"last loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
