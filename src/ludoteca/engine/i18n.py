"""Message catalogs: every sentence shown to people comes from here, in pt-BR or English.

A catalog is a folder of TOML files, one per language (``pt-BR.toml``, ``en.toml``), whose
(possibly nested) keys map to ``str.format`` templates. pt-BR is the games' own language and the
default; a key missing in one language falls back to the other, then to the key itself.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from .errors import DataError

LANGUAGES = ("pt-BR", "en")
DEFAULT_LANGUAGE = "pt-BR"


def normalize_language(lang: str | None) -> str:
    if not lang:
        return DEFAULT_LANGUAGE
    low = lang.replace("_", "-").lower()
    if low.startswith("pt"):
        return "pt-BR"
    if low.startswith("en"):
        return "en"
    raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, str], source: str) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            _flatten(key + ".", v, out, source)
        elif isinstance(v, str):
            out[key] = v
        else:
            raise DataError(f"{source}: message {key!r} must be a string")


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def plural_form(count: Any) -> str:
    """The plural form of ``count`` in both our languages: "one" for exactly 1, else "other".
    (CLDR puts 0 with 1 in Portuguese, but Brazilian readers write "0 cartas".)"""
    return "one" if count == 1 else "other"


class Catalog:
    def __init__(
        self, messages: Mapping[str, Mapping[str, str]], parent: Catalog | None = None
    ) -> None:
        self.messages = {lang: dict(messages.get(lang, {})) for lang in LANGUAGES}
        self.parent = parent

    @classmethod
    def from_package(
        cls, package: str, folder: str = "locale", parent: Catalog | None = None
    ) -> Catalog:
        root = resources.files(package).joinpath(folder)
        messages: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            f = root.joinpath(f"{lang}.toml")
            if not f.is_file():
                continue
            try:
                data = tomllib.loads(f.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as e:
                raise DataError(f"{package}/{folder}/{lang}.toml: {e}") from None
            flat: dict[str, str] = {}
            _flatten("", data, flat, f"{package}/{folder}/{lang}.toml")
            messages[lang] = flat
        return cls(messages, parent)

    def template(self, key: str, lang: str) -> str | None:
        lang = normalize_language(lang)
        for lg in (lang, *(x for x in LANGUAGES if x != lang)):
            t = self.messages[lg].get(key)
            if t is not None:
                return t
        return self.parent.template(key, lang) if self.parent else None

    def has(self, key: str, lang: str) -> bool:
        msgs = self.messages[normalize_language(lang)]
        return (
            key in msgs
            or f"{key}.other" in msgs
            or (self.parent is not None and self.parent.has(key, lang))
        )

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
        """The sentence ``key`` filled with ``params``. A message written as a table of plural
        forms (``one``, ``other``) takes the form that fits ``count``, or the parameter its
        ``by`` entry names (``by = "owed"``: the form that fits ``owed``)."""
        t = self.template(key, lang)
        if t is None:
            by = self.template(f"{key}.by", lang) or "count"
            if by in params:
                t = self.template(f"{key}.{plural_form(params[by])}", lang) or self.template(
                    f"{key}.other", lang
                )
        if t is None:
            return key
        return t.format_map(_Missing(params))

    def keys(self, lang: str) -> set[str]:
        return set(self.messages[normalize_language(lang)])
