"""Text safe for the model to read: values quoted so they cannot make structure, and
sensitive values held back unless the person shared them."""
