"""Stats and leaderboards: the skill rating, chat and global boards, personal stats, /forgetme."""

from bot.service.leaderboards.forget import (
    StillPlaying,
    anything_to_forget,
    forget,
    forget_user,
    still_playing,
)
from bot.service.leaderboards.leaderboard import (
    PAGE_SIZE,
    WIN_RATE_MATCHES,
    LeaderboardEntry,
    LeaderboardPage,
    Ordering,
    Period,
    board_namesakes,
    leaderboard,
)
from bot.service.leaderboards.personal import PersonalStats, personal_stats
from bot.service.leaderboards.rating import PROVISIONAL_MATCHES, RatingChange, record_match, shown_rating

__all__ = [
    "PAGE_SIZE",
    "PROVISIONAL_MATCHES",
    "WIN_RATE_MATCHES",
    "LeaderboardEntry",
    "LeaderboardPage",
    "Ordering",
    "Period",
    "PersonalStats",
    "RatingChange",
    "StillPlaying",
    "anything_to_forget",
    "board_namesakes",
    "forget",
    "forget_user",
    "leaderboard",
    "personal_stats",
    "record_match",
    "shown_rating",
    "still_playing",
]
