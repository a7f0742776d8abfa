"""Expert parallelism emulated in one process: every rank is a worker thread
that owns a shard of the experts and serves all-to-all requests."""
import queue
import threading


class ExpertRank(threading.Thread):
    def __init__(self, rank, experts):
        super().__init__(name=f"ep-rank{rank}", daemon=True)
        self.rank = rank
        self.experts = experts
        self.inbox = queue.Queue()

    def run(self):
        while True:
            job = self.inbox.get()
            if job is None:
                return
            expert_id, tokens, reply = job
            try:
                reply.put((expert_id, self.experts[expert_id](tokens)))
            except Exception as err:  # forwarded to the caller
                reply.put((expert_id, err))


class ExpertParallelGroup:
    def __init__(self, experts, world_size):
        self.placement = {}
        self.ranks = []
        for rank in range(world_size):
            shard = {e: m for e, m in enumerate(experts) if e % world_size == rank}
            self.placement.update(dict.fromkeys(shard, rank))
            worker = ExpertRank(rank, shard)
            worker.start()
            self.ranks.append(worker)

    def all_to_all(self, per_expert_tokens):
        reply = queue.Queue()
        for expert_id, tokens in per_expert_tokens.items():
            self.ranks[self.placement[expert_id]].inbox.put((expert_id, tokens, reply))
        results = {}
        for _ in range(len(per_expert_tokens)):
            expert_id, out = reply.get()
            if isinstance(out, Exception):
                raise out
            results[expert_id] = out
        return results

    def shutdown(self):
        for worker in self.ranks:
            worker.inbox.put(None)
        for worker in self.ranks:
            worker.join()
