"""Train the forecaster with the call profiler on the step function."""
import math

import torch
import torch.nn.functional as F

from forecast import RollingWindows, Seq2SeqForecaster
from profiling import REGISTRY, profile_calls

CFG = {"context": 24, "horizon": 8, "batch": 16, "epochs": 2, "lr": 2e-3, "tf_start": 0.9}


@profile_calls
def train_step(model, batch, optimizer, tf_ratio):
    context, target = batch
    pred = model(context, target, horizon=target.shape[1], tf_ratio=tf_ratio)
    loss = F.smooth_l1_loss(pred, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    t = torch.arange(400, dtype=torch.float32)
    series = torch.sin(2 * math.pi * t / 24) + 0.1 * torch.randn_like(t)
    loader = torch.utils.data.DataLoader(
        RollingWindows(series, CFG["context"], CFG["horizon"]), batch_size=CFG["batch"], shuffle=True)
    model = Seq2SeqForecaster()
    optimizer = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        tf_ratio = CFG["tf_start"] * (0.5 ** epoch)
        losses = [train_step(model, batch, optimizer, tf_ratio) for batch in loader]
        print(f"epoch {epoch}: loss {sum(losses) / len(losses):.4f} (teacher forcing {tf_ratio:.2f})")
    for stats in REGISTRY.values():
        print(stats.summary())


if __name__ == "__main__":
    main()
