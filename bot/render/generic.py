"""A plain status card for games without a board renderer of their own."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH, LINE = 800, 22


def _lines(view: dict[str, Any]) -> list[str]:
    lines = [str(view.get("phase_label") or view.get("phase") or "")]
    for key, value in view.items():
        if key in ("phase", "phase_label", "you"):
            continue
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
        lines.append(f"{key}: {text}"[:110])
    return lines


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    lines = _lines(view)
    img = Image.new("RGB", (WIDTH, 30 + LINE * len(lines)), (245, 240, 225))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=16)
    for i, line in enumerate(lines):
        draw.text((16, 12 + i * LINE), line, fill=(30, 30, 30), font=font)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False)
    return buf.getvalue()
