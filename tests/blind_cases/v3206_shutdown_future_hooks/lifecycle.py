"""Process lifecycle signals shared by every request handler of the server."""
import logging
from concurrent.futures import Future

log = logging.getLogger("serve.lifecycle")

DRAINING: Future = Future()


def on_drain(callback):
    """Call `callback(reason)` once the server starts draining (SIGTERM, scale-down)."""

    def _invoke(fut):  # retain
        try:
            callback(fut.result())
        except Exception:
            log.exception("drain hook %r failed", callback)

    DRAINING.add_done_callback(_invoke)  # retain


def begin_drain(reason="SIGTERM"):
    if not DRAINING.done():
        DRAINING.set_result(reason)


def is_draining():
    return DRAINING.done()
