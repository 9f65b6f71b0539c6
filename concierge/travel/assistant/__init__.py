"""The assistant's side of a trip: every part (the trip, money, brief, goals, pins, lookups,
the selection) is an `AssistantFeature` with its tools and its status block, installed the
same way by `trip_assistant.build_trip_assistant`. Import the modules themselves: this
package imports nothing, so a view that needs one renderer does not load the runtime."""
