"""QR codes as SVG (segno: pure Python, no image library)."""

from __future__ import annotations

import io

import segno


class SegnoQrEncoder:
    def svg(self, text: str) -> str:
        buffer = io.BytesIO()
        # Medium error correction survives a glare on a TV screen; a 4-module quiet zone is the standard's.
        # No width/height, a viewBox instead: the page or the TV scales it to any size.
        segno.make(text, error="m", micro=False).save(
            buffer,
            kind="svg",
            border=4,
            xmldecl=False,
            omitsize=True,
            dark="#000",
            light="#fff",
            title="QR code",
        )
        return buffer.getvalue().decode("utf-8")
