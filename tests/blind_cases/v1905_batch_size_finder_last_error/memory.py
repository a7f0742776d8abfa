"""Helpers that retry a training function with a smaller batch size after an out-of-memory error."""
import functools
import inspect
import logging

logger = logging.getLogger(__name__)

_OOM_MESSAGES = (
    "CUDA out of memory.",
    "cuDNN error: CUDNN_STATUS_NOT_SUPPORTED.",
    "DefaultCPUAllocator: can't allocate memory",
)


def should_reduce_batch_size(exception):
    if isinstance(exception, RuntimeError) and len(exception.args) == 1:
        return any(msg in exception.args[0] for msg in _OOM_MESSAGES)
    return False


def find_executable_batch_size(function=None, starting_batch_size=128, min_batch_size=1):
    """Call ``function(batch_size, ...)``, halving ``batch_size`` after every OOM failure."""
    if function is None:
        return functools.partial(find_executable_batch_size, starting_batch_size=starting_batch_size,
                                 min_batch_size=min_batch_size)

    batch_size = starting_batch_size
    last_error = None

    @functools.wraps(function)
    def decorator(*args, **kwargs):  # cycle
        nonlocal batch_size, last_error
        params = list(inspect.signature(function).parameters)
        if len(params) < len(args) + 1:
            raise TypeError(f"{function.__name__} must take the batch size as its first argument")
        while True:
            if batch_size < min_batch_size:
                raise RuntimeError(f"No executable batch size found; last failure: {last_error}")
            try:
                return function(batch_size, *args, **kwargs)
            except Exception as e:
                if not should_reduce_batch_size(e):
                    raise
                last_error = e  # cycle
                logger.info("batch size %d does not fit, retrying with %d", batch_size, batch_size // 2)
                batch_size //= 2

    return decorator
