"""The assistant's side of a trip, one `AssistantFeature` per part. This package imports nothing, so
a view that needs one renderer does not load the runtime."""
