"""Sending Web Push messages (``pywebpush``): each signed with the server's VAPID key and
encrypted (aes128gcm, RFC 8291) for the browser that subscribed.

A subscription the push service says is gone (404, 410) is to be dropped; any other failure
(the service away, a timeout) loses that one message and keeps the subscription.
"""

from __future__ import annotations

import json
import logging
from enum import Enum
from typing import Any

import aiohttp
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush_async

from .models import PushSubscriptionRow

log = logging.getLogger("ludoteca.server")

# how long a push service keeps a message for a browser that is offline (a turn waits longer)
TTL_SECONDS = 24 * 3600
SEND_SECONDS = 10.0


class Sent(Enum):
    SENT = "sent"
    GONE = "gone"  # the subscription no longer exists: drop it
    FAILED = "failed"


class PushSender:
    def __init__(self, vapid: Vapid02, contact: str) -> None:
        self.vapid = vapid
        self.contact = contact  # the VAPID "sub" claim: mailto: or https: of the operator

    async def send(self, sub: PushSubscriptionRow, payload: dict[str, Any]) -> Sent:
        info: dict[str, Any] = {
            "endpoint": sub.endpoint,
            "keys": {"p256dh": sub.p256dh, "auth": sub.auth},
        }
        try:
            await webpush_async(
                info,
                json.dumps(payload, separators=(",", ":")),
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.contact},  # a new dict: the call fills in aud, exp
                ttl=TTL_SECONDS,
                timeout=SEND_SECONDS,
            )
        except WebPushException as e:
            status = e.status_code
            if status in (404, 410):
                return Sent.GONE
            # the endpoint is a browser's address: it is not logged, its status is
            log.warning("push: a message was refused (%s)", status)
            return Sent.FAILED
        except (aiohttp.ClientError, TimeoutError, OSError) as e:
            log.warning("push: the push service was not reached (%s)", type(e).__name__)
            return Sent.FAILED
        return Sent.SENT
