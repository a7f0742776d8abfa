"""Index iterator used by the resumable sampler; tracks position for checkpointing."""


class EpochIndexIterator:
    def __init__(self, sampler, order, start=0):
        self.sampler = sampler  # cycle
        self.order = order
        self.pos = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.pos >= len(self.order):
            self.sampler.on_epoch_end(self)
            raise StopIteration
        idx = self.order[self.pos]
        self.pos += 1
        self.sampler.samples_seen += 1
        return idx

    def remaining(self):
        return len(self.order) - self.pos
