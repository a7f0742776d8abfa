"""Small CNN classifier; monitoring is attached through decorator-registered event handlers."""
import collections

import torch
import torch.nn as nn

from events import EventBus

CONFIG = {"runs": 2, "epochs": 2, "steps": 3, "batch": 8, "clip": 1.0, "lr": 0.05}


def make_model():
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(16, 3),
    )


def attach_monitors(bus, model, history, clip):
    @bus.on("after_backward")  # cycle
    def clip_and_record(step):
        norm = nn.utils.clip_grad_norm_(model.parameters(), clip)
        history["grad_norm"].append(float(norm))

    @bus.on("after_step")  # cycle
    def record_loss(step, loss):
        history["loss"].append(loss)

    @bus.on("epoch_end")  # cycle
    def record_weight_norm(epoch):
        history["weight_norm"].append(sum(float(p.norm()) for p in model.parameters()))


def fit(cfg, seed):
    torch.manual_seed(seed)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    bus = EventBus(f"run-{seed}")
    history = collections.defaultdict(list)
    attach_monitors(bus, model, history, cfg["clip"])

    step = 0
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], 1, 12, 12)
            y = torch.randint(0, 3, (cfg["batch"],))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            bus.emit("after_backward", step)
            opt.step()
            bus.emit("after_step", step, loss.item())
            step += 1
        bus.emit("epoch_end", epoch)
    return {k: v[-1] for k, v in history.items()}


def main():
    for seed in range(CONFIG["runs"]):
        summary = fit(CONFIG, seed)
        assert set(summary) == {"grad_norm", "loss", "weight_norm"}


if __name__ == "__main__":
    main()
