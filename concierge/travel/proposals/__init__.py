"""The assistant's proposed changes under review: the problems each would introduce or fix,
and each written out in the person's words."""
