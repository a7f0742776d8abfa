"""Width / learning-rate search that warm-starts each trial from the best same-width trial."""
import torch
import torch.nn as nn

import tuner


class Regressor(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU())
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.body(x))


def make_data():
    g = torch.Generator().manual_seed(0)
    x = torch.rand(320, 5, generator=g) * 4 - 2
    y = torch.sin(x[:, :1] * 2) + x[:, 1:2] * x[:, 2:3]
    return x[:256], y[:256], x[256:], y[256:]


def main():
    torch.manual_seed(0)
    x, y, vx, vy = make_data()
    study = tuner.Study(direction="minimize", seed=9)

    def objective(trial):  # cycle
        width = trial.suggest_int("width", 8, 24, step=8)
        lr = trial.suggest_float("lr", 3e-3, 3e-2, log=True)
        model = Regressor(width)
        same_width = [t for t in study.trials if t.params["width"] == width]
        if same_width:
            donor = min(same_width, key=lambda t: t.value)
            model.load_state_dict(donor.user_attrs["state"])
            trial.set_user_attr("warm_start_from", donor.number)
        opt = torch.optim.Adam(model.parameters(), lr=lr)
        for _ in range(20):
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(vx), vy).item()
        trial.set_user_attr("state", {k: v.detach().clone() for k, v in model.state_dict().items()})
        return val

    study.optimize(objective, n_trials=5)
    study.resume(n_trials=2)
    best = study.best_trial
    print(f"best #{best.number}: val={best.value:.4f} params={best.params} "
          f"warm_start_from={best.user_attrs.get('warm_start_from')}")


if __name__ == "__main__":
    main()
