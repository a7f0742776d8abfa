"""Config-driven classifier training: DefaultTrainer builds model, optimizer, data and hooks from CFG."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import hooks
from train_loop import SimpleTrainer

CFG = {"model": {"in_dim": 12, "hidden": 24, "num_classes": 3}, "solver": {"base_lr": 0.05, "max_iter": 6},
       "test": {"eval_period": 3}, "hooks": [{"type": "LossWriter"}]}


class TinyClassifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, num_classes))

    def forward(self, x, y):
        return {"loss_cls": F.cross_entropy(self.net(x), y)}


class DefaultTrainer(SimpleTrainer):
    def __init__(self, cfg):
        model = TinyClassifier(**cfg["model"])
        optimizer = torch.optim.SGD(model.parameters(), lr=cfg["solver"]["base_lr"], momentum=0.9)
        super().__init__(model, self.build_loader(cfg), optimizer)
        self.cfg = cfg
        self.register_hooks(self.build_hooks())

    @classmethod
    def build_loader(cls, cfg, n=4):
        d, k = cfg["model"]["in_dim"], cfg["model"]["num_classes"]
        return [(torch.randn(8, d), torch.randint(0, k, (8,))) for _ in range(n)]

    @classmethod
    def test(cls, cfg, model):
        with torch.no_grad():
            losses = [model(x, y)["loss_cls"].item() for x, y in cls.build_loader(cfg, 2)]
        return {"val_loss": sum(losses) / len(losses)}

    def build_hooks(self):
        ret = [hooks.build_hook(c) for c in self.cfg["hooks"]]

        def test_and_save_results():  # cycle
            self._last_eval_results = self.test(self.cfg, self.model)
            return self._last_eval_results

        ret.append(hooks.EvalHook(self.cfg["test"]["eval_period"], test_and_save_results))
        return ret


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        trainer = DefaultTrainer(CFG)
        trainer.train(0, CFG["solver"]["max_iter"])


if __name__ == "__main__":
    main()
