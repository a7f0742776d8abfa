"""Cooperative cancellation tokens; a child token is cancelled with its parent."""


class Cancelled(Exception):
    pass


class CancelToken:
    def __init__(self, parent=None, name=""):
        self.name = name
        self.reason = None
        self._callbacks = []
        if parent is not None:
            parent.register(self.cancel)  # retain

    @property
    def cancelled(self):
        return self.reason is not None

    def register(self, callback):
        if self.cancelled:
            callback(self.reason)
            return
        self._callbacks.append(callback)  # retain

    def cancel(self, reason="cancelled"):
        if self.cancelled:
            return
        self.reason = reason
        callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            cb(reason)

    def raise_if_cancelled(self):
        if self.cancelled:
            raise Cancelled(f"{self.name}: {self.reason}")


# cancelled by the SIGTERM handler so that in-flight generations stop promptly
SERVER_SHUTDOWN = CancelToken(name="server-shutdown")
