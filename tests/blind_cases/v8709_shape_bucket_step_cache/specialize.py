"""Shape-specialised decode steps with static buffers, one per (batch, bucket)."""
import torch

BUCKETS = (8, 16, 32, 64)


def bucket_for(length, buckets=BUCKETS):
    for bucket in buckets:
        if length <= bucket:
            return bucket
    raise ValueError(f"sequence of {length} tokens exceeds the largest bucket {buckets[-1]}")


class StepCache(dict):
    """Maps (batch, bucket) to a step function that only ever sees that padded shape."""

    def __init__(self, model, pad_id=0):
        super().__init__()
        self.model = model
        self.pad_id = pad_id
        self.builds = 0

    def __missing__(self, key):
        batch, bucket = key
        causal = torch.ones(bucket, bucket, dtype=torch.bool).tril()
        positions = torch.arange(bucket).expand(batch, bucket)
        buffer = torch.full((batch, bucket), self.pad_id, dtype=torch.long)
        model = self.model

        def step(ids):  # cycle
            n = ids.shape[1]
            if n > bucket:
                return self[batch, bucket_for(n)](ids)
            buffer.fill_(self.pad_id)
            buffer[:, :n] = ids
            return model(buffer, causal, positions)[:, n - 1]

        self.builds += 1
        self[key] = step  # cycle
        return step
