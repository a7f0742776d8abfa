"""Classifier training with a scrape-able metrics endpoint per run."""
import http.client
import json
import threading

import torch
import torch.nn as nn

from webui import MetricsServer, MetricsStore

RUNS = {
    "narrow": {"hidden": 16, "lr": 0.1},
    "wide": {"hidden": 64, "lr": 0.05},
}


def scrape(httpd, path="/metrics"):
    worker = threading.Thread(target=httpd.handle_request, daemon=True)
    worker.start()
    conn = http.client.HTTPConnection("127.0.0.1", httpd.port, timeout=5)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        data = json.loads(resp.read()) if resp.status == 200 else None
    finally:
        conn.close()
        worker.join()
    return data


def run(name, cfg, epochs=3, steps=5):
    model = nn.Sequential(nn.Linear(16, cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], 4))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    store = MetricsStore(name, sum(p.numel() for p in model.parameters()))
    with MetricsServer(("127.0.0.1", 0), store) as httpd:
        for epoch in range(epochs):
            correct = total = 0
            for _ in range(steps):
                x, y = torch.randn(32, 16), torch.randint(0, 4, (32,))
                logits = model(x)
                loss = nn.functional.cross_entropy(logits, y)
                opt.zero_grad()
                loss.backward()
                opt.step()
                correct += int((logits.argmax(1) == y).sum())
                total += y.numel()
            store.record(epoch=epoch, loss=loss.item(), acc=correct / total)
            print(name, "scraped", scrape(httpd))
    return store.snapshot()


def main():
    summary = {name: run(name, cfg) for name, cfg in RUNS.items()}
    best = min(summary.values(), key=lambda s: s["loss"])
    print("best run:", best["run"])


if __name__ == "__main__":
    main()
