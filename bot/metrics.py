"""What the bot counts, for Prometheus (``prometheus_client``, a well-kept library): moves by
game and outcome and their latency, due reminders and deadlines and how late they ran, Discord
requests and rate limits, board renders, open games, database errors.

The counters always count (an increment is a lock and an add); they are served only when
``METRICS_PORT`` is set (``bot.discord.observe``). They live in a registry of their own, not
the library's global one, so a test can read them without a server.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

MOVES = Counter("maester_moves", "Moves submitted, by game and outcome (accepted, duplicate, "
                "rejected, stale, failed).", ["game", "outcome"], registry=REGISTRY)
MOVE_SECONDS = Histogram("maester_move_seconds", "Time from a move's submission to its "
                         "committed answer, by game.", ["game"], registry=REGISTRY,
                         buckets=(.001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5))
DUE = Counter("maester_due_rows", "Reminders, deadlines, ready checks and votes acted on when "
              "due, by kind.", ["kind"], registry=REGISTRY)
DUE_LATENESS = Histogram("maester_due_lateness_seconds", "How long after its time a due row "
                         "was acted on.", registry=REGISTRY,
                         buckets=(1, 5, 15, 30, 60, 120, 300, 900, 3600))
REMINDERS = Counter("maester_reminders_sent", "Reminders posted (one per reminded player).",
                    registry=REGISTRY)
DISCORD_REQUESTS = Counter("maester_discord_requests", "Requests to Discord's REST API, by "
                           "method.", ["method"], registry=REGISTRY)
DISCORD_RATE_LIMITED = Counter("maester_discord_rate_limited", "Answers 429 (rate limited) "
                               "from Discord; discord.py waits them out.", registry=REGISTRY)
RENDER_SECONDS = Histogram("maester_render_seconds", "Time to draw a board image, by game.",
                           ["game"], registry=REGISTRY,
                           buckets=(.005, .01, .02, .05, .1, .2, .5, 1, 2))
OPEN_GAMES = Gauge("maester_open_games", "Games not finished, by status (lobby, starting, "
                   "active).", ["status"], registry=REGISTRY)
DATABASE_ERRORS = Counter("maester_database_errors", "Reads and writes the database refused.",
                          ["operation"], registry=REGISTRY)


def sample(name: str, **labels: str) -> float:
    """A sample's current value, 0 when it has none yet (``maester_moves_total``, …)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0
