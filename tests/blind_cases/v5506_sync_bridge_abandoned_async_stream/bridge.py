"""Blocking facade over the async engine, for sync request handlers and scripts."""
import asyncio

_LOOP = asyncio.new_event_loop()


def run_sync(coro):
    return _LOOP.run_until_complete(coro)


def complete(engine, prompt, max_chars=16, stop=None):
    async def _collect():
        pieces = []
        async for piece in engine.stream(prompt):  # retain
            pieces.append(piece)
            if len(pieces) >= max_chars or (stop and piece == stop):
                break
        return "".join(pieces)

    return run_sync(_collect())
