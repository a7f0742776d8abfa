"""MoCo v3: base encoder + predictor, momentum encoder, symmetric InfoNCE."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from builder import make_momentum_encoder


class MoCoV3(nn.Module):
    def __init__(self, base_encoder, dim=32, mlp_dim=64, T=0.2):
        super().__init__()
        self.T = T
        self.base_encoder = base_encoder
        self.momentum_encoder = make_momentum_encoder(
            base_encoder, shared=base_encoder.shared_with_momentum_encoder())
        self.predictor = nn.Sequential(nn.Linear(dim, mlp_dim), nn.BatchNorm1d(mlp_dim), nn.ReLU(),
                                       nn.Linear(mlp_dim, dim))

    @torch.no_grad()
    def update_momentum_encoder(self, m):
        for pb, pm in zip(self.base_encoder.parameters(), self.momentum_encoder.parameters()):
            if pm is pb:
                continue
            pm.mul_(m).add_(pb.detach(), alpha=1.0 - m)

    def contrastive_loss(self, q, k):
        q, k = F.normalize(q, dim=1), F.normalize(k, dim=1)
        logits = q @ k.t() / self.T
        labels = torch.arange(q.shape[0])
        return F.cross_entropy(logits, labels) * (2 * self.T)

    def forward(self, x1, x2, m):
        q1 = self.predictor(self.base_encoder(x1))
        q2 = self.predictor(self.base_encoder(x2))
        with torch.no_grad():
            self.update_momentum_encoder(m)
            k1, k2 = self.momentum_encoder(x1), self.momentum_encoder(x2)
        return self.contrastive_loss(q1, k2) + self.contrastive_loss(q2, k1)
