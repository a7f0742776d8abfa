"""Predictor with padded shape buckets and warm-up; reloaded when a new checkpoint lands."""
import torch
import torch.nn as nn

from warmup import bucket, get_plan

CONFIG = {"features": 10, "hidden": 32, "classes": 3, "warm_batches": (1, 4, 8)}


class MLP(nn.Module):
    def __init__(self, features, hidden, classes):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(features, hidden), nn.SiLU(), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.layers(x)


class BucketedPredictor:
    def __init__(self, config, checkpoint=None):
        self.config = config
        self.model = MLP(config["features"], config["hidden"], config["classes"]).eval()
        if checkpoint is not None:
            self.model.load_state_dict(checkpoint)

    def warmup(self):
        for b in self.config["warm_batches"]:
            get_plan(self.model, (b, self.config["features"]))

    def predict(self, x):
        n = x.shape[0]
        padded_n = bucket(n)
        if padded_n != n:
            x = torch.cat([x, x.new_zeros(padded_n - n, x.shape[1])])
        plan = get_plan(self.model, tuple(x.shape))
        with torch.no_grad():
            return plan(x)[:n].argmax(-1)


def fake_checkpoint(step):
    torch.manual_seed(step)
    ref = MLP(CONFIG["features"], CONFIG["hidden"], CONFIG["classes"])
    return {k: v.clone() for k, v in ref.state_dict().items()}


def main():
    predictor = None
    for step in range(3):
        predictor = BucketedPredictor(CONFIG, fake_checkpoint(step))
        predictor.warmup()
        for n in (1, 3, 6):
            print(step, n, predictor.predict(torch.randn(n, CONFIG["features"])).tolist())
    predictor = None


if __name__ == "__main__":
    main()
