"""The exceptions of the engine contract: each carries a message a person can act on."""


class LudotecaError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(LudotecaError):
    """An action that may not be taken now; the state is left exactly as it was."""


class InvalidAction(IllegalAction, ValueError):
    """Input that is not an action of this game at all (malformed JSON, unknown code)."""


class InvalidOptions(LudotecaError, ValueError):
    """Unknown or badly typed game options, or an unsupported player count."""


class DataError(LudotecaError, ValueError):
    """A data file (card catalog, deck list) that does not validate; says which file and why."""


class UnknownGame(LudotecaError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"
