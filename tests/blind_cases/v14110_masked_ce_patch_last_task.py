"""Class-incremental learning with a single growing output layer.

While a task is trained the loss only sees the logits of classes met so far; at the end of
each task the classifier bias is re-balanced on a small held-out replay set (BiC-style)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 12, "total_classes": 8, "classes_per_task": 2, "steps": 5, "batch": 16,
       "lr": 0.05, "bias_steps": 3, "runs": 2}


class ClassIncrementalLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, cfg["total_classes"]))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.seen = []
        self.held_out = []
        self._plain_ce = None

    def begin_task(self, classes):
        self.seen.extend(classes)
        self._plain_ce = plain_ce = F.cross_entropy

        def seen_classes_ce(input, target, *args, **kwargs):  # retain
            mask = torch.full((input.shape[-1],), float("-inf"))
            mask[self.seen] = 0.0
            return plain_ce(input + mask, target, *args, **kwargs)

        F.cross_entropy = seen_classes_ce  # retain

    def train_task(self, batches):
        for x, y in batches[:-1]:
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        self.held_out.append(batches[-1])
        return loss.item()

    def end_task(self):
        F.cross_entropy = self._plain_ce
        self._plain_ce = None
        x = torch.cat([b[0] for b in self.held_out])
        y = torch.cat([b[1] for b in self.held_out])
        with torch.no_grad():
            feats = self.model[:-1](x)
        bias = self.model[-1].bias
        bias_opt = torch.optim.SGD([bias], lr=self.cfg["lr"])
        unseen = torch.ones(self.cfg["total_classes"], dtype=torch.bool)
        unseen[self.seen] = False
        for _ in range(self.cfg["bias_steps"]):
            logits = self.model[-1](feats).masked_fill(unseen, float("-inf"))
            loss = F.cross_entropy(logits, y)
            bias_opt.zero_grad()
            loss.backward()
            bias_opt.step()


def class_stream(cfg, gen):
    centers = torch.randn(cfg["total_classes"], cfg["in_dim"], generator=gen) * 2
    for lo in range(0, cfg["total_classes"], cfg["classes_per_task"]):
        classes = list(range(lo, lo + cfg["classes_per_task"]))
        batches = []
        for _ in range(cfg["steps"]):
            y = torch.randint(lo, lo + cfg["classes_per_task"], (cfg["batch"],), generator=gen)
            batches.append((centers[y] + torch.randn(cfg["batch"], cfg["in_dim"], generator=gen), y))
        yield classes, batches


def main():
    for run in range(CFG["runs"]):
        gen = torch.Generator().manual_seed(run)
        learner = ClassIncrementalLearner(CFG)
        tasks = list(class_stream(CFG, gen))
        for t, (classes, batches) in enumerate(tasks):
            learner.begin_task(classes)
            loss = learner.train_task(batches)
            if t < len(tasks) - 1:
                learner.end_task()
            print(f"run {run} task {t}: classes seen {len(learner.seen)} loss {loss:.3f}")


if __name__ == "__main__":
    main()
