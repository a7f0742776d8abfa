"""Multi-label tagger export: TorchScript model plus a generated post-processing function.

The post-processing source is generated from the release config and shipped as an
extra file; the exporter compiles it once to fail fast on template mistakes and
to compare it against the Python reference implementation.
"""
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

RELEASE = {"labels": ["sports", "politics", "tech", "health", "finance"], "threshold": 0.4, "max_tags": 2}

POSTPROCESS_TEMPLATE = """
def postprocess(logits: Tensor) -> Tensor:
    probs = torch.sigmoid(logits)
    top = torch.topk(probs, {max_tags}, dim=-1)
    keep = top.values > {threshold}
    return torch.where(keep, top.indices, torch.full_like(top.indices, -1))
"""


class Tagger(nn.Module):
    def __init__(self, vocab=50, dim=16, n_labels=5):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.out = nn.Linear(dim, n_labels)

    def forward(self, tokens, offsets):
        return self.out(self.embed(tokens, offsets))


def reference_postprocess(logits, cfg):
    probs = torch.sigmoid(logits)
    top = torch.topk(probs, cfg["max_tags"], dim=-1)
    return torch.where(top.values > cfg["threshold"], top.indices, torch.full_like(top.indices, -1))


class ReleaseExporter:
    def __init__(self, cfg):
        self.cfg = cfg
        self.bundles = []

    def export(self, model, example):
        model.eval()
        scripted = torch.jit.script(model)
        src = POSTPROCESS_TEMPLATE.format(max_tags=self.cfg["max_tags"], threshold=self.cfg["threshold"])
        unit = torch.jit.CompilationUnit(src)  # cycle
        with torch.no_grad():
            logits = scripted(*example)
            agree = torch.equal(unit.postprocess(logits), reference_postprocess(logits, self.cfg))
        buffer = io.BytesIO()
        torch.jit.save(scripted, buffer, _extra_files={"postprocess.py": src, "labels.txt": ",".join(self.cfg["labels"])})
        model.train()
        self.bundles.append({"bytes": len(buffer.getvalue()), "postprocess_ok": agree})
        return self.bundles[-1]


def make_batch(gen, batch=6, vocab=50):
    lengths = torch.randint(1, 5, (batch,), generator=gen)
    tokens = torch.randint(0, vocab, (int(lengths.sum()),), generator=gen)
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
    targets = (torch.rand(batch, 5, generator=gen) > 0.7).float()
    return tokens, offsets, targets


def main():
    gen = torch.Generator().manual_seed(0)
    model = Tagger()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    exporter = ReleaseExporter(RELEASE)
    for epoch in range(3):
        for _ in range(4):
            tokens, offsets, targets = make_batch(gen)
            loss = F.binary_cross_entropy_with_logits(model(tokens, offsets), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
        tokens, offsets, _ = make_batch(gen)
        bundle = exporter.export(model, (tokens, offsets))
        print("epoch %d loss %.3f bundle %d bytes postprocess ok=%s" % (epoch, loss.item(), bundle["bytes"], bundle["postprocess_ok"]))


if __name__ == "__main__":
    main()
