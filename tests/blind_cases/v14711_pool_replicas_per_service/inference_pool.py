"""Process-wide CPU inference pool; callers pass the thread-local store for their replicas."""
import concurrent.futures

POOL = concurrent.futures.ThreadPoolExecutor(max_workers=3, thread_name_prefix="infer")


def replica(store, build):
    """Return the calling worker thread's replica kept in `store`, building it on first use."""
    model = getattr(store, "model", None)
    if model is None:
        model = store.model = build()
    return model


def run(fn, *args):
    return POOL.submit(fn, *args).result()
