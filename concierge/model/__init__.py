"""The trip's declarations: each entity's fields, the kinds of item, the kinds of value and the
settings, declared once. No Qt, no SQL."""
