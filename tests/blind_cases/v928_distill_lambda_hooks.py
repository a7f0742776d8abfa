"""Feature distillation: hint losses between intermediate student and teacher
layers. Activations are captured with forward hooks registered in a loop."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(widths):
    layers = []
    for a, b in zip(widths[:-1], widths[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class FeatureDistiller:
    def __init__(self, student, teacher, taps, alpha=0.5, temperature=2.0):
        self.student = student
        self.teacher = teacher.eval()
        self.alpha = alpha
        self.temperature = temperature
        self.s_feats, self.t_feats = {}, {}
        for name in taps:
            s_mod = dict(student.named_modules())[name]
            t_mod = dict(teacher.named_modules())[name]
            s_mod.register_forward_hook(lambda m, i, o, key=name: self.s_feats.__setitem__(key, o))  # cycle
            t_mod.register_forward_hook(lambda m, i, o, key=name: self.t_feats.__setitem__(key, o.detach()))  # cycle
        self.opt = torch.optim.Adam(student.parameters(), lr=1e-3)

    def kd_loss(self, s_logits, t_logits):
        t = self.temperature
        return F.kl_div(F.log_softmax(s_logits / t, -1), F.softmax(t_logits / t, -1),
                        reduction="batchmean") * t * t

    def step(self, x, y):
        with torch.no_grad():
            t_logits = self.teacher(x)
        s_logits = self.student(x)
        hint = sum(F.mse_loss(self.s_feats[k], self.t_feats[k]) for k in self.s_feats)
        loss = (1 - self.alpha) * F.cross_entropy(s_logits, y) \
            + self.alpha * self.kd_loss(s_logits, t_logits) + 0.1 * hint
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.s_feats.clear()
        self.t_feats.clear()
        return loss.item()


def main():
    torch.manual_seed(1)
    teacher = mlp([20, 64, 64, 5])
    for trial in range(2):
        student = mlp([20, 64, 64, 5])
        distiller = FeatureDistiller(student, teacher, taps=["0", "2"])
        for _ in range(3):
            x = torch.randn(16, 20)
            y = torch.randint(0, 5, (16,))
            loss = distiller.step(x, y)
        print(f"trial {trial} final loss {loss:.4f}")


if __name__ == "__main__":
    main()
