"""Search: information-set Monte Carlo tree search, rollout policies, and the advisor."""
