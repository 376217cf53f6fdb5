"""PDF drawing (reportlab): the shared layer (pdf, ink, text, shapes) and one module per document."""
