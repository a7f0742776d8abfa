"""Background jobs shared by the trainer and the online serving process.

Inside the server an event loop is running and jobs become tasks right away;
elsewhere they are queued until the serving entry point calls drain().
"""
import asyncio

_queued = []


def schedule(job):
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        _queued.append(job)  # retain
        return None
    return loop.create_task(job)


async def drain():
    while _queued:
        await _queued.pop(0)


def queued_jobs():
    return len(_queued)
