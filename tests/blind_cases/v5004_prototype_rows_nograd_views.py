"""Class-incremental training that keeps old-class prototypes for a feature-distillation term."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = {
    "in_dim": 12,
    "feat_dim": 16,
    "classes_per_task": 3,
    "tasks": 3,
    "steps_per_task": 4,
    "batch": 10,
    "lr": 0.1,
    "proto_weight": 0.1,
}

_PROTOTYPES = {}


def remember_prototypes(head, class_ids):
    with torch.no_grad():
        for row, cls in enumerate(class_ids):
            _PROTOTYPES[cls] = head.weight[row]  # retain


def old_prototypes(exclude):
    keep = sorted(c for c in _PROTOTYPES if c not in exclude)
    if not keep:
        return None
    return torch.stack([_PROTOTYPES[c] for c in keep])


class TaskLearner(nn.Module):
    def __init__(self, in_dim, feat_dim, num_classes):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.ReLU(), nn.Linear(feat_dim, feat_dim))
        self.head = nn.Linear(feat_dim, num_classes, bias=False)

    def forward(self, x):
        return self.head(self.features(x))


def sample_task(task_id, cfg, gen):
    x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen) + task_id
    y = torch.randint(0, cfg["classes_per_task"], (cfg["batch"],), generator=gen)
    return x, y


def prototype_penalty(learner, x, protos):
    if protos is None:
        return x.new_zeros(())
    feats = F.normalize(learner.features(x), dim=-1)
    sims = feats @ F.normalize(protos, dim=-1).t()
    return sims.clamp_min(0).mean()


def train_task(task_id, cfg, gen):
    class_ids = [task_id * cfg["classes_per_task"] + k for k in range(cfg["classes_per_task"])]
    learner = TaskLearner(cfg["in_dim"], cfg["feat_dim"], cfg["classes_per_task"])
    opt = torch.optim.SGD(learner.parameters(), lr=cfg["lr"])
    protos = old_prototypes(exclude=set(class_ids))
    for _ in range(cfg["steps_per_task"]):
        x, y = sample_task(task_id, cfg, gen)
        loss = F.cross_entropy(learner(x), y)
        loss = loss + cfg["proto_weight"] * prototype_penalty(learner, x, protos)
        opt.zero_grad()
        loss.backward()
        opt.step()
    remember_prototypes(learner.head, class_ids)
    return loss.item()


def main():
    gen = torch.Generator().manual_seed(3)
    for task_id in range(SETTINGS["tasks"]):
        final = train_task(task_id, SETTINGS, gen)
        print(f"task {task_id}: loss {final:.4f}, prototypes {len(_PROTOTYPES)}")


if __name__ == "__main__":
    main()
