"""The assistant's side of a trip: each part is an `AssistantFeature`, installed the same way
by `trip_assistant.build_trip_assistant`. This package imports nothing, so a view that needs
one renderer does not load the runtime."""
