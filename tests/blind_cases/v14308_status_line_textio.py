"""Exported notebook: a status line that redraws itself and keeps a transcript of what was printed."""
import io

import torch
import torch.nn as nn

CFG = {"folds": 3, "epochs": 3, "steps": 4, "batch": 20}


class _StatusRaw(io.RawIOBase):
    """Byte sink under the status line's text stream; every write redraws the line."""

    def __init__(self, status):
        self.status = status  # cycle

    def writable(self):
        return True

    def write(self, data):
        self.status._on_text(bytes(data).decode("utf-8"))
        return len(data)


class StatusLine:
    def __init__(self, desc, transcript):
        self.desc = desc
        self.transcript = transcript
        self.current = ""
        raw = _StatusRaw(self)
        self.stream = io.TextIOWrapper(io.BufferedWriter(raw, buffer_size=256), encoding="utf-8", line_buffering=True)  # cycle

    def _on_text(self, text):
        for line in text.splitlines():
            if line.strip():
                self.current = line
                self.transcript.append(f"{self.desc}: {line}")

    def print(self, *values):
        print(*values, file=self.stream)

    def finish(self):
        self.stream.flush()
        return self.current


def train_fold(fold, transcript):
    torch.manual_seed(fold)
    status = StatusLine(f"fold {fold}", transcript)
    model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.Linear(24, 1))
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    for epoch in range(CFG["epochs"]):
        running = 0.0
        for _ in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], 6)
            y = x.mean(dim=1, keepdim=True).sin()
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        status.print(f"epoch {epoch} loss {running / CFG['steps']:.4f}")
    return status.finish()


def main():
    transcript = []
    last_lines = [train_fold(fold, transcript) for fold in range(CFG["folds"])]
    print("\n".join(transcript[-3:]))
    print("last:", last_lines)


if __name__ == "__main__":
    main()
