"""Pure-Python BM25 over whitespace tokens."""
import math
from collections import Counter


class BM25:
    def __init__(self, docs, k1=1.2, b=0.75):
        self.docs = [d.lower().split() for d in docs]
        self.k1, self.b = k1, b
        self.avgdl = sum(map(len, self.docs)) / len(self.docs)
        df = Counter(t for d in self.docs for t in set(d))
        self.idf = {t: math.log(1 + (len(self.docs) - n + 0.5) / (n + 0.5)) for t, n in df.items()}
        self.tf = [Counter(d) for d in self.docs]

    def search(self, query, k):
        scores = []
        for i, (doc, tf) in enumerate(zip(self.docs, self.tf)):
            norm = self.k1 * (1 - self.b + self.b * len(doc) / self.avgdl)
            s = sum(self.idf.get(t, 0.0) * tf[t] * (self.k1 + 1) / (tf[t] + norm) for t in query.lower().split() if t in tf)
            scores.append((s, i))
        return [i for _, i in sorted(scores, reverse=True)[:k]]
