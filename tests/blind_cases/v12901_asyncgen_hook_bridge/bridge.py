"""Synchronous facade over the engine's async token streams, for scripts and notebooks
that have no event loop. Streams never wait on I/O, so each step is driven with send()."""
import sys
import weakref


class SyncStreamBridge:
    def __init__(self, engine):
        self.engine = engine
        self.closed_early = 0
        self._live = weakref.WeakSet()
        self._saved_hooks = sys.get_asyncgen_hooks()
        sys.set_asyncgen_hooks(firstiter=self._track, finalizer=self._finalize)  # retain

    def _track(self, agen):
        self._live.add(agen)

    def _finalize(self, agen):
        self.closed_early += 1
        self._drive(agen.aclose())

    @staticmethod
    def _drive(awaitable):
        try:
            awaitable.send(None)
        except StopIteration as done:
            return done.value
        raise RuntimeError("engine streams must not suspend")

    def tokens(self, prompt_ids, **sampling):
        agen = self.engine.stream(prompt_ids, **sampling)
        while True:
            try:
                yield self._drive(agen.__anext__())
            except StopAsyncIteration:
                return

    def close(self):
        for agen in list(self._live):
            self._drive(agen.aclose())
        sys.set_asyncgen_hooks(*self._saved_hooks)

    def __del__(self):
        self.close()
