"""Two-player 'matching pennies on a line' game; the second player is a frozen opponent policy."""
import torch


class DuelEnv:
    def __init__(self, opponent, board=5, seed=0):
        self.opponent = opponent
        self.board = board
        self.gen = torch.Generator().manual_seed(seed)
        self.state = torch.zeros(board)
        self.t = 0
        self.spec = None

    def reset(self):
        self.state = torch.rand(self.board, generator=self.gen)
        self.t = 0
        return self.state.clone()

    def step(self, action):
        with torch.no_grad():
            opp_logits = self.opponent(self.state.flip(0).unsqueeze(0))[0]
        opp_action = int(opp_logits.argmax())
        reward = float(self.state[action] - self.state[opp_action])
        self.state = torch.roll(self.state, shifts=1) * 0.9 + 0.1 * torch.rand(self.board, generator=self.gen)
        self.t += 1
        done = self.t >= self.spec.max_episode_steps
        return self.state.clone(), reward, done
