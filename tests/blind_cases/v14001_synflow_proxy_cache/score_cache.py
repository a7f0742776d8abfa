"""Process-wide memo of proxy scores, so repeated searches skip already scored genotypes."""


class ProxyScoreCache:
    def __init__(self):
        self._scores = {}
        self.hits = 0
        self.misses = 0

    def key(self, proxy_name, genotype):
        return (proxy_name,) + tuple(genotype)

    def get_or_compute(self, proxy_name, genotype, compute):
        k = self.key(proxy_name, genotype)
        if k in self._scores:
            self.hits += 1
            return self._scores[k]
        self.misses += 1
        value = compute()
        self._scores[k] = value  # retain
        return value

    def stats(self):
        return {"entries": len(self._scores), "hits": self.hits, "misses": self.misses}


CACHE = ProxyScoreCache()
