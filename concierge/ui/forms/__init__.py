"""Forms of one trip's stored data, saved as the person edits them: the trip form and the brief
share this plumbing."""
