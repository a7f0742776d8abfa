"""Client for the metrics sidecar that scores predictions out of process."""
import itertools
import queue
import threading


class SidecarClient:
    def __init__(self, endpoint=None):
        self.endpoint = endpoint
        self._requests = queue.Queue()
        self._ids = itertools.count()
        self._server = None

    def connect(self):
        # Stand-in for the RPC transport: a local thread plays the remote side.
        self._server = threading.Thread(target=self._serve, daemon=True)
        self._server.start()

    def _serve(self):
        while True:
            request_id, preds, targets, reply = self._requests.get()
            reply.put({"id": request_id, "accuracy": float((preds == targets).float().mean())})

    def score(self, preds, targets):
        reply = queue.Queue(maxsize=1)
        self._requests.put((next(self._ids), preds, targets, reply))
        return reply.get()["accuracy"]
