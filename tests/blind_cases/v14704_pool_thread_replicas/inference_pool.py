"""Process-wide CPU inference pool; each worker thread keeps its own model replicas."""
import concurrent.futures
import threading

POOL = concurrent.futures.ThreadPoolExecutor(max_workers=3, thread_name_prefix="infer")
_THREAD_STATE = threading.local()


def replica(key, build):
    """Return this worker thread's replica for `key`, building it on first use."""
    replicas = getattr(_THREAD_STATE, "replicas", None)
    if replicas is None:
        replicas = _THREAD_STATE.replicas = {}  # retain
    model = replicas.get(key)
    if model is None:
        model = replicas[key] = build()  # retain
    return model


def run(fn, *args):
    return POOL.submit(fn, *args).result()
