"""The person's locale: the language names and amounts are shown in, dates read and written
in it, and search keys that ignore case and accents."""
