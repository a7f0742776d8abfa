"""accelerate-style training script that searches for the largest batch size that fits."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from memory import find_executable_batch_size

CONFIG = {"lr": 3e-3, "epochs": 2, "steps": 3, "batch_size": 64, "activation_budget": 16 * 256}


class WideEncoder(nn.Module):
    def __init__(self, width=256, budget=None):
        super().__init__()
        self.budget = budget
        self.inp = nn.Linear(20, width)
        self.out = nn.Linear(width, 2)

    def forward(self, x):
        h = F.relu(self.inp(x))
        if self.budget is not None and h.numel() > self.budget:
            raise RuntimeError(f"CUDA out of memory. Tried to allocate {h.numel() * 4} bytes")
        return self.out(h)


def training_function(config):
    history = []

    @find_executable_batch_size(starting_batch_size=config["batch_size"])
    def inner_training_loop(batch_size):
        torch.manual_seed(0)
        model = WideEncoder(budget=config["activation_budget"])
        optimizer = torch.optim.AdamW(model.parameters(), lr=config["lr"])
        for epoch in range(config["epochs"]):
            for _ in range(config["steps"]):
                x, y = torch.randn(batch_size, 20), torch.randint(0, 2, (batch_size,))
                loss = F.cross_entropy(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            history.append((epoch, batch_size, loss.item()))
        return batch_size

    return inner_training_loop(), history


def main():
    for trial in range(2):
        training_function(dict(CONFIG, lr=CONFIG["lr"] * (trial + 1)))


if __name__ == "__main__":
    main()
