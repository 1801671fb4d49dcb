"""Bot API error replies, worded exactly as Telegram words them."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A failed Bot API call: becomes `{"ok": false, "error_code": ..., "description": ...}`."""

    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"ok": False, "error_code": self.code, "description": self.description}
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def bad_request(reason: str) -> ApiError:
    return ApiError(400, f"Bad Request: {reason}")


def forbidden(reason: str) -> ApiError:
    return ApiError(403, f"Forbidden: {reason}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after})


def migrated(new_chat_id: int) -> ApiError:
    return ApiError(
        400,
        "Bad Request: group chat was upgraded to a supergroup chat",
        {"migrate_to_chat_id": new_chat_id},
    )


UNAUTHORIZED = ApiError(401, "Unauthorized")
NOT_FOUND = ApiError(404, "Not Found")
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly the same "
    "as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
POLL_CONFLICT = ApiError(
    409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
)
