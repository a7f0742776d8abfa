"""SwAV-style swapped prediction where the codes are differentiable through Sinkhorn."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sinkhorn import SinkhornState, assign_codes

CFG = {"n_prototypes": 12, "feat_dim": 16, "temperature": 0.1, "epochs": 2, "batch_size": 16, "code_grad": True}


class SwAVHead(nn.Module):
    def __init__(self, in_dim, feat_dim, n_prototypes):
        super().__init__()
        self.projector = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, feat_dim))
        self.prototypes = nn.Linear(feat_dim, n_prototypes, bias=False)

    def forward(self, feats):
        z = F.normalize(self.projector(feats), dim=1)
        return self.prototypes(z)


def swapped_loss(scores_a, scores_b, state, temperature, code_grad):
    if not code_grad:
        scores_a, scores_b = scores_a.detach(), scores_b.detach()
    q_a, q_b = assign_codes(scores_a, state), assign_codes(scores_b, state)
    loss_ab = -(q_a * F.log_softmax(scores_b / temperature, dim=1)).sum(1).mean()
    loss_ba = -(q_b * F.log_softmax(scores_a / temperature, dim=1)).sum(1).mean()
    return 0.5 * (loss_ab + loss_ba)


def train(cfg, data):
    backbone = nn.Sequential(nn.Linear(data.shape[1], 48), nn.ReLU())
    head = SwAVHead(48, cfg["feat_dim"], cfg["n_prototypes"])
    state = SinkhornState(cfg["n_prototypes"])
    opt = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.1, momentum=0.9)
    for epoch in range(cfg["epochs"]):
        for batch in data.split(cfg["batch_size"]):
            with torch.no_grad():
                head.prototypes.weight.copy_(F.normalize(head.prototypes.weight, dim=1))
            v1 = batch + 0.1 * torch.randn_like(batch)
            v2 = batch + 0.1 * torch.randn_like(batch)
            loss = swapped_loss(head(backbone(v1)), head(backbone(v2)), state, cfg["temperature"], cfg["code_grad"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("epoch %d loss %.4f clusters used %d/%d" % (epoch, loss.item(), state.cluster_usage(), cfg["n_prototypes"]))


def main():
    torch.manual_seed(0)
    data = torch.randn(64, 20)
    train(CFG, data)


if __name__ == "__main__":
    main()
