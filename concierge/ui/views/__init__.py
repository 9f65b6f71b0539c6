"""What every trip view shares: following the store for one trip, actions and their buttons,
the undo bar, assistant marks."""
