"""Reading and writing: files of deals and hands, the house-rules configuration, the JSON
documents and the CSV summary of results."""
