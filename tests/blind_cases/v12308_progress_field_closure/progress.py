"""Multi-task progress board (rich-style): tasks with lazily rendered fields.

Field values are zero-argument callables so that the board only pays for
formatting when it actually redraws. Finished tasks stay on the board for the
end-of-sweep summary table.
"""
import itertools
import sys
import time


class Task:
    def __init__(self, task_id, description, total, fields):
        self.id = task_id
        self.description = description
        self.total = total
        self.completed = 0
        self.fields = dict(fields or {})
        self.started = time.monotonic()
        self.finished = None


class ProgressBoard:
    def __init__(self, stream=None, refresh_every=4, width=24):
        self.stream = stream or sys.stderr
        self.refresh_every = refresh_every
        self.width = width
        self.tasks = {}
        self._ids = itertools.count(1)

    def add_task(self, description, total, fields=None):
        task = Task(next(self._ids), description, total, fields)
        self.tasks[task.id] = task  # retain
        return task.id

    def advance(self, task_id, n=1):
        task = self.tasks[task_id]
        task.completed += n
        if task.completed % self.refresh_every == 0 or task.completed >= task.total:
            self.stream.write(self._line(task) + "\n")

    def finish(self, task_id):
        task = self.tasks[task_id]
        task.finished = time.monotonic()
        self.stream.write(self._line(task) + " done\n")

    def _line(self, task):
        filled = int(self.width * task.completed / max(1, task.total))
        bar = "#" * filled + "-" * (self.width - filled)
        extras = " ".join(f"{k}={fn()}" for k, fn in task.fields.items())
        return f"{task.description:<12} [{bar}] {task.completed}/{task.total} {extras}"

    def summary(self):
        rows = []
        for task in self.tasks.values():
            took = (task.finished or time.monotonic()) - task.started
            rows.append(f"{task.description:<12} {took:6.2f}s " +
                        " ".join(f"{k}={fn()}" for k, fn in task.fields.items()))
        return "\n".join(rows)


BOARD = ProgressBoard()
