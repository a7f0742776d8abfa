"""Preemption-aware training loop: a signal only raises a flag, the loop saves at a step boundary."""
import io
import signal
import threading

import torch
import torch.nn as nn

CFG = {"epochs": 3, "steps": 5, "preempt_at": (1, 2), "signals": (signal.SIGUSR1, signal.SIGTERM)}


class PreemptionFlag:
    def __init__(self, signals):
        self.signals = signals
        self.event = threading.Event()
        self.received = []
        self._previous = {}

    def __enter__(self):
        event, received = self.event, self.received

        def _on_signal(signum, frame):
            received.append(signal.Signals(signum).name)
            event.set()

        for sig in self.signals:
            self._previous[sig] = signal.signal(sig, _on_signal)
        return self

    def __exit__(self, *exc):
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()
        return False

    def is_set(self):
        return self.event.is_set()


def save_resume_point(model, opt, epoch, step):
    buf = io.BytesIO()
    torch.save({"epoch": epoch, "step": step, "model": model.state_dict(), "opt": opt.state_dict()}, buf)
    return {"epoch": epoch, "step": step, "bytes": len(buf.getvalue())}


def main():
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    resume = None
    with PreemptionFlag(CFG["signals"]) as flag:
        for epoch in range(CFG["epochs"]):
            for step in range(CFG["steps"]):
                if flag.is_set():
                    resume = save_resume_point(model, opt, epoch, step)
                    break
                x, y = torch.randn(8, 12), torch.randint(0, 2, (8,))
                loss = nn.functional.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
                if (epoch, step) == CFG["preempt_at"]:
                    signal.raise_signal(signal.SIGUSR1)
            if resume is not None:
                break
    print("preempted by", flag.received, "resume point", resume)


if __name__ == "__main__":
    main()
