"""Train a small churn model, then run the scoring job on two daily partitions."""
import torch
import torch.nn as nn

from monitoring import MONITOR
from scoring import BatchScoringJob


def build_model(n_features):
    return nn.Sequential(nn.Linear(n_features, 32), nn.ReLU(), nn.Linear(32, 2))


def fit(model, features, labels, epochs=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        for start in range(0, features.shape[0], 32):
            x, y = features[start:start + 32], labels[start:start + 32]
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def main():
    torch.manual_seed(0)
    n_features = 12
    train_x = torch.randn(256, n_features)
    train_y = (train_x[:, 0] + 0.5 * train_x[:, 1] > 0).long()
    model = fit(build_model(n_features), train_x, train_y)
    with torch.no_grad():
        MONITOR.set_reference(model(train_x).softmax(-1)[:, 1])

    for day, shift in enumerate([0.0, 2.0]):
        partition = torch.randn(192, n_features) + shift
        job = BatchScoringJob(f"churn-day{day}", model, batch_size=48)
        scores = job.run(partition)
        print(f"day {day}: scored {job.rows_scored} rows, mean {sum(scores) / len(scores):.3f}")
    print("alerts:", MONITOR.alerts)


if __name__ == "__main__":
    main()
