"""All of texas42's wording: Rich views of every result and the sentences they share."""
