"""http.server front end of the training dashboard.

The handler class is defined once at import time; per-run state reaches it
through the server object, which carries the run's MetricsStore.
"""
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer


class MetricsStore:
    """Plain-Python view of the run that the web UI is allowed to see."""

    def __init__(self, run_name, n_params):
        self.run_name = run_name
        self.n_params = n_params
        self._lock = threading.Lock()
        self._rows = []

    def record(self, **metrics):
        row = {k: float(v) for k, v in metrics.items()}
        with self._lock:
            self._rows.append(row)

    def snapshot(self):
        with self._lock:
            last = dict(self._rows[-1]) if self._rows else {}
            steps = len(self._rows)
        return {"run": self.run_name, "params": self.n_params, "steps": steps, **last}


class MetricsHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/metrics":
            self.send_error(404, "unknown endpoint")
            return
        body = json.dumps(self.server.store.snapshot()).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass


class MetricsServer(HTTPServer):
    def __init__(self, address, store):
        super().__init__(address, MetricsHandler)
        self.store = store

    @property
    def port(self):
        return self.server_address[1]
