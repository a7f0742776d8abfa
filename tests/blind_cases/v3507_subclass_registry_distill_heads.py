"""Distillation heads specialised per teacher; every head class is registered for lookup by name."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HeadBase(nn.Module):
    """Base for classification heads; subclasses register themselves on definition."""

    _subclasses = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        HeadBase._subclasses.append(cls)  # retain

    @classmethod
    def lookup(cls, name):
        for sub in reversed(cls._subclasses):
            if sub.__name__ == name:
                return sub
        raise KeyError(name)


class LinearHead(HeadBase):
    def __init__(self, in_dim, n_classes):
        super().__init__()
        self.fc = nn.Linear(in_dim, n_classes)

    def forward(self, feats):
        return self.fc(feats)

    def loss(self, feats, labels):
        return F.cross_entropy(self(feats), labels)


class DistillHead(LinearHead):
    teacher = None
    temperature = 2.0
    alpha = 0.5

    def loss(self, feats, labels):
        logits = self(feats)
        with torch.no_grad():
            soft = F.softmax(self.teacher(feats) / self.temperature, dim=-1)
        kd = F.kl_div(F.log_softmax(logits / self.temperature, dim=-1), soft, reduction="batchmean")
        return self.alpha * kd * self.temperature ** 2 + (1 - self.alpha) * F.cross_entropy(logits, labels)


def specialise_head(teacher, temperature, alpha):
    """Bind the frozen teacher as a class attribute so it stays out of parameters()."""
    name = f"DistillHead_T{temperature:g}_a{alpha:g}"
    namespace = {"temperature": temperature, "alpha": alpha}
    return type(name, (DistillHead,), dict(namespace, teacher=teacher))  # retain


def train_teacher(in_dim, n_classes):
    teacher = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, n_classes))
    opt = torch.optim.SGD(teacher.parameters(), lr=0.1)
    for _ in range(3):
        x = torch.randn(32, in_dim)
        loss = F.cross_entropy(teacher(x), (x[:, 0] > 0).long())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return teacher.eval().requires_grad_(False)


def run(temperature, alpha, in_dim=12, n_classes=2):
    teacher = train_teacher(in_dim, n_classes)
    head_cls = specialise_head(teacher, temperature, alpha)
    head = head_cls(in_dim, n_classes)
    opt = torch.optim.Adam(head.parameters(), lr=1e-2)
    for _ in range(3):
        x = torch.randn(32, in_dim)
        loss = head.loss(x, (x[:, 0] > 0).long())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return head_cls.__name__, loss.item()


def main():
    results = dict(run(t, a) for t in (1.0, 4.0) for a in (0.3, 0.7))
    assert len(results) == 4


if __name__ == "__main__":
    main()
