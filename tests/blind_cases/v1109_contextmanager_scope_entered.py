"""K-fold trainer whose evaluation runs inside a scope that switches modes."""
import contextlib
import io

import torch
import torch.nn as nn


class FoldTrainer:
    def __init__(self, model, lr=0.05, eval_in_eval_mode=True):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.val_losses = []
        if eval_in_eval_mode:
            self._eval_ctx = self.evaluation("val")
        else:
            self._eval_ctx = contextlib.nullcontext()

    @contextlib.contextmanager
    def evaluation(self, tag):
        """Put the model in eval mode without autograd, and restore it afterwards."""
        was_training = self.model.training
        self.model.eval()
        try:
            with torch.no_grad():
                yield tag
        finally:
            self.model.train(was_training)

    def fit(self, batches):
        self.model.train()
        for x, y in batches:
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()

    def validate(self, batches):
        with self._eval_ctx:
            total = sum(nn.functional.cross_entropy(self.model(x), y).item() for x, y in batches)
        self.val_losses.append(total / len(batches))
        return self.val_losses[-1]


def split(n_folds, fold, data):
    val = [b for i, b in enumerate(data) if i % n_folds == fold]
    train = [b for i, b in enumerate(data) if i % n_folds != fold]
    return train, val


def make_model():
    return nn.Sequential(nn.Linear(10, 32), nn.Dropout(0.1), nn.ReLU(), nn.Linear(32, 3))


def main():
    torch.manual_seed(0)
    data = [(torch.randn(16, 10), torch.randint(0, 3, (16,))) for _ in range(6)]
    holdout = [(torch.randn(16, 10), torch.randint(0, 3, (16,))) for _ in range(2)]
    scores = []
    for fold in range(3):
        trainer = FoldTrainer(make_model())
        train, val = split(3, fold, data)
        trainer.fit(train)
        scores.append(trainer.validate(val))
    print("cv loss %.4f" % (sum(scores) / len(scores)))
    final = FoldTrainer(make_model())
    final.fit(data)
    print("holdout loss %.4f" % final.validate(holdout))
    buf = io.BytesIO()
    torch.save(final.model.state_dict(), buf)
    print("final checkpoint: %d bytes" % buf.tell())


if __name__ == "__main__":
    main()
