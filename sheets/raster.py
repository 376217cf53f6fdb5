"""Pictures (PNG) from the reportlab drawings, so a picture and a printout share one drawing.

The PDF page is rasterised with pdfium (pypdfium2) and saved with Pillow.
"""

from __future__ import annotations

import io


def png_from_pdf(pdf: bytes, page: int = 0, dpi: float = 110.0) -> bytes:
    """Page ``page`` of ``pdf`` as PNG bytes at ``dpi`` (72 dpi is the PDF's own size)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        image = document[page].render(scale=dpi / 72.0).to_pil()
    finally:
        document.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
