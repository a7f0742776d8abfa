"""Long job that checkpoints every few steps through the background writer, plus a final save."""
import torch
import torch.nn as nn

import ckpt_writer

CFG = {"epochs": 2, "steps_per_epoch": 8, "save_every": 4, "io_latency": 0.02}


def make_model():
    return nn.Sequential(nn.Conv1d(4, 8, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 16, 2))


def train(model, opt, saved):
    step = 0
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps_per_epoch"]):
            x, y = torch.randn(8, 4, 16), torch.randint(0, 2, (8,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            if step % CFG["save_every"] == 0:
                ckpt_writer.submit(ckpt_writer.SaveJob(step, model, opt, saved))
    ckpt_writer.submit(ckpt_writer.SaveJob(step, model, opt, saved), priority=ckpt_writer.FINAL)
    return step


def main():
    ckpt_writer.start(CFG["io_latency"])
    saved = {}
    try:
        model = make_model()
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        last = train(model, opt, saved)
    finally:
        ckpt_writer.stop()
    print(f"trained {last} steps, checkpoints written at steps {sorted(saved)}")


if __name__ == "__main__":
    main()
