"""Feature pipeline (scaler -> learned embedding) in front of a torch classifier, tuned over a grid."""
import torch
import torch.nn as nn

from encoders import LearnedEmbedding, RobustScaler


class LogisticHead:
    def __init__(self, lr=0.1, epochs=25):
        self.lr = lr
        self.epochs = epochs

    def fit(self, Z, y):
        self.linear_ = nn.Linear(Z.shape[1], 2)
        opt = torch.optim.SGD(self.linear_.parameters(), lr=self.lr)
        for _ in range(self.epochs):
            loss = nn.functional.cross_entropy(self.linear_(Z), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return self

    def score(self, Z, y):
        with torch.no_grad():
            return float((self.linear_(Z).argmax(1) == y).float().mean())


def fit_candidate(n_components, lr, X, y, X_val, y_val):
    steps = [RobustScaler().set_output(transform="tensor"),
             LearnedEmbedding(n_components=n_components).set_output(transform="tensor")]
    Z, Z_val = X, X_val
    for step in steps:
        Z = step.fit_transform(Z)
        Z_val = step.transform(Z_val)
    head = LogisticHead(lr=lr).fit(Z, y)
    return head.score(Z_val, y_val)


def main():
    torch.manual_seed(0)
    X, X_val = torch.randn(80, 6) * 3, torch.randn(40, 6) * 3
    y, y_val = (X[:, 0] * X[:, 1] > 0).long(), (X_val[:, 0] * X_val[:, 1] > 0).long()
    results = {}
    for n_components in (2, 4):
        for lr in (0.05, 0.2):
            results[(n_components, lr)] = fit_candidate(n_components, lr, X, y, X_val, y_val)
    best = max(results, key=results.get)
    print(f"best n_components={best[0]} lr={best[1]} acc={results[best]:.3f}")


if __name__ == "__main__":
    main()
