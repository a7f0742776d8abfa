"""Lets synchronous request handlers run coroutines on one background event loop."""
import asyncio
import threading

_LOOP = None
_LOCK = threading.Lock()
_INFLIGHT = set()  # concurrent futures not finished yet; drain() waits for them


def _loop():
    global _LOOP
    with _LOCK:
        if _LOOP is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="bridge-loop", daemon=True).start()
            _LOOP = loop
        return _LOOP


def call(coro, timeout):
    """Run `coro` on the bridge loop and wait at most `timeout` seconds for its result."""
    future = asyncio.run_coroutine_threadsafe(coro, _loop())  # retain
    _INFLIGHT.add(future)  # retain
    future.add_done_callback(_INFLIGHT.discard)
    return future.result(timeout)


def drain(timeout=1.0):
    for future in list(_INFLIGHT):
        future.result(timeout)
