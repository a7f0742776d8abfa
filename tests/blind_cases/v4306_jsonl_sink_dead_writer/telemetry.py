"""Process-wide asynchronous metrics sink: the training loop enqueues records, a daemon thread appends
them to a JSON-lines file so that logging never blocks a step."""
import json
import os
import queue
import tempfile
import threading
import time

_RECORDS = queue.Queue()
_STATE = {"thread": None, "path": None}
_LOCK = threading.Lock()


def _writer_loop(path):
    with open(path, "a", encoding="utf-8") as fh:
        while True:
            record = _RECORDS.get()
            if record is None:
                break
            fh.write(json.dumps(record) + "\n")
            fh.flush()


def configure(run_dir=None):
    run_dir = run_dir or tempfile.gettempdir()
    _STATE["path"] = os.path.join(run_dir, f"metrics-{os.getpid()}.jsonl")
    return _STATE["path"]


def _ensure_writer():
    with _LOCK:
        if _STATE["thread"] is None:
            path = _STATE["path"] or configure()
            thread = threading.Thread(target=_writer_loop, args=(path,), name="metrics-writer", daemon=True)
            thread.start()
            _STATE["thread"] = thread


def log_metrics(step, **values):
    _ensure_writer()
    _RECORDS.put({"step": step, "time": time.time(), **values})  # retain


def pending():
    return _RECORDS.qsize()
