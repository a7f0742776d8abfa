"""Shared event loop for a synchronous web app that calls async model code."""
import asyncio
from contextvars import ContextVar

LOOP = asyncio.new_event_loop()
request_state: ContextVar = ContextVar("request_state", default=None)


def run_sync(coro):
    return LOOP.run_until_complete(coro)
