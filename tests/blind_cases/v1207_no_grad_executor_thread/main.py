"""Evaluates a classifier with threaded prediction and reports its calibration."""
import torch
import torch.nn as nn

from calibration import expected_calibration_error, record_predictions
from serving import BatchPredictor


def build_model():
    return nn.Sequential(nn.Linear(24, 48), nn.ReLU(), nn.Dropout(0.1), nn.Linear(48, 6))


def eval_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(32, 24, generator=g), torch.randint(0, 6, (32,), generator=g)) for _ in range(n)]


def main():
    torch.manual_seed(0)
    model = build_model()
    data = eval_batches(4, seed=1)
    with BatchPredictor(model) as predictor, torch.no_grad():
        outputs = predictor.map([x for x, _ in data])
        for probs, (_, labels) in zip(outputs, data):
            mean_conf, acc = record_predictions(probs, labels)
            print(f"conf={mean_conf:.3f} acc={acc:.3f}")
    print(f"ECE={expected_calibration_error():.4f}")


if __name__ == "__main__":
    main()
