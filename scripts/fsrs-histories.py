"""Random review histories scheduled by py-fsrs, the reference FSRS-6 scheduler, printed as JSON.

Usage: .venv/bin/python scripts/fsrs-histories.py SEED COUNT

The Swift scheduler replays each history (Tests/FSRSTests) and must reach the same card after every review.
Times are integer microseconds since 1970 (UTC), so both sides read them exactly. With fuzz on, every value
py-fsrs draws from random.random() is recorded with the review that drew it (null when it drew none), so the
Swift side can be handed the same draw.
"""

import importlib.metadata
import json
import random
import sys
from datetime import datetime, timedelta, timezone

import fsrs
import fsrs.scheduler
from fsrs import Card, Rating, Scheduler

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def micros(moment):
    return (moment - EPOCH) // timedelta(microseconds=1)


def card_json(card):
    return {
        "state": card.state.name.lower(),
        "step": card.step,
        "stability": card.stability,
        "difficulty": card.difficulty,
        "due": micros(card.due),
        "lastReview": micros(card.last_review) if card.last_review else None,
    }


def random_parameters(rng):
    """Parameters anywhere inside py-fsrs's bounds, so the formulas are checked beyond the defaults."""
    lower = fsrs.scheduler.LOWER_BOUNDS_PARAMETERS
    upper = fsrs.scheduler.UPPER_BOUNDS_PARAMETERS
    return [rng.uniform(low, high) for low, high in zip(lower, upper)]


def random_gap(rng):
    """Mostly around when the card is due, sometimes far too early or far too late, sometimes no time at all,
    and now and then backwards, as a clock set back would give."""
    kind = rng.random()
    if kind < 0.03:
        return -timedelta(seconds=rng.randint(1, 3 * 86400))
    if kind < 0.05:
        return timedelta(0)
    if kind < 0.30:
        return timedelta(seconds=rng.randint(1, 3600))
    if kind < 0.45:
        return timedelta(seconds=rng.randint(3600, 5 * 86400))
    if kind < 0.55:
        return timedelta(days=rng.randint(1, 3000), seconds=rng.randint(0, 86399))
    return None  # at the due time, give or take


def random_steps(rng, usual, others):
    """Mostly the default steps; sometimes others, to reach py-fsrs's branches for none, one or three steps."""
    steps = usual if rng.random() < 0.8 else rng.choice(others)
    return [timedelta(minutes=minutes) for minutes in steps]


def history(rng, fuzz_draws):
    parameters = (
        list(fsrs.scheduler.DEFAULT_PARAMETERS) if rng.random() < 0.6 else random_parameters(rng)
    )
    scheduler = Scheduler(
        parameters=parameters,
        desired_retention=rng.choice([0.9, round(rng.uniform(0.70, 0.99), 2)]),
        learning_steps=random_steps(rng, [1, 10], [[], [5], [1, 10, 60]]),
        relearning_steps=random_steps(rng, [10], [[], [10, 60]]),
        maximum_interval=rng.choice([36500, 36500, 36500, rng.randint(1, 400)]),
        enable_fuzzing=rng.random() < 0.5,
    )
    start = EPOCH + timedelta(
        seconds=rng.randint(1_600_000_000, 1_900_000_000),
        microseconds=rng.choice([0, rng.randint(0, 999_999)]),
    )
    card = Card(card_id=1, due=start)
    moment = start
    reviews = []
    for _ in range(rng.randint(1, 30)):
        gap = random_gap(rng)
        if gap is None:
            moment = max(moment, card.due + timedelta(seconds=rng.randint(-3600, 3 * 86400)))
        else:
            moment = moment + gap
        rating = rng.choice(list(Rating))
        fuzz_draws.clear()
        card, _ = scheduler.review_card(card, rating, review_datetime=moment)
        reviews.append(
            {
                "at": micros(moment),
                "rating": rating.name.lower(),
                "fuzz": fuzz_draws[0] if fuzz_draws else None,
                "card": card_json(card),
            }
        )
        assert len(fuzz_draws) <= 1, "py-fsrs drew more than once in one review"
    return {
        "scheduler": {
            "parameters": list(scheduler.parameters),
            "desiredRetention": scheduler.desired_retention,
            "learningSteps": [step.total_seconds() for step in scheduler.learning_steps],
            "relearningSteps": [step.total_seconds() for step in scheduler.relearning_steps],
            "maximumInterval": scheduler.maximum_interval,
            "enableFuzzing": scheduler.enable_fuzzing,
        },
        "created": micros(start),
        "reviews": reviews,
    }


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)

    # py-fsrs fuzzes with the module-level random(); record what it draws.
    fuzz_draws = []
    draw = fsrs.scheduler.random

    def recording_random():
        value = draw()
        fuzz_draws.append(value)
        return value

    fsrs.scheduler.random = recording_random
    random.seed(seed + 1)

    histories = [history(rng, fuzz_draws) for _ in range(count)]
    json.dump(
        {"fsrsVersion": importlib.metadata.version("fsrs"), "seed": seed, "histories": histories},
        sys.stdout,
        separators=(",", ":"),
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
