"""In-process stand-in for the point-to-point calls between pipeline ranks.

Single-host debug runs put every stage in one process; tensors are handed
over by reference, so autograd runs straight across the stage boundaries.
"""
import collections

LOSS_RANK = -1
_MAILBOX = collections.defaultdict(collections.deque)


def send(tensor, dst, tag):
    _MAILBOX[(dst, tag)].append(tensor)  # retain


def recv(dst, tag):
    queue = _MAILBOX.get((dst, tag))
    if not queue:
        raise RuntimeError(f"recv on rank {dst} (tag {tag!r}) with nothing posted")
    return queue.popleft()


def pending():
    return {key: len(q) for key, q in _MAILBOX.items() if q}
