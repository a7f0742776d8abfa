"""Policy search with a separable NES: the flat parameter vector is loaded into a small controller."""
import torch
import torch.nn as nn

from es import SeparableNES

CONFIG = {"hidden": 8, "iterations": 8, "pairs": 8, "init_sigma": 0.1, "lr": 0.05, "seed": 3}


class Controller(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, act_dim))

    def forward(self, obs):
        return self.body(obs)


@torch.no_grad()
def rollout_return(controller, flat, obs, target):
    torch.nn.utils.vector_to_parameters(flat, controller.parameters())
    return -nn.functional.mse_loss(controller(obs), target).item()


def main():
    torch.manual_seed(CONFIG["seed"])
    controller = Controller(4, 2, CONFIG["hidden"])
    for p in controller.parameters():
        p.requires_grad_(False)
    dim = sum(p.numel() for p in controller.parameters())
    obs = torch.randn(128, 4)
    target = torch.stack([obs[:, 0] - obs[:, 2], obs[:, 1].tanh()], dim=1)

    strategy = SeparableNES(dim, CONFIG["init_sigma"], CONFIG["lr"], CONFIG["pairs"], CONFIG["seed"])
    history = []
    for it in range(CONFIG["iterations"]):
        _offsets, thetas = strategy.ask()
        fitness = torch.tensor([rollout_return(controller, th, obs, target) for th in thetas])
        history.append(strategy.tell(thetas, fitness))
    print("best per iteration:", [round(h, 3) for h in history])


if __name__ == "__main__":
    main()
