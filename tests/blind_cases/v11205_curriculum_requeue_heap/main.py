"""Prototypical networks on synthetic clustered data, episodes drawn from a curriculum."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sampler import CurriculumTaskSampler

CFG = {"classes": 12, "per_class": 20, "dim": 16, "embed": 24,
       "n_way": 4, "k_shot": 3, "q_query": 5, "pool": 6, "episodes": 10, "lr": 1e-2}


def make_dataset(cfg):
    g = torch.Generator().manual_seed(0)
    centers = torch.randn(cfg["classes"], cfg["dim"], generator=g) * 0.6
    labels = torch.arange(cfg["classes"]).repeat_interleave(cfg["per_class"])
    features = centers[labels] + torch.randn(len(labels), cfg["dim"], generator=g)
    return features, labels


class Embedder(nn.Module):
    def __init__(self, dim, embed):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, embed))

    def forward(self, x):
        return self.net(x)


def proto_loss(embedder, task):
    n_way, k_shot, dim = task.support.shape
    protos = embedder(task.support.reshape(-1, dim)).reshape(n_way, k_shot, -1).mean(1)
    q = embedder(task.query.reshape(-1, dim))
    logits = -torch.cdist(q, protos).pow(2)
    targets = torch.arange(n_way).repeat_interleave(task.query.shape[1])
    return F.cross_entropy(logits, targets), (logits.argmax(1) == targets).float().mean()


def main():
    torch.manual_seed(0)
    features, labels = make_dataset(CFG)
    sampler = CurriculumTaskSampler(features, labels, CFG["n_way"], CFG["k_shot"],
                                    CFG["q_query"], CFG["pool"])
    embedder = Embedder(CFG["dim"], CFG["embed"])
    opt = torch.optim.Adam(embedder.parameters(), lr=CFG["lr"])
    for episode in range(CFG["episodes"]):
        task = sampler.next_task()
        loss, acc = proto_loss(embedder, task)
        opt.zero_grad()
        loss.backward()
        opt.step()
        task.report(loss.item())
        print(f"episode {episode}: classes={task.classes} loss={loss.item():.3f} acc={acc.item():.2f}")


if __name__ == "__main__":
    main()
