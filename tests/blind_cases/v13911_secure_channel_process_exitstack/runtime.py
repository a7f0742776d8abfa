"""Process-wide resources that are released when the interpreter exits."""
import atexit
import contextlib

RESOURCES = contextlib.ExitStack()
atexit.register(RESOURCES.close)


def managed(resource):
    """Enter a context manager whose lifetime is tied to the process."""
    return RESOURCES.enter_context(resource)  # retain


def open_count():
    return len(RESOURCES._exit_callbacks)
