"""Synchronous front door: runs bursts of requests on the process-wide event loop."""
import asyncio

from engine import InferenceResponse

_LOOP = asyncio.new_event_loop()
GATEWAY_TIMEOUT = 504


def run_burst(engine, requests, budget_s):
    """Serve a burst within a wall-clock budget; late requests get a 504."""
    tasks = {}
    for req in requests:
        tasks[_LOOP.create_task(engine.handle(req))] = req  # retain
    done, pending = _LOOP.run_until_complete(asyncio.wait(tasks, timeout=budget_s))
    responses = []
    for task, req in tasks.items():
        if task in done and task.exception() is None:
            responses.append(task.result())
        else:
            responses.append(InferenceResponse(req.rid, GATEWAY_TIMEOUT))
    responses.sort(key=lambda r: r.rid)
    return responses
