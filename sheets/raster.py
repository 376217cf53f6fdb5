"""Pictures (PNG) from the reportlab drawings, so a picture and a printout share one drawing.

The PDF pages are rasterised with pdfium (pypdfium2), laid side by side and saved with Pillow.
"""

from __future__ import annotations

import io

GAP = 16  # pixels between pages laid side by side


def png_from_pdf(pdf: bytes, page: int | None = None, dpi: float = 110.0) -> bytes:
    """Page ``page`` of ``pdf`` (by default every page, side by side) as PNG bytes at ``dpi``
    (72 dpi is the PDF's own size)."""
    import pypdfium2 as pdfium
    from PIL import Image

    document = pdfium.PdfDocument(pdf)
    try:
        chosen = range(len(document)) if page is None else [page]
        images = [document[k].render(scale=dpi / 72.0).to_pil() for k in chosen]
    finally:
        document.close()
    width = sum(image.width for image in images) + GAP * (len(images) - 1)
    height = max(image.height for image in images)
    sheet = Image.new("RGB", (width, height), "white")
    x = 0
    for image in images:
        sheet.paste(image, (x, 0))
        x += image.width + GAP
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG")  # not optimize=True: five times the time (0.46 s for a sheet) for 2 % smaller
    return buffer.getvalue()
