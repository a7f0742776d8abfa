"""Liveness heartbeat for cluster schedulers: a thread publishes a small JSON status record."""
import json
import threading
import time


class Heartbeat:
    def __init__(self, board, key, status_fn, interval=0.02):
        self.board = board
        self.key = key
        self.status_fn = status_fn  # retain
        self.interval = interval
        self.beats = 0
        self._stop = None
        self._thread = None

    def start(self):
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, args=(self._stop,),  # retain
                                        name="heartbeat", daemon=True)
        self._thread.start()  # retain

    def stop(self):
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None

    def _loop(self, stop):
        while not stop.wait(self.interval):
            status = self.status_fn()
            status["time"] = round(time.time(), 3)
            self.board.publish(self.key, json.dumps(status, sort_keys=True))
            self.beats += 1
