"""The commands budget forgets the senders whose budget is full again, in one pass now and then."""

from __future__ import annotations

from bot.tg.command_budget import COMMAND_SPACING_MS, SWEEP_MS, CommandBudget

START_MS = 1_700_000_000_000


def test_full_budgets_are_forgotten_once_in_a_while_not_on_every_command() -> None:
    budget = CommandBudget()
    assert budget.take("alice", START_MS)
    # Alice's budget is full again, but the map was swept a moment ago: it is not looked through for her.
    assert budget.take("bob", START_MS + COMMAND_SPACING_MS)
    assert len(budget) == 2
    assert budget.take("bob", START_MS + SWEEP_MS)  # a sweep: Alice's full budget goes, Bob's is in use
    assert len(budget) == 1


def test_a_budget_kept_past_full_counts_as_full() -> None:
    budget = CommandBudget(burst=2, spacing_ms=COMMAND_SPACING_MS)
    assert budget.take("alice", START_MS) and budget.take("alice", START_MS)
    assert not budget.take("alice", START_MS)
    later = START_MS + 2 * COMMAND_SPACING_MS  # full again, not yet swept
    assert budget.take("alice", later) and budget.take("alice", later)
    assert not budget.take("alice", later)


def test_time_a_sender_was_quiet_past_a_full_budget_is_not_saved_up() -> None:
    """Quiet for longer than their budget took to fill, a sender still gets the burst and no more: the time
    beyond full is not owed to them (their bucket, not swept yet, is kept past full)."""
    budget = CommandBudget(burst=2, spacing_ms=COMMAND_SPACING_MS // 2)
    assert budget.take("alice", START_MS) and budget.take("alice", START_MS)
    later = START_MS + SWEEP_MS - 1  # full since long before, not swept yet
    assert budget.take("alice", later) and budget.take("alice", later)
    assert not budget.take("alice", later)
