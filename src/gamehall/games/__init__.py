"""The games of the hall; each imports only the core, and each says what it offers the rest
of the hall in its ``plugin`` module (:mod:`gamehall.core.plugin`)."""
