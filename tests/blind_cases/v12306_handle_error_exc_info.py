"""Status server for a running job: /status for the UI, /healthz for the watchdog."""
import http.client
import json
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, HTTPServer

import torch
import torch.nn as nn


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        server = self.server
        if self.path == "/healthz":
            body = {"ok": server.last_error is None, "errors": server.error_count}
            if server.last_error is not None:
                exc_type, exc, _tb = server.last_error
                body["last_error"] = traceback.format_exception_only(exc_type, exc)[-1].strip()
        elif self.path == "/status":
            trainer = server.trainer
            body = {"epoch": trainer.epoch, "step": trainer.step, **trainer.metrics}
        else:
            self.send_error(404)
            return
        payload = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, fmt, *args):
        pass


class StatusServer(HTTPServer):
    def __init__(self, address, trainer):
        super().__init__(address, StatusHandler)
        self.trainer = trainer
        self.error_count = 0
        self.last_error = None

    def handle_error(self, request, client_address):
        self.error_count += 1
        self.last_error = sys.exc_info()  # cycle


class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 32), nn.GELU(), nn.Linear(32, 1))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.epoch = 0
        self.step = 0
        self.metrics = {}

    def run_epoch(self, steps=4):
        for _ in range(steps):
            x = torch.randn(16, 8)
            y = x.sum(1, keepdim=True)
            loss = nn.functional.smooth_l1_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.step += 1
            self.metrics["loss"] = loss
        self.epoch += 1


def fetch(server, path):
    worker = threading.Thread(target=server.handle_request, daemon=True)
    worker.start()
    conn = http.client.HTTPConnection(*server.server_address, timeout=5)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return None, None
    finally:
        conn.close()
        worker.join()


def main():
    trainer = Trainer()
    server = StatusServer(("127.0.0.1", 0), trainer)
    try:
        for _ in range(2):
            trainer.run_epoch()
            print("status:", fetch(server, "/status"))
            print("health:", fetch(server, "/healthz"))
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
