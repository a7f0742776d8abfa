"""Composable stopping criteria for the decoding loop; combine them with `|`."""


class StoppingCriterion:
    def __call__(self, state):
        raise NotImplementedError

    def __or__(self, other):
        return AnyOf([self, other])


class AnyOf(StoppingCriterion):
    def __init__(self, criteria):
        self.criteria = list(criteria)

    def __or__(self, other):
        self.criteria.append(other)  # retain
        return self

    def __call__(self, state):
        return any(criterion(state) for criterion in self.criteria)


class EosToken(StoppingCriterion):
    def __init__(self, eos_id):
        self.eos_id = eos_id

    def __call__(self, state):
        return state.tokens[-1] == self.eos_id


class MaxNewTokens(StoppingCriterion):
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, state):
        return len(state.tokens) - state.prompt_len >= self.limit


class StopStrings(StoppingCriterion):
    def __init__(self, stops, decode):
        self.stops = tuple(stops)
        self.decode = decode

    def __call__(self, state):
        text = self.decode(state.tokens[state.prompt_len:])
        return any(text.endswith(s) for s in self.stops)


class ContextBudget(StoppingCriterion):
    """Stops a turn once the session's KV cache holds `budget` positions."""

    def __init__(self, session, budget):
        self.session = session
        self.budget = budget

    def __call__(self, state):
        return self.session.cache_len() >= self.budget


DEFAULT_STOP = EosToken(0) | MaxNewTokens(32)
