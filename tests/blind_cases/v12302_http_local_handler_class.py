"""Metrics endpoint served with http.server while a small classifier trains."""
import http.client
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import torch
import torch.nn as nn


class Dashboard:
    def __init__(self, model, host="127.0.0.1"):
        self.model = model
        self.host = host
        self.history = []
        self.httpd = None

    def record(self, **metrics):
        self.history.append(metrics)

    def snapshot(self):
        n_params = sum(p.numel() for p in self.model.parameters())
        last = self.history[-1] if self.history else {}
        return {"steps": len(self.history), "params": n_params, **last}

    def start(self):
        dashboard = self

        class MetricsHandler(BaseHTTPRequestHandler):  # cycle
            def do_GET(self):  # cycle
                if self.path != "/metrics":
                    self.send_error(404, "unknown endpoint")
                    return
                body = json.dumps(dashboard.snapshot()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, fmt, *args):
                pass

        self.httpd = HTTPServer((self.host, 0), MetricsHandler)  # cycle
        return self.httpd.server_address[1]

    def serve_one(self):
        self.httpd.handle_request()

    def stop(self):
        if self.httpd is not None:
            self.httpd.server_close()


def scrape(dashboard, port, path="/metrics"):
    server = threading.Thread(target=dashboard.serve_one, daemon=True)
    server.start()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        data = json.loads(resp.read()) if resp.status == 200 else None
    finally:
        conn.close()
        server.join()
    return data


def train(epochs=3, steps=5):
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    dashboard = Dashboard(model)
    port = dashboard.start()
    try:
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
            dashboard.record(epoch=epoch, loss=loss.item(), acc=correct / total)
            print("scraped", scrape(dashboard, port))
    finally:
        dashboard.stop()


def main():
    train()


if __name__ == "__main__":
    main()
