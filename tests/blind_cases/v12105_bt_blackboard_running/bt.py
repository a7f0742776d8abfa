"""Minimal behaviour-tree runtime: memory sequence, retry, actions and a blackboard."""
import enum


class Status(enum.Enum):
    SUCCESS = "success"
    FAILURE = "failure"
    RUNNING = "running"


class Node:
    def __init__(self, children=()):
        self.children = list(children)

    def setup(self, blackboard):
        self.blackboard = blackboard  # cycle
        for child in self.children:
            child.setup(blackboard)

    def tick(self):
        raise NotImplementedError


class Sequence(Node):
    index = 0

    def tick(self):
        while self.index < len(self.children):
            status = self.children[self.index].tick()
            if status is not Status.SUCCESS:
                self.index = self.index if status is Status.RUNNING else 0
                return status
            self.index += 1
        self.index = 0
        return Status.SUCCESS


class Retry(Node):
    def __init__(self, child, attempts):
        super().__init__([child])
        self.attempts = attempts
        self.failures = 0

    def tick(self):
        status = self.children[0].tick()
        if status is Status.FAILURE:
            self.failures += 1
            return Status.FAILURE if self.failures >= self.attempts else Status.RUNNING
        return status


class Action(Node):
    def tick(self):
        status = self.update()
        if status is Status.RUNNING:
            self.blackboard["running_action"] = self  # cycle
        return status


def run_tree(root, blackboard, max_ticks):
    root.setup(blackboard)
    status, ticks = Status.RUNNING, 0
    while status is Status.RUNNING and ticks < max_ticks:
        ticks += 1
        status = root.tick()
    return status, ticks
