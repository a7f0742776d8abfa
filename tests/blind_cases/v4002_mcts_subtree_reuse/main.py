"""Self-play data generation for a small policy-value net, followed by a few SGD steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from game import Board
from mcts import MCTS


class PolicyValueNet(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(18, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy_head, self.value_head = nn.Linear(hidden, 9), nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.trunk(x)
        return F.log_softmax(self.policy_head(h), dim=-1), torch.tanh(self.value_head(h)).squeeze(-1)

    @torch.no_grad()
    def policy_value_fn(self, board):
        log_p, v = self(board.encode().unsqueeze(0))
        return [(m, float(log_p[0, m].exp())) for m in board.availables], float(v[0])


def self_play_game(mcts):
    board, states, mcts_probs, to_move = Board(), [], [], []
    while True:
        acts, probs = mcts.get_move_probs(board)
        move = acts[int(torch.multinomial(torch.tensor(probs), 1))]
        mcts.update_with_move(move)
        states.append(board.encode())
        mcts_probs.append(torch.zeros(9).scatter(0, torch.tensor(acts), torch.tensor(probs)))
        to_move.append(board.current_player)
        board.do_move(move)
        end, winner = board.game_end()
        if end:
            mcts.update_with_move(-1)
            z = torch.tensor([0.0 if winner == 0 else (1.0 if p == winner else -1.0) for p in to_move])
            return torch.stack(states), torch.stack(mcts_probs), z


def main():
    torch.manual_seed(0)
    net = PolicyValueNet()
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    mcts = MCTS(net.policy_value_fn, n_playout=12)
    for _ in range(2):
        states, target_p, target_v = (torch.cat(p) for p in zip(*[self_play_game(mcts) for _ in range(2)]))
        for _ in range(3):
            log_p, v = net(states)
            loss = F.mse_loss(v, target_v) - (target_p * log_p).sum(-1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
