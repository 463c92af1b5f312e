""" "Your turn" reaches the person: Web Push and batched email for the seats an account claimed
(the page's own title, badge and sound are web/notify.js).

- :mod:`.notifier`: the part that follows every change and tells the new turns;
- :mod:`.payload`: what a notification says (the game and the table, nothing hidden);
- :mod:`.push`: Web Push (``pywebpush``), :mod:`.keys`: the server's VAPID key pair;
- :mod:`.mail`: the batched email (``aiosmtplib``) and its words (``locale/``);
- :mod:`.store`, :mod:`.models`: the rows (migration 0007); :mod:`.api`: the HTTP doors.
"""

from .notifier import Notifier
from .store import NotifyStore

__all__ = ["Notifier", "NotifyStore"]
