"""Tic-tac-toe board with the encoding used by the policy-value network."""
import torch

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Board:
    def __init__(self, cells=None, current_player=1):
        self.cells = list(cells) if cells is not None else [0] * 9
        self.current_player = current_player

    def copy(self):
        return Board(self.cells, self.current_player)

    @property
    def availables(self):
        return [i for i, c in enumerate(self.cells) if c == 0]

    def do_move(self, move):
        self.cells[move] = self.current_player
        self.current_player = -self.current_player

    def game_end(self):
        for a, b, c in LINES:
            if self.cells[a] != 0 and self.cells[a] == self.cells[b] == self.cells[c]:
                return True, self.cells[a]
        return not self.availables, 0

    def encode(self):
        cells = torch.tensor(self.cells) * self.current_player
        return torch.cat([(cells == 1).float(), (cells == -1).float()])
