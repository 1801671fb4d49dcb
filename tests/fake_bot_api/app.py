"""The ASGI app: `/bot<token>/<method>` over GET or POST with query, JSON, form or multipart parameters."""

from __future__ import annotations

import asyncio
import contextlib
import json
from email.parser import BytesParser
from email.policy import default
from typing import Any
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .errors import NOT_FOUND, POLL_CONFLICT, UNAUTHORIZED, ApiError, bad_request
from .methods import call_method
from .params import Params
from .world import World

MAX_POLL_TIMEOUT = 50


async def _read_params(request: Request) -> dict[str, Any]:
    params: dict[str, Any] = dict(request.query_params)
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        body = await request.body()
        if body:
            params.update(json.loads(body))
    elif content_type.startswith("application/x-www-form-urlencoded"):
        params.update(parse_qsl((await request.body()).decode("utf-8"), keep_blank_values=True))
    elif content_type.startswith("multipart/form-data"):
        params.update(_multipart_fields(content_type, await request.body()))
    return params


def _multipart_fields(content_type: str, body: bytes) -> dict[str, str]:
    """The text fields of a multipart body (uploaded files are not simulated)."""
    document = f"Content-Type: {content_type}\r\n\r\n".encode() + body
    message = BytesParser(policy=default).parsebytes(document)
    fields: dict[str, str] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if isinstance(name, str) and part.get_filename() is None:
            payload = part.get_payload(decode=True)
            fields[name] = payload.decode("utf-8") if isinstance(payload, bytes) else ""
    return fields


async def _get_updates(world: World, params: Params) -> Any:
    """Long polling: answer at once when updates are pending, else wait for one or for `timeout` seconds."""
    offset = params.int_("offset")
    limit = min(max(params.int_("limit", 100) or 100, 1), 100)
    timeout = min(max(params.int_("timeout", 0) or 0, 0), MAX_POLL_TIMEOUT)
    allowed = params.json_("allowed_updates")
    if allowed is not None and not isinstance(allowed, list):
        raise bad_request("can't parse allowed_updates JSON array")
    with world.lock:
        world.poll_generation += 1
        generation = world.poll_generation
    world.wake_pollers()  # an older poll still waiting ends with 409 Conflict, as on Telegram
    event = asyncio.Event()
    world.add_waiter(event)
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if world.poll_generation != generation:
                raise POLL_CONFLICT
            updates = world.take_updates(offset, limit, allowed)
            remaining = deadline - loop.time()
            if updates or remaining <= 0 or world.polling_closed:
                return updates
            event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)
    finally:
        world.remove_waiter(event)


def create_app(world: World) -> Starlette:
    """An ASGI app serving the Bot API of `world.token` from `world`."""

    async def endpoint(request: Request) -> JSONResponse:
        method = request.path_params["method"]
        params: dict[str, Any] = {}
        try:
            if request.path_params["token"] != world.token:
                raise UNAUTHORIZED
            params = await _read_params(request)
            if method.lower() == "getupdates":
                result = await _get_updates(world, Params(params))
            else:
                result = call_method(world, method, Params(params))
            body: dict[str, Any] = {"ok": True, "result": result}
            status = 200
        except ApiError as error:
            body, status = error.body(), error.code
        except json.JSONDecodeError:
            body, status = bad_request("can't parse JSON").body(), 400
        world.log_call(method, params, status, body)
        return JSONResponse(body, status_code=status)

    async def not_found(request: Request) -> JSONResponse:
        return JSONResponse(NOT_FOUND.body(), status_code=404)

    return Starlette(
        routes=[
            Route("/bot{token}/{method}", endpoint, methods=["GET", "POST"]),
            Route("/{path:path}", not_found, methods=["GET", "POST"]),
        ]
    )
