"""The trip's declarations: each entity's fields, the kinds of item, the kinds of value and the
settings, declared once. No Qt, no SQL: the store maps them to tables, the travel layer reads
them for tools, snapshot, checks, imports and exports, and the UI builds its forms from them.
"""
