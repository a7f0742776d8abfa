"""Small image classifier: k-fold training, evaluation through decorated methods."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from evaluation import accuracy, class_weights, evaluation_methods


@evaluation_methods("predict", "predict_proba", "embed")
class ConvClassifier(nn.Module):
    def __init__(self, num_classes=3, channels=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten()
        )
        self.classifier = nn.Linear(channels * 4, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x))

    def embed(self, x):
        return self.features(x)

    def predict_proba(self, x):
        return F.softmax(self(x), dim=-1)

    def predict(self, x):
        return self.predict_proba(x).argmax(-1)


def folds(n_folds, per_fold=16):
    data = [(torch.randn(per_fold, 1, 8, 8), torch.randint(0, 3, (per_fold,))) for _ in range(n_folds)]
    for k in range(n_folds):
        train = [d for i, d in enumerate(data) if i != k]
        yield train, [data[k]]


def train_fold(train, val, epochs=2):
    model = ConvClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    weight = torch.tensor(class_weights(3))
    for _ in range(epochs):
        model.train()
        for x, y in train:
            loss = F.cross_entropy(model(x), y, weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        acc = accuracy(model, val)
    emb_norm = float(model.embed(val[0][0]).norm())
    return acc, emb_norm


def main():
    torch.manual_seed(0)
    scores = [train_fold(train, val) for train, val in folds(3)]
    return sum(a for a, _ in scores) / len(scores)


if __name__ == "__main__":
    main()
