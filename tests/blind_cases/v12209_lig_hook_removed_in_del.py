"""Layer integrated gradients over token embeddings for a small review-sentiment classifier."""
import torch
import torch.nn as nn

CFG = {"vocab": 50, "dim": 16, "seq": 7, "steps": 16, "train_steps": 6, "review_batches": 3}


class ReviewClassifier(nn.Module):
    def __init__(self, vocab, dim, n_classes=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.head = nn.Linear(dim, n_classes)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)).mean(dim=1))


class LayerIntegratedGradients:
    """Replaces the layer output by points on the straight path from a zero baseline."""

    def __init__(self, model, layer_name="embed", n_steps=16):
        self.model = model  # cycle
        self.n_steps = n_steps
        self._alphas = None
        self._path = None
        self._delta = None
        layer = model.get_submodule(layer_name)
        self._handle = layer.register_forward_hook(self._interpolate)  # cycle

    def __del__(self):
        self._handle.remove()

    def _interpolate(self, module, inputs, output):
        if self._alphas is None:
            return None
        baseline = torch.zeros_like(output[:1])
        self._delta = (output[:1] - baseline).detach()
        path = baseline + self._alphas.view(-1, 1, 1) * self._delta
        self._path = path.requires_grad_(True)
        return self._path

    def attribute(self, tokens, target):
        self._alphas = (torch.arange(self.n_steps, dtype=torch.float32) + 0.5) / self.n_steps
        try:
            logits = self.model(tokens.expand(self.n_steps, -1))
            (grads,) = torch.autograd.grad(logits[:, target].sum(), self._path)
            attr = (self._delta[0] * grads.mean(dim=0)).sum(dim=-1)
        finally:
            self._alphas = self._path = self._delta = None
        return attr.detach()


def train(model):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(CFG["train_steps"]):
        tokens = torch.randint(0, CFG["vocab"], (32, CFG["seq"]))
        labels = (tokens < CFG["vocab"] // 2).sum(1).gt(CFG["seq"] // 2).long()
        loss = nn.functional.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    model = ReviewClassifier(CFG["vocab"], CFG["dim"])
    train(model)
    model.eval()
    report = []
    for batch_idx in range(CFG["review_batches"]):
        reviews = torch.randint(0, CFG["vocab"], (4, CFG["seq"]))
        lig = LayerIntegratedGradients(model, "embed", CFG["steps"])
        for review in reviews:
            pred = int(model(review[None]).argmax())
            attr = lig.attribute(review[None], pred)
            report.append((batch_idx, pred, attr.abs().argmax().item(), round(attr.sum().item(), 3)))
        del lig
    print(f"{len(report)} reviews explained; first: {report[0]}")


if __name__ == "__main__":
    main()
