"""ctypes fallback for the native record decoder.

The C extension keeps raw pointers into the staging buffer while a job is queued,
so it owns a reference to the buffer's owner from submit() until the job completes.
This backend follows the same ownership contract.
"""
import ctypes
from collections import deque

_api = ctypes.pythonapi
_api.Py_IncRef.argtypes = [ctypes.py_object]
_api.Py_DecRef.argtypes = [ctypes.py_object]


class DecodeQueue:
    def __init__(self, max_inflight=4):
        self.max_inflight = max_inflight
        self._jobs = deque()
        self._next_id = 0

    def __len__(self):
        return len(self._jobs)

    def submit(self, owner, src_addr, dst_addr, nbytes):
        if len(self._jobs) >= self.max_inflight:
            raise RuntimeError("decoder queue full")
        _api.Py_IncRef(owner)  # retain
        self._next_id += 1
        self._jobs.append((self._next_id, id(owner), src_addr, dst_addr, nbytes))
        return self._next_id

    def complete_next(self):
        job_id, owner_addr, src, dst, nbytes = self._jobs.popleft()
        ctypes.memmove(dst, src, nbytes)
        _api.Py_DecRef(ctypes.cast(owner_addr, ctypes.py_object))
        return job_id

    def discard_pending(self):
        dropped = len(self._jobs)
        self._jobs.clear()
        return dropped
