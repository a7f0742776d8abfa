"""Per-fold FitNets-style hint distillation with a feature tap on the fold's own teacher."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"folds": 3, "teacher_steps": 3, "student_steps": 4, "hint_layers": ("body.1", "body.3"),
       "hint_weight": 0.5, "temperature": 3.0}


def mlp(widths):
    layers = []
    for a, b in zip(widths[:-1], widths[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers)


class Net(nn.Module):
    def __init__(self, widths, num_classes=5):
        super().__init__()
        self.body = mlp(widths)
        self.head = nn.Linear(widths[-1], num_classes)

    def forward(self, x):
        return self.head(self.body(x))


class TeacherTap:
    def __init__(self, teacher, layer_names):
        self.teacher = teacher  # cycle
        self.features = {}
        self._name_of = {}
        for name, module in teacher.named_modules():
            if name in layer_names:
                self._name_of[id(module)] = name
                module.register_forward_hook(self._capture)  # cycle

    def _capture(self, module, inputs, output):
        self.features[self._name_of[id(module)]] = output

    @torch.no_grad()
    def run(self, x):
        self.features.clear()
        logits = self.teacher(x)
        return logits, dict(self.features)

    def detach(self):
        for module in self.teacher.modules():
            for key, hook in list(module._forward_hooks.items()):
                if hook is self._capture:
                    del module._forward_hooks[key]
        self.features.clear()


def train_teacher(teacher, steps):
    opt = torch.optim.Adam(teacher.parameters(), lr=1e-2)
    for _ in range(steps):
        x, y = torch.randn(32, 12), torch.randint(0, 5, (32,))
        loss = F.cross_entropy(teacher(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return teacher.eval()


def distill(tap, cfg):
    student = Net([12, 8, 8])
    adapters = nn.ModuleList([nn.Linear(8, 24) for _ in cfg["hint_layers"]])
    params = list(student.parameters()) + list(adapters.parameters())
    opt = torch.optim.SGD(params, lr=0.05)
    T = cfg["temperature"]
    for _ in range(cfg["student_steps"]):
        x, y = torch.randn(32, 12), torch.randint(0, 5, (32,))
        t_logits, t_feats = tap.run(x)
        hidden = student.body[1](student.body[0](x))
        s_logits = student.head(student.body[3](student.body[2](hidden)))
        kd = F.kl_div(F.log_softmax(s_logits / T, 1), F.softmax(t_logits / T, 1), reduction="batchmean") * T * T
        hint = sum(F.mse_loss(a(hidden), t_feats[n]) for a, n in zip(adapters, cfg["hint_layers"]))
        loss = F.cross_entropy(s_logits, y) + kd + cfg["hint_weight"] * hint
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for fold in range(CFG["folds"]):
        torch.manual_seed(fold)
        teacher = train_teacher(Net([12, 24, 24]), CFG["teacher_steps"])
        tap = TeacherTap(teacher, CFG["hint_layers"])
        final = distill(tap, CFG)
        tap.detach()
        print(f"fold {fold}: student loss {final:.3f}")


if __name__ == "__main__":
    main()
