"""Notebook exported with 'Download as .py': fit a noisy sine with a small MLP.

Everything runs at import time, top to bottom, like the notebook's cells.
"""
import torch
import torch.nn as nn

import hooks

cfg = dict(hooks.settings)
torch.manual_seed(cfg["seed"])

# %% data
x = torch.linspace(-3.0, 3.0, 96).unsqueeze(1)
y = torch.sin(x) + cfg["noise"] * torch.randn_like(x)

# %% model
model = nn.Sequential(nn.Linear(1, cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], 1))
opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
curve = []


@hooks.on_epoch_end
def record(epoch, loss):
    curve.append(loss)
    if epoch % 2 == 0:
        print(f"[{cfg['name']}] epoch {epoch:2d}  mse {loss:.4f}")


# %% train
for epoch in range(cfg["epochs"]):
    pred = model(x)
    loss = nn.functional.mse_loss(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    hooks.epoch_end(epoch, loss.item())

# %% evaluate
final_mse = nn.functional.mse_loss(model(x), y).item()
