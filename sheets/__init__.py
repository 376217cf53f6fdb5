"""PDF drawing (reportlab): the shared primitives and one module per document."""
