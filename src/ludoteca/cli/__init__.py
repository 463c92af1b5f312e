"""The terminal doors: ``ludoteca games | play | simulate | replay``."""
