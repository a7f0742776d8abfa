"""K-fold training where every fold is described by a frozen ExperimentConfig."""
import torch
import torch.nn.functional as F

import components  # noqa: F401  (registers the components)
from configs import ExperimentConfig, ModelConfig, OptimConfig


def make_experiment(fold):
    return ExperimentConfig(
        model=ModelConfig(hidden=(32, 16), dropout=0.1 * fold),
        optim=OptimConfig(lr=3e-3 / (fold + 1)),
        fold=fold,
    )


def run(exp):
    torch.manual_seed(exp.fold)
    model = exp.model.build()
    optimizer = exp.optim.build(params=model.parameters())
    model.train()
    for _ in range(exp.steps):
        x = torch.randn(exp.batch_size, exp.model.in_dim)
        y = torch.randint(0, exp.model.num_classes, (exp.batch_size,))
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        x = torch.randn(32, exp.model.in_dim)
        return float((model(x).argmax(1) == torch.randint(0, exp.model.num_classes, (32,))).float().mean())


def main():
    scores = [run(make_experiment(fold)) for fold in range(3)]
    assert len(scores) == 3


if __name__ == "__main__":
    main()
