"""Autoencoder training whose epoch metrics are pushed to long-poll clients."""
import http.client
import json
import threading
import time

import torch
import torch.nn as nn

from hub import MetricsHub
from webui import DashboardServer


def poll(port, since, timeout, out):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout + 5)
    try:
        conn.request("GET", f"/poll?since={since}&timeout={timeout}")
        resp = conn.getresponse()
        body = resp.read()
        out.append((resp.status, json.loads(body) if body else None))
    finally:
        conn.close()


def train_epoch(model, opt, steps=6):
    total = 0.0
    for _ in range(steps):
        x = torch.randn(24, 20)
        loss = nn.functional.mse_loss(model(x), x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / steps


def main():
    model = nn.Sequential(nn.Linear(20, 6), nn.ReLU(), nn.Linear(6, 20))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    hub = MetricsHub()
    replies = []
    with DashboardServer(("127.0.0.1", 0), hub) as httpd:
        serving = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
        serving.start()
        try:
            poll(httpd.port, since=0, timeout=0.05, out=replies)
            for epoch in range(3):
                client = threading.Thread(target=poll, args=(httpd.port, hub.version, 5.0, replies))
                client.start()
                while not hub.waiting():
                    time.sleep(0.005)
                hub.publish({"epoch": epoch, "loss": train_epoch(model, opt)})
                client.join()
        finally:
            httpd.shutdown()
            serving.join()
    for status, metrics in replies:
        print(status, metrics)


if __name__ == "__main__":
    main()
