"""The ludoteca server: tables, live play over WebSocket, replays, and the browser client.

``create_app(settings)`` builds the FastAPI application; ``ludoteca serve`` runs it under uvicorn.
The server knows no game: it drives every registered game through the engine protocol only.
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
