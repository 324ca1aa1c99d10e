"""pytoolkit: small stdlib-only helpers for collections, text, arithmetic, dates and config parsing."""

__all__ = ["collections", "text", "arith", "dates", "config"]
