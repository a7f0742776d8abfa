"""Long-poll endpoint: GET /poll?since=N&timeout=S answers once version > N."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class PollHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlsplit(self.path)
        if url.path != "/poll":
            self.send_error(404)
            return
        query = parse_qs(url.query)
        since = int(query.get("since", ["0"])[0])
        timeout = float(query.get("timeout", ["1.0"])[0])
        hub = self.server.hub
        if hub.version > since:
            self._reply(200, hub.latest, hub.version)
            return
        self._ready = threading.Event()
        hub.subscribe(self)
        try:
            woken = self._ready.wait(timeout)
        finally:
            hub.unsubscribe(self)
        if woken:
            self._reply(200, hub.latest, hub.version)
        else:
            self._reply(204, None, since)

    def wake(self, version):
        self._ready.set()

    def _reply(self, status, metrics, version):
        self.send_response(status)
        self.send_header("X-Metrics-Version", str(version))
        body = json.dumps(metrics).encode() if metrics is not None else b""
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass


class DashboardServer(ThreadingHTTPServer):
    def __init__(self, address, hub):
        super().__init__(address, PollHandler)
        self.hub = hub

    @property
    def port(self):
        return self.server_address[1]
