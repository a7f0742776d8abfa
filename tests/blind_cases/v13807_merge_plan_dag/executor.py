"""Executes a merge plan in dependency order and frees intermediate tensors as soon as possible."""


class Executor:
    def __init__(self, targets):
        self.order = []
        seen = set()
        for target in targets:
            self._visit(target, seen)
        for task in self.order:
            for dep in task.inputs:
                dep.consumers.append(task)  # cycle

    def _visit(self, task, seen):
        if id(task) in seen:
            return
        seen.add(id(task))
        for dep in task.inputs:
            self._visit(dep, seen)
        self.order.append(task)

    def run(self):
        remaining = {id(task): len(task.consumers) for task in self.order}
        for task in self.order:
            task.result = task.execute(*(dep.result for dep in task.inputs))
            for dep in task.inputs:
                remaining[id(dep)] -= 1
                if remaining[id(dep)] == 0:
                    dep.result = None
        return len(self.order)
