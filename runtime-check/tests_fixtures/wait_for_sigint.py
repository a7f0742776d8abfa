"""Makes a cycle, says it is ready, then waits to be interrupted."""
import time


class Ring:
    def __init__(self):
        self.other = Partner(self)


class Partner:
    def __init__(self, ring):
        self.ring = ring


for _ in range(4):
    Ring()
print("ready", flush=True)
time.sleep(120)
