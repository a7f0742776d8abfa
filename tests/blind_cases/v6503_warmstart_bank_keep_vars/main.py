"""Two consecutive studies: the second one is warm-started from the first one's banked trials."""
import torch

from search import run_study
from warmstart import BANK

CONFIG = {
    "studies": [("coarse", 4, 6, 0), ("refine", 3, 4, 1)],
}


def make_data(seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(3, 6, generator=g) * 2

    def split(n):
        y = torch.randint(0, 3, (n,), generator=g)
        return centers[y] + torch.randn(n, 6, generator=g), y

    return {"train": split(96), "valid": split(48)}


def main():
    data = make_data(0)
    for name, n_trials, steps, seed in CONFIG["studies"]:
        score, number, params = run_study(name, data, n_trials, steps, seed)
        print(f"{name}: best trial {number} score={score:.3f} params={params}")
    print("bank:", BANK.summary())


if __name__ == "__main__":
    main()
