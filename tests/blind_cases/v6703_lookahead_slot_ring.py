"""Streaming keyword spotter: per-frame posteriors are smoothed over a centred window
(Chen et al., 2014), which needs a few frames of look-ahead for every output frame."""
import torch
import torch.nn as nn

CFG = {"feat_dim": 20, "keywords": 3, "lookahead": 3, "utterances": 4, "frames": 40, "chunk": 8}


class _Slot:
    __slots__ = ("posterior", "next")

    def __init__(self):
        self.posterior = None
        self.next = None


class LookaheadRing:
    """Fixed-size ring of slots; ``push`` returns the smoothed posterior of the centre frame."""

    def __init__(self, lookahead):
        self.size = 2 * lookahead + 1
        self.lookahead = lookahead
        head = prev = _Slot()
        for _ in range(self.size - 1):
            slot = _Slot()
            prev.next = slot  # cycle
            prev = slot
        prev.next = head  # cycle
        self.write = head
        self.filled = 0

    def push(self, posterior):
        self.write.posterior = posterior
        self.write = self.write.next
        self.filled = min(self.filled + 1, self.size)
        if self.filled < self.size:
            return None
        slot, acc = self.write, torch.zeros_like(posterior)
        for _ in range(self.size):
            acc = acc + slot.posterior
            slot = slot.next
        return acc / self.size


class FrameClassifier(nn.Module):
    def __init__(self, feat_dim, n_keywords):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feat_dim, 64), nn.ReLU(), nn.Linear(64, n_keywords + 1))

    def forward(self, frames):
        return self.net(frames)


def stream_utterance(model, feats, cfg):
    ring = LookaheadRing(cfg["lookahead"])
    scores = []
    for start in range(0, feats.shape[0], cfg["chunk"]):
        posteriors = model(feats[start:start + cfg["chunk"]]).softmax(-1)
        for p in posteriors:
            smoothed = ring.push(p)
            if smoothed is not None:
                scores.append(smoothed[1:].max().item())
    return max(scores)


def main():
    cfg = CFG
    model = FrameClassifier(cfg["feat_dim"], cfg["keywords"])
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step in range(5):
        frames = torch.randn(64, cfg["feat_dim"])
        labels = torch.randint(0, cfg["keywords"] + 1, (64,))
        loss = nn.functional.cross_entropy(model(frames), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        detections = [stream_utterance(model, torch.randn(cfg["frames"], cfg["feat_dim"]), cfg)
                      for _ in range(cfg["utterances"])]
    print("max keyword scores:", [round(s, 3) for s in detections])


if __name__ == "__main__":
    main()
