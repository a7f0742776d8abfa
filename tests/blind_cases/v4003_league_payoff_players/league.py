"""Population bookkeeping for league self-play: a decayed payoff table and the league itself."""
import collections


class Payoff:
    def __init__(self, decay=0.99):
        self._players = []
        self._wins = collections.defaultdict(float)
        self._games = collections.defaultdict(float)
        self._decay = decay

    def add_player(self, player):
        self._players.append(player)  # cycle

    @property
    def players(self):
        return self._players

    def win_rate(self, home, away):
        games = self._games[home.name, away.name]
        return 0.5 if games == 0 else self._wins[home.name, away.name] / games

    def update(self, home, away, home_win_frac, n_games):
        for key, frac in (((home.name, away.name), home_win_frac), ((away.name, home.name), 1 - home_win_frac)):
            self._games[key] = self._games[key] * self._decay + n_games
            self._wins[key] = self._wins[key] * self._decay + frac * n_games


class League:
    def __init__(self, initial_players, payoff):
        self._payoff = payoff
        self.learning_players = list(initial_players)
        for player in self.learning_players:
            payoff.add_player(player)

    def add_snapshot(self, player):
        historical = player.checkpoint()
        self._payoff.add_player(historical)
        return historical

    def summary(self):
        return {p.name: round(sum(self._payoff.win_rate(p, q) for q in self._payoff.players), 3)
                for p in self.learning_players}
