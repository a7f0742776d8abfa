"""Blocking front door over the process-wide event loop, with per-burst budgets."""
import asyncio

from engine import ScoreResponse

_LOOP = asyncio.new_event_loop()
GATEWAY_TIMEOUT = 504


def run_burst(engine, requests, budget_s):
    tasks = {_LOOP.create_task(engine.handle(req)): req for req in requests}
    done, pending = _LOOP.run_until_complete(asyncio.wait(tasks, timeout=budget_s))
    if pending:
        for task in pending:
            task.cancel()
        _LOOP.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    responses = []
    for task, req in tasks.items():
        if task in done and task.exception() is None:
            responses.append(task.result())
        else:
            responses.append(ScoreResponse(req.rid, GATEWAY_TIMEOUT, detail="deadline exceeded"))
    responses.sort(key=lambda r: r.rid)
    return responses
