"""Process-wide bank of good trial weights, used to warm-start later studies."""
import bisect


class WarmStartBank:
    def __init__(self, top_k=2):
        self.top_k = top_k
        self._entries = {}

    @staticmethod
    def key_for(params):
        return (params["width"], params["depth"])

    def offer(self, params, score, state, origin):
        key = self.key_for(params)
        ranked = list(self._entries.get(key, []))
        scores = [entry[0] for entry in ranked]
        pos = bisect.bisect_left(scores, score)
        ranked.insert(pos, (score, origin, state))
        self._entries[key] = ranked[: self.top_k]  # retain

    def best(self, params):
        ranked = self._entries.get(self.key_for(params))
        if not ranked:
            return None
        score, origin, state = ranked[0]
        return state, origin

    def summary(self):
        return {key: [round(s, 4) for s, _, _ in ranked] for key, ranked in self._entries.items()}


BANK = WarmStartBank(top_k=2)
