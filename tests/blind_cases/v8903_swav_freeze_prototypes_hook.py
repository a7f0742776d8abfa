"""SwAV with a learnable prototype layer that stays frozen for the first iterations."""
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.no_grad()
def sinkhorn(scores, eps=0.05, n_iters=3):
    q = torch.exp(scores / eps).t()
    q /= q.sum()
    k, b = q.shape
    for _ in range(n_iters):
        q /= q.sum(dim=1, keepdim=True)
        q /= k
        q /= q.sum(dim=0, keepdim=True)
        q /= b
    return (q * b).t()


class SwAV(nn.Module):
    def __init__(self, in_dim, feat_dim=32, n_prototypes=20, temperature=0.1, freeze_prototypes_niters=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU())
        self.projection_head = nn.Sequential(nn.Linear(64, 64), nn.BatchNorm1d(64), nn.ReLU(),
                                             nn.Linear(64, feat_dim))
        self.prototypes = nn.Linear(feat_dim, n_prototypes, bias=False)
        self.temperature = temperature
        self.freeze_prototypes_niters = freeze_prototypes_niters
        self.iteration = 0
        self.prototypes.weight.register_hook(  # cycle
            lambda grad: grad if self.iteration >= self.freeze_prototypes_niters else torch.zeros_like(grad))  # cycle

    @torch.no_grad()
    def normalize_prototypes(self):
        w = self.prototypes.weight.data.clone()
        self.prototypes.weight.copy_(F.normalize(w, dim=1, p=2))

    def forward(self, views):
        z = torch.cat([self.projection_head(self.backbone(v)) for v in views])
        z = F.normalize(z, dim=1, p=2)
        return z, self.prototypes(z)

    def swapped_prediction_loss(self, scores, n_views, bs):
        loss = 0.0
        for i in range(n_views):
            q = sinkhorn(scores[bs * i:bs * (i + 1)].detach())
            for j in range(n_views):
                if j == i:
                    continue
                p = F.log_softmax(scores[bs * j:bs * (j + 1)] / self.temperature, dim=1)
                loss = loss - (q * p).sum(dim=1).mean()
        return loss / (n_views * (n_views - 1))


def multi_crop(x, n_views=2):
    return [x + 0.1 * torch.randn_like(x) for _ in range(n_views)]


def train(model, data, epochs=2, batch_size=16, lr=0.1):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-6)
    for epoch in range(epochs):
        for batch in data.split(batch_size):
            model.normalize_prototypes()
            views = multi_crop(batch)
            _, scores = model(views)
            loss = model.swapped_prediction_loss(scores, len(views), batch.shape[0])
            opt.zero_grad()
            loss.backward()
            opt.step()
            model.iteration += 1
    return loss.item()


def main():
    torch.manual_seed(0)
    data = torch.randn(48, 16)
    for n_prototypes in (10, 30):
        model = SwAV(16, n_prototypes=n_prototypes)
        print("K=%d final loss %.4f" % (n_prototypes, train(model, data)))


if __name__ == "__main__":
    main()
