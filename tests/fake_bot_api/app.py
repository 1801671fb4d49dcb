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
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from .errors import NOT_FOUND, POLL_CONFLICT, UNAUTHORIZED, ApiError, bad_request, too_many_requests
from .faults import Fault
from .methods import SlowModeHold, call_method
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
    """Long polling: answer at once when updates are pending, else wait for one or for `timeout` seconds. A
    token revoked meanwhile (`world.token` changed, pollers woken) ends the wait with 401."""
    token = world.token
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
            if world.token != token:
                raise UNAUTHORIZED
            updates = world.take_updates(offset, limit, allowed)
            remaining = deadline - loop.time()
            if updates or remaining <= 0 or world.polling_closed:
                return updates
            event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)
    finally:
        world.remove_waiter(event)


async def _held_call(world: World, method: str, params: Params) -> Any:
    """call_method; a new message slow mode holds back waits on the server, the bot's request open, and goes
    once it may, whether or not the bot still waits for the answer."""
    while True:
        try:
            return call_method(world, method, params)
        except SlowModeHold as hold:
            await world.sleep(hold.seconds)


class _DroppedConnection(Response):
    """Headers promising a body, then the connection closes: the client sees a broken connection."""

    def __init__(self) -> None:
        super().__init__(status_code=200)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [(b"content-type", b"application/json"), (b"content-length", b"64")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b'{"ok":', "more_body": True})


async def _injected(world: World, method: str) -> Fault | None:
    """Apply a chaos fault drawn for this call: raise it, wait it out, or report a drop to perform."""
    fault = world.faults.draw(method) if world.faults is not None else None
    if fault is Fault.FLOOD:
        raise too_many_requests(world.faults.retry_after if world.faults else 1)
    if fault is Fault.SERVER:
        raise ApiError(502, "Bad Gateway")
    if fault is Fault.SLOW and world.faults is not None:
        await asyncio.sleep(world.faults.slow_seconds)
    return fault


def create_app(world: World) -> Starlette:
    """An ASGI app serving the Bot API of `world.token` from `world`."""

    async def endpoint(request: Request) -> Response:
        method = request.path_params["method"]
        received = world.clock()
        content_type = request.headers.get("content-type", "").partition(";")[0]
        params: dict[str, Any] = {}
        fault: Fault | None = None
        try:
            if request.path_params["token"] != world.token:
                raise UNAUTHORIZED
            params = await _read_params(request)
            fault = await _injected(world, method)
            chat_id = None if params.get("chat_id") is None else str(params["chat_id"])
            if world.transit is not None:
                await world.transit(method, chat_id)
            if fault is Fault.DROP_BEFORE:
                world.log_call(method, params, 0, {}, received, content_type)
                return _DroppedConnection()
            if method.lower() == "getupdates":
                result = await _get_updates(world, Params(params))
            else:
                result = await _held_call(world, method, Params(params))
            if world.transit_back is not None:
                await world.transit_back(method, chat_id)
            body: dict[str, Any] = {"ok": True, "result": result}
            status = 200
        except ApiError as error:
            body, status = error.body(), error.code
        except ClientDisconnect:  # the bot died while sending (crash runs): nobody reads an answer
            return Response(status_code=499)
        except json.JSONDecodeError:
            body, status = bad_request("can't parse JSON").body(), 400
        logged_status = 0 if fault is Fault.DROP_AFTER else status
        world.log_call(method, params, logged_status, body, received, content_type)
        return _DroppedConnection() if fault is Fault.DROP_AFTER else JSONResponse(body, status_code=status)

    async def not_found(request: Request) -> JSONResponse:
        return JSONResponse(NOT_FOUND.body(), status_code=404)

    return Starlette(
        routes=[
            Route("/bot{token}/{method}", endpoint, methods=["GET", "POST"]),
            Route("/{path:path}", not_found, methods=["GET", "POST"]),
        ]
    )
