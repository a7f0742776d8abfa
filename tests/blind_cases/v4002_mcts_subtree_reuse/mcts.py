"""AlphaZero-style Monte Carlo tree search guided by a policy-value function."""
import math


class TreeNode:
    def __init__(self, parent, prior_p):
        self._parent = parent  # cycle
        self._children = {}
        self._n_visits, self._Q, self._P = 0, 0.0, prior_p

    def expand(self, action_priors):
        for action, prob in action_priors:
            if action not in self._children:
                self._children[action] = TreeNode(self, prob)  # cycle

    def select(self, c_puct):
        return max(self._children.items(), key=lambda item: item[1].ucb(c_puct))

    def ucb(self, c_puct):
        parent_visits = self._parent._n_visits if self._parent is not None else 1
        return self._Q + c_puct * self._P * math.sqrt(parent_visits) / (1 + self._n_visits)

    def update_recursive(self, leaf_value):
        if self._parent is not None:
            self._parent.update_recursive(-leaf_value)
        self._n_visits += 1
        self._Q += (leaf_value - self._Q) / self._n_visits


class MCTS:
    def __init__(self, policy_value_fn, c_puct=1.5, n_playout=16):
        self._root = TreeNode(None, 1.0)
        self._policy, self._c_puct, self._n_playout = policy_value_fn, c_puct, n_playout

    def _playout(self, state):
        node = self._root
        while node._children:
            action, node = node.select(self._c_puct)
            state.do_move(action)
        action_probs, leaf_value = self._policy(state)
        end, winner = state.game_end()
        if not end:
            node.expand(action_probs)
        else:
            leaf_value = 0.0 if winner == 0 else (1.0 if winner == state.current_player else -1.0)
        node.update_recursive(-leaf_value)

    def get_move_probs(self, state, temp=1.0):
        for _ in range(self._n_playout):
            self._playout(state.copy())
        acts = list(self._root._children)
        weights = [self._root._children[a]._n_visits ** (1.0 / temp) + 1e-8 for a in acts]
        return acts, [w / sum(weights) for w in weights]

    def update_with_move(self, last_move):
        if last_move in self._root._children:
            self._root = self._root._children[last_move]
            self._root._parent = None
        else:
            self._root = TreeNode(None, 1.0)
