"""Activation / width search for a small regression MLP."""
import torch
import torch.nn as nn

from tuner import Study

CONFIG = {"in_dim": 6, "steps": 25, "n_trials": 6, "batch": 64}
ACTIVATIONS = {"relu": nn.ReLU, "gelu": nn.GELU, "prelu": nn.PReLU, "silu": nn.SiLU}


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, CONFIG["in_dim"], generator=g)
    y = (x[:, :3].sum(1, keepdim=True).tanh() + 0.1 * torch.randn(n, 1, generator=g))
    return x, y


def build_model(trial):
    act_name = trial.suggest_categorical("activation", sorted(ACTIVATIONS))
    width = trial.suggest_categorical("width", [16, 32, 64])
    return nn.Sequential(nn.Linear(CONFIG["in_dim"], width), ACTIVATIONS[act_name](), nn.Linear(width, 1))


def objective(trial):
    train_x, train_y = make_data(256, seed=0)
    val_x, val_y = make_data(128, seed=1)
    model = build_model(trial)
    lr = trial.suggest_float("lr", 1e-3, 5e-2, log=True)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for step in range(CONFIG["steps"]):
        idx = torch.randint(0, train_x.shape[0], (CONFIG["batch"],))
        loss = nn.functional.mse_loss(model(train_x[idx]), train_y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return nn.functional.mse_loss(model(val_x), val_y).item()


def main():
    torch.manual_seed(0)
    study = Study("mlp-activation", seed=11)
    study.optimize(objective, n_trials=CONFIG["n_trials"])
    print("best params:", study.best_params)


if __name__ == "__main__":
    main()
